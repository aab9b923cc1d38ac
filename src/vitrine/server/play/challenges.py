"""Challenges: a person makes a table with a seat reserved for an account.

The reserved seat has no token and no name: only its account takes it, by
accepting (``accept``), under its name; the table then starts by itself once
every seat is taken, as a table of open seats does.  Declining calls the
table off (its creator sees the challenge declined and the table cancelled);
so does the creator, by cancelling the table before an answer.

``Challenges.made`` is the one place a challenge comes into being: whatever
must follow a challenge (a notification to the challenged) listens there
(``listeners``).
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fastapi import Request
from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session, aliased
from starlette.concurrency import run_in_threadpool

from vitrine.server.accounts.models import AccountRow
from vitrine.server.errors import conflict, forbidden, not_found
from vitrine.server.orm import aware, utcnow
from vitrine.server.play.live import (
    CANCELLED,
    OPEN,
    RUNNING,
    AccountCredential,
    LiveTable,
    public_table,
)
from vitrine.server.play.lobby import Member
from vitrine.server.play.models import GameChallengeRow, TableRow
from vitrine.server.play.service import TableService

PENDING, ACCEPTED, DECLINED = "pending", "accepted", "declined"
LISTED = 50  # challenges of each kind a list holds, the newest first

# ``invited(account_id, table_id, by_name)``: told of each challenge once it is made.
Invited = Callable[[str, str, str], Awaitable[None]]


@dataclass(frozen=True)
class Listed:
    """A challenge as a list shows it: the row, its table, and the two names."""

    row: GameChallengeRow
    table: TableRow
    account: str | None
    by: str | None


class ChallengeStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, rows: list[GameChallengeRow]) -> None:
        """Keep the rows (readable after: their listeners are told of them)."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.add_all(rows)
            session.commit()

    def of_table(self, table_id: str) -> list[GameChallengeRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(
                    select(GameChallengeRow).where(GameChallengeRow.table_id == table_id)
                )
            )

    def answer(self, table_id: str, position: int, status: str, now: datetime) -> bool:
        """Mark a pending challenge answered; False if it was answered already."""
        with Session(self.engine) as session:
            changed = session.execute(
                update(GameChallengeRow)
                .where(
                    GameChallengeRow.table_id == table_id,
                    GameChallengeRow.position == position,
                    GameChallengeRow.status == PENDING,
                )
                .values(status=status, answered_at=now)
            ).rowcount  # type: ignore[attr-defined]  # (a CursorResult)
            session.commit()
            return bool(changed)

    def listed(self, account_id: str, received: bool) -> list[Listed]:
        """The challenges made to (``received``) or by the account, the newest first."""
        challenged, challenger = aliased(AccountRow), aliased(AccountRow)
        whose = GameChallengeRow.account_id if received else GameChallengeRow.by_account_id
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.execute(
                select(GameChallengeRow, TableRow, challenged.name, challenger.name)
                .join(TableRow, TableRow.id == GameChallengeRow.table_id)
                .join(challenged, challenged.id == GameChallengeRow.account_id)
                .join(challenger, challenger.id == GameChallengeRow.by_account_id)
                .where(whose == account_id)
                .order_by(GameChallengeRow.created_at.desc())
                .limit(LISTED)
            ).all()
            return [Listed(row, table, name, by) for row, table, name, by in rows]


def shown_status(row: GameChallengeRow, table: TableRow) -> str:
    """A challenge's status; one never answered says what became of its table."""
    if row.status == PENDING and table.status != OPEN:
        return table.status  # cancelled by its creator, or abandoned
    return row.status


def challenge_info(found: Listed, summary: dict[str, Any]) -> dict[str, Any]:
    row = found.row
    return {
        "table": summary,
        "seat": row.position,
        "account": found.account,
        "by": found.by,
        "status": shown_status(row, found.table),
        "created_at": aware(row.created_at).isoformat(),
        "answered_at": None if row.answered_at is None else aware(row.answered_at).isoformat(),
    }


class Challenges:
    def __init__(self, engine: Engine, service: TableService) -> None:
        self.store = ChallengeStore(engine)
        self.service = service
        self.listeners: list[Invited] = []

    async def made(self, live: LiveTable, by: Member) -> None:
        """Keep the challenges of a table just made (its reserved seats) and tell
        the listeners of each: the one place a challenge is made."""
        now = utcnow()
        rows = [
            GameChallengeRow(
                table_id=live.id,
                position=seat.position,
                account_id=seat.account_id,
                by_account_id=by.account_id,
                status=PENDING,
                created_at=now,
            )
            for seat in live.seats
            if seat.account_id is not None and seat.name is None
        ]
        await run_in_threadpool(self.store.add, rows)
        for row in rows:
            for invited in self.listeners:
                await invited(row.account_id, live.id, by.name)

    async def listed(self, account_id: str) -> dict[str, Any]:
        """The challenges the account received and those it made, the newest first."""
        lists = {}
        for key, received in (("received", True), ("sent", False)):
            found = await run_in_threadpool(self.store.listed, account_id, received)
            lists[key] = [challenge_info(item, await self.summary(item)) for item in found]
        return lists

    async def summary(self, item: Listed) -> dict[str, Any]:
        """A running table as this process has it now; another, as the list read it."""
        if item.table.status in RUNNING:
            live = await self.service.core.get(item.table.id)
            return live.summary()
        return public_table(item.table)

    async def pending_for(self, table_id: str, member: Member) -> bool:
        """Whether the table holds a challenge to ``member`` not yet answered: a
        plain join of that seat by the account's session is then its acceptance."""
        rows = await run_in_threadpool(self.store.of_table, table_id)
        return any(r.account_id == member.account_id and r.status == PENDING for r in rows)

    async def _mine(self, table_id: str, member: Member) -> GameChallengeRow:
        """The challenge to ``member`` at this table, refused for anyone else."""
        rows = await run_in_threadpool(self.store.of_table, table_id)
        if not rows:
            raise not_found(
                "challenge_not_found", f"table {table_id!r} holds no challenge", table=table_id
            )
        mine = next((row for row in rows if row.account_id == member.account_id), None)
        if mine is None:
            raise forbidden(
                "challenge_not_yours",
                f"the challenge at table {table_id!r} is another account's",
                table=table_id,
            )
        if mine.status != PENDING:
            raise conflict(
                "challenge_answered",
                f"this challenge was {mine.status} already",
                status=mine.status,
            )
        return mine

    async def accept(self, table_id: str, member: Member) -> LiveTable:
        """Take the reserved seat under the account's name; the table starts once
        every seat is taken."""
        mine = await self._mine(table_id, member)
        service = self.service
        live = await service.join(table_id, AccountCredential(member.account_id), "", member)
        await run_in_threadpool(self.store.answer, table_id, mine.position, ACCEPTED, utcnow())

        async def start_when_full() -> None:
            if live.row.status == OPEN and all(seat.name is not None for seat in live.seats):
                await service.lobby.begin(live)

        await service.core.change(live, start_when_full)
        return live

    async def decline(self, table_id: str, member: Member) -> LiveTable:
        """Refuse the challenge: the table is called off (if it has not started)."""
        mine = await self._mine(table_id, member)
        service = self.service
        live = await service.core.get(table_id)

        async def call_off() -> None:
            if live.row.status == OPEN:
                await service.core.close_table(live, CANCELLED)

        await service.core.change(live, call_off)
        await run_in_threadpool(self.store.answer, table_id, mine.position, DECLINED, utcnow())
        return live


def challenges_of(request: Request) -> Challenges:
    challenges: Challenges = request.app.state.challenges
    return challenges
