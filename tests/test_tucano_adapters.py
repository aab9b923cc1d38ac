"""Tucano through the research adapters: masks that match the rules, and observations
that hold nothing hidden (PettingZoo's own checkers are in test_pettingzoo.py)."""

import random

import numpy as np
import pytest

from tucano_helpers import GAME
from vitrine.adapters.encoding import encoding_for, flatten
from vitrine.adapters.pettingzoo.tucano_v1 import raw_env
from vitrine.games.tucano.hidden import deal_hidden


def test_whole_games_end_in_win_shares_with_masks_matching_the_rules() -> None:
    e = raw_env(players=3)
    e.reset(seed=4)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, truncated, _ = e.last()
        totals[agent] += reward
        if done or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(legal) == sorted(e.game_state.legal_action_ids())
        assert obs["observation"].min() >= 0.0 and obs["observation"].max() <= 1.0
        e.step(int(rng.choice(legal)))
    assert sum(totals.values()) == pytest.approx(1.0)


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
