"""A game's solo challenge: what ``vitrine solo`` asks of a game with a solo mode.

The challenge itself (bots through seeded solo deals, their statistics, the
saved lines) is the same for every game and lives with the tournaments
(:mod:`vitrine.tournament.challenge`); a game hands over only what is its
own: the score to beat, how a seed deals a solo game, its categories' names
and, where it has one, a clairvoyant solver that bounds what a deal allowed.
A finished solo game's total and categories are read from its spectator
view's ``scores``, as every tournament reads them.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from vitrine.engine.protocol import GameState


class SolvedDeal(Protocol):
    """One deal solved knowing everything chance would reveal: the best line
    found (a game anyone could have played) and a bound above the optimum."""

    @property
    def best_total(self) -> int: ...

    @property
    def categories(self) -> Mapping[str, int]: ...  # the best line's score sheet

    @property
    def turns(self) -> tuple[str, ...]: ...  # the best line, in notation: its evidence

    @property
    def upper_bound(self) -> int: ...  # no line of the deal scores more

    @property
    def seconds(self) -> float: ...


@dataclass(frozen=True)
class ClairvoyantSolver:
    """A search that plays a solo deal seeing its whole order of chance."""

    solve: Callable[[int, int], SolvedDeal]  # (the deal's seed, the beam width)
    default_beam: int


@dataclass(frozen=True)
class SoloChallenge:
    """What a game's solo challenge is made of.

    ``target`` is the total to beat (more than it wins the challenge), in the
    solo game's points, which ``points`` names for the tables' titles (say,
    "x100" where solo points are scaled).  ``deal`` deals the solo game of a
    seed, the same for every bot and for the solver, so that they are compared
    on identical deals."""

    target: int
    points: str
    deal: Callable[[int], GameState]
    category_names: Mapping[str, str] = field(default_factory=dict)  # key: the table's words
    solver: ClairvoyantSolver | None = None
