"""The vectorised environment: the same games, observations, rewards and resets
as the single Gymnasium environments it batches, and Exhibition's fast
observation path equal to the encoding of the view."""

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vitrine.adapters.encoding import encoding_for
from vitrine.adapters.gymnasium_env import TableEnv
from vitrine.adapters.table import ILLEGAL_REWARD
from vitrine.adapters.vector_env import VectorTableEnv
from vitrine.engine.errors import VitrineError
from vitrine.games.exhibition import ExhibitionGame
from vitrine.games.exhibition.encoding import ExhibitionEncoding
from vitrine.games.exhibition.fastplayout import PURE_PYTHON_VARIABLE as PURE_PYTHON
from vitrine.kit.encoding import flatten

GAME = ExhibitionGame()


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(1, 5),
    secret=st.booleans(),
    seed=st.integers(0, 2**31 - 1),
    moves=st.integers(0, 250),
)
def test_exhibitions_fast_path_is_the_encoded_view(
    players: int, secret: bool, seed: int, moves: int
) -> None:
    """From every seat, mid-game and once over, reusing the batch's memory."""
    names = [f"p{seat}" for seat in range(players)]
    options = {"secret_decade": secret and players > 1}
    state = GAME.new_game(names, options, seed)
    encoding = encoding_for("exhibition", state)
    assert isinstance(encoding, ExhibitionEncoding)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply_action_id(int(rng.choice(state.legal_action_ids())))
    size = len(flatten(encoding, encoding.encode(state.view(0))))
    for viewer in range(players):
        for _ in range(2):  # the second time from the kept market and halls
            ones: list[int] = []
            scaled: list[tuple[int, float]] = []
            encoding.flat_entries(state, viewer, size * viewer, ones, scaled)
            fast = np.zeros(size * players, np.float32)
            fast[ones] = 1
            for index, value in scaled:
                fast[index] = value
            expected = flatten(encoding, encoding.encode(state.view(viewer)))
            assert np.array_equal(fast[size * viewer : size * (viewer + 1)], expected)


def singles(game: str, count: int, seed: int, **kwargs: Any) -> tuple[list[TableEnv], list[Any]]:
    """The environments the vector batches, reset as it resets them."""
    envs = [TableEnv(game, **kwargs) for _ in range(count)]
    return envs, [env.reset(seed=seed + index)[0] for index, env in enumerate(envs)]


@pytest.mark.parametrize(
    ("game", "kwargs"),
    [
        ("exhibition", {}),
        ("exhibition", {"opponents": ["random", "greedy"]}),
        ("tucano", {"opponents": ["random"]}),
        ("dontgointhere", {"opponents": ["greedy", "random"], "seat": 1}),
    ],
)
def test_the_batch_plays_the_single_environments_games(game: str, kwargs: dict[str, Any]) -> None:
    """Step for step the same observations, masks, rewards and ends as the
    single environments; a finished game's last observation and info are
    kept and the next deal (the single environment's next reset) follows."""
    count = 3
    vector = VectorTableEnv(game, count, **kwargs)
    envs, firsts = singles(game, count, 11, **kwargs)
    batch, infos = vector.reset(seed=11)
    for index, first in enumerate(firsts):
        assert np.array_equal(batch["observation"][index], first["observation"])
        assert np.array_equal(batch["action_mask"][index], first["action_mask"])
        assert infos["seat"][index] == envs[index].seat
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in batch["action_mask"]])
        batch, rewards, terminations, truncations, infos = vector.step(actions)
        assert not truncations.any()
        assert np.array_equal(vector.action_masks(), batch["action_mask"].astype(bool))
        for index, env in enumerate(envs):
            obs, reward, done, _, info = env.step(actions[index])
            assert (rewards[index], terminations[index]) == (reward, done)
            if done:
                ended += 1
                final = infos["final_obs"][index]
                assert np.array_equal(final["observation"], obs["observation"])
                assert infos["final_info"][index] == info
                obs, _ = env.reset()  # the same generator draws the next deal
            assert np.array_equal(batch["observation"][index], obs["observation"])
            assert np.array_equal(batch["action_mask"][index], obs["action_mask"])
    assert ended > 0


