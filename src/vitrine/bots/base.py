"""The bot interface, the same for every game.

A bot sees exactly what its player may see: the view (with the legal
decisions in it) and the game's definition.  It answers one decision in the
game's notation.  Bots never receive the real state, so they cannot cheat;
to look ahead they sample states consistent with the view
(``Game.determinize``).
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol, runtime_checkable

from vitrine.engine.protocol import Game, GameState


class Bot(Protocol):
    name: str

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        """One of ``view["legal_actions"]``."""


@dataclass(frozen=True)
class Analysis:
    """A search's verdict on the legal decisions of one view.

    ``values`` hold the decisions the search valued, each on the scale of
    ``GameState.returns`` for the seat deciding (an expected win share; alone,
    an expected score); ``weights`` say how much evidence each value rests on
    (visits, samples) and ``errors`` its standard error, how far sampling
    alone may have moved it.  ``best`` is the decision the bot would play.

    ``points`` hold the same decisions' expected final score in the game's
    points (``GameState.scored_rollout``), from the same iterations, and
    ``points_errors`` their standard errors: a win share stops telling
    decisions apart once a game is won or lost, points go on counting.  An
    analyst that cannot tell points (a perfect-information search with
    others at the table values win shares only) leaves them empty.
    """

    best: str
    values: Mapping[str, float]
    weights: Mapping[str, int]
    errors: Mapping[str, float]
    points: Mapping[str, float] = field(default_factory=dict)
    points_errors: Mapping[str, float] = field(default_factory=dict)


def standard_error(total: float, squares: float, count: int) -> float:
    """The standard error of a mean of ``count`` results, from their sum and
    the sum of their squares."""
    if count < 2:
        return float("inf") if count == 0 else 0.5
    mean = total / count
    return math.sqrt(max(0.0, squares / count - mean * mean) / (count - 1))


def points_per_unit(state: GameState) -> float | None:
    """Alone, the points a value of 1 stands for (the game's ``returns`` scale),
    read from a finished game: this one, or a playout of it."""
    if state.num_players != 1:
        return None
    end = state.copy()
    rng = Random(0)
    while True:
        if not end.is_over:
            end.playout(rng)
        value = end.returns()[0]
        if value:
            return float(end.view(None)["scores"][0]["total"]) / value
        end = state.copy()  # a zero score tells no scale: another playout


@runtime_checkable
class Analyst(Protocol):
    """A bot that can say what every decision is worth, not only pick one:
    what the coach (``vitrine.review``) asks of the strongest bot."""

    name: str

    def analyse(
        self, game: Game, view: Mapping[str, Any], rng: Random, focus: str | None = None
    ) -> Analysis:
        """Value the legal decisions of ``view``; ``focus``, one of them, gets
        enough evidence for its value to be compared with the best's."""
