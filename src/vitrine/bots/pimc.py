"""Perfect Information Monte Carlo: sample what is hidden, solve each sample.

Where the only hidden information is the order of chance (Exhibition's solo
game: the stock), a sample of the hidden parts turns the game into a puzzle
the game's perfect-information search can solve (``Game.decision_values``).
The bot samples ``samples`` states consistent with its view, values every
legal decision on each by the best line the search finds after it, and plays
the decision worth most in total: every decision is judged on the same
samples, so one that is good whatever the stock holds wins.

PIMC is known to suffer from *strategy fusion* (each sample's line may rely
on knowing that sample's stock), which matters little here because the
decisions right now are the same in every sample.
"""

from collections.abc import Mapping
from random import Random
from typing import Any

from vitrine.bots.base import Analysis, standard_error
from vitrine.engine.protocol import Game

SEARCH_WIDTH = 96  # the solver's beam per sample: on solo deals 1000-1023, pimc:16 scored 2284
# at 96, 2221 at 24 (and pimc:32 2262 at 24), where the solver at 3000 found 2481


class PimcBot:
    """PIMC over the game's perfect-information search, ``samples`` per decision."""

    def __init__(self, samples: int = 16, width: int = SEARCH_WIDTH) -> None:
        self.samples = samples
        self.width = width
        self.name = f"pimc:{samples}"

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        actions: list[str] = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        return self.analyse(game, view, rng).best

    def analyse(
        self, game: Game, view: Mapping[str, Any], rng: Random, focus: str | None = None
    ) -> Analysis:
        """Every decision's mean value over the samples (``focus`` needs
        nothing more: every decision is valued on every sample)."""
        actions: list[str] = view["legal_actions"]
        worth: dict[str, float] = dict.fromkeys(actions, 0.0)
        squares: dict[str, float] = dict.fromkeys(actions, 0.0)
        for _ in range(self.samples):
            values = game.decision_values(game.determinize(view, rng), self.width)
            for action in actions:
                worth[action] += values[action]
                squares[action] += values[action] * values[action]
        best = max(actions, key=worth.__getitem__)  # the first of equals in notation order
        count = self.samples
        return Analysis(
            best=best,
            values={action: total / count for action, total in worth.items()},
            weights=dict.fromkeys(actions, count),
            errors={a: standard_error(worth[a], squares[a], count) for a in actions},
        )
