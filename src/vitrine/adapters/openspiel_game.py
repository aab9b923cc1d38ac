"""OpenSpiel games, registered with ``pyspiel`` as ``vitrine_<game>``.

Importing this module registers one per installed game whose plug-in hands
over its chance events (``kit.chance``): ``vitrine_exhibition``,
``vitrine_tucano`` and ``vitrine_dontgointhere`` for the games shipped; then
``pyspiel.load_game("vitrine_exhibition(players=3,variants=links+secret_decade)")``
loads one.  Randomness is explicit (the setup, then the draws after an
action, are chance nodes: see ``chance``), returns are the engine's win
shares (a constant sum of 1), and observations, string and tensor, come
from the player's view, so they hide what the player cannot see.  The
information state is that view and the player's own past decisions, and a
state can be resampled from it (``Game.determinize``), which is what
OpenSpiel's ISMCTS and MCCFR need.  Bad parameters raise a ``SpielError``,
as OpenSpiel's own games do.
"""

import json
from dataclasses import replace
from random import Random
from typing import Any

import numpy as np
import pyspiel

from vitrine.adapters.table import Table, make_table
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import GameState
from vitrine.engine.record import Record
from vitrine.games import get_plugin, plugins
from vitrine.kit.chance import Chance, ChanceGame, Draws, Outcomes
from vitrine.kit.encoding import Array, flat_size, flatten

PREFIX = "vitrine_"  # a game's short name is the prefix and its vitrine name
VARIANT_SEPARATOR = "+"  # OpenSpiel parameter strings already use commas
SAMPLER_SEEDS = 2**53  # a resample's random stream is seeded from OpenSpiel's sampler
CHANCE = int(pyspiel.PlayerId.CHANCE)


class OpenSpielError(VitrineError, pyspiel.SpielError):  # type: ignore[misc]
    """A refusal from the OpenSpiel games, caught as OpenSpiel's own
    ``pyspiel.SpielError`` (or as any vitrine refusal)."""

    default_code = "openspiel"


def game_type(game_name: str, chance_game: ChanceGame) -> pyspiel.GameType:
    """What OpenSpiel's algorithms may assume of every vitrine game: turns,
    explicit chance, hidden information, and win shares at the end."""
    return pyspiel.GameType(
        short_name=PREFIX + game_name,
        long_name=chance_game.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=chance_game.max_players,
        min_num_players=chance_game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": chance_game.min_players, "variants": ""},
    )


