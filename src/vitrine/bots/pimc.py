"""Perfect Information Monte Carlo: sample what is hidden, solve each sample.

Where the only hidden information is the order of chance (Exhibition's solo
game: the stock), a sample of the hidden parts turns the game into a puzzle
the game's perfect-information search can solve (``Game.decision_values``).
The bot samples states consistent with its view, values decisions by the
best line the search finds after them on each sample, and plays the
decision worth most in total: decisions are always judged on the same
samples, so one that is good whatever the stock holds wins.

A search per decision and sample is costly, and a position may offer a
dozen decisions (a white card and its six destinations), so the searches
are spent by *sequential halving* (Karnin, Koren and Somekh 2013): in each
of ceil(log2 n) rounds the decisions still in the running are valued on
fresh samples, an equal share of the budget per round, and the worse half
is dropped; the last ones standing have been valued on every sample.  The
budget is ``samples`` searches per decision up to ``searches`` in all, so a
decision with few options gets every sample and one with many a capped
cost: what keeps the expert within its time.

PIMC is known to suffer from *strategy fusion* (each sample's line may rely
on knowing that sample's stock), which matters little here because the
decisions right now are the same in every sample.
"""

import math
from collections.abc import Mapping
from random import Random
from typing import Any

from vitrine.bots.base import Analysis, standard_error
from vitrine.engine.protocol import Game

SEARCH_WIDTH = 48  # the solver's beam per sample (half the cost of 96, a little weaker)
MAX_SEARCHES = 32  # per decision (at least one per round and option): the expert's time


class PimcBot:
    """PIMC over the game's perfect-information search, ``samples`` per decision."""

    def __init__(
        self, samples: int = 16, width: int = SEARCH_WIDTH, searches: int = MAX_SEARCHES
    ) -> None:
        self.samples = samples
        self.width = width
        self.searches = searches
        self.name = f"pimc:{samples}"

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        actions: list[str] = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        return self.analyse(game, view, rng).best

    def analyse(
        self, game: Game, view: Mapping[str, Any], rng: Random, focus: str | None = None
    ) -> Analysis:
        """Every decision's mean value over the samples it was valued on;
        ``focus`` is never dropped, so it is valued on every sample, as the
        best is."""
        actions: list[str] = view["legal_actions"]
        worth = dict.fromkeys(actions, 0.0)
        squares = dict.fromkeys(actions, 0.0)
        counts = dict.fromkeys(actions, 0)
        alive = list(actions)  # notation order: the first of equals wins
        budget = min(self.samples * len(actions), max(self.searches, len(actions)))
        rounds = max(1, math.ceil(math.log2(len(actions))))
        for _ in range(rounds):
            for _ in range(max(1, budget // (rounds * len(alive)))):
                values = game.decision_values(game.determinize(view, rng), self.width, alive)
                for action in alive:
                    worth[action] += values[action]
                    squares[action] += values[action] * values[action]
                    counts[action] += 1
            kept = sorted(alive, key=lambda action: -worth[action])[: math.ceil(len(alive) / 2)]
            # sorted is stable: ties keep order
            alive = [a for a in alive if a in kept or a == focus]
            if len(alive) == 1:
                break
        best = max(alive, key=worth.__getitem__)  # alive ones share every sample
        valued = [action for action in actions if counts[action]]
        return Analysis(
            best=best,
            values={action: worth[action] / counts[action] for action in valued},
            weights={action: counts[action] for action in valued},
            errors={a: standard_error(worth[a], squares[a], counts[a]) for a in valued},
        )
