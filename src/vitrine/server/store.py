"""The database operations the server needs, each one short transaction.

These functions are synchronous (SQLAlchemy's ORM) and the service runs them
on a worker thread, so the event loop never waits on disk or network.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from vitrine.server.models import ActionRow, ReviewRow, SeatRow, TableRow, aware, utcnow


@dataclass(frozen=True)
class StoredTable:
    """A table as loaded at start-up or on first use: enough to rebuild it."""

    row: TableRow
    log: tuple[tuple[int, str], ...]  # (seat, decision), in order
    last_action_at: datetime | None = None


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
            return StoredTable(row, log, aware(rows[-1][2]) if rows else None)

    def table_ids(self, statuses: Sequence[str]) -> list[str]:
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.status.in_(statuses))
                    .order_by(TableRow.created_at)
                )
            )

    def list_tables(self, statuses: Sequence[str], limit: int) -> list[TableRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(
                    select(TableRow)
                    .where(TableRow.status.in_(statuses))
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

    def append_action(
        self, table_id: str, number: int, seat: int, text: str, at: datetime, status: str | None
    ) -> None:
        """Commit one decision (and the table's new status when it changes)."""
        with Session(self.engine) as session:
            session.add(
                ActionRow(table_id=table_id, number=number, seat=seat, text=text, created_at=at)
            )
            if status is not None:
                row = session.get(TableRow, table_id)
                if row is not None:
                    row.status = status
            session.commit()

    def save_review(self, table_id: str, review: dict[str, Any]) -> None:
        with Session(self.engine) as session:
            session.merge(ReviewRow(table_id=table_id, created_at=utcnow(), review=review))
            session.commit()

    def load_review(self, table_id: str) -> dict[str, Any] | None:
        with Session(self.engine) as session:
            row = session.get(ReviewRow, table_id)
            return None if row is None else row.review
