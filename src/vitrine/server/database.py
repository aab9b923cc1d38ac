"""Connecting to the database and bringing its schema up to date.

SQLite (a file beside the user) is the default so that ``make run`` needs no
server; ``VITRINE_DATABASE_URL`` selects PostgreSQL.  The schema is only ever
created by Alembic migrations, run at start-up, so an old database file is
upgraded rather than silently mismatched.
"""

import fcntl
import os
from pathlib import Path
from typing import IO, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url

DEFAULT_URL = "sqlite:///vitrine.sqlite3"
URL_VARIABLE = "VITRINE_DATABASE_URL"
MIGRATIONS = Path(__file__).with_name("migrations")


def database_url(explicit: str | None = None) -> str:
    """The URL to use: an explicit one, else the environment's, else the SQLite file."""
    return explicit or os.environ.get(URL_VARIABLE) or DEFAULT_URL


def with_driver(url: str) -> str:
    """``postgresql://`` URLs get the psycopg 3 driver, which is what we install."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets readers run beside the writer; NORMAL sync keeps commits durable
    across a killed process (only an OS crash may lose the last ones)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str, connections: int = 5) -> Engine:
    """An engine keeping up to ``connections`` open to a server database (PostgreSQL):
    as many as threads use it at once.  With fewer, each use beyond them opened a
    connection and closed it after, which is a new PostgreSQL backend: one for every
    ten decisions on a busy server."""
    url = with_driver(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=connections)


def alembic_config(connection: Connection) -> Config:
    """Alembic's settings for our migrations, working on ``connection``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


MIGRATION_LOCK = 0x76697472  # PostgreSQL advisory lock: one process migrates at a time


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema to ``revision`` (the newest by default).

    Several processes starting together on one PostgreSQL database take turns
    (an advisory lock, held to the commit): the first upgrades, the others
    then find nothing to do."""
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        command.upgrade(alembic_config(connection), revision)


class SqliteTakenError(Exception):
    """Another process serves this SQLite file."""


def sole_sqlite_server(url: str) -> IO[bytes] | None:
    """Hold this SQLite file for this process alone, for as long as the file
    returned stays open (None: not a SQLite file, nothing to hold).

    Two processes on one SQLite file stay consistent (the second is refused
    with ``409 stale``) but neither hears of the other's decisions: SQLite
    has no LISTEN/NOTIFY.  So the second is refused at its start instead.
    The hold is an advisory lock (``flock``) on ``<file>.lock``, which the
    system lets go when the process ends, killed or not."""
    parsed = make_url(with_driver(url))
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(parsed.database).resolve()
    held = open(path.with_name(path.name + ".lock"), "ab")  # noqa: SIM115 (kept open: the hold)
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        raise SqliteTakenError(str(path)) from None
    return held
