"""Marking an account as a bot: what its owner does, once, before it plays.

A bot account plays by a program, through API tokens (``tokens.py``), and is
labelled as a bot wherever its name shows and rated on the bots' own
leaderboards.  The mark is for good and comes before any game: a person's
results and rating never turn into a program's, and everyone who played the
account knew what they played.  "Any game" is any seat the account took
(a challenge it has not answered does not count: nobody played it yet).
"""

from sqlalchemy import Engine, exists, select, update
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from vitrine.server.accounts.models import AccountRow
from vitrine.server.errors import conflict
from vitrine.server.play.models import SeatRow


def mark(engine: Engine, account_id: str) -> bool:
    """Mark the account a bot in one statement, unless it is one already or has
    taken a seat (so a seat taken meanwhile cannot slip between check and mark)."""
    seated = exists(
        select(SeatRow.position).where(SeatRow.account_id == account_id, SeatRow.name.is_not(None))
    )
    with Session(engine) as session:
        changed = session.execute(
            update(AccountRow)
            .where(AccountRow.id == account_id, AccountRow.bot.is_(False), ~seated)
            .values(bot=True)
        ).rowcount  # type: ignore[attr-defined]  # (a CursorResult)
        session.commit()
        return bool(changed)


async def mark_as_bot(engine: Engine, account: AccountRow) -> None:
    """Mark ``account`` as a bot, or say why not."""
    if account.bot:
        raise conflict("account_is_bot", "this account is a bot account already")
    if not await run_in_threadpool(mark, engine, account.id):
        raise conflict(
            "account_has_played",
            "this account has played: only an account that never took a seat becomes a bot",
        )
