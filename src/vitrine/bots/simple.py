"""Baseline bots: uniformly random, and greedy on the game's own evaluation."""

from collections.abc import Mapping
from random import Random
from typing import Any

from vitrine.engine.protocol import Game


class RandomBot:
    """Picks uniformly among the legal decisions: the floor every bot must beat."""

    name = "random"

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        actions: list[str] = view["legal_actions"]
        return actions[rng.randrange(len(actions))]


class GreedyBot:
    """Best immediate gain: the whole turn that leaves the best evaluation.

    A decision that leaves the turn unfinished (a take before its placement)
    is worth its best completion, found one decision at a time; the game
    values them (``Game.greedy_values``, fast where the game knows how).
    Ties are broken at random so that equal choices do not always favour the
    first in notation order.
    """

    name = "greedy"

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        actions: list[str] = view["legal_actions"]
        values = game.greedy_values(view, rng)
        top = max(values)
        best = [action for action, value in zip(actions, values, strict=True) if value == top]
        return best[rng.randrange(len(best))]
