"""The greedy bot as it was before its fast paths: the reference they must match.

``vitrine.bots.simple.GreedyBot`` now asks the game for its decisions'
values (``Game.greedy_values``), which Exhibition computes in its compiled
core without building a determinization.  This is the plain algorithm those
values replace, kept unchanged so that tests can require the same decision,
from the same view and random stream, in every position and whole game.
"""

from collections.abc import Mapping
from random import Random
from typing import Any

from vitrine.engine.protocol import Game, GameState


class ReferenceGreedyBot:
    """Best immediate gain: the whole turn that leaves the best evaluation.

    A decision that leaves the turn unfinished (a take before its placement)
    is worth its best completion, found one decision at a time.  Ties are
    broken at random so that equal choices do not always favour the first in
    notation order.
    """

    name = "greedy-reference"

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        state = game.determinize(view, rng)
        player = view["viewer"]
        best: list[str] = []
        best_value = float("-inf")
        for action in view["legal_actions"]:
            child = state.copy()
            child.apply_action(action)
            value = self._value(game, child, player)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[rng.randrange(len(best))]

    def _value(self, game: Game, state: GameState, player: int) -> float:
        """The evaluation once the turn is complete, each remaining decision
        of it taken greedily: a turn with many decisions (Tucano's toucans)
        would have too many completions to try them all."""
        while state.mid_turn:
            best, best_value = state, float("-inf")
            for action in state.legal_actions():
                child = state.copy()
                child.apply_action(action)
                value = game.evaluate(child, player)
                if value > best_value:
                    best, best_value = child, value
            state = best
        return game.evaluate(state, player)
