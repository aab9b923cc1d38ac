"""A vectorised Gymnasium environment: many games of one seat stepped together in one process.

``VectorTableEnv(game, num_envs, opponents=...)`` runs ``num_envs`` copies of
:class:`~vitrine.adapters.gymnasium_env.TableEnv` (solo, or one seat against
bots) as one ``gymnasium.vector.VectorEnv``: actions come in as one array,
observations go out as one flat ``(num_envs, size)`` array and one
``(num_envs, num_actions)`` mask, and a finished game is replaced by a new
deal in the same step (``AutoresetMode.SAME_STEP``, as Stable-Baselines3
does: the last observation and info of the game that ended are in
``infos["final_obs"]`` and ``infos["final_info"]``).

What makes it fast is the observation: where the game's encoding offers a
fast path from the state (``flat_entries``: Exhibition's), the whole batch
is written with two numpy assignments instead of building and encoding
every player's view; the engine's own steps are the rest.  Other games use
the view, as the single environments do (the same numbers either way).
The rules, the bots, illegal actions (the episode ends with
``ILLEGAL_REWARD``, the game unchanged) and the seeds are those of
``TableEnv``: ``reset(seed=S)`` seeds copy ``i`` with ``S + i``, as
Gymnasium's own vector environments do.
"""

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from vitrine.adapters.encoding import flat_entries_of, flat_size, flatten
from vitrine.adapters.gymnasium_env import TableEnv
from vitrine.adapters.spaces import observation_space
from vitrine.adapters.table import ILLEGAL_REWARD, action_id
from vitrine.engine.errors import VitrineError

Batch = dict[str, npt.NDArray[Any]]  # {"observation": (n, size), "action_mask": (n, actions)}


class VectorTableEnv(VectorEnv):
    """``num_envs`` games of one seat, stepped as one batch."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium declares it mutable)

    def __init__(
        self,
        game: str = "exhibition",
        num_envs: int = 16,
        opponents: Sequence[str] = (),
        seat: int | None = None,
        variants: Sequence[str] = (),
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise VitrineError(f"num_envs must be a positive integer, got {num_envs!r}")
        self.envs = [TableEnv(game, opponents, seat, variants) for _ in range(num_envs)]
        self.num_envs = num_envs
        encoding = self.envs[0].table.encoding
        self.encoding = encoding
        self.fast = flat_entries_of(encoding)
        self.single_observation_space = observation_space(encoding, "flat")
        self.single_action_space = spaces.Discrete(encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.size = flat_size(encoding)
        self.observations = np.zeros((num_envs, self.size), np.float32)
        self.masks = np.zeros((num_envs, encoding.num_actions), np.int8)
        self.legal: list[list[int]] = [[] for _ in range(num_envs)]

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """New deals in every copy; ``seed`` an int (copy ``i`` gets
        ``seed + i``) or one seed per copy; ``options`` as ``TableEnv``'s."""
        seeds: Sequence[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + index for index in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise VitrineError(f"{len(seeds)} seeds for {self.num_envs} environments")
        infos: dict[str, Any] = {}
        for index, (env, env_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            _, info = env.reset(seed=env_seed, options=options)
            infos = self._add_info(infos, info, index)
        self._observe(range(self.num_envs))
        return self._batch(), infos

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Batch, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """One decision in every copy; a finished game is replaced at once."""
        chosen = np.asarray(actions).reshape(self.num_envs)
        rewards = np.zeros(self.num_envs)
        terminations = np.zeros(self.num_envs, bool)
        infos: dict[str, Any] = {}
        ended: dict[int, dict[str, Any]] = {}  # the copies whose game ended, with its last info
        for index, env in enumerate(self.envs):
            action = (
                action_id(chosen[index]) if chosen.dtype.kind not in "iu" else int(chosen[index])
            )
            if action in self.legal[index]:
                reward, over, info = env.advance(action)
            else:
                legal = ", ".join(map(str, self.legal[index][:8]))
                message = f"action {action} is not legal here; legal ids: {legal}"
                reward, over, info = ILLEGAL_REWARD, True, {"illegal_action": message}
            if over:
                rewards[index], terminations[index] = reward, True
                infos = self._add_info(infos, info, index)
                ended[index] = info
        if ended:
            self._observe(list(ended))
            final_obs = np.full(self.num_envs, None, object)
            final_info = np.full(self.num_envs, None, object)
            for index, info in ended.items():
                final_obs[index] = {
                    "observation": self.observations[index].copy(),
                    "action_mask": self.masks[index].copy(),
                }
                final_info[index] = info
                env = self.envs[index]
                env.begin(env.new_deal())
            infos = {
                "final_obs": final_obs,
                "_final_obs": terminations.copy(),
                "final_info": final_info,
                "_final_info": terminations.copy(),
                **infos,
            }
        self._observe(range(self.num_envs))
        return self._batch(), rewards, terminations, np.zeros(self.num_envs, bool), infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every copy's legal actions now, for maskable learners."""
        return self.masks.astype(bool)

    def _observe(self, indices: list[int] | range) -> None:
        """Write the observation and mask of each copy in ``indices`` (a
        range: every copy)."""
        size, actions = self.size, self.encoding.num_actions
        flat_obs, flat_masks = self.observations.ravel(), self.masks.ravel()
        ones: list[int] = []
        scaled: list[tuple[int, float]] = []
        legal_ids: list[int] = []
        if isinstance(indices, range):  # every copy: clear them all at once
            self.masks.fill(0)
            self.observations.fill(0)
        else:
            self.masks[indices] = 0
            self.observations[indices] = 0
        for index in indices:
            env = self.envs[index]
            state = env.game_state
            legal = state.legal_action_ids() if state.current_player == env.seat else []
            self.legal[index] = legal
            base = index * actions
            legal_ids += [base + action for action in legal]
            if self.fast is None:
                arrays = self.encoding.encode(state.view(env.seat))
                self.observations[index] = flatten(self.encoding, arrays)
                continue
            self.fast(state, env.seat, index * size, ones, scaled)
        # numpy indexes with an index array several times faster than with a list
        flat_masks[np.array(legal_ids, np.intp)] = 1
        flat_obs[np.array(ones, np.intp)] = 1
        if scaled:
            where, values = zip(*scaled, strict=True)
            flat_obs[np.array(where, np.intp)] = values

    def _batch(self) -> Batch:
        return {"observation": self.observations.copy(), "action_mask": self.masks.copy()}
