"""The database operations the server needs, each one short transaction.

These functions are synchronous (SQLAlchemy's ORM) and the service runs them
on a worker thread, so the event loop never waits on disk or network.

The database is the truth, and several server processes may write to it.
So every change to a table begins by moving the table's ``version`` on by
one, on the condition that it is still the version the writer's copy was
built from: ``UPDATE game_tables SET version = v + 1 WHERE id = ? AND version
= v``.  That statement takes the row's lock, which PostgreSQL holds to the
commit, so writes to one table are serialised; a writer whose copy is behind
updates no row and gets :class:`BehindError`, with nothing written.  On
PostgreSQL the same transaction sends ``NOTIFY vitrine_tables`` with the
table and its new version, delivered to every process at the commit
(``changes.py``).
"""

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    case,
    delete,
    exists,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Session

from vitrine.server.orm import aware
from vitrine.server.play.endings import Ending, EndRecorder
from vitrine.server.play.leases import PLAYING, LeaseStore
from vitrine.server.play.models import ActionRow, ChatRow, LeaseRow, SeatRow, TableRow

CHANNEL = "vitrine_tables"  # PostgreSQL's channel for "table T is now at version V"


class Unchanged:
    """Said of whose turn it is by a write that does not move it (a chat line)."""


UNCHANGED = Unchanged()


class BehindError(Exception):
    """The table changed in the database since this copy of it was read: nothing
    was written; read it again and decide again."""


@dataclass(frozen=True)
class TableDecision:
    """A decision to write: one that ends nothing, several tables' at once
    (:meth:`Store.append_decisions`), or a game's last, alone
    (:meth:`Store.append_last_decision`)."""

    table_id: str
    version: int  # the table's, before this decision
    number: int
    seat: int
    text: str
    at: datetime
    turn: str | None  # the account whose decision the table awaits next

    def advance(self) -> dict[str, Any]:
        """The binds of the table's advance (``ADVANCE_TURN``)."""
        return {
            "table_id": self.table_id,
            "expected": self.version,
            "moved_to": self.version + 1,
            "turn": self.turn,
        }

    def action(self) -> dict[str, Any]:
        """The decision's row, bar its time (named ``created_at`` or ``at``)."""
        return {
            "table_id": self.table_id,
            "number": self.number,
            "seat": self.seat,
            "text": self.text,
        }


@dataclass(frozen=True)
class StoredTable:
    """A table as read from the database, from some point on: enough to rebuild
    it, or to bring a copy in memory up to date."""

    row: TableRow
    log: tuple[tuple[int, str], ...]  # (seat, decision), in order, after the point asked
    last_action_at: datetime | None = None  # of the newest decision, if any came
    chat: tuple[ChatRow, ...] = ()  # the newest lines after the point asked, oldest first
    rematch: str | None = None  # the id of this table's rematch, if one was offered


ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
LEASES: Table = LeaseRow.__table__  # type: ignore[assignment]
# Every write runs these, so they are built once: building and keying a
# statement per call cost more CPU than executing it.
ADVANCE = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("table_id"), TABLES.c.version == bindparam("expected"))
    .values(version=bindparam("moved_to"))
)
# A change that moves the turn also writes whose it is (``TableRow.turn_account_id``).
ADVANCE_TURN = ADVANCE.values(turn_account_id=bindparam("turn"))
NOTIFY = select(func.pg_notify(CHANNEL, bindparam("payload")))
INSERT_ACTION = ACTIONS.insert()
# PostgreSQL: a decision that ends nothing is this one statement, committed by
# itself: the advance, the decision's insert if the advance took, and the notice
# if it did; no row back means the copy was behind.  As three statements in a
# transaction it was twice the round trips and a third more CPU.
_MOVED = ADVANCE_TURN.returning(TABLES.c.id).cte("moved")
_DECISION = select(  # "at": a bind named after a column of the updated table would set it
    _MOVED.c.id,
    *(bindparam(name, type_=ACTIONS.c[name].type) for name in ("number", "seat", "text")),
    bindparam("at", type_=ACTIONS.c.created_at.type),
)
DECIDE = NOTIFY.select_from(_MOVED).add_cte(
    ACTIONS.insert()
    .from_select(["table_id", "number", "seat", "text", "created_at"], _DECISION)
    .cte("added")
)
CHAT_KEPT = 100  # chat lines a table keeps in memory and sends; the database keeps all


def notice(table_id: str, version: int, decision: str = "") -> str:
    """The payload of a table's NOTIFY: ``'<table> <version>'``, then the decision
    that led there if it ended nothing (``changes.parse_notice`` reads it)."""
    return f"{table_id} {version} {decision}".rstrip()


def decision_notice(seat: int, text: str, at: datetime) -> str:
    """A decision that ends nothing, as its table's notice carries it, so the
    other processes apply it without reading the table (``changes.parse_notice``)."""
    return json.dumps([seat, text, at.isoformat()])


