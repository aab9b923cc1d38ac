"""The Gymnasium environments: every registered id through Gymnasium's own checker,
the bots behind the agent, sb3-contrib's mask convention, render modes and refusals."""

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from vitrine.adapters.gymnasium_env import GAME_IDS, SOLO_IDS, TableEnv
from vitrine.adapters.table import ILLEGAL_REWARD
from vitrine.engine.errors import VitrineError

SOLO_ID = SOLO_IDS["exhibition"]
IDS = [*SOLO_IDS.values(), *GAME_IDS.values()]


def play(env: gymnasium.Env[Any, Any], seed: int) -> tuple[float, dict[str, Any], int]:
    """A whole episode of random legal actions: the last reward and info, and
    the steps; whenever the episode goes on, the agent is the one to act."""
    obs, _ = env.reset(seed=seed)
    table: TableEnv = env.unwrapped  # type: ignore[assignment]
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        assert table.game_state.current_player == table.seat
        action = rng.choice(np.flatnonzero(obs["action_mask"]))
        obs, reward, done, truncated, info = env.step(action)
        steps += 1
        assert not truncated
        if done:
            return float(reward), info, steps


@pytest.mark.filterwarnings("ignore:.*is different from the unwrapped version:UserWarning")
@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("obs_type", ["flat", "dict"])
def test_check_env_passes_directly_and_through_make(env_id: str, obs_type: str) -> None:
    """The checker also builds the environment in each render mode from its spec."""
    made = gymnasium.make(env_id, obs_type=obs_type)
    check_env(made.unwrapped)
    check_env(made, skip_render_check=True)


def test_check_env_passes_against_a_search_bot_and_at_a_fixed_seat() -> None:
    check_env(
        gymnasium.make(GAME_IDS["tucano"], opponents=["ismcts:20", "random"], seat=2).unwrapped
    )


def test_solo_plays_to_its_score() -> None:
    solo = gymnasium.make(SOLO_ID)
    _, info = solo.reset(seed=0, options={"deal": 42})
    assert info == {"deal": 42, "seat": 0}
    reward, info, _ = play(solo, 0)
    state = solo.unwrapped.game_state  # type: ignore[attr-defined]
    assert reward == state.returns()[0] > 0
    assert info["total"] == state.view(0)["scores"][0]["total"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_bots_play_every_other_seat_and_the_agent_gets_its_share(game: str) -> None:
    env = gymnasium.make(GAME_IDS[game], opponents=["random", "greedy"])
    seats = set()
    for seed in range(4):
        reward, _, _ = play(env, seed)
        table: TableEnv = env.unwrapped  # type: ignore[assignment]
        state = table.game_state
        seats.add(table.seat)
        assert state.num_players == 3 and state.is_over
        assert reward == state.returns()[table.seat]
    assert len(seats) > 1  # the seat is drawn per episode unless fixed


def test_the_same_seed_plays_the_same_game_with_the_same_bots() -> None:
    one, two = (gymnasium.make(GAME_IDS["dontgointhere"], opponents=["ismcts:10"]) for _ in "ab")
    assert play(one, 7) == play(two, 7)
    assert one.unwrapped.game_state.record() == two.unwrapped.game_state.record()  # type: ignore[attr-defined]


@pytest.mark.parametrize("env_id", IDS)
def test_action_masks_are_the_observations_mask_for_sb3_contrib(env_id: str) -> None:
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.vec_env import DummyVecEnv

    vector = DummyVecEnv([lambda: gymnasium.make(env_id)])
    assert is_masking_supported(vector)
    obs = vector.reset()
    for _ in range(30):
        masks = get_action_masks(vector)
        assert isinstance(obs, dict) and masks.dtype == bool
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        obs, *_ = vector.step(np.array([np.flatnonzero(masks[0])[0]]))


@pytest.mark.parametrize("env_id", IDS)
def test_render_modes(env_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    shown = gymnasium.make(env_id, render_mode="ansi")
    shown.reset(seed=1)
    text = shown.render()
    assert isinstance(text, str) and "player_0" in text
    printed = gymnasium.make(env_id, render_mode="human")
    printed.reset(seed=1)
    assert "player_0" in capsys.readouterr().out  # drawn by reset itself


def test_an_illegal_action_ends_the_episode_and_leaves_the_game() -> None:
    solo = TableEnv()
    obs, _ = solo.reset(seed=1)
    before = solo.game_state.record()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = solo.step(np.int64(illegal))
    assert (reward, done) == (ILLEGAL_REWARD, True)
    assert "is not legal here" in info["illegal_action"]
    assert solo.game_state.record() == before
    with pytest.raises(VitrineError, match="unknown reset option"):
        solo.reset(options={"dael": 3})


def test_a_0d_array_action_plays() -> None:
    solo = TableEnv()
    obs, _ = solo.reset(seed=2)
    action = np.array(np.flatnonzero(obs["action_mask"])[0])
    assert solo.action_space.contains(action)
    _, reward, done, _, info = solo.step(action)  # type: ignore[arg-type]
    assert (reward, done, info) == (0.0, False, {})


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": ["grandmaster"]}, "unknown bot 'grandmaster'"),
        ({"opponents": "greedy"}, "a list of bot specs"),
        ({"game": "tucano"}, "2 to 4 players, got 1"),
        ({"opponents": ["greedy"], "seat": 2}, "seat 2 is not one of the 2 seats"),
        ({"render_mode": "rgb_array"}, "unknown render mode 'rgb_array'"),
        ({"variants": ["no_such"]}, "no_such"),
    ],
)
def test_bad_settings_are_refused_by_name(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(VitrineError, match=message):
        TableEnv(**kwargs)
