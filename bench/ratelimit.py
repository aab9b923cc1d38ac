"""A socket's rate limit: the cost of one message's check, for each candidate.

Every message a socket sends is counted against ``VITRINE_WS_MESSAGES``
before anything else is done with it, so the check is paid once per
decision.  The candidates, each with the same two-window rule (a second and a
minute, as the default rule has), counting one key:

- ``aiolimiter``: vitrine's choice (``ratelimit.ConnectionRate``): a leaky
  bucket per window, kept with the socket, checked in the event loop;
- ``limits`` with its in-memory storage: fixed window, moving window (what
  vitrine's HTTP limits use, ``ratelimit.RateLimit``) and sliding window
  counter.  Its memory storage also starts a thread that walks every key to
  expire them, whose cost falls on the event loop's core and is not counted
  here (see docs/server.md: it was 0.6 ms of a 3.9 ms decision).

Run: ``.venv/bin/python bench/ratelimit.py [--hits 50000]``; it prints
microseconds per message for each.
"""

import argparse
import asyncio
import time

from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import (
    FixedWindowRateLimiter,
    MovingWindowRateLimiter,
    SlidingWindowCounterRateLimiter,
)

from vitrine.server.ratelimit import ConnectionRate

RULE = "1000000/second;60000000/minute"  # never full: the cost of counting, not of refusing


async def connection_rate(hits: int) -> float:
    rate = ConnectionRate("ws_messages", RULE)
    start = time.perf_counter()
    for _ in range(hits):
        await rate.hit()
    return time.perf_counter() - start


def limits_strategy(
    strategy: type[
        FixedWindowRateLimiter | MovingWindowRateLimiter | SlidingWindowCounterRateLimiter
    ],
    hits: int,
) -> float:
    limiter = strategy(MemoryStorage())
    items = parse_many(RULE)
    start = time.perf_counter()
    for _ in range(hits):
        for item in items:
            limiter.hit(item, "ws_messages", "socket")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hits", type=int, default=50_000)
    hits = parser.parse_args().hits
    timings = {"aiolimiter (ConnectionRate)": asyncio.run(connection_rate(hits))}
    for strategy in (
        FixedWindowRateLimiter,
        MovingWindowRateLimiter,
        SlidingWindowCounterRateLimiter,
    ):
        timings[f"limits, {strategy.__name__}"] = limits_strategy(strategy, hits)
    for name, seconds in timings.items():
        print(f"{name}: {seconds / hits * 1e6:.1f} us a message")


if __name__ == "__main__":
    main()