class Store(LeaseStore):
    def __init__(self, engine: Engine, recorder: EndRecorder | None = None) -> None:
        """``recorder`` writes what else a game's end moves, in the transaction
        that ends it (the app's assembly hands the ratings' one); none: the ranks only."""
        self.engine = engine
        self.notifies = engine.dialect.name == "postgresql"
        self.recorder = recorder

    # ------------------------------------------------------------ writing a table

    def _advance(
        self,
        session: Session | Connection,
        table_id: str,
        version: int,
        turn: str | Unchanged | None = UNCHANGED,
    ) -> int:
        """Take the table's row lock and move it to ``version + 1``, or raise BehindError;
        ``turn``: the account whose decision the table awaits from now (None: nobody's).

        Core statements, on a session or a bare connection: every write pays
        for this one, and the ORM's bulk-update path cost more CPU than the
        rest of a decision's write."""
        values = {"table_id": table_id, "expected": version, "moved_to": version + 1}
        if isinstance(turn, Unchanged):
            moved = session.execute(ADVANCE, values)
        else:
            moved = session.execute(ADVANCE_TURN, {**values, "turn": turn})
        if moved.rowcount != 1:  # type: ignore[attr-defined]  # (a CursorResult)
            raise BehindError(table_id)
        if self.notifies:  # sent at the commit, and only if it commits
            session.execute(NOTIFY, {"payload": notice(table_id, version + 1)})
        return version + 1

    def _ended(self, session: Session | Connection, table_id: str) -> None:
        """A table that stops playing needs no process to run it any more."""
        session.execute(delete(LEASES).where(LEASES.c.table_id == table_id))

    def add_table(self, table: TableRow) -> None:
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(table)
            session.commit()

    def add_rematch(self, old_id: str, version: int, table: TableRow) -> int:
        """The rematch of a finished table, and the finished table says so."""
        with Session(self.engine, expire_on_commit=False) as session:
            moved = self._advance(session, old_id, version)
            session.add(table)
            session.commit()
            return moved

    def update_seat(self, seat: SeatRow, version: int, turn: str | None = None) -> int:
        with Session(self.engine) as session:
            moved = self._advance(session, seat.table_id, version, turn)
            session.merge(seat)
            session.commit()
            return moved

    def start_table(
        self, table_id: str, version: int, started_at: datetime, turn: str | None = None
    ) -> int:
        with Session(self.engine) as session:
            moved = self._advance(session, table_id, version, turn)
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status=PLAYING, started_at=started_at)
            )
            session.commit()
            return moved

    def set_status(self, table_id: str, version: int, status: str) -> int:
        with Session(self.engine) as session:
            moved = self._advance(session, table_id, version, None)
            session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))
            self._ended(session, table_id)
            session.commit()
            return moved

    def add_chat(self, line: ChatRow, version: int) -> int:
        with Session(self.engine, expire_on_commit=False) as session:
            moved = self._advance(session, line.table_id, version)
            session.add(line)
            session.commit()
            return moved

    def append_decisions(self, decisions: Sequence[TableDecision]) -> None:
        """Commit decisions that end nothing, each at its own table, in one
        transaction: the group commit of ``writer.py``.  Should any of
        their tables have moved on, BehindError and nothing is written (named
        for the table when the batch is of one).

        The hottest write of a busy server, so it is Core statements run with
        many rows at once rather than an ORM session: the session's machinery
        cost more CPU (and GIL time, taken from the event loop) than the
        broadcast of the decision, and a commit per decision more again."""
        if self.notifies:
            self._decide(decisions)
            return
        with self.engine.begin() as connection:
            moved = connection.execute(ADVANCE_TURN, [decision.advance() for decision in decisions])
            if moved.rowcount != len(decisions):
                raise BehindError(decisions[0].table_id)
            connection.execute(
                INSERT_ACTION,
                [decision.action() | {"created_at": decision.at} for decision in decisions],
            )

    def append_last_decision(self, decision: TableDecision, ending: Ending) -> None:
        """Commit a game's last decision: the table over, nobody's turn, and the
        ranks of ``ending`` and what else it moves (``recorder``), in one transaction."""
        with self.engine.begin() as connection:
            self._advance(connection, decision.table_id, decision.version, None)
            connection.execute(INSERT_ACTION, decision.action() | {"created_at": decision.at})
            self._close(connection, ending)

    def end_on_timeout(self, version: int, ending: Ending, missed: int) -> int:
        """End a game whose seat ``missed`` let its deadline pass (``on_timeout``: end):
        over, nobody's turn, the ranks and ratings of ``ending``, in one transaction."""
        with self.engine.begin() as connection:
            moved = self._advance(connection, ending.table_id, version, None)
            self._close(connection, ending, timed_out=missed)
            return moved

    def _close(self, connection: Connection, ending: Ending, **values: Any) -> None:
        """A game's end, in the transaction of the write that ends it: the table
        over (and ``values``), run by no process any more, its ranks and what else it moves."""
        table_id = ending.table_id
        connection.execute(
            update(TABLES)
            .where(TABLES.c.id == table_id)
            .values(
                status="over", finished_at=ending.finished_at, ranks=list(ending.ranks), **values
            )
        )
        self._ended(connection, table_id)
        if self.recorder is not None:
            self.recorder(connection, ending, self.notifies)

    def _decide(self, decisions: Sequence[TableDecision]) -> None:
        """:meth:`append_decisions` on PostgreSQL: one statement a decision
        (``DECIDE``), its notice carrying the decision.  A batch of one commits
        by itself (no BEGIN and COMMIT: a third of the round trips); a longer
        one in a transaction, one commit for them all."""
        with self.engine.connect() as connection:
            if len(decisions) == 1:
                connection.execution_options(isolation_level="AUTOCOMMIT")  # back at the release
            with connection.begin():
                for decision in decisions:
                    payload = notice(
                        decision.table_id,
                        decision.version + 1,
                        decision_notice(decision.seat, decision.text, decision.at),
                    )
                    binds = decision.advance() | decision.action()
                    made = connection.execute(
                        DECIDE, binds | {"at": decision.at, "payload": payload}
                    ).first()
                    if made is None:
                        raise BehindError(decision.table_id)

    # ------------------------------------------------------------ reading

    def load_table(
        self, table_id: str, actions_after: int = 0, chat_after: int = 0
    ) -> StoredTable | None:
        """The table now, with its decisions after the first ``actions_after`` and its
        newest chat lines after number ``chat_after`` (0, 0: all of it).

        All read from one snapshot (PostgreSQL's REPEATABLE READ; a SQLite read
        transaction is one), so the version read is the version of what is read:
        a decision committed between two of these queries is not half seen."""
        with Session(self.engine, expire_on_commit=False) as session:
            if self.notifies:
                session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            rows = session.execute(
                select(ActionRow.seat, ActionRow.text, ActionRow.created_at)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.number)
                .offset(actions_after)  # by count: the oldest tables number from 0
            ).all()
            log = tuple((seat, text) for seat, text, _ in rows)
            chat = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.number > chat_after)
                .order_by(ChatRow.number.desc())
                .limit(CHAT_KEPT)
            ).all()
            rematch = session.scalar(select(TableRow.id).where(TableRow.rematch_of == table_id))
            last = aware(rows[-1][2]) if rows else None
            return StoredTable(row, log, last, tuple(reversed(chat)), rematch)

    def versions(self, table_ids: Collection[str]) -> dict[str, int]:
        """Each table's version now: what a copy in memory is checked against."""
        with Session(self.engine) as session:
            found = session.execute(
                select(TableRow.id, TableRow.version).where(TableRow.id.in_(table_ids))
            )
            return {row.id: row.version for row in found}

    def idle_tables(self, statuses: Sequence[str], cutoff: datetime) -> list[str]:
        """Tables with no decision (nor start, nor creation) since ``cutoff``."""
        last = (
            select(ActionRow.table_id, func.max(ActionRow.created_at).label("at"))
            .group_by(ActionRow.table_id)
            .subquery()
        )
        active = func.coalesce(last.c.at, TableRow.started_at, TableRow.created_at)
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .outerjoin(last, last.c.table_id == TableRow.id)
                    .where(TableRow.status.in_(statuses), active < cutoff)
                )
            )

    def list_tables(
        self, statuses: Sequence[str], limit: int, per_creator: int, now: datetime
    ) -> list[TableRow]:
        """The public tables in ``statuses`` (anyone may sit, or not exactly one
        person plays: one person against bots is theirs, ``tables_with_ids``),
        watched ones (in any process) first, then the newest; at most
        ``per_creator`` of one creator (older tables each count as their own)."""
        watched = case((TableRow.watched_until > now, 1), else_=0)
        people = (
            select(func.count())
            .where(SeatRow.table_id == TableRow.id, SeatRow.kind == "human")
            .scalar_subquery()
        )
        rank = (
            func.row_number()
            .over(
                partition_by=func.coalesce(TableRow.creator, TableRow.id),
                order_by=(watched.desc(), TableRow.created_at.desc()),
            )
            .label("rank")
        )
        ranked = (
            select(TableRow.id, rank.label("rank"), watched.label("watched"))
            .where(TableRow.status.in_(statuses), or_(TableRow.seats_open, people != 1))
            .subquery()
        )
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(
                    select(TableRow)
                    .join(ranked, ranked.c.id == TableRow.id)
                    .where(ranked.c.rank <= per_creator)
                    .order_by(ranked.c.watched.desc(), TableRow.created_at.desc())
                    .limit(limit)
                )
            )

    def tables_with_ids(self, table_ids: Collection[str]) -> list[TableRow]:
        """These tables, whatever their status and whoever sees them listed, the
        newest first (unknown ids are left out)."""
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(
                    select(TableRow)
                    .where(TableRow.id.in_(table_ids))
                    .order_by(TableRow.created_at.desc())
                )
            )

    def bot_tables_playing(self) -> int:
        """Tables of bots alone being played, by every process together."""
        human = exists().where(SeatRow.table_id == TableRow.id, SeatRow.kind == "human")
        with Session(self.engine) as session:
            count = session.scalar(
                select(func.count()).select_from(TableRow).where(TableRow.status == PLAYING, ~human)
            )
            return int(count or 0)
