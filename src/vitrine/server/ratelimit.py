"""Per-client rate limits, written as the ``limits`` library reads them.

One :class:`RateLimit` is one rule (``"10/minute;60/hour"``: every window
must have room) for one kind of event, counted in moving windows by
``limits``; its key says whose events they are (a client's address, a
seat).  Counts live in this process's memory: a restart forgets them, and
several server processes would each count their own (``limits`` offers
Redis and others for that).  A :class:`ConnectionRate` is a rule for one
connection's own messages, kept by the connection.  A refusal is a 429 with
``Retry-After`` and the seconds in ``params``, so a page can say when to try
again.
"""

import math
import time

from aiolimiter import AsyncLimiter
from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from vitrine.server.errors import ApiError


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
