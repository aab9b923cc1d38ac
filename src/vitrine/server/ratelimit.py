"""Per-client rate limits, counted in moving windows by the ``limits`` library.

One :class:`RateLimit` is one rule (``"10/minute;60/hour"``: every window
must have room) for one kind of event; its key says whose events they are (a
client's address, a socket).  Counts live in this process's memory: a
restart forgets them, and several server processes would each count their
own (``limits`` offers Redis and others for that).  A refusal is a 429 with
``Retry-After`` and the seconds in ``params``, so a page can say when to try
again.
"""

import math
import time

from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from vitrine.server.errors import ApiError


def moving_window() -> MovingWindowRateLimiter:
    """The counter every rate limit of one server shares."""
    return MovingWindowRateLimiter(MemoryStorage())


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
        full = [item for item in self.items if not self.limiter.test(item, self.name, key)]
        if full:
            reset = max(self.limiter.get_window_stats(item, self.name, key)[0] for item in full)
            wait = max(1, math.ceil(reset - time.time()))
            raise ApiError(
                429,
                f"too many requests ({self.name}): try again in {wait} s",
                self.code,
                {"what": self.name, "retry_after": wait},
                {"Retry-After": str(wait)},
            )
        for item in self.items:
            self.limiter.hit(item, self.name, key)
