"""One game's metrics, as a paired experiment compares them.

An experiment measures every game of both rule sets and compares game k of
one with game k of the other (``report.paired``); a game adds what only its
rules give meaning to (showcases filled, ghosts paid) as ``Measures`` of the
same kind as the shared ones, which is why they are in the kit.
"""

from collections.abc import Callable
from dataclasses import dataclass

from vitrine.kit.report.played import PlayedGame

# The units a metric is drawn in: shares as percentages, the others as they are.
SHARE, POINTS, TURNS, CHANGES = "share", "points", "turns", "changes"


@dataclass(frozen=True)
class Measure:
    """One metric of one game."""

    group: str  # what the report draws together, e.g. "win rate by seat"
    unit: str  # SHARE (drawn as percentages), POINTS, TURNS, CHANGES or the game's own
    value: float


Measures = dict[str, Measure]
GameMeasures = Callable[[PlayedGame], Measures]
