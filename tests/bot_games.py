"""Bots playing a game to its end, each from its own view, for any game's tests."""

import random
from collections.abc import Sequence

from vitrine.bots.base import Bot
from vitrine.engine.protocol import Game, GameState


def play_to_end(game: Game, state: GameState, bots: Sequence[Bot], seed: int) -> list[float]:
    """Every decision by the seat's bot, checked to be legal; the returns."""
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].choose(game, view, rng)
        assert action in view["legal_actions"]
        state.apply_action(action)
    return state.returns()


def play_new(game: Game, bots: Sequence[Bot], seed: int) -> list[float]:
    """A new game of ``game`` from ``seed`` between ``bots``, played to its end; the returns."""
    names = [f"{bot.name} {seat}" for seat, bot in enumerate(bots)]
    return play_to_end(game, game.new_game(names, {}, seed), bots, seed)
