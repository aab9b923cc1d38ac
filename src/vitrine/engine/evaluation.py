"""Greedy play's valuation of decisions, over the engine protocol alone.

A greedy player takes the decision whose turn, once complete, leaves the
best ``Game.evaluate``; each later decision of the turn is itself taken
greedily, one at a time (a Tucano turn with several toucans can be
completed in millions of ways).  This is the plain way to value them, on a
determinization of the view: every game's ``Game.greedy_values`` gives
these very values, and may compute them faster where it knows how.
"""

from collections.abc import Mapping
from random import Random
from typing import Any

from vitrine.engine.protocol import Game, GameState


def greedy_values(game: Game, view: Mapping[str, Any], rng: Random) -> list[float]:
    """Each of ``view["legal_actions"]``, in order, valued as greedy play values it."""
    state = game.determinize(view, rng)
    player: int = view["viewer"]
    values = []
    for action in view["legal_actions"]:
        child = state.copy()
        child.apply_action(action)
        values.append(completed_value(game, child, player))
    return values


def completed_value(game: Game, state: GameState, player: int) -> float:
    """``player``'s evaluation once the turn under way is complete, each of
    its remaining decisions the one that evaluates best (the first of equals)."""
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
