"""Tucano through the research adapters: observations that hold nothing hidden
(PettingZoo's own checkers, and whole games with masks matching the rules, are in
test_pettingzoo.py)."""

import random

import numpy as np
import pytest

from tucano_helpers import GAME
from vitrine.adapters.encoding import encoding_for, flatten
from vitrine.games.tucano.hidden import deal_hidden


def test_observations_do_not_change_when_the_hidden_cards_are_dealt_anew() -> None:
    state = GAME.start(["A", "B", "C"], seed=21)
    rng = np.random.default_rng(0)
    while state.turn < 16:
        state.apply_action_id(int(rng.choice(state.legal_action_ids())))
    encoding = encoding_for("tucano", GAME.start(["A", "B", "C"], seed=0))
    other = state.copy()
    deal_hidden(other, random.Random(3))
    assert other.draw_pile != state.draw_pile
    for seat in range(3):
        mine = flatten(encoding, encoding.encode(state.view(seat)))
        assert np.array_equal(mine, flatten(encoding, encoding.encode(other.view(seat))))
    with pytest.raises(ValueError, match="spectator"):
        encoding.encode(state.view(None))
