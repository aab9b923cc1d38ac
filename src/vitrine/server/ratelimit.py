"""Per-client rate limits, written as the ``limits`` library reads them.

One :class:`RateLimit` is one rule (``"10/minute;60/hour"``: every window
must have room) for one kind of event, counted in moving windows by
``limits``; its key says whose events they are (a client's address, a
seat).  Counts live in this process's memory: a restart forgets them, and
several server processes would each count their own.  The limits that
guard accounts (sign-in, re-authentication, sign-up, API tokens) are
:class:`SharedLimit` instead: counted in the database (``rate_counts``), seen
by every process, kept across restarts, and reserved before the work they
limit.  A :class:`ConnectionRate` is a rule for one
connection's own messages, kept by the connection.  A refusal is a 429 with
``Retry-After`` and the seconds in ``params``, so a page can say when to try
again.
"""

import hashlib
import math
import secrets
import time
from typing import Any

from aiolimiter import AsyncLimiter
from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import BigInteger, Connection, Engine, Integer, String, delete, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Mapped, mapped_column
from starlette.concurrency import run_in_threadpool

from vitrine.server.errors import ApiError
from vitrine.server.orm import Base


def moving_window() -> MovingWindowRateLimiter:
    """The counter one server's rate limits share (not its sockets': :class:`ConnectionRate`)."""
    return MovingWindowRateLimiter(MemoryStorage())


def too_many(what: str, seconds: float, code: str = "rate_limited") -> ApiError:
    """The refusal of a rate limit, with the whole seconds to wait (at least one)."""
    wait = max(1, math.ceil(seconds))
    return ApiError(
        429,
        f"too many requests ({what}): try again in {wait} s",
        code,
        {"what": what, "retry_after": wait},
        {"Retry-After": str(wait)},
    )


class RateLimit:
    def __init__(
        self, name: str, rule: str, limiter: MovingWindowRateLimiter, code: str = "rate_limited"
    ) -> None:
        self.name = name  # also the refusal's ``params["what"]``
        self.items = parse_many(rule)
        self.limiter = limiter
        self.code = code  # a page may word one limit its own way (the chat's)

    def hit(self, key: str) -> None:
        """Count one event for ``key``, or refuse it (counting nothing) if a window is full."""
        self.check(key)
        for item in self.items:
            self.limiter.hit(item, self.name, key)

    def check(self, key: str) -> None:
        """Refuse if a window of ``key`` is full, counting nothing: for limits on
        failures, checked before the attempt and counted (``hit``) only if it fails."""
        full = [item for item in self.items if not self.limiter.test(item, self.name, key)]
        if full:
            reset = max(self.limiter.get_window_stats(item, self.name, key)[0] for item in full)
            raise too_many(self.name, reset - time.time(), self.code)


class ConnectionRate:
    """The messages one connection may send: a leaky bucket per window of the rule
    (aiolimiter's, holding as many as the window allows and draining at its
    rate), kept with the connection and gone with it.

    Sockets do not share :class:`RateLimit`'s moving windows: ``limits``' memory
    storage starts a thread that walks every key whenever an event comes more
    than 10 ms after the last, which on a busy server was 0.6 ms of the 3.9 ms
    of CPU a decision cost.  A bucket is a number and a time, in the event loop."""

    def __init__(self, name: str, rule: str) -> None:
        self.name = name
        self.buckets = [AsyncLimiter(item.amount, item.get_expiry()) for item in parse_many(rule)]

    async def hit(self) -> None:
        """Count one message, or refuse it (counting nothing) if a bucket is full."""
        full = [bucket for bucket in self.buckets if not bucket.has_capacity()]
        if full:  # a full bucket has room again within the time one message takes to drain
            raise too_many(self.name, max(b.time_period / b.max_rate for b in full))
        for bucket in self.buckets:
            await bucket.acquire()  # there is room: no wait


# ------------------------------------------------------------ limits every process shares


