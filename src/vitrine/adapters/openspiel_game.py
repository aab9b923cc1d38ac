"""An OpenSpiel game, registered with ``pyspiel`` as ``vitrine_exhibition``.

Importing this module registers it; then ``pyspiel.load_game(
"vitrine_exhibition(players=3,variants=links+secret_decade)")`` loads it.
Randomness is explicit (the setup, then the refill after each take, are
chance nodes with uniform outcomes: see ``exhibition_chance``), returns are
the engine's win shares (a constant sum of 1), and observations, string and
tensor, come from the player's view, so they hide what the player cannot
see.  The view is not perfect recall (it shows the market now, not the order
cards arrived in), so no information state is offered.
"""

import json
from typing import Any, Protocol

import numpy as np
import pyspiel

from vitrine.adapters.encoding import Array, flat_size, flatten
from vitrine.adapters.exhibition_chance import MAX_OUTCOMES, ExhibitionChance
from vitrine.adapters.table import Table, make_table
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import GameState
from vitrine.games.exhibition.game import ExhibitionGame
from vitrine.games.exhibition.state import MAX_PLAYERS

SHORT_NAME = "vitrine_exhibition"
MIN_PLAYERS = 2  # solo is a one-player game of score, not of win shares
VARIANT_SEPARATOR = "+"  # OpenSpiel parameter strings already use commas
MAX_DECISIONS = 2 * 101  # a take and a placement for each of the 101 cards


class Chance(Protocol):
    """A game's random events as chance nodes (see ``exhibition_chance``)."""

    def setup_outcomes(self, dealt: list[int]) -> list[int]: ...
    def setup_text(self, dealt: list[int], outcome: int) -> str: ...
    def start(self, dealt: list[int]) -> GameState: ...
    def refill_outcomes(self, state: GameState, action: int) -> list[int]: ...
    def refill_text(self, outcome: int) -> str: ...
    def apply_with_refill(self, state: GameState, action: int, outcome: int) -> None: ...


GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Exhibition: 20th Century (vitrine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "variants": ""},
)


class VitrineGame(pyspiel.Game):  # type: ignore[misc]
    """The game at one player count and set of variants (its parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        players = int(params.get("players", 2))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise VitrineError(f"players={players}: the OpenSpiel game takes 2 to {MAX_PLAYERS}")
        variants = [v for v in str(params.get("variants", "")).split(VARIANT_SEPARATOR) if v]
        names = [f"player_{seat}" for seat in range(players)]
        self.table: Table = make_table("exhibition", names, variants, "flat")
        game = self.table.game
        assert isinstance(game, ExhibitionGame)
        self.chance: Chance = ExhibitionChance(game, names, self.table.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.encoding.num_actions,
            max_chance_outcomes=MAX_OUTCOMES,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_DECISIONS,
        )
        super().__init__(GAME_TYPE, info, {"players": players, "variants": "+".join(variants)})

    def new_initial_state(self) -> "VitrineState":
        return VitrineState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> "ViewObserver":
        if params:
            raise VitrineError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and (
            iig_obs_type.perfect_recall
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise VitrineError("only the player's own view is observable (not perfect recall)")
        return ViewObserver(self.table)


class VitrineState(pyspiel.State):  # type: ignore[misc]
    """Setup chance nodes, then the engine's state, with a chance node after
    each take whose refill is still to be drawn (``pending``)."""

    def __init__(self, game: VitrineGame) -> None:
        super().__init__(game)
        self.chance = game.chance
        self.dealt: list[int] = []
        self.game_state: GameState | None = None
        self.pending: int | None = None

    def current_player(self) -> int:
        if self.game_state is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.game_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player() or self.game_state is None:
            return []
        return sorted(self.game_state.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self._chance_outcomes()
        return [(outcome, 1.0 / len(outcomes)) for outcome in outcomes]

    def _chance_outcomes(self) -> list[int]:
        if self.game_state is None:
            return self.chance.setup_outcomes(self.dealt)
        assert self.pending is not None
        return self.chance.refill_outcomes(self.game_state, self.pending)

    def _apply_action(self, action: int) -> None:
        if self.game_state is None:
            self.dealt.append(action)
            if not self.chance.setup_outcomes(self.dealt):
                self.game_state = self.chance.start(self.dealt)
        elif self.pending is not None:
            self.chance.apply_with_refill(self.game_state, self.pending, action)
            self.pending = None
        elif self.chance.refill_outcomes(self.game_state, action):
            self.pending = action
        else:
            self.game_state.apply_action_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if self.game_state is None:
            return self.chance.setup_text(self.dealt, action)
        if player == pyspiel.PlayerId.CHANCE:
            return self.chance.refill_text(action)
        return self.game_state.action_text(action)

    def is_terminal(self) -> bool:
        return self.game_state is not None and self.game_state.is_over

    def returns(self) -> list[float]:
        if self.game_state is None or not self.game_state.is_over:
            return [0.0] * self.num_players()
        return self.game_state.returns()

    def __str__(self) -> str:
        if self.game_state is None:
            return f"setup: {len(self.dealt)} dealt"
        return " | ".join(self.game_state.record().turns)


class ViewObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over the player's view; empty during the setup."""

    def __init__(self, table: Table) -> None:
        self.encoding = table.encoding
        self.tensor: Array = np.zeros(flat_size(self.encoding), np.float32)
        self.dict: dict[str, Array] = {}
        start = 0
        for field in self.encoding.fields:
            self.dict[field.name] = self.tensor[start : start + field.size].reshape(field.shape)
            start += field.size

    def set_from(self, state: VitrineState, player: int) -> None:
        if state.game_state is None:
            self.tensor.fill(0)
            return
        arrays = self.encoding.encode(state.game_state.view(player))
        self.tensor[:] = flatten(self.encoding, arrays)

    def string_from(self, state: VitrineState, player: int) -> str:
        if state.game_state is None:
            return f"setup: {len(state.dealt)} dealt"
        view = state.game_state.view(player)
        view.pop("legal_turns", None)
        return json.dumps(view, sort_keys=True)


pyspiel.register_game(GAME_TYPE, VitrineGame)
