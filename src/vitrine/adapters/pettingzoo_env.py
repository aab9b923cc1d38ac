"""A PettingZoo AEC environment for any game of the engine protocol.

Agents are ``player_0``, ``player_1``, ... in seat order; the agent to act is
the game's current player, who may act twice in a row where a turn has two
decisions (Exhibition's take, then placement).  Rewards come at the end: each
agent's ``returns()`` share of the win (1, 0, or a split first place).
An illegal action raises and changes nothing, as the engine does: mask it.
"""

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from vitrine.adapters.spaces import Observation, observation_space, observe
from vitrine.adapters.table import DEAL_SEEDS, checked_action, make_table
from vitrine.engine.protocol import GameState


class VitrineAECEnv(AECEnv):  # type: ignore[misc]
    """The game as a turn-based multi-agent environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "vitrine_v0",
        "render_modes": [],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "exhibition",
        players: int = 2,
        variants: Sequence[str] = (),
        obs_type: str = "flat",
    ) -> None:
        super().__init__()
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.table = make_table(game, self.possible_agents, variants, obs_type)
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

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        state = self.game_state
        legal = state.legal_action_ids() if state.current_player == seat else []
        return observe(self.table.encoding, self.table.obs_type, state.view(seat), legal)

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

    def _agent_to_act(self) -> str:
        seat = self.game_state.current_player
        assert seat is not None  # a new or unfinished game has a player to act
        return self.possible_agents[seat]


def env(
    game: str = "exhibition",
    players: int = 2,
    variants: Sequence[str] = (),
    obs_type: str = "flat",
) -> VitrineAECEnv:
    """The environment, as PettingZoo's ``env()`` convention builds one."""
    return VitrineAECEnv(game, players, variants, obs_type)
