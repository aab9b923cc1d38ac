"""The garbage collector of a serving process, set for short pauses.

Every open WebSocket holds a few hundred objects (its ASGI stack's coroutines,
closures and buffers), so a server with 800 sockets holds some 400,000, and
each full collection walks them all: bench/server.py measured pauses of 200 to
300 ms, during which no table moves, and they were the run's worst deliveries.
Two settings remove them:

- what start-up made (modules, routes, the app) is frozen, so full
  collections no longer walk it;
- the young generation is collected every ``YOUNG`` allocations instead of
  CPython's 700, so the objects of a decision in flight (its message, its
  views) die young rather than being promoted, and full collections, which
  wait until promoted objects make a quarter of the old ones, become rare.

A young collection then walks at most ``YOUNG`` objects (a few milliseconds).
"""

import gc

YOUNG = 20_000  # allocations between young collections
MIDDLE = 50  # young collections between middle ones
OLD = 100  # middle collections before a full one is considered


def settle_collector() -> None:
    """Freeze what exists now and space out collections; call once start-up is done."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
