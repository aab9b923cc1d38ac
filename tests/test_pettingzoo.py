"""The PettingZoo environments as a researcher meets them: one versioned module per
game, PettingZoo's own checkers (api_test, seed_test, render_test), the classic
games' wrapper stack, and SuperSuit's vectorising chain."""

from types import ModuleType

import numpy as np
import pytest
import supersuit
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from vitrine.adapters.encoding import OBSERVATION_TYPES
from vitrine.adapters.pettingzoo import dontgointhere_v1, exhibition_v1, tucano_v1
from vitrine.adapters.table import ILLEGAL_REWARD
from vitrine.engine.errors import IllegalTurnError, VitrineError
from vitrine.games import get_game

MODULES = {"exhibition": exhibition_v1, "tucano": tucano_v1, "dontgointhere": dontgointhere_v1}
# Every game at every player count it has, with both observation types.
CASES = [
    (module, players, obs_type)
    for name, module in MODULES.items()
    for players in range(get_game(name).min_players, get_game(name).max_players + 1)
    for obs_type in OBSERVATION_TYPES
]
# PettingZoo's advice for observations other than one array: the masked dict
# observation is the layout of its own classic games.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation:UserWarning"),
    pytest.mark.filterwarnings("ignore:.*illegal move:UserWarning"),
]


@pytest.mark.parametrize(("module", "players", "obs_type"), CASES)
def test_api_test_passes(module: ModuleType, players: int, obs_type: str) -> None:
    api_test(module.env(players=players, obs_type=obs_type), num_cycles=200)


@pytest.mark.parametrize(("module", "players", "obs_type"), CASES)
def test_seed_test_passes(module: ModuleType, players: int, obs_type: str) -> None:
    seed_test(lambda **kw: module.env(players=players, obs_type=obs_type, **kw), num_cycles=100)


@pytest.mark.parametrize("module", MODULES.values())
def test_render_test_passes_in_every_mode(module: ModuleType) -> None:
    render_test(lambda render_mode=None: module.env(players=3, render_mode=render_mode))


@pytest.mark.parametrize("module", MODULES.values())
def test_ansi_shows_the_table_without_secrets_and_human_prints_it(
    module: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = module.env(players=2, render_mode="ansi")
    shown.reset(seed=3)
    text = shown.render()
    assert isinstance(text, str) and "player_1" in text
    printed = module.env(players=2, render_mode="human")
    printed.reset(seed=3)
    assert printed.render() is None
    assert "player_1" in capsys.readouterr().out
    with pytest.raises(VitrineError, match="unknown render mode 'rgb_array'"):
        module.raw_env(render_mode="rgb_array")


@pytest.mark.parametrize("module", MODULES.values())
def test_names_are_versioned_per_game(module: ModuleType) -> None:
    name = module.__name__.rsplit(".", 1)[1]
    assert module.env().metadata["name"] == module.raw_env.metadata["name"] == name
    assert module.raw_env().table.game_name == name.removesuffix("_v1")


@pytest.mark.parametrize("module", MODULES.values())
def test_supersuit_vectorises_the_turn_based_parallel_env(module: ModuleType) -> None:
    """``pettingzoo_env_to_vec_env_v1(turn_based_aec_to_parallel(env()))``
    plays whole games (it resets by itself), every agent's mask legal."""
    vector = supersuit.pettingzoo_env_to_vec_env_v1(turn_based_aec_to_parallel(module.env()))
    obs, _ = vector.reset(seed=2)
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(400):
        masks = obs["action_mask"]
        assert masks.sum(axis=1).tolist().count(0) == vector.num_envs - 1  # one agent acts
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terminations, _, infos = vector.step(actions)
        if terminations.all():
            games += 1
            assert rewards.sum() == pytest.approx(1.0)
            assert "terminal_observation" in infos[0]
    assert games > 0


@pytest.mark.parametrize("module", MODULES.values())
def test_nothing_before_reset(module: ModuleType) -> None:
    """The order-enforcing wrapper's refusals, as every PettingZoo env gives them."""
    game = module.env()
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        _ = game.agent_selection
    with pytest.raises(AssertionError, match="reset"):
        game.step(0)
    with pytest.raises(AssertionError, match="reset"):
        game.observe("player_0")


@pytest.mark.parametrize("module", MODULES.values())
def test_an_illegal_action_ends_the_game_with_a_penalty(module: ModuleType) -> None:
    game = module.env(players=3)
    game.reset(seed=4)
    offender = game.agent_selection
    mask = game.observe(offender)["action_mask"]
    game.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(game.terminations.values())
    assert game.rewards[offender] == ILLEGAL_REWARD
    assert sum(game.rewards.values()) == ILLEGAL_REWARD
    for _agent in game.agent_iter():
        game.step(None)
    assert game.agents == []


@pytest.mark.parametrize("module", MODULES.values())
def test_numpy_scalar_actions_are_accepted(module: ModuleType) -> None:
    """A 0-d array and a numpy integer, which the action space contains, both play."""
    game = module.env(players=2)
    game.reset(seed=5)
    for make in (np.array, np.int64):
        legal = np.flatnonzero(game.observe(game.agent_selection)["action_mask"])
        action = make(legal[-1])
        assert game.action_space(game.agent_selection).contains(action)
        expected = game.unwrapped.game_state.copy()
        expected.apply_action_id(int(legal[-1]))
        game.step(action)
        assert not any(game.terminations.values())
        assert game.unwrapped.game_state.view(None) == expected.view(None)


def test_raw_env_raises_on_an_illegal_action_and_changes_nothing() -> None:
    game = exhibition_v1.raw_env(players=2)
    game.reset(seed=3)
    before = game.game_state.record()
    illegal = int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalTurnError, match=f"action {illegal} is not legal here"):
        game.step(illegal)
    with pytest.raises(VitrineError, match="integer action id, got 'G1'"):
        game.step("G1")
    with pytest.raises(VitrineError, match="integer action id, got array"):
        game.step(np.array([1, 2]))
    assert game.game_state.record() == before
    assert game.agent_selection == "player_0"


@pytest.mark.parametrize("module", MODULES.values())
def test_whole_games_end_in_win_shares_with_masks_matching_the_rules(module: ModuleType) -> None:
    game = module.raw_env(players=3)
    game.reset(seed=5)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        obs, reward, done, truncated, _ = game.last()
        totals[agent] += reward
        if done or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(legal) == sorted(game.game_state.legal_action_ids())
        assert obs["observation"].min() >= 0.0 and obs["observation"].max() <= 1.0
        game.step(int(rng.choice(legal)))
    assert sum(totals.values()) == pytest.approx(1.0)
    assert max(totals.values()) > 0
