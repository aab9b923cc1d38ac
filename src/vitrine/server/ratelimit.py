"""Per-client rate limits, on the ``limits`` library's moving window.

A moving window (not a fixed one) so that a burst straddling a window's edge
cannot pass twice the limit.  Counters live in this process's memory: one
server process serves every table, and a restart forgiving the counters is
harmless.  A limit that is hit refuses with 429 and says when to try again.
"""

import math
import time

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from vitrine.server.errors import ApiError


class RateLimit:
    """One rule (``"5/10 seconds"``) applied to each key separately."""

    def __init__(self, rule: str, code: str, what: str) -> None:
        self.item: RateLimitItem = parse(rule)
        self.code = code
        self.what = what
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, *key: str) -> None:
        """Count one use by ``key``; refuse (and count nothing) past the limit."""
        if self.limiter.hit(self.item, *key):
            return
        reset = self.limiter.get_window_stats(self.item, *key).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        limit, seconds = self.item.amount, self.item.get_expiry()
        raise ApiError(
            429,
            f"too many {self.what}: at most {limit} in {seconds} s; try again in {wait} s",
            self.code,
            {"limit": limit, "seconds": seconds, "retry_after": wait},
        )
