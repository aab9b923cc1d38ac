"""Sampling bots: deal what is hidden anew, value every decision on the same samples.

Both bots here sample states consistent with the view and value each
decision on each sample; they differ in how a decision is valued there:

* ``pimc`` (Perfect Information Monte Carlo) by the game's
  perfect-information search (``Game.decision_values``): where the only
  hidden information is the order of chance (Exhibition's solo game: the
  stock), a sample turns the game into a puzzle the search can solve;
* ``rollout`` by one playout of the game's informed policy after the
  decision (``GameState.rollout``), every decision of a sample played out
  from the same random stream: the rollout algorithm (Bertsekas, Tsitsiklis
  and Wu 1997), which improves on the policy it plays out with.

Decisions are always judged on the same samples (common random numbers), so
the noise of the deal cancels from their comparison: one that is good
whatever is hidden wins.

A valuation per decision and sample is costly, and a position may offer a
dozen decisions (a white card and its six destinations) or thirty (a Tucano
steal), so valuations are spent by *sequential halving* (Karnin, Koren and
Somekh 2013): in each of ceil(log2 n) rounds the decisions still in the
running are valued on fresh samples, an equal share of the budget per
round, and the worse half is dropped; the last ones standing have been
valued on every sample.  The budget is ``samples`` valuations per decision
up to ``searches`` in all, so a decision with few options gets every sample
and one with many a capped cost: what keeps the expert within its time.

Both suffer from *strategy fusion* (a sample's line may rely on knowing that
sample), which matters little here because the decisions right now are the
same in every sample.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from random import Random
from typing import Any

from vitrine.bots.base import Analysis, points_per_unit, standard_error
from vitrine.engine.protocol import Game, GameState

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
        return self._halve(game, view, rng, None, shaped=True).best

    def analyse(
        self, game: Game, view: Mapping[str, Any], rng: Random, focus: str | None = None
    ) -> Analysis:
        """Every decision's mean value over the samples it was valued on;
        ``focus`` is never dropped, so it is valued on every sample, as the
        best is.  Alone, a value is a score on a fixed scale, so its points
        are the value times the game's points per unit; with others at the
        table a value is a win share, which tells no points (left empty)."""
        analysis = self._halve(game, view, rng, focus, shaped=False)
        scale = points_per_unit(game.determinize(view, rng))
        if scale is None:
            return analysis
        return replace(
            analysis,
            points={a: value * scale for a, value in analysis.values.items()},
            points_errors={a: error * scale for a, error in analysis.errors.items()},
        )

    def sample_values(
        self,
        game: Game,
        view: Mapping[str, Any],
        alive: Sequence[str],
        rng: Random,
        shaped: bool,
    ) -> Mapping[str, float]:
        """Each of ``alive`` valued on one fresh sample of the hidden parts."""
        return game.decision_values(game.determinize(view, rng), self.width, alive)

    def _halve(
        self, game: Game, view: Mapping[str, Any], rng: Random, focus: str | None, shaped: bool
    ) -> Analysis:
        """Sequential halving over the legal decisions (see the module's docstring)."""
        actions: list[str] = view["legal_actions"]
        worth = dict.fromkeys(actions, 0.0)
        squares = dict.fromkeys(actions, 0.0)
        counts = dict.fromkeys(actions, 0)
        alive = list(actions)  # notation order: the first of equals wins
        budget = min(self.samples * len(actions), max(self.searches, len(actions)))
        rounds = max(1, math.ceil(math.log2(len(actions))))
        for _ in range(rounds):
            for _ in range(max(1, budget // (rounds * len(alive)))):
                values = self.sample_values(game, view, alive, rng, shaped)
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


class RolloutBot(PimcBot):
    """The rollout algorithm over the game's informed playout policy:
    ``playouts`` valuations per decision in all, spent by sequential halving.

    Choosing, a playout's result is the game's shaped return (a win graded by
    its margin: less noise for the same playouts); analysing, its plain
    return, the scale the coach compares on.
    """

    def __init__(self, playouts: int = 300) -> None:
        super().__init__(samples=playouts, searches=playouts)
        self.name = f"rollout:{playouts}"

    def sample_values(
        self,
        game: Game,
        view: Mapping[str, Any],
        alive: Sequence[str],
        rng: Random,
        shaped: bool,
    ) -> Mapping[str, float]:
        viewer: int = view["viewer"]
        sample = game.determinize(view, rng)
        seed = rng.getrandbits(64)
        return {action: self._played_out(sample, action, viewer, seed, shaped) for action in alive}

    @staticmethod
    def _played_out(sample: GameState, action: str, viewer: int, seed: int, shaped: bool) -> float:
        state = sample.copy()
        state.apply_action(action)
        return state.rollout(Random(seed), informed=True, shaped=shaped)[viewer]
