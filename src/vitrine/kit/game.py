"""What every game's definition and state do alike, written once.

A game's ``Game`` and ``GameState`` (``engine.protocol``) share a skeleton:
the protocol's attributes, a rule overlay that becomes the only version a
definition plays, ``new_game`` as the game's own ``start``, records replayed
turn by turn and read from JSON text, greedy values the plain way, the seat
to act.  The games build on these bases and write only what is theirs.

A state's view of itself, what it hides from whom, and how it is re-dealt
for search are computed above the state (a game's ``view``, ``determinize``
modules): the state asks for them the ``Views`` its configuration carries
(the definition itself, or one object of the game's own, ``state_views``),
so that the state's module imports none of them.  A view is asked for in two
parts, what everyone sees and what only its viewer does, so that a server
builds the first once for all its watchers.
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Generic, Protocol, TypeVar

from vitrine.engine.errors import RecordError, VitrineError
from vitrine.engine.evaluation import greedy_values
from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import GameState, viewer_header
from vitrine.engine.record import Record

S = TypeVar("S", bound=GameState)
S_contra = TypeVar("S_contra", contravariant=True)


class Views(Protocol[S_contra]):
    """What a state asks of the functions above it (its game's view and
    determinization), answered by the game's definition that made it."""

    def public_view(self, state: S_contra) -> dict[str, Any]: ...

    def private_view(self, state: S_contra, player: int | None) -> dict[str, Any]: ...

    def provisional_scores(self, state: S_contra, viewer: int | None) -> list[dict[str, Any]]: ...

    def redeterminize(self, state: S_contra, viewer: int, rng: Random) -> None: ...


class Configuration(Protocol):
    """What every game's configuration (the fixed part of a game, shared by
    every copy of its state) holds for ``StateBase``."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def views(self) -> Views[Any]: ...


class GameBase(ABC, Generic[S]):
    """A game's definition: the protocol's attributes and what every game does alike.

    A subclass sets ``name``, ``min_players``, ``max_players``,
    ``setup_fields``, ``rules_version`` and ``rules_versions`` as class
    attributes, and ``state_type``, the class of its states."""

    name: str
    rules_version: str
    rules_versions: tuple[str, ...]
    min_players: int
    max_players: int
    setup_fields: tuple[str, ...]
    overlay: Overlay | None = None
    state_type: type[S]

    def __init__(self, overlay: Overlay | None = None) -> None:
        """``overlay``: the rule overlay this definition's data comes from,
        which is then the only rules version it plays."""
        if overlay is not None:
            self.overlay = overlay
            self.rules_version = overlay.version
            self.rules_versions = (overlay.version,)

    @abstractmethod
    def start(
        self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        rules_version: str | None = None,
    ) -> S:
        """A new game from a seed (a game may take explicit setups too),
        under the current rules unless ``rules_version`` names earlier ones."""

    def replay(self, record: Record) -> S:
        """Rebuild the position a record reaches, refusing bad or illegal
        records: the game the record starts (``record_start``), then each of
        its turns (``replay_turn``), a refusal naming the turn at fault."""
        record.check_game(self.name, self.rules_versions)
        try:
            state = self.record_start(record)
        except VitrineError as error:
            raise RecordError.caused_by(error) from None
        last = len(record.turns)
        for number, text in enumerate(record.turns, start=1):
            try:
                self.replay_turn(state, text, number == last)
            except VitrineError as error:
                raise RecordError.caused_by(error, number, text) from None
        return state

    def record_start(self, record: Record) -> S:
        """The game a record starts: its players, options, seed and rules
        version; a game whose records hold setup fields hands them on."""
        return self.start(
            record.players, record.options, seed=record.seed, rules_version=record.rules_version
        )

    def replay_turn(self, state: S, text: str, last: bool) -> None:
        """One of a record's turns played; ``last``: the record's last, which
        a game may let stop mid-turn."""
        state.push(text)

    @abstractmethod
    def with_overlay(self, overlay: Overlay) -> "GameBase[S]":
        """This game under a designer's rule overlay (``engine.overlay``)."""

    @abstractmethod
    def parse_options(self, variants: Sequence[str]) -> dict[str, Any]:
        """Options from command-line style names, refusing unknown ones."""

    @abstractmethod
    def determinize(self, view: Mapping[str, Any], rng: Random) -> S:
        """A full state consistent with a player's view, hidden parts sampled."""

    @abstractmethod
    def evaluate(self, state: GameState, player: int) -> float:
        """A quick estimate of how well ``player`` stands, for greedy play."""

    def new_game(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        seed: int,
        rules_version: str | None = None,
    ) -> S:
        return self.start(players, options, seed=seed, rules_version=rules_version)

    def load(self, text: str) -> S:
        """Replay a record given as JSON text."""
        return self.replay(Record.from_json(text, self.setup_fields))

    def own(self, state: GameState) -> S:
        """``state`` as one of this game's, refused otherwise (another game's
        state handed to this game's evaluation, say)."""
        if not isinstance(state, self.state_type):
            raise TypeError(f"{type(state).__name__} is not a state of the game {self.name!r}")
        return state

    def greedy_values(self, view: Mapping[str, Any], rng: Random) -> list[float]:
        """Greedy play's values, the plain way (``engine.evaluation``); a game
        that computes them faster overrides this, with the same values."""
        return greedy_values(self, view, rng)

    def decision_values(
        self, state: GameState, width: int, actions: Sequence[str] | None = None
    ) -> dict[str, float]:
        """Refused: a game with a perfect-information search overrides this."""
        raise VitrineError(
            f"{self.name} has no perfect-information search: use ismcts or ismcts+ "
            "rather than pimc",
            "no_perfect_information_search",
            {"game": self.name},
        )


class StateBase(ABC):
    """What every game's state answers alike: its seats and the seat to act.

    A subclass keeps ``config`` (with ``players``, the seats' names) and
    ``current`` (the seat to act while the game goes on) and says when the
    game ``is_over``; its configuration's ``views`` answer the ``view`` it asks for."""

    __slots__ = ()
    config: Configuration
    current: int

    @property
    def num_players(self) -> int:
        return len(self.config.players)

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.current

    def view(self, player: int | None) -> dict[str, Any]:
        return {**self.public_view(), **self.private_view(player)}

    def public_view(self) -> dict[str, Any]:
        return self.config.views.public_view(self)

    def private_view(self, player: int | None) -> dict[str, Any]:
        """Whose view it is (checked), then what the game shows only to them."""
        header = viewer_header(player, self.num_players)
        return {**header, **self.config.views.private_view(self, player)}

    def provisional_scores(self, viewer: int | None) -> list[dict[str, Any]]:
        return self.config.views.provisional_scores(self, viewer)

    def redeterminize(self, viewer: int, rng: Random) -> None:
        self.config.views.redeterminize(self, viewer, rng)
