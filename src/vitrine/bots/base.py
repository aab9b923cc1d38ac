"""The bot interface, the same for every game.

A bot sees exactly what its player may see: the view (with the legal
decisions in it) and the game's definition.  It answers one decision in the
game's notation.  Bots never receive the real state, so they cannot cheat;
to look ahead they sample states consistent with the view
(``Game.determinize``).
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol, runtime_checkable

from vitrine.engine.protocol import Game


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
    """

    best: str
    values: Mapping[str, float]
    weights: Mapping[str, int]
    errors: Mapping[str, float]


def standard_error(total: float, squares: float, count: int) -> float:
    """The standard error of a mean of ``count`` results, from their sum and
    the sum of their squares."""
    if count < 2:
        return float("inf") if count == 0 else 0.5
    mean = total / count
    return math.sqrt(max(0.0, squares / count - mean * mean) / (count - 1))


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
