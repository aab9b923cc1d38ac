"""A Gymnasium environment for one player: the game's solo mode.

The agent is the only seat; the reward comes at the end and is the game's
solo ``returns()`` (Exhibition: the solo score as a fraction of a score no
game reaches).  Gymnasium agents often act without a mask (the environment
checker does), so an illegal action does not raise: it ends the episode
with ``ILLEGAL_REWARD``, leaves the game as it was and says why in
``info["illegal_action"]``.  The mask is in every observation.
"""

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from vitrine.adapters.spaces import Observation, observation_space, observe
from vitrine.adapters.table import DEAL_SEEDS, checked_action, make_table
from vitrine.engine.errors import IllegalTurnError, VitrineError
from vitrine.engine.protocol import GameState

ILLEGAL_REWARD = -1.0
SOLO_NAME = "player_0"


class SoloEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The game's solo mode as a single-agent environment."""

    metadata = {"render_modes": []}  # noqa: RUF012 (Gymnasium declares it mutable)

    def __init__(
        self, game: str = "exhibition", variants: Sequence[str] = (), obs_type: str = "flat"
    ) -> None:
        self.table = make_table(game, [SOLO_NAME], variants, obs_type)
        self.observation_space = observation_space(self.table.encoding, obs_type)
        self.action_space = spaces.Discrete(self.table.encoding.num_actions)
        self._state: GameState | None = None

    @property
    def game_state(self) -> GameState:
        """The game being played, for inspection (an agent sees only observations)."""
        if self._state is None:
            raise VitrineError("no game yet: call reset()")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new deal drawn from the environment's generator (seeded by ``seed``);
        ``options`` may give ``{"deal": N}`` to play one deal by its number."""
        super().reset(seed=seed)
        deal = self._deal(options or {})
        self._state = self.table.deal(deal)
        return self._observe(self._state), {"deal": deal}

    def step(self, action: np.int64) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        state = self._state
        if state is None or state.is_over:
            raise VitrineError("the episode is over (or never began): call reset()")
        try:
            chosen = checked_action(state, action)
        except IllegalTurnError as error:
            return self._observe(state), ILLEGAL_REWARD, True, False, {"illegal_action": str(error)}
        state.apply_action_id(chosen)
        if not state.is_over:
            return self._observe(state), 0.0, False, False, {}
        total = state.view(0)["scores"][0]["total"]
        return self._observe(state), state.returns()[0], True, False, {"total": total}

    def _deal(self, options: dict[str, Any]) -> int:
        unknown = sorted(set(options) - {"deal"})
        if unknown:
            raise VitrineError(f"unknown reset option(s): {', '.join(unknown)} (known: deal)")
        if "deal" not in options:
            return int(self.np_random.integers(DEAL_SEEDS))
        deal = options["deal"]
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 0:
            raise VitrineError(f"reset option 'deal' must be a non-negative integer, got {deal!r}")
        return deal

    def _observe(self, state: GameState) -> Observation:
        legal = state.legal_action_ids()
        return observe(self.table.encoding, self.table.obs_type, state.view(0), legal)


ENV_ID = "vitrine/ExhibitionSolo-v0"
gymnasium.register(id=ENV_ID, entry_point="vitrine.adapters.gymnasium_env:SoloEnv")