class VitrineGame(pyspiel.Game):  # type: ignore[misc]
    """One game at one player count and set of variants (its parameters)."""

    game_name: str  # each game's subclass (see ``register``) names its game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        game_name = self.game_name
        spec = chance_game_for(game_name)
        players = int(params.get("players", spec.min_players))
        if not spec.min_players <= players <= spec.max_players:
            raise OpenSpielError(
                f"players={players}: the OpenSpiel game {PREFIX + game_name} takes "
                f"{spec.min_players} to {spec.max_players}"
            )
        variants = [v for v in str(params.get("variants", "")).split(VARIANT_SEPARATOR) if v]
        names = [f"player_{seat}" for seat in range(players)]
        try:
            self.table: Table = make_table(game_name, names, variants, "flat")
        except VitrineError as error:
            raise OpenSpielError(str(error), error.code, error.params) from None
        self.chance: Chance = spec.chance(self.table.game, self.table.names, self.table.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.encoding.num_actions,
            max_chance_outcomes=spec.max_chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=spec.max_game_length,
        )
        parameters = {"players": players, "variants": VARIANT_SEPARATOR.join(variants)}
        super().__init__(game_type(game_name, spec), info, parameters)

    def new_initial_state(self) -> "VitrineState":
        return VitrineState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> "ViewObserver":
        """The player's view (OpenSpiel's default observation), or with
        ``perfect_recall`` the information state: the view and the player's
        own past decisions.  Nothing else is observable: not a public-only
        observation, nor another player's private information."""
        if params:
            raise OpenSpielError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            return ViewObserver(self.table, recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise OpenSpielError(
                "only a player's own view is observable (private_info=SINGLE_PLAYER)"
            )
        return ViewObserver(self.table, recall=iig_obs_type.perfect_recall)


class VitrineState(pyspiel.State):  # type: ignore[misc]
    """Setup chance nodes, then the engine's state, with chance nodes after
    an action (``pending``) while its draws (``drawn``) are still to be made;
    ``draws`` keeps those of the actions applied, in order, for ``record``,
    ``decisions`` each player's own, for their information state, and
    ``trail`` every step, who made it and what, for ``str``.

    OpenSpiel clones a Python state by deep-copying each attribute, so the
    game's fixed parts are read from the game (``table``, ``chance``), not
    kept here, and the engine's state is held in an ``EngineHolder``, which
    copies it the engine's cheap way (sharing its fixed configuration)."""

    def __init__(self, game: VitrineGame) -> None:
        super().__init__(game)
        self.dealt: list[int] = []
        self.engine = EngineHolder(None)
        self.pending: int | None = None
        self.pending_draws: Draws = ()
        self.drawn: list[int] = []
        self.draws: list[int] = []
        self.decisions: list[list[int]] = [[] for _ in range(game.num_players())]
        self.trail: list[tuple[int, int]] = []
        self.sampled_for: int | None = None  # resampled from this player's information state

    @property
    def table(self) -> Table:
        return self.get_game().table  # type: ignore[no-any-return]

    @property
    def chance(self) -> Chance:
        return self.get_game().chance  # type: ignore[no-any-return]

    @property
    def game_state(self) -> GameState | None:
        """The engine's state once the setup is dealt, None before."""
        return self.engine.state

    @game_state.setter
    def game_state(self, state: GameState | None) -> None:
        self.engine = EngineHolder(state)

    def current_player(self) -> int:
        if self.game_state is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.game_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player() or self.game_state is None:
            return []
        return sorted(self.game_state.legal_action_ids())

    def chance_outcomes(self) -> Outcomes:
        if self.game_state is None:
            return self.chance.setup_outcomes(self.dealt)
        assert self.pending is not None
        return self.chance.refill_outcomes(self.game_state, self.pending_draws, self.drawn)

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        self.trail.append((player, action))
        if player != CHANCE:
            self.decisions[player].append(action)
        if self.game_state is None:
            self.dealt.append(action)
            if not self.chance.setup_outcomes(self.dealt):
                self.game_state = self.chance.start(self.dealt)
        elif self.pending is not None:
            self.drawn.append(action)
            if len(self.drawn) == sum(self.pending_draws):
                self.chance.apply_with_refill(self.game_state, self.pending, self.drawn)
                self.draws += self.drawn
                self.pending = None
                self.drawn = []
        elif any(draws := self.chance.draws(self.game_state, action)):
            self.pending = action
            self.pending_draws = draws
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

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "VitrineState":
        """A state ``player_id`` cannot tell from this one: the hidden parts
        re-dealt by the game's own ``determinize`` from their view, seeded by
        ``probability_sampler`` (OpenSpiel's, a uniform draw in [0, 1)).
        Its decisions are this state's; its chance events are not known, so
        it has no record, and ``str`` says it is a sample."""
        if self.game_state is None or self.pending is not None:
            raise OpenSpielError("a state is resampled only where a player is to act")
        rng = Random(int(probability_sampler() * SAMPLER_SEEDS))
        sample: VitrineState = self.clone()
        view = self.game_state.view(player_id)
        sample.game_state = self.table.game.determinize(view, rng)
        sample.trail = []
        sample.sampled_for = player_id
        return sample

    def record(self) -> Record:
        """The game so far as a record that the game's ``replay`` turns into
        the same position: the engine's turns, with the setup fields of the
        cards (or dice) the chance nodes chose, where the engine's own record
        holds the placeholder order it started from.  An action still waiting
        for its draws is not in it yet.  There is none during the setup, nor
        for a resampled state."""
        if self.game_state is None:
            raise OpenSpielError(
                f"no record during the setup ({len(self.dealt)} chance outcomes dealt): "
                "the game starts once it is complete"
            )
        if self.sampled_for is not None:
            raise OpenSpielError(
                f"no record of a state resampled from player {self.sampled_for}'s "
                "information state: its hidden cards are a sample, not a deal"
            )
        setup = self.chance.setup_fields(self.dealt, self.draws)
        return replace(self.game_state.record(), setup=setup)

    def __str__(self) -> str:
        """Every step so far in words, chance outcomes included, so two
        states with different histories never print the same: ``deal 1907,
        ..., p0 1907, refill 1950, p0 G3``.  A resampled state starts with
        the player it was sampled for."""
        words = [] if self.sampled_for is None else [f"sampled for p{self.sampled_for}"]
        setup = len(self.dealt) if self.sampled_for is None else 0
        for step, (player, action) in enumerate(self.trail):
            if step < setup:
                words.append(self.chance.setup_text(self.dealt[:step], action))
            elif player == CHANCE:
                words.append(self.chance.refill_text(action))
            else:
                assert self.game_state is not None
                words.append(f"p{player} {self.game_state.action_text(action)}")
        return ", ".join(words)


class EngineHolder:
    """The engine's state inside an OpenSpiel state, copied by ``copy()``
    when OpenSpiel deep-copies it (a deep copy would copy the game's whole
    configuration, its caches included, with every clone)."""

    __slots__ = ("state",)

    def __init__(self, state: GameState | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> "EngineHolder":
        return EngineHolder(None if self.state is None else self.state.copy())


class ViewObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over the player's view, and with ``recall`` their own
    past decisions: in order in the string, as how many times each action
    was chosen in the tensor (field ``decisions``).  Empty during the setup."""

    def __init__(self, table: Table, recall: bool) -> None:
        self.encoding = table.encoding
        self.recall = recall
        self.view_size = flat_size(self.encoding)
        actions = self.encoding.num_actions if recall else 0
        self.tensor: Array = np.zeros(self.view_size + actions, np.float32)
        self.dict: dict[str, Array] = {}
        start = 0
        for field in self.encoding.fields:
            self.dict[field.name] = self.tensor[start : start + field.size].reshape(field.shape)
            start += field.size
        if recall:
            self.dict["decisions"] = self.tensor[start:]

    def set_from(self, state: VitrineState, player: int) -> None:
        if state.game_state is None:
            self.tensor.fill(0)
            return
        arrays = self.encoding.encode(state.game_state.view(player))
        self.tensor[: self.view_size] = flatten(self.encoding, arrays)
        if self.recall:
            self.dict["decisions"][:] = np.bincount(
                state.decisions[player], minlength=self.encoding.num_actions
            )

    def string_from(self, state: VitrineState, player: int) -> str:
        if state.game_state is None:
            return f"setup: {len(state.dealt)} dealt"
        view = state.game_state.view(player)
        view.pop("legal_turns", None)
        text = json.dumps(view, sort_keys=True)
        if not self.recall:
            return text
        words = " ".join(state.game_state.action_text(a) for a in state.decisions[player])
        return f"{text}\ndecisions: {words}"


def random_step(state: pyspiel.State, rng: np.random.Generator) -> None:
    """One step of a random game: a chance outcome drawn by its probability,
    or a uniformly random legal action, for tests and benchmarks."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def register(game_name: str) -> type[VitrineGame]:
    """Make ``vitrine_<game_name>`` loadable by ``pyspiel.load_game``: a class
    per game, as OpenSpiel constructs a game from its parameters alone."""
    game_class = type(f"Vitrine_{game_name}", (VitrineGame,), {"game_name": game_name})
    pyspiel.register_game(game_type(game_name, chance_game_for(game_name)), game_class)
    return game_class


def chance_game_for(game_name: str) -> ChanceGame:
    """The chance events ``game_name``'s plug-in hands over."""
    chance = get_plugin(game_name).chance
    if chance is None:
        raise VitrineError(f"the game {game_name!r} has no chance events for OpenSpiel")
    return chance()


GAME_CLASSES = {plugin.name: register(plugin.name) for plugin in plugins() if plugin.chance}
