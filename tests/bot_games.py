"""Bots playing a game to its end, each from its own view, for any game's tests."""

import random
from collections.abc import Sequence

from vitrine.bots.base import Bot
from vitrine.engine.protocol import Game, GameState
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState


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


def reordered_stock(turns: int, seed: int = 30) -> tuple[ExhibitionState, ExhibitionState]:
    """A 2-player Exhibition game after ``turns`` random turns, dealt from an
    explicit deck, and the same game with the undealt stock reversed: every
    view so far is the same, the hidden stock is not (the no-cheating tests)."""
    game = ExhibitionGame()
    dealt_by_seed = game.start(["Ana", "Bo"], seed=seed)
    deck = list(dealt_by_seed.config.deck)
    state = game.start(["Ana", "Bo"], deck=deck)
    rng = random.Random(4)
    for _ in range(turns):
        state.push(rng.choice(state.legal_turns()))
    dealt = len(deck) - len(state.stock)
    other = game.start(["Ana", "Bo"], deck=deck[:dealt] + deck[dealt:][::-1])
    for turn in state.turn_texts():
        other.push(turn)
    assert other.stock != state.stock
    return state, other
