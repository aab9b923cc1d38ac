"""The outbox's sender: claims due rows, sends them, and marks what happened.

A failed send is tried again after a backoff that doubles each time
(``BACKOFF_SECONDS``, then twice that...), up to ``MAX_ATTEMPTS``, and then
marked failed; the log says which row, which channel and the error's kind,
never an address, a token or a password.  A row whose recipient no longer
wants it (the kind turned off, the address removed, the account deleted)
is dropped, not sent.  A row is marked sent right after its send: only a
process that dies between the two could send one twice, once its claim
expired (SMTP has no way to make a send and a database write one step).
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from vitrine.server.notifications.store import (
    DROPPED,
    FAILED,
    SENT,
    NotificationStore,
    Recipient,
)
from vitrine.server.orm import utcnow

log = logging.getLogger(__name__)
BACKOFF_SECONDS = 30.0  # the first retry's wait; each next one waits twice as long
MAX_ATTEMPTS = 8  # tries before a row is marked failed (the last, about an hour after)
CLAIM_SECONDS = 600.0  # a claim lets its row go this long after, should its sender die
# (longer than one send can take: each SMTP step may wait SMTP_TIMEOUT, 20 s)
BATCH = 50  # rows sent in one round, each claimed just before its send
POLL_SECONDS = 5.0  # the sender looks for due rows this often, and when woken


class NotDeliverableError(Exception):
    """Nobody to send the row to now: it is dropped, not retried."""


Deliver = Callable[[Recipient], Awaitable[None]]


def backoff(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failure."""
    return timedelta(seconds=BACKOFF_SECONDS * 2 ** (attempts - 1))


class Sender:
    """``deliver`` sends one claimed row (raising on failure); ``owner`` names this
    process in the claims."""

    def __init__(self, store: NotificationStore, owner: str, deliver: Deliver) -> None:
        self.store = store
        self.owner = owner
        self.deliver = deliver
        self.wake = asyncio.Event()

    async def run(self) -> None:
        """Send due rows now and then, and whenever woken, until cancelled."""
        while True:
            try:
                await self.round(utcnow())
            except Exception:
                log.exception("the notification sender failed a round; it goes on")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), POLL_SECONDS)
            self.wake.clear()

    async def round(self, now: datetime) -> int:
        """Claim and send what is due at ``now`` (tests pass a later one to jump past
        a backoff); how many were sent."""
        until = now + timedelta(seconds=CLAIM_SECONDS)
        sent = 0
        for _ in range(BATCH):
            claimed = await asyncio.to_thread(self.store.claim, self.owner, now, until, 1)
            if not claimed:
                break
            sent += await self._one(claimed[0], now)
        return sent

    async def _one(self, recipient: Recipient, now: datetime) -> int:
        row = recipient.row
        try:
            if not recipient.wanted:
                raise NotDeliverableError("no longer wanted")
            await self.deliver(recipient)
        except NotDeliverableError as why:
            await asyncio.to_thread(self.store.finish, row.id, self.owner, DROPPED, now, str(why))
            return 0
        except Exception as error:
            attempts = row.attempts + 1
            kind = type(error).__name__  # never the error's words: they may quote an address
            if attempts >= MAX_ATTEMPTS:
                log.error("notification %s (%s) failed for good: %s", row.id, row.channel, kind)
                await asyncio.to_thread(self.store.finish, row.id, self.owner, FAILED, now, kind)
            else:
                log.warning(
                    "notification %s (%s) failed (%s): tried again later", row.id, row.channel, kind
                )
                due = now + backoff(attempts)
                await asyncio.to_thread(self.store.retry, row.id, self.owner, due, kind)
            return 0
        await asyncio.to_thread(self.store.finish, row.id, self.owner, SENT, utcnow(), None)
        return 1
