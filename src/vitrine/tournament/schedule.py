"""Who sits where on which deal: seat rotation and duplicate deals.

Luck of the deal and the seat's advantage are the two big sources of noise
when comparing bots.  Every deal (seed) is therefore played once by each
seating of a fixed cycle, and over one cycle every bot sits in every seat
exactly once: each bot meets the same deck orders from every seat.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from vitrine.engine.errors import VitrineError
from vitrine.engine.rng import MAX_SEED


@dataclass(frozen=True)
class Entry:
    """One game of the schedule; ``number`` counts from 1 and names its files."""

    number: int
    deal: int  # the game's seed: the same for every seating of a deal
    seating: int  # which seating of the cycle, from 0
    seats: tuple[str, ...]  # the bot spec in each seat


@dataclass(frozen=True)
class Schedule:
    entries: tuple[Entry, ...]
    deals: int
    seatings_per_deal: int
    requested: int  # games asked for; ``len(entries)`` rounds it up to whole deals


def seatings(lineup: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The cyclic rotations of the line-up, cut to ``players`` seats.

    Rotation r puts ``lineup[(r + seat) % len(lineup)]`` in each seat, so over
    the ``len(lineup)`` rotations each bot fills each seat exactly once.  With
    as many bots as seats these are the plain rotations of the line-up; with
    more bots some sit out each game; with fewer, a bot fills several seats.
    """
    if not lineup:
        raise VitrineError("a tournament needs at least one bot")
    if players < 1:
        raise VitrineError("a tournament needs at least one seat")
    size = len(lineup)
    return [tuple(lineup[(r + seat) % size] for seat in range(players)) for r in range(size)]


def make_schedule(lineup: Sequence[str], players: int, games: int, first_seed: int) -> Schedule:
    """Deals ``first_seed``, ``first_seed + 1``, ..., each under every seating,
    enough of them to reach ``games`` games (rounded up to whole deals, since
    a deal played under only some seatings would favour the bots it seats)."""
    cycle = seatings(lineup, players)
    if games < 1:
        raise VitrineError("a tournament needs at least one game")
    deals = math.ceil(games / len(cycle))
    if first_seed < 0 or first_seed + deals - 1 > MAX_SEED:
        raise VitrineError(f"deals {first_seed}..{first_seed + deals - 1} leave 0..{MAX_SEED}")
    entries = tuple(
        Entry(deal * len(cycle) + index + 1, first_seed + deal, index, seats)
        for deal in range(deals)
        for index, seats in enumerate(cycle)
    )
    return Schedule(entries, deals, len(cycle), games)
