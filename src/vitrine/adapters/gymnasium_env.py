"""Gymnasium environments: one player, alone (Exhibition's solo mode) or against bots.

The agent holds one seat; every other seat is a bot of :mod:`vitrine.bots`
chosen by spec (``opponents=["greedy", "ismcts:500"]``), which plays its
decisions inside ``reset`` and ``step`` until the agent is to act again, so
an episode is one whole game from the agent's side.  The reward comes at
the end: the agent's ``returns()`` (solo Exhibition: the score as a
fraction of a score no game reaches; against bots: the agent's share of the
win).  Registered ids (importing this module registers them), as each
game's plug-in names them:

- alone, for a game with a solo mode: ``vitrine/ExhibitionSolo-v1``;
- each game against ``opponents`` (one ``greedy`` bot unless given):
  ``vitrine/Exhibition-v1``, ``vitrine/Tucano-v1``, ``vitrine/DontGoInThere-v1``.

Gymnasium agents often act without a mask (the environment checker does),
so an illegal action does not raise: it ends the episode with
``ILLEGAL_REWARD``, leaves the game as it was and says why in
``info["illegal_action"]``.  The mask is in every observation and, for
sb3-contrib's maskable algorithms, from ``action_masks()``.
"""

from collections.abc import Sequence
from random import Random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from vitrine.adapters.render import RENDER_MODES, check_render_mode, render
from vitrine.adapters.spaces import Observation, observation_space, observe
from vitrine.adapters.table import DEAL_SEEDS, ILLEGAL_REWARD, checked_action, make_table
from vitrine.bots import Bot, make_bot
from vitrine.engine.errors import IllegalTurnError, VitrineError
from vitrine.engine.protocol import GameState
from vitrine.games import default_game, plugins

SEEDS = 2**63  # the bots' random streams are seeded from the environment's generator


class TableEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a game, the others played by bots (none: the solo mode)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Gymnasium declares it mutable)

    def __init__(
        self,
        game: str | None = None,
        opponents: Sequence[str] = (),
        seat: int | None = None,
        variants: Sequence[str] = (),
        obs_type: str = "flat",
        render_mode: str | None = None,
    ) -> None:
        """``game``: its name (None: the first installed, ``games.default_game``);
        ``seat``: the agent's, fixed, or None for one drawn every episode
        (the start player's edge is real, so a policy should learn every seat)."""
        game = game or default_game()
        if isinstance(opponents, str):
            raise VitrineError(f"opponents is a list of bot specs, got the string {opponents!r}")
        self.render_mode = check_render_mode(render_mode)
        players = len(opponents) + 1
        self.bots: list[Bot] = [make_bot(spec, game, players) for spec in opponents]
        if seat is not None and not 0 <= seat < players:
            raise VitrineError(f"seat {seat} is not one of the {players} seats (0-{players - 1})")
        self.fixed_seat = seat
        names = [f"player_{index}" for index in range(players)]
        self.table = make_table(game, names, variants, obs_type)
        self.observation_space = observation_space(self.table.encoding, obs_type)
        self.action_space = spaces.Discrete(self.table.encoding.num_actions)
        self.seat = seat or 0
        self._state: GameState | None = None
        self._bot_rng = Random(0)

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
        ``options`` may give ``{"deal": N}`` to play one deal by its number.
        The bots seated before the agent play their first decisions."""
        super().reset(seed=seed)
        deal = self._deal(options or {})
        state = self.begin(deal)
        if self.render_mode == "human":
            self.render()
        return self._observe(state), {"deal": deal, "seat": self.seat}

    def step(self, action: np.int64) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        state = self._state
        if state is None or state.is_over:
            raise VitrineError("the episode is over (or never began): call reset()")
        try:
            chosen = checked_action(state, action)
        except IllegalTurnError as error:
            return self._observe(state), ILLEGAL_REWARD, True, False, {"illegal_action": str(error)}
        reward, over, info = self.advance(chosen)
        if self.render_mode == "human":
            self.render()
        return self._observe(state), reward, over, False, info

    def begin(self, deal: int) -> GameState:
        """A new game of ``deal``: the agent's seat drawn (unless fixed), the
        bots' random streams seeded, and the bots before the agent played."""
        self.draw_episode()
        self._state = state = self.table.deal(deal)
        self._play_bots(state)
        return state

    def advance(self, action: int) -> tuple[float, bool, dict[str, Any]]:
        """Apply the agent's legal action id, then the bots' decisions until
        the agent is to act again: the reward, whether the game is over, and
        the info (the agent's score once it is)."""
        state = self.game_state
        state.apply_action_id(action)
        self._play_bots(state)
        if not state.is_over:
            return 0.0, False, {}
        total = state.view(self.seat)["scores"][self.seat]["total"]
        return state.returns()[self.seat], True, {"total": total}

    def draw_episode(self) -> None:
        """What an episode draws from the generator besides its deal: the
        agent's seat (unless fixed) and the seed of the bots' stream."""
        draw = int(self.np_random.integers(len(self.bots) + 1))
        self.seat = draw if self.fixed_seat is None else self.fixed_seat
        self._bot_rng = Random(int(self.np_random.integers(SEEDS)))

    def new_deal(self) -> int:
        """The next deal number from the environment's generator."""
        return int(self.np_random.integers(DEAL_SEEDS))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as sb3-contrib's ``MaskablePPO`` asks for them."""
        state = self.game_state
        mask = np.zeros(self.table.encoding.num_actions, dtype=bool)
        if state.current_player == self.seat:
            mask[state.legal_action_ids()] = True
        return mask

    def render(self) -> str | None:
        """The table as the agent sees it (their view: nothing they may not see)."""
        return render(self.table.game, self.game_state.view(self.seat), self.render_mode)

    def _play_bots(self, state: GameState) -> None:
        """The bots' decisions until the agent is to act or the game is over;
        each bot sees only its own view, as in every vitrine game."""
        game = self.table.game
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            bot = self.bots[(seat - self.seat - 1) % len(self.bots)]
            state.apply_action(bot.choose(game, state.view(seat), self._bot_rng))

    def _deal(self, options: dict[str, Any]) -> int:
        unknown = sorted(set(options) - {"deal"})
        if unknown:
            raise VitrineError(f"unknown reset option(s): {', '.join(unknown)} (known: deal)")
        if "deal" not in options:
            return self.new_deal()
        deal = options["deal"]
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 0:
            raise VitrineError(f"reset option 'deal' must be a non-negative integer, got {deal!r}")
        return deal

    def _observe(self, state: GameState) -> Observation:
        legal = state.legal_action_ids() if state.current_player == self.seat else []
        return observe(self.table.encoding, self.table.obs_type, state, self.seat, legal)


ENTRY_POINT = "vitrine.adapters.gymnasium_env:TableEnv"
DEFAULT_OPPONENTS = ("greedy",)


def register_environments() -> tuple[dict[str, str], dict[str, str]]:
    """Register every installed game's ids with Gymnasium, those its plug-in
    names: against ``DEFAULT_OPPONENTS`` (``gymnasium_id``) and alone
    (``solo_gymnasium_id``).  Returns both, by game; an id already registered
    is left as it is, so calling this again after installing a game adds it."""
    against: dict[str, str] = {}
    alone: dict[str, str] = {}
    for plugin in plugins():
        for ids, env_id, kwargs in (
            (against, plugin.gymnasium_id, {"opponents": DEFAULT_OPPONENTS}),
            (alone, plugin.solo_gymnasium_id, {}),
        ):
            if env_id is None:
                continue
            ids[plugin.name] = env_id
            if env_id not in gymnasium.registry:
                gymnasium.register(
                    id=env_id, entry_point=ENTRY_POINT, kwargs={"game": plugin.name, **kwargs}
                )
    return against, alone


GAME_IDS, SOLO_IDS = register_environments()
