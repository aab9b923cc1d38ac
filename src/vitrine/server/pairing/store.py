"""The pairing requests in the database: each operation one short transaction.

Synchronous (SQLAlchemy), run on the service's database threads like
``store.py``.  The one operation that must be right with several processes
is :meth:`PairingStore.claim`: it reads one compatibility key's waiting
requests and marks the groups it forms ``claimed`` in one transaction, with
the rows locked (PostgreSQL: ``FOR UPDATE SKIP LOCKED``, so a second matcher
skips the rows the first is deciding on instead of waiting for them, and a
row it then reads is re-checked as still waiting).  SQLite is served by one
process (``database.sole_sqlite_server``), whose matcher runs one round at a
time: its transactions are serialised anyway.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from vitrine.server.orm import aware
from vitrine.server.pairing.models import PairingRow
from vitrine.server.players.models import RatingRow

WAITING, CLAIMED, PAIRED, EXPIRED, CANCELLED = (
    "waiting",
    "claimed",
    "paired",
    "expired",
    "cancelled",
)
OPEN_STATUSES = (WAITING, CLAIMED)
Grouper = Callable[[Sequence[PairingRow], datetime], list[list[PairingRow]]]


class TooManyOpenError(Exception):
    """The person already has as many open requests as a person may."""


@dataclass(frozen=True)
class Candidate:
    """A compatibility key worth a claim: enough requests wait, or one's bots are due."""

    key: str
    players: int


class PairingStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.locking = engine.dialect.name == "postgresql"

    def add(self, row: PairingRow, most_open: int) -> None:
        """Keep a new request, unless its person already has ``most_open`` open.
        (Two processes adding at the same instant for one person may each pass
        the count: the limit is a guard against floods, not an invariant.)"""
        with Session(self.engine, expire_on_commit=False) as session:
            open_now = session.scalar(
                select(func.count())
                .select_from(PairingRow)
                .where(PairingRow.person == row.person, PairingRow.status.in_(OPEN_STATUSES))
            )
            if (open_now or 0) >= most_open:
                raise TooManyOpenError(row.person)
            session.add(row)
            session.commit()

    def get(self, request_id: str) -> PairingRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(PairingRow, request_id)

    def cancel(self, request_id: str) -> bool:
        """Cancel a request still waiting (not one a matcher is pairing now)."""
        with Session(self.engine) as session:
            done = session.execute(
                update(PairingRow)
                .where(PairingRow.id == request_id, PairingRow.status == WAITING)
                .values(status=CANCELLED)
            )
            session.commit()
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def hand_token(self, request_id: str) -> bool:
        """Whether this read is the one that hands the guest its seat token (the first)."""
        with Session(self.engine) as session:
            done = session.execute(
                update(PairingRow)
                .where(
                    PairingRow.id == request_id,
                    PairingRow.status == PAIRED,
                    PairingRow.token_handed.is_(False),
                )
                .values(token_handed=True)
            )
            session.commit()
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def tidy(self, now: datetime) -> None:
        """Expire the requests whose time is up; hand back to the pool the claims of a
        matcher that died between its claim and its table."""
        with Session(self.engine) as session:
            session.execute(
                update(PairingRow)
                .where(PairingRow.status == WAITING, PairingRow.expires_at <= now)
                .values(status=EXPIRED)
            )
            session.execute(
                update(PairingRow)
                .where(PairingRow.status == CLAIMED, PairingRow.claimed_until < now)
                .values(status=WAITING, claim=None, claimed_until=None)
            )
            session.commit()

    def next_moment(self, now: datetime) -> datetime | None:
        """When a round next has something to do that no request wakes it for:
        the earliest of a waiting request's bots falling due, a waiting
        request's expiry, and a claim's end (None: nothing waits)."""
        waiting = PairingRow.status == WAITING
        moments = [
            select(func.min(PairingRow.bots_due)).where(waiting, PairingRow.bots_due > now),
            select(func.min(PairingRow.expires_at)).where(waiting),
            select(func.min(PairingRow.claimed_until)).where(PairingRow.status == CLAIMED),
        ]
        with Session(self.engine) as session:
            found = session.execute(select(*(m.scalar_subquery() for m in moments))).one()
        return min((aware(moment) for moment in found if moment is not None), default=None)

    def candidates(self, now: datetime) -> list[Candidate]:
        """The keys worth a claim now: one query, grouped by key, whatever the pool's size."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(
                    PairingRow.key,
                    PairingRow.players,
                    func.count(),
                    func.min(PairingRow.bots_due),
                )
                .where(PairingRow.status == WAITING, PairingRow.expires_at > now)
                .group_by(PairingRow.key, PairingRow.players)
            ).all()
        return [
            Candidate(key, players)
            for key, players, waiting, due in rows
            if waiting >= players or (due is not None and aware(due) <= now)
        ]

    def claim(
        self,
        key: str,
        now: datetime,
        claim: str,
        until: datetime,
        limit: int,
        grouper: Grouper,
    ) -> list[list[PairingRow]]:
        """Claim the groups ``grouper`` forms of ``key``'s oldest ``limit`` waiting
        requests, in one transaction; the groups, each in the order its seats go."""
        with Session(self.engine, expire_on_commit=False) as session:
            query = (
                select(PairingRow)
                .where(
                    PairingRow.key == key,
                    PairingRow.status == WAITING,
                    PairingRow.expires_at > now,
                )
                .order_by(PairingRow.created_at, PairingRow.id)
                .limit(limit)
            )
            if self.locking:
                query = query.with_for_update(skip_locked=True)
            rows = list(session.scalars(query))
            groups = grouper(rows, now)
            ids = [row.id for group in groups for row in group]
            if ids:
                session.execute(
                    update(PairingRow)
                    .where(PairingRow.id.in_(ids))
                    .values(status=CLAIMED, claim=claim, claimed_until=until),
                    execution_options={"synchronize_session": False},
                )
            session.commit()
            return groups

    def paired(self, claim: str, seats: dict[str, int], table_id: str, now: datetime) -> None:
        """The claim's requests now have their table: each its seat."""
        with Session(self.engine) as session:
            for request_id, seat in seats.items():
                session.execute(
                    update(PairingRow)
                    .where(PairingRow.id == request_id, PairingRow.claim == claim)
                    .values(status=PAIRED, table_id=table_id, seat=seat, paired_at=now)
                )
            session.commit()

    def release(self, claim: str) -> None:
        """A claim whose table could not be made: its requests wait again."""
        with Session(self.engine) as session:
            session.execute(
                update(PairingRow)
                .where(PairingRow.claim == claim, PairingRow.status == CLAIMED)
                .values(status=WAITING, claim=None, claimed_until=None)
            )
            session.commit()

    def looking(self, now: datetime) -> dict[str, int]:
        """The people looking for a game now, per game: an account counts once
        however many requests it has open; each guest request counts as one."""
        person = func.coalesce(PairingRow.account_id, PairingRow.id)
        with Session(self.engine) as session:
            rows = session.execute(
                select(PairingRow.game, func.count(func.distinct(person)))
                .where(PairingRow.status.in_(OPEN_STATUSES), PairingRow.expires_at > now)
                .group_by(PairingRow.game)
            ).all()
        return {game: count for game, count in rows}  # noqa: C416 (rows of two)

    def rating(self, account_id: str, game: str) -> RatingRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(RatingRow, (game, account_id))
