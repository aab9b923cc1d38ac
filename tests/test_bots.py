"""The baseline bots: legal, view-only, and greedy clearly better than random."""

import random

import pytest

from vitrine.bots import GreedyBot, RandomBot, make_bot
from vitrine.engine.errors import VitrineError
from vitrine.games.exhibition import ExhibitionGame

GAME = ExhibitionGame()


def _play(bots: list[RandomBot | GreedyBot], seed: int) -> list[float]:
    state = GAME.start([bot.name for bot in bots], seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].choose(GAME, view, rng)
        assert action in view["legal_actions"]
        state.apply_action(action)
    return state.returns()


def test_greedy_beats_random_from_either_seat() -> None:
    wins = 0.0
    games = 12
    for seed in range(games):
        if seed % 2:
            wins += _play([GreedyBot(), RandomBot()], seed)[0]
        else:
            wins += _play([RandomBot(), GreedyBot()], seed)[1]
    assert wins >= 0.8 * games


def test_bot_choice_ignores_the_hidden_stock_order() -> None:
    """Same view, same bot seed, different stock behind it: the same decision."""
    state = GAME.start(["Ana", "Bo"], seed=30)
    rng = random.Random(4)
    for _ in range(6):
        state.push(rng.choice(state.legal_turns()))
    deck = list(state.config.deck)
    dealt = len(deck) - len(state.stock)
    other = GAME.start(["Ana", "Bo"], deck=deck[:dealt] + deck[dealt:][::-1])
    for turn in state.turn_texts():
        other.push(turn)
    seat = state.current
    for bot in (GreedyBot(), RandomBot()):
        assert bot.choose(GAME, state.view(seat), random.Random(9)) == bot.choose(
            GAME, other.view(seat), random.Random(9)
        )


def test_unknown_bot_names_are_refused() -> None:
    assert make_bot("greedy").name == "greedy"
    with pytest.raises(VitrineError, match="unknown bot 'deep-blue'"):
        make_bot("deep-blue")
