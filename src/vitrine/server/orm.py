"""What every capability's SQLAlchemy tables share: one metadata, and UTC times.

Each capability declares its own tables in its ``models.py`` on this
``Base``, so there is one metadata and one migration chain (``migrations/``)
for the whole server; a capability's tables that point at another's (a
foreign key) import that capability's models, which is always one below it.
"""

from datetime import UTC, datetime

from sqlalchemy.orm import DeclarativeBase


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every time stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass
