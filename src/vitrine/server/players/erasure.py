"""Erasing an account: its personal data in every capability, in one transaction.

The account's row stays, marked deleted, with every personal field erased:
finished games still name a seat's account (shown as a deleted player), and
the ratings of the people it played stay reproducible.  Not while it sits at
a table not yet over: then nothing changes, and those tables are said.

It lives here, above accounts, tables and notifications, because it reaches
the rows of each: no capability below knows the ones above it.
"""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.orm import Session

from vitrine.server.accounts.models import (
    AccountNameRow,
    AccountRow,
    ApiTokenRow,
    ChallengeRow,
    PasskeyRow,
    SessionRow,
)
from vitrine.server.notifications.models import NOTIFICATION_ROWS
from vitrine.server.play.live import RUNNING
from vitrine.server.play.models import SeatRow, TableRow


@dataclass(frozen=True)
class Erased:
    """What erasing an account did: nothing, for the tables not yet over it sits at
    (``running``), or the names taken off the seats of its finished ``tables``."""

    running: list[str]
    tables: list[str]


def erase(engine: Engine, account_id: str, now: datetime) -> Erased:
    """Delete an account's personal data: its names (free again, and gone from
    the seats it held), password, sessions, passkeys and ceremonies, API tokens,
    its e-mail address, notification choices, push subscriptions and outbox."""
    with Session(engine) as session:
        running = list(
            session.scalars(
                select(TableRow.id)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.account_id == account_id, TableRow.status.in_(RUNNING))
            )
        )
        if running:
            return Erased(running, [])
        held = list(
            session.scalars(select(SeatRow.table_id).where(SeatRow.account_id == account_id))
        )
        session.execute(update(SeatRow).where(SeatRow.account_id == account_id).values(name=None))
        session.execute(  # copies of those tables in memory are behind now
            update(TableRow).where(TableRow.id.in_(held)).values(version=TableRow.version + 1)
        )
        for row in (
            SessionRow,
            PasskeyRow,
            ChallengeRow,
            ApiTokenRow,
            AccountNameRow,
            *NOTIFICATION_ROWS,
        ):
            session.execute(delete(row).where(row.account_id == account_id))
        session.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id)
            .values(name=None, password_hash=None, deleted_at=now)
        )
        session.commit()
        return Erased([], held)
