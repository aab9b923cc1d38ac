"""The database operations the server needs, each one short transaction.

These functions are synchronous (SQLAlchemy's ORM) and the service runs them
on a worker thread, so the event loop never waits on disk or network.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, Table, func, select, update
from sqlalchemy.orm import Session

from vitrine.server.models import ActionRow, ChatRow, ReviewRow, SeatRow, TableRow, aware, utcnow


@dataclass(frozen=True)
class StoredTable:
    """A table as loaded at start-up or on first use: enough to rebuild it."""

    row: TableRow
    log: tuple[tuple[int, str], ...]  # (seat, decision), in order
    last_action_at: datetime | None = None
    chat: tuple[ChatRow, ...] = ()  # the newest lines, oldest first
    rematch: str | None = None  # the id of this table's rematch, if one was offered


ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
CHAT_KEPT = 100  # chat lines a table keeps in memory and sends; the database keeps all


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add_table(self, table: TableRow) -> None:
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(table)
            session.commit()

    def load_table(self, table_id: str) -> StoredTable | None:
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            rows = session.execute(
                select(ActionRow.seat, ActionRow.text, ActionRow.created_at)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.number)
            ).all()
            log = tuple((seat, text) for seat, text, _ in rows)
            chat = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.number.desc())
                .limit(CHAT_KEPT)
            ).all()
            rematch = session.scalar(select(TableRow.id).where(TableRow.rematch_of == table_id))
            last = aware(rows[-1][2]) if rows else None
            return StoredTable(row, log, last, tuple(reversed(chat)), rematch)

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

    def table_ids(self, statuses: Sequence[str]) -> list[str]:
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.status.in_(statuses))
                    .order_by(TableRow.created_at)
                )
            )

    def list_tables(self, statuses: Sequence[str], limit: int, per_creator: int) -> list[TableRow]:
        """The newest tables in ``statuses``, at most ``per_creator`` of any one creator
        (tables from before creators were kept count each as their own)."""
        rank = (
            func.row_number()
            .over(
                partition_by=func.coalesce(TableRow.creator, TableRow.id),
                order_by=TableRow.created_at.desc(),
            )
            .label("rank")
        )
        ranked = (
            select(TableRow.id, TableRow.created_at, rank)
            .where(TableRow.status.in_(statuses))
            .subquery()
        )
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(
                    select(TableRow)
                    .join(ranked, ranked.c.id == TableRow.id)
                    .where(ranked.c.rank <= per_creator)
                    .order_by(TableRow.created_at.desc())
                    .limit(limit)
                )
            )

    def update_seat(self, seat: SeatRow) -> None:
        with Session(self.engine) as session:
            session.merge(seat)
            session.commit()

    def start_table(self, table_id: str, status: str, started_at: datetime) -> None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is not None:
                row.status = status
                row.started_at = started_at
                session.commit()

    def set_status(self, table_id: str, status: str) -> None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is not None:
                row.status = status
                session.commit()

    def add_chat(self, line: ChatRow) -> None:
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(line)
            session.commit()

    def append_action(
        self, table_id: str, number: int, seat: int, text: str, at: datetime, status: str | None
    ) -> None:
        """Commit one decision (and the table's new status when it changes).

        The hottest write of a busy server, so it is two Core statements on one
        connection rather than an ORM unit of work: the session's flush
        machinery cost more CPU (and GIL time, taken from the event loop) than
        the broadcast of the decision."""
        with self.engine.begin() as connection:
            connection.execute(
                ACTIONS.insert(),
                {
                    "table_id": table_id,
                    "number": number,
                    "seat": seat,
                    "text": text,
                    "created_at": at,
                },
            )
            if status is not None:
                connection.execute(
                    update(TABLES).where(TABLES.c.id == table_id).values(status=status)
                )

    def save_review(self, table_id: str, review: dict[str, Any]) -> None:
        with Session(self.engine) as session:
            session.merge(ReviewRow(table_id=table_id, created_at=utcnow(), review=review))
            session.commit()

    def load_review(self, table_id: str) -> dict[str, Any] | None:
        with Session(self.engine) as session:
            row = session.get(ReviewRow, table_id)
            return None if row is None else row.review
