"""A vectorised Gymnasium environment: many games of one seat stepped together in one process.

``VectorTableEnv(game, num_envs, opponents=...)`` runs ``num_envs`` copies of
:class:`~vitrine.adapters.gymnasium_env.TableEnv` (solo, or one seat against
bots) as one ``gymnasium.vector.VectorEnv``: actions come in as one array,
observations go out as one flat ``(num_envs, size)`` array and one
``(num_envs, num_actions)`` mask, and a finished game is replaced by a new
deal in the same step (``AutoresetMode.SAME_STEP``, as Stable-Baselines3
does: the last observation and info of the game that ended are in
``infos["final_obs"]`` and ``infos["final_info"]``).

Solo Exhibition is stepped by the compiled core (``_batch.c``: decisions,
deals, observations and masks of the whole batch in C), unless it is not
built or ``VITRINE_PURE_PYTHON=1``; then, as for every other table, the
engine steps each copy, and where the game's encoding offers a fast path
from the state (``flat_entries``: Exhibition's) the whole batch's
observations are written with two numpy assignments instead of building
and encoding every player's view.  Every path gives the same numbers (the
tests play them side by side).  In the compiled path a copy keeps no engine
state: ``envs[i].game_state`` is not the game played there.
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

from vitrine.adapters.gymnasium_env import TableEnv
from vitrine.adapters.spaces import observation_space
from vitrine.adapters.table import ILLEGAL_REWARD, action_id
from vitrine.engine.errors import VitrineError
from vitrine.kit.encoding import (
    CompiledBatch,
    compiled_batch_of,
    flat_entries_of,
    flat_size,
    flatten,
)

Batch = dict[str, npt.NDArray[Any]]  # {"observation": (n, size), "action_mask": (n, actions)}


class VectorTableEnv(VectorEnv):
    """``num_envs`` games of one seat, stepped as one batch."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium declares it mutable)

    def __init__(
        self,
        game: str | None = None,
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
        first = self.envs[0].table.deal(0)
        self.compiled: CompiledBatch | None = compiled_batch_of(encoding, first, num_envs)

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
            if self.compiled is not None:
                self.compiled.start(index, env.game_state)
            infos = self._add_info(infos, info, index)
        self._observe(None)
        return self._batch(), infos

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Batch, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """One decision in every copy; a finished game is replaced at once."""
        chosen = self._action_ids(actions)
        ended = self._step_engine(chosen) if self.compiled is None else self._step_compiled(chosen)
        rewards = np.zeros(self.num_envs)
        terminations = np.zeros(self.num_envs, bool)
        infos: dict[str, Any] = {}
        for index, (reward, info) in ended.items():
            rewards[index], terminations[index] = reward, True
            infos = self._add_info(infos, info, index)
        self._observe(None)
        if ended:
            final_obs = np.full(self.num_envs, None, object)
            final_info = np.full(self.num_envs, None, object)
            for index, (_, info) in ended.items():
                final_obs[index] = {
                    "observation": self.observations[index].copy(),
                    "action_mask": self.masks[index].copy(),
                }
                final_info[index] = info
                self._start(index, self.envs[index].new_deal())
            self._observe(list(ended))
            infos = {
                "final_obs": final_obs,
                "_final_obs": terminations.copy(),
                "final_info": final_info,
                "_final_info": terminations.copy(),
                **infos,
            }
        return self._batch(), rewards, terminations, np.zeros(self.num_envs, bool), infos

    def _step_engine(
        self, chosen: npt.NDArray[np.int64]
    ) -> dict[int, tuple[float, dict[str, Any]]]:
        """Every copy's action through the engine; the copies whose game ended,
        with their reward and info."""
        ended = {}
        actions = self.encoding.num_actions
        for index, env in enumerate(self.envs):
            action = int(chosen[index])
            if 0 <= action < actions and self.masks[index, action]:
                reward, over, info = env.advance(action)
            else:
                reward, over, info = ILLEGAL_REWARD, True, self._illegal(index, action)
            if over:
                ended[index] = (reward, info)
        return ended

    def _step_compiled(
        self, chosen: npt.NDArray[np.int64]
    ) -> dict[int, tuple[float, dict[str, Any]]]:
        """The same through the compiled batch."""
        assert self.compiled is not None
        rewards = np.zeros(self.num_envs)
        over, illegal = np.zeros(self.num_envs, np.uint8), np.zeros(self.num_envs, np.uint8)
        totals = np.zeros(self.num_envs, np.int64)
        self.compiled.step(chosen, rewards, over, illegal, totals)
        ended: dict[int, tuple[float, dict[str, Any]]] = {}
        for index in np.flatnonzero(over).tolist():
            if illegal[index]:
                ended[index] = (ILLEGAL_REWARD, self._illegal(index, int(chosen[index])))
            else:
                ended[index] = (float(rewards[index]), {"total": int(totals[index])})
        return ended

    def _illegal(self, index: int, action: int) -> dict[str, str]:
        """The info of an illegal action in copy ``index`` (its mask is still the one acted on)."""
        legal = ", ".join(map(str, np.flatnonzero(self.masks[index])[:8].tolist()))
        return {"illegal_action": f"action {action} is not legal here; legal ids: {legal}"}

    def _action_ids(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise VitrineError(f"{self.num_envs} actions expected, got shape {chosen.shape}")
        if chosen.dtype.kind in "iu":
            return np.ascontiguousarray(chosen, np.int64)
        return np.array([action_id(action) for action in chosen.tolist()], np.int64)

    def _start(self, index: int, deal: int) -> None:
        """Copy ``index`` starts a game of ``deal`` (its single environment's
        next episode: the same draws from its generator)."""
        env = self.envs[index]
        if self.compiled is None:
            env.begin(deal)
        else:
            env.draw_episode()
            self.compiled.start_deal(index, deal)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every copy's legal actions now, for maskable learners."""
        return self.masks.astype(bool)

    def _observe(self, indices: list[int] | None) -> None:
        """Write the observation and mask of each copy in ``indices`` (None: every copy)."""
        if self.compiled is not None:
            self.compiled.observe(self.observations, self.masks, indices)
            return
        every = range(self.num_envs) if indices is None else indices
        self.masks[every] = 0
        self.observations[every] = 0
        size, actions = self.size, self.encoding.num_actions
        ones: list[int] = []
        scaled: list[tuple[int, float]] = []
        legal_ids: list[int] = []
        for index in every:
            env = self.envs[index]
            state = env.game_state
            if state.current_player == env.seat:
                base = index * actions
                legal_ids += [base + action for action in state.legal_action_ids()]
            if self.fast is None:
                arrays = self.encoding.encode(state.view(env.seat))
                self.observations[index] = flatten(self.encoding, arrays)
            else:
                self.fast(state, env.seat, index * size, ones, scaled)
        # numpy indexes with an index array several times faster than with a list
        self.masks.ravel()[np.array(legal_ids, np.intp)] = 1
        flat_obs = self.observations.ravel()
        flat_obs[np.array(ones, np.intp)] = 1
        if scaled:
            where, values = zip(*scaled, strict=True)
            flat_obs[np.array(where, np.intp)] = values

    def _batch(self) -> Batch:
        return {"observation": self.observations.copy(), "action_mask": self.masks.copy()}
