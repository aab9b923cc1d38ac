"""What stays fixed for a whole game of Exhibition, and what a state asks of its game.

``GameConfig`` holds the cards, the hall, the players, the options and the
deal; every copy of a state shares it.  ``ExhibitionViews`` is what a state
asks from above (``state_views``): its view, why a placement is refused, the
final returns, the playout core, a re-deal of what a player cannot see.
Those computations read the state, so the state cannot import them: it asks
the object its configuration carries, and the modules stay in one direction
(cards, hall, notation, then this module, then the state, then what reads
the state).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Protocol

from vitrine.engine.errors import IllegalTurnError, VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.games.exhibition.cards import (
    ALL_YEARS_MASK,
    EINSTEIN_BIT,
    CardTable,
    year_window_mask,
)
from vitrine.games.exhibition.layout import Hall, LayoutData, ScoringConstants
from vitrine.games.exhibition.notation import Notation
from vitrine.games.exhibition.options import Options
from vitrine.kit.game import Views

GAME_NAME = "exhibition"
# Every version whose records replay, the current last.  They differ only in
# their cards (cards.json's ``previous``): 2026.2 made 1972 South American (D-1).
RULES_VERSIONS: tuple[str, ...] = ("exhibition-2026.1", "exhibition-2026.2")
RULES_VERSION = RULES_VERSIONS[-1]
MIN_PLAYERS = 1
MAX_PLAYERS = 5
MARKET_PER_CONTINENT = 3
ALL_CARDS_MASK = ALL_YEARS_MASK | EINSTEIN_BIT
EMPTY = -1
MASK_CACHE_SIZE = 200_000
MaskCache = dict[tuple[int, tuple[int, ...], int], list[int]]


@cache
def shared_mask_cache(table: CardTable, hall: Hall) -> MaskCache:
    """One memo of legality masks for every game on the same cards and hall."""
    return {}


NOBODY = -1

SHAPING_MARGIN = 5.0  # fp of lead that shaped returns count as a clear edge
SOLO_SCALE = 30  # fp: a solo score's scale for returns, above any reachable total
TAKE_STRIDE = 8  # take id = card * TAKE_STRIDE + destination + 1
PLACE_BASE = 1024  # place id = PLACE_BASE + PLACE_OFFSET + target (END and DEPOT < 0)
PLACE_OFFSET = 2

TAKE_PHASE = "take"
PLACE_PHASE = "place"
OVER = "over"


class Traced(Protocol):
    """What a state reads of a playout told in full (``purecore.Trace``)."""

    @property
    def returns(self) -> list[float]: ...

    @property
    def totals(self) -> list[int]: ...


class Rollouts(Protocol):
    """What a state asks of its playout core (``fastplayout.PlayoutCore``,
    which answers more for search and tests)."""

    def playout(
        self, state: Any, seed: int, informed: bool = False, margin: float = 0.0
    ) -> list[float]: ...

    def trace(
        self, state: Any, seed: int, informed: bool = False, margin: float = 0.0
    ) -> Traced: ...


class ExhibitionViews(Views[Any], Protocol):
    """What a state asks from above beyond ``kit.game.Views``.

    The state is ``Any`` here: this module sits below the state's, and
    ``state_views.StateViews`` types its methods with it."""

    def explain_refusal(self, state: Any, player: int, card: int, target: int) -> IllegalTurnError:
        """Why ``card`` may not go to hall spot ``target`` (``explain``)."""
        ...

    def returns(self, state: Any) -> list[float]:
        """The protocol's returns of a finished (or playout-ended) state."""
        ...

    def build_core(self, config: "GameConfig") -> Rollouts:
        """A new playout core for ``config`` (``fastplayout.build_core``)."""
        ...


@dataclass(frozen=True, eq=False)
class GameConfig:
    """What stays fixed for a whole game; shared by every copy of its state."""

    table: CardTable
    layout: LayoutData
    hall: Hall
    players: tuple[str, ...]
    options: Options
    seed: int | None
    deck: tuple[int, ...]
    explicit_deck: bool
    secret_decades: tuple[int, ...]
    notation: Notation
    mask_cache: "MaskCache"
    rules_version: str
    overlay: Overlay | None  # the rule overlay the table and layout come from
    views: ExhibitionViews  # what the state asks from above (``state_views``)

    @cached_property
    def num_players(self) -> int:  # cached: every placement and turn change reads it
        return len(self.players)

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def scoring(self) -> ScoringConstants:
        return self.layout.scoring

    @cached_property
    def spot_ranges(self) -> tuple[tuple[int, int], ...]:
        """Per showcase: its first spot and the spot after its last."""
        return tuple(
            (r.start, r.stop) for r in map(self.hall.spots_of, range(len(self.hall.showcases)))
        )

    @cached_property
    def playout_core(self) -> Rollouts:
        """The playout core of this game (``fastplayout``), built on first
        use; kept here, where every rollout finds it with one lookup."""
        return self.views.build_core(self)

    @cached_property
    def white_take_offsets(self) -> tuple[int, ...]:
        """What a white card's take id adds to ``card * TAKE_STRIDE``, one per
        destination continent (see ``ExhibitionState.legal_action_ids``)."""
        return tuple(dest + 1 for dest in range(self.table.num_continents))

    @cached_property
    def cross_player_showcases(self) -> tuple[int, ...]:
        """Showcases whose legality depends on other players' halls."""
        return tuple(
            index
            for index, showcase in enumerate(self.hall.showcases)
            if showcase.rules.exclusive_continent or showcase.rules.unique_decades
        )

    @cached_property
    def unique_decades_allowed(self) -> dict[int, int]:
        """Per Unique Decades showcase: the cards of the decades allowed (D-11)."""
        allowed = {}
        for index, showcase in enumerate(self.hall.showcases):
            table = showcase.rules.unique_decades
            if table is not None:
                first, last = table[self.num_players]
                allowed[index] = year_window_mask(first, last + 9)
        return allowed


def make_config(
    table: CardTable,
    layout: LayoutData,
    players: Sequence[str],
    options: Options,
    seed: int | None,
    deck: tuple[int, ...],
    explicit_deck: bool,
    secret_decades: tuple[int, ...],
    rules_version: str,
    views: ExhibitionViews,
    overlay: Overlay | None = None,
) -> GameConfig:
    """A game's configuration, refusing a number of players the game is not for."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise VitrineError(
            f"Exhibition is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}",
            "player_count",
            {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "got": len(players)},
        )
    hall = layout.hall(options.variations)
    return GameConfig(
        table=table,
        layout=layout,
        hall=hall,
        players=tuple(players),
        options=options,
        seed=seed,
        deck=deck,
        explicit_deck=explicit_deck,
        secret_decades=secret_decades,
        notation=Notation(hall, table),
        mask_cache=shared_mask_cache(table, hall),
        rules_version=rules_version,
        overlay=overlay,
        views=views,
    )