class RateCountRow(Base):
    """How many events one key of one shared limit had in one fixed window of one
    length (``seconds``), the window starting at ``start`` (seconds since 1970).
    The key is stored as its SHA-256: an address or a name typed is nobody's
    business in a table of counts."""

    __tablename__ = "rate_counts"

    limit_name: Mapped[str] = mapped_column(String(40), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    seconds: Mapped[int] = mapped_column(Integer, primary_key=True)
    start: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    hits: Mapped[int] = mapped_column(Integer, nullable=False)


PURGE_EVERY = 200  # one reservation in this many also deletes the windows long past


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


class SharedLimit:
    """One rule (``"5/minute;30/hour"``) counted in the database, so that every
    server process sees the same counts and a restart forgets none.

    Each window of the rule is a sliding-window counter (the ``limits``
    library's "sliding window counter", whose storages are Redis and the like,
    none SQL): the current fixed window's count plus the previous one's,
    weighted by how much of it the sliding window still covers.  An event is
    *reserved* before the work it stands for (a password's hash), by one
    conditional ``INSERT ... ON CONFLICT DO UPDATE ... WHERE hits < room
    RETURNING``: two requests at once can never both take the last room, on
    SQLite (one writer at a time) as on PostgreSQL (the row's lock)."""

    def __init__(self, name: str, rule: str, code: str = "rate_limited") -> None:
        self.name = name  # also the refusal's ``params["what"]``
        self.items = parse_many(rule)
        self.code = code

    def windows(self, now: float) -> list[tuple[int, int, int, float]]:
        """Per window of the rule: its length, the most it holds, the current
        fixed window's start, and the share of the previous one still counted."""
        out = []
        for item in self.items:
            seconds = item.get_expiry()
            start = int(now // seconds) * seconds
            out.append((seconds, item.amount, start, 1 - (now - start) / seconds))
        return out


class _FullError(Exception):
    """A window with no room: the reservation's transaction rolls back."""


class SharedLimits:
    """The database's counts of every :class:`SharedLimit` (the table ``rate_counts``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name

    def _insert(self) -> Any:
        if self.dialect == "postgresql":
            return postgresql_insert(RateCountRow)
        return sqlite_insert(RateCountRow)

    def reserve_now(self, *wanted: tuple[SharedLimit, str]) -> None:
        """Count one event for each (limit, key), all or none: refused (429,
        counting nothing) if any window of any of them is full."""
        now = time.time()
        try:
            self._reserve(now, wanted)
        except _FullError as full:
            limit, hashed, seconds, amount, start = full.args
            with self.engine.connect() as connection:
                wait = self._wait(connection, limit, hashed, now, seconds, amount, start)
            raise too_many(limit.name, wait, limit.code) from None

    def _reserve(self, now: float, wanted: tuple[tuple[SharedLimit, str], ...]) -> None:
        table = RateCountRow.__table__
        with self.engine.begin() as connection:  # a refusal rolls every count back
            for limit, key in wanted:
                hashed = key_hash(key)
                for seconds, amount, start, share in limit.windows(now):
                    before = connection.execute(
                        select(RateCountRow.hits).where(
                            RateCountRow.limit_name == limit.name,
                            RateCountRow.key_hash == hashed,
                            RateCountRow.seconds == seconds,
                            RateCountRow.start == start - seconds,
                        )
                    ).scalar_one_or_none()
                    # what this window may add (the weighted share rounded up: never one too many)
                    room = amount - math.ceil((before or 0) * share)
                    taken = None
                    if room >= 1:
                        insert = self._insert().values(
                            limit_name=limit.name,
                            key_hash=hashed,
                            seconds=seconds,
                            start=start,
                            hits=1,
                        )
                        taken = connection.execute(
                            insert.on_conflict_do_update(
                                index_elements=["limit_name", "key_hash", "seconds", "start"],
                                set_={"hits": table.c.hits + 1},
                                where=table.c.hits < room,
                            ).returning(table.c.hits)
                        ).scalar_one_or_none()
                    if taken is None:
                        raise _FullError(limit, hashed, seconds, amount, start)
            if secrets.randbelow(PURGE_EVERY) == 0:
                connection.execute(
                    delete(RateCountRow).where(
                        RateCountRow.start + 2 * RateCountRow.seconds < int(now)
                    )
                )

    def _wait(
        self,
        connection: Connection,
        limit: SharedLimit,
        hashed: str,
        now: float,
        seconds: int,
        amount: int,
        start: int,
    ) -> float:
        """Seconds until the full window has room for one event again."""
        rows = dict(
            connection.execute(
                select(RateCountRow.start, RateCountRow.hits).where(
                    RateCountRow.limit_name == limit.name,
                    RateCountRow.key_hash == hashed,
                    RateCountRow.seconds == seconds,
                    RateCountRow.start >= start - seconds,
                )
            ).all()
        )
        current, before = rows.get(start, 0), rows.get(start - seconds, 0)
        if current + 1 <= amount and before:  # the previous window must weigh less
            return start + seconds * (1 - (amount - current - 1) / before) - now + 1
        # the current window must slide out: it weighs on the next one as ``before`` does
        share = 1 - (amount - 1) / current if current else 0
        return start + seconds * (1 + share) - now + 1

    def give_back_now(self, *given: tuple[SharedLimit, str]) -> None:
        """Uncount one event for each (limit, key) reserved a moment ago."""
        now = time.time()
        with self.engine.begin() as connection:
            for limit, key in given:
                for seconds, _amount, start, _share in limit.windows(now):
                    connection.execute(
                        update(RateCountRow)
                        .where(
                            RateCountRow.limit_name == limit.name,
                            RateCountRow.key_hash == key_hash(key),
                            RateCountRow.seconds == seconds,
                            RateCountRow.start == start,
                            RateCountRow.hits > 0,
                        )
                        .values(hits=RateCountRow.hits - 1)
                    )

    async def reserve(self, *wanted: tuple[SharedLimit, str]) -> None:
        await run_in_threadpool(self.reserve_now, *wanted)

    async def give_back(self, *given: tuple[SharedLimit, str]) -> None:
        await run_in_threadpool(self.give_back_now, *given)
