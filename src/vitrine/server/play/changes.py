"""How a server process learns that another one changed a table.

Every change to a table moves its version on (``store.py``).  On PostgreSQL
the writing transaction also sends ``NOTIFY vitrine_tables, '<table> <version>'``,
which PostgreSQL delivers at the commit to every session listening on the
channel: :class:`PostgresChanges` is one such session per process, and hands
each notification to the service, which brings its copy of that table up to
date and pushes every one of its subscribers their view.  A decision that
ends nothing comes with the notice (:class:`Decision`), and a copy one
version behind applies it as it is; anything else, or a gap, is read from
the database.

SQLite serves one process (``vitrine serve`` refuses more), which learns of
every change by making it: :class:`LocalChanges` has nothing to listen to.
Both sit behind one interface, so the service has one code path.
"""

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

import psycopg
from sqlalchemy import Engine

from vitrine.server.play.store import CHANNEL

log = logging.getLogger(__name__)
RETRY_SECONDS = 1.0  # between two attempts to listen again after the connection broke

Changed = Callable[[str, int, "Decision | None"], None]  # (table id, its version now, ...)


@dataclass(frozen=True)
class Decision:
    """The one decision that moved a table to the version announced, carried in the
    notice (``store.append_decisions``) so a process that has the version before can
    apply it without reading the table."""

    seat: int
    text: str
    at: datetime


def parse_notice(payload: str) -> tuple[str, int, Decision | None]:
    """``'<table> <version>'``, or ``'<table> <version> [seat, text, at]'`` for a decision."""
    table_id, version, decision = [*payload.split(" ", 2), ""][:3]
    if not decision:
        return table_id, int(version), None
    seat, text, at = json.loads(decision)
    return table_id, int(version), Decision(seat, text, datetime.fromisoformat(at))


Missed = Callable[[], None]  # notifications may have been lost: check every table


class Changes(Protocol):
    shared: bool  # whether other processes may change tables

    async def listen(self, changed: Changed, missed: Missed) -> None:
        """Call ``changed`` for each change another process makes, until cancelled;
        ``missed`` each time listening begins (at the start, and after a lost
        connection): what changed before may not have been heard."""


class LocalChanges:
    """One process alone on its database: every change is its own."""

    shared = False

    async def listen(self, changed: Changed, missed: Missed) -> None:
        return


class PostgresChanges:
    """``LISTEN vitrine_tables`` on a connection of its own, kept up for the process's life."""

    shared = True

    def __init__(self, engine: Engine) -> None:
        self.url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    async def listen(self, changed: Changed, missed: Missed) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    missed()  # whatever changed while nobody listened (or as it began)
                    await _hand_over(connection.pgconn, changed)
            except psycopg.OperationalError as error:
                log.warning("listening for table changes failed (%s); again in a moment", error)
                await asyncio.sleep(RETRY_SECONDS)


async def _hand_over(pgconn: psycopg.pq.abc.PGconn, changed: Changed) -> None:
    """Hand each notice to ``changed`` as it arrives, until the connection breaks
    (OperationalError).

    Read straight off the connection's socket, not with psycopg's ``notifies()``,
    which cost twice the CPU a notice (a lock, a future and a reader each time):
    every process hears every table's notices, most of them, with table
    affinity, for tables it holds no copy of."""
    loop = asyncio.get_running_loop()
    broken: asyncio.Future[None] = loop.create_future()

    def readable() -> None:
        try:
            pgconn.consume_input()
        except psycopg.OperationalError as error:
            if not broken.done():
                broken.set_exception(error)
            return
        while (notice := pgconn.notifies()) is not None:
            changed(*parse_notice(notice.extra.decode()))

    socket = pgconn.socket
    loop.add_reader(socket, readable)
    try:
        await broken
    finally:
        loop.remove_reader(socket)


def changes_for(engine: Engine) -> Changes:
    if engine.dialect.name == "postgresql":
        return PostgresChanges(engine)
    return LocalChanges()