def test_an_illegal_action_ends_that_game_only() -> None:
    vector = VectorTableEnv("exhibition", 2)
    batch, _ = vector.reset(seed=3)
    illegal = int(np.flatnonzero(batch["action_mask"][1] == 0)[0])
    legal = int(np.flatnonzero(batch["action_mask"][0])[0])
    _, rewards, terminations, _, infos = vector.step(np.array([legal, illegal]))
    assert rewards.tolist() == [0.0, ILLEGAL_REWARD]
    assert terminations.tolist() == [False, True]
    assert "is not legal here" in infos["final_info"][1]["illegal_action"]
    final = infos["final_obs"][1]  # the game as it was, then a new deal
    assert np.array_equal(final["observation"], batch["observation"][1])
    assert infos["final_obs"][0] is None


def test_spaces_and_refusals() -> None:
    vector = VectorTableEnv("tucano", 4, opponents=["random"])
    batch, _ = vector.reset(seed=[1, 2, 3, 4])
    assert batch["observation"].shape == (4, vector.size)
    assert vector.observation_space.contains(batch)
    assert vector.action_space.shape == (4,)
    with pytest.raises(VitrineError, match="3 seeds for 4 environments"):
        vector.reset(seed=[1, 2, 3])
    with pytest.raises(VitrineError, match="num_envs must be a positive integer"):
        VectorTableEnv(num_envs=0)


@pytest.mark.parametrize("variants", [(), ("short_era", "links")])
def test_the_compiled_core_and_the_engine_give_the_same_numbers(
    variants: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solo Exhibition, stepped by the compiled batch and by the engine
    (``VITRINE_PURE_PYTHON=1``) from the same seeds: the same observations,
    masks, rewards, ends and infos, illegal actions included."""
    pytest.importorskip(
        "vitrine.games.exhibition._playout", reason="the compiled core is not built"
    )
    monkeypatch.delenv(PURE_PYTHON, raising=False)  # compared whatever the run forces
    compiled = VectorTableEnv("exhibition", 8, variants=variants)
    monkeypatch.setenv(PURE_PYTHON, "1")
    engine = VectorTableEnv("exhibition", 8, variants=variants)
    assert compiled.compiled is not None and engine.compiled is None
    batches = [env.reset(seed=5)[0] for env in (compiled, engine)]
    rng = np.random.default_rng(5)
    games = 0
    for step in range(400):
        masks = batches[0]["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        if step % 37 == 0:
            actions[step % 8] = int(np.flatnonzero(masks[step % 8] == 0)[0])  # illegal
        one, rewards, ends, truncations, infos = compiled.step(actions)
        two, rewards_two, ends_two, truncations_two, infos_two = engine.step(actions)
        for key in ("observation", "action_mask"):
            assert np.array_equal(one[key], two[key])
        assert np.array_equal(rewards, rewards_two) and np.array_equal(ends, ends_two)
        assert np.array_equal(truncations, truncations_two)
        if ends.any():
            games += int(ends.sum())
            assert list(infos["final_info"]) == list(infos_two["final_info"])
            for index in np.flatnonzero(ends):
                finals = [info["final_obs"][index] for info in (infos, infos_two)]
                assert np.array_equal(finals[0]["observation"], finals[1]["observation"])
        batches = [one, two]
    assert games > 20


def test_gymnasiums_vector_wrappers_read_its_episodes() -> None:
    """RecordEpisodeStatistics, which reads the autoreset mode, counts each
    game's steps and return as the batch reports them."""
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    vector = RecordEpisodeStatistics(VectorTableEnv("exhibition", 4))
    batch, _ = vector.reset(seed=0)
    rng = np.random.default_rng(0)
    lengths = np.zeros(4, int)
    episodes = 0
    for _ in range(120):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in batch["action_mask"]])
        batch, rewards, terminations, _, infos = vector.step(actions)
        lengths += 1
        for index in np.flatnonzero(terminations):
            episodes += 1
            assert infos["episode"]["l"][index] == lengths[index]
            assert infos["episode"]["r"][index] == pytest.approx(rewards[index])
            lengths[index] = 0
    assert episodes > 5
