"""What a game hands the balance lab's report through its plug-in
(``GamePlugin.report``).

The report computes what any game's results tell (seats, bots, scores,
length, the lead); only the game knows what its rules give meaning to.  A
game says it here, built from the kit's blocks, and the report asks the
registry for it: the shared report names no game.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from vitrine.kit.report.measures import GameMeasures
from vitrine.kit.report.page import Section
from vitrine.kit.report.played import PlayedGame


@dataclass(frozen=True)
class GameReport:
    """``sections``: the game's own sections, after the shared ones, from
    every game reported; ``measures``: its metrics of one game for paired
    experiments, if any; ``seat_note``: what else a seat means in this game,
    said after "Seat 1 starts" (a clause that begins with "; "), if anything."""

    sections: Callable[[Sequence[PlayedGame]], list[Section]]
    measures: GameMeasures | None = None
    seat_note: str = ""
