"""Tucano through the research adapters: observations that hold nothing hidden
(PettingZoo's own checkers, and whole games with masks matching the rules, are in
test_pettingzoo.py)."""

import random

import numpy as np
import pytest

from tucano_helpers import GAME, TABLE, joker_choice
from vitrine.adapters.encoding import encoding_for
from vitrine.games.tucano.config import joker_base
from vitrine.games.tucano.determinize import deal_hidden
from vitrine.kit.encoding import flatten


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


def test_the_joker_choice_is_in_the_action_space_and_its_holder_sees_the_piles() -> None:
    state = joker_choice(8)
    encoding = encoding_for("tucano", state)
    ids = state.legal_action_ids()
    assert len(ids) >= 2 and all(joker_base(TABLE) <= a < encoding.num_actions for a in ids)
    assert sorted(state.action_text(a) for a in ids) == state.legal_actions()
    holder = state.current_player
    assert holder is not None
    revealed = encoding.encode(state.view(holder))["revealed"][0] * TABLE.counts[: TABLE.joker + 1]
    held = [0] * (TABLE.joker + 1)
    for pile in state.piles[holder]:
        for kind in pile:
            held[kind] += 1
    assert np.allclose(revealed, held)
