"""Who runs which table, in the database: the leases (``table_leases``) and the
marks of the tables someone watches (``game_tables.watched_until``).

A lease names the one process that runs a table's bots and clock; a mark
says that some process has someone watching the table.  The two go
together because the front sends a table's sockets to one process (table
affinity, docs/deploy.md): the process that runs a table should be the one
its watchers are on, and the marks are how the others learn where that is
(``running.py``).  ``Store`` has these as its own.
"""

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, and_, delete, exists, or_, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from vitrine.server.orm import aware
from vitrine.server.play.models import LeaseRow, SeatRow, TableRow

PLAYING = "playing"
Marks = dict[str, datetime | None]  # table id -> until when someone watches it (None: nobody)


def needs_runner() -> Any:
    """SQL: a playing table needs some process to run it: a bot to play or a clock."""
    bot_seat = exists().where(
        SeatRow.table_id == TableRow.id, or_(SeatRow.kind == "bot", SeatRow.substituted)
    )
    return and_(TableRow.status == PLAYING, or_(TableRow.clock_seconds.is_not(None), bot_seat))


def _marks(rows: Any) -> Marks:
    return {table_id: until and aware(until) for table_id, until in rows}


class LeaseStore:
    engine: Engine
    notifies: bool  # PostgreSQL (else SQLite)

    def watch(self, table_ids: Collection[str], until: datetime) -> None:
        """Someone in this process watches these tables, until ``until`` unless renewed."""
        with Session(self.engine) as session:
            session.execute(
                update(TableRow).where(TableRow.id.in_(table_ids)).values(watched_until=until)
            )
            session.commit()

    def _insert_ignoring_duplicates(self, session: Session, row: dict[str, Any]) -> None:
        insert = postgresql_insert if self.notifies else sqlite_insert
        session.execute(insert(LeaseRow).values(**row).on_conflict_do_nothing())

    def claim_lease(self, table_id: str, owner: str, now: datetime, until: datetime) -> bool:
        """Run ``table_id`` from ``owner`` until ``until``, if nobody else holds it now."""
        with Session(self.engine) as session:
            session.execute(
                update(LeaseRow)
                .where(
                    LeaseRow.table_id == table_id,
                    or_(LeaseRow.expires_at < now, LeaseRow.owner == owner),
                )
                .values(owner=owner, expires_at=until)
            )
            self._insert_ignoring_duplicates(
                session, {"table_id": table_id, "owner": owner, "expires_at": until}
            )
            holder = session.scalar(select(LeaseRow.owner).where(LeaseRow.table_id == table_id))
            session.commit()
            return holder == owner

    def renew_leases(self, owner: str, until: datetime) -> Marks:
        """Renew the tables ``owner`` holds; the tables it still
        holds, each with its watched mark."""
        with Session(self.engine) as session:
            session.execute(
                update(LeaseRow).where(LeaseRow.owner == owner).values(expires_at=until)
            )
            held = session.execute(
                select(LeaseRow.table_id, TableRow.watched_until)
                .join(TableRow, TableRow.id == LeaseRow.table_id)
                .where(LeaseRow.owner == owner)
            )
            marks = _marks(held)
            session.commit()
            return marks

    def unrun_tables(self, owner: str, now: datetime, own_too: bool) -> Marks:
        """Playing tables with a bot or a clock that no living process runs: no lease,
        or an expired one (``own_too``: or one of ``owner``'s, from before a restart);
        each with its watched mark."""
        lease = select(LeaseRow).where(LeaseRow.table_id == TableRow.id)
        free = or_(
            ~lease.exists(),
            lease.where(LeaseRow.expires_at < now).exists(),
            *([lease.where(LeaseRow.owner == owner).exists()] if own_too else []),
        )
        with Session(self.engine) as session:
            query = select(TableRow.id, TableRow.watched_until).where(needs_runner(), free)
            return _marks(session.execute(query))

    def release_lease(self, table_id: str, owner: str) -> None:
        """``owner`` stops running ``table_id`` (if it still did): another may take it."""
        with Session(self.engine) as session:
            session.execute(
                delete(LeaseRow).where(LeaseRow.table_id == table_id, LeaseRow.owner == owner)
            )
            session.commit()

    def release_leases(self, owner: str) -> None:
        """A process that stops hands its tables over at once."""
        with Session(self.engine) as session:
            session.execute(delete(LeaseRow).where(LeaseRow.owner == owner))
            session.commit()
