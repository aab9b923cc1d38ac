"""PettingZoo AEC environments for any game of the engine protocol, built as the classic games are.

Each game has a module of its own with a versioned name
(:mod:`vitrine.adapters.pettingzoo.exhibition_v1`, ``tucano_v1``,
``dontgointhere_v1``) holding ``raw_env`` (the environment) and ``env()``
(the environment inside PettingZoo's classic wrapper stack:
``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``,
``OrderEnforcingWrapper``), so that code written for ``chess_v6`` or
``connect_four_v3`` runs unchanged.

Agents are ``player_0``, ``player_1``, ... in seat order; the agent to act is
the game's current player, who may act twice in a row where a turn has two
decisions (Exhibition's take, then placement).  Rewards come at the end: each
agent's ``returns()`` share of the win (1, 0, or a split first place).
Through ``env()``, an illegal action ends the game with -1 to the agent who
played it and 0 to the others, as in the classic games; ``raw_env`` raises
and changes nothing, as the engine does.
"""

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from vitrine.adapters.render import RENDER_MODES, check_render_mode, render
from vitrine.adapters.spaces import Observation, observation_space, observe
from vitrine.adapters.table import DEAL_SEEDS, ILLEGAL_REWARD, checked_action, make_table
from vitrine.engine.protocol import GameState


class VitrineAECEnv(AECEnv):  # type: ignore[misc]
    """A game as a turn-based multi-agent environment; a subclass per game
    (see :func:`game_env`) names the game and the environment's version."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "vitrine",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }
    game_name: ClassVar[str]

    def __init__(
        self,
        players: int = 2,
        variants: Sequence[str] = (),
        obs_type: str = "flat",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.table = make_table(self.game_name, self.possible_agents, variants, obs_type)
        self.observation_spaces = {
            agent: observation_space(self.table.encoding, obs_type)
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.table.encoding.num_actions)
            for agent in self.possible_agents
        }
        self._deals = np.random.default_rng()
        self.game_state: GameState = self.table.deal(0)  # replaced by every reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: from ``seed`` when given, else the next of the last seed's
        stream.  ``options`` is PettingZoo's hook for per-episode settings;
        this environment has none, so it is ignored."""
        if seed is not None:
            self._deals = np.random.default_rng(seed)
        self.game_state = self.table.deal(int(self._deals.integers(DEAL_SEEDS)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_act()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        state = self.game_state
        legal = state.legal_action_ids() if state.current_player == seat else []
        return observe(self.table.encoding, self.table.obs_type, state, seat, legal)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = checked_action(self.game_state, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.game_state.apply_action_id(chosen)
        if self.game_state.is_over:
            for agent_name, share in zip(
                self.possible_agents, self.game_state.returns(), strict=True
            ):
                self.rewards[agent_name] = share
                self.terminations[agent_name] = True
        else:
            self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as everyone sees it (a spectator's view: no secrets)."""
        return render(self.table.game, self.game_state.view(None), self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in memory and renders to the terminal."""

    def _agent_to_act(self) -> str:
        seat = self.game_state.current_player
        assert seat is not None  # a new or unfinished game has a player to act
        return self.possible_agents[seat]


def wrap(raw: VitrineAECEnv) -> AECEnv:
    """``raw`` inside the classic games' wrapper stack, in their order."""
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def game_env(game_name: str, env_name: str) -> tuple[type[VitrineAECEnv], Callable[..., AECEnv]]:
    """The ``raw_env`` class and ``env()`` function of one game's module:
    ``env(players=2, variants=(), obs_type="flat", render_mode=None)``."""
    metadata = {**VitrineAECEnv.metadata, "name": env_name}
    raw_env = type(env_name, (VitrineAECEnv,), {"metadata": metadata, "game_name": game_name})

    def env(**kwargs: Any) -> AECEnv:
        return wrap(raw_env(**kwargs))

    env.__doc__ = f"{env_name}: the raw environment inside the classic wrapper stack."
    return raw_env, env
