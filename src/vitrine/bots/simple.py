"""Baseline bots: uniformly random, greedy on the game's own evaluation, and
careless, greedy with a share of its decisions at random."""

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


class CarelessBot:
    """Greedy that plays ``percent`` of its decisions uniformly at random.

    A level between random and greedy where search is not needed to fill
    it: engines weaken their low skill levels the same way, by mistakes
    rather than by a blunter evaluation, so the bot still takes what is
    plainly good most of the time.
    """

    def __init__(self, percent: int = 50) -> None:
        self.percent = percent
        self.name = f"careless:{percent}"
        self._greedy = GreedyBot()
        self._random = RandomBot()

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        careless = rng.random() * 100 < self.percent
        return (self._random if careless else self._greedy).choose(game, view, rng)
