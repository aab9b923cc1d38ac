"""What stays fixed for a whole game of Tucano, and its decisions as small ints.

``GameConfig`` holds the cards, the players, the deal and the rules version;
every copy of a state shares it, and carries what the state asks from above
(``state_views``: its view, the re-deal of what nobody can see), so that the
state's modules import none of the modules that read the state.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.games.tucano.cards import TOUCAN_IDS, CardTable
from vitrine.games.tucano.notation import COLUMN, JOKER_CHOICE, NONE, Decision, Notation
from vitrine.games.tucano.rules import CURRENT, Rules
from vitrine.kit.game import Views

GAME_NAME = "tucano"
RULES_VERSION = CURRENT.version
MIN_PLAYERS = 2
MAX_PLAYERS = 4
NOBODY = -1
SHAPING_MARGIN = 8.0  # points of lead that shaped returns count as a clear edge
INFORMED_NOISE = 0.2  # the share of informed playouts' columns still chosen at random
ID_BASE = 8  # ids below are columns; from it on, toucan decisions (see ``encode``)
SEAT_STRIDE = MAX_PLAYERS + 1  # a seat, or none


@dataclass(frozen=True, eq=False)
class GameConfig:
    """What stays fixed for a whole game; shared by every copy of its state."""

    table: CardTable
    players: tuple[str, ...]
    seed: int | None
    deck: tuple[int, ...]  # the draw pile, top card first
    explicit_deck: bool
    notation: Notation
    rules: Rules
    views: Views[Any]  # what the state asks from above (``state_views``)

    @property
    def num_players(self) -> int:
        return len(self.players)


def encode(decision: Decision, table: CardTable) -> int:
    """A decision as a small int: the column's index; a toucan decision
    packed from its toucan, card (or none) and seat (or none); then, above
    them all, the joker's fruit."""
    toucan, card, seat = decision
    if toucan == COLUMN:
        return card
    if toucan == JOKER_CHOICE:
        return joker_base(table) + card
    cards = table.joker + 2  # every fruit, the joker, or none
    return ID_BASE + ((toucan - table.flip) * cards + card + 1) * SEAT_STRIDE + seat + 1


def decode(action: int, table: CardTable) -> Decision:
    if action < ID_BASE:
        return Decision(COLUMN, action, NONE)
    if action >= joker_base(table):
        return Decision(JOKER_CHOICE, action - joker_base(table), NONE)
    rest, seat = divmod(action - ID_BASE, SEAT_STRIDE)
    toucan, card = divmod(rest, table.joker + 2)
    return Decision(table.flip + toucan, card - 1, seat - 1)


def joker_base(table: CardTable) -> int:
    """The id of the joker joining the first fruit; one per fruit from it."""
    return ID_BASE + len(TOUCAN_IDS) * (table.joker + 2) * SEAT_STRIDE


def num_action_ids(table: CardTable) -> int:
    """One more than the largest id ``encode`` can give."""
    return joker_base(table) + table.fruits


def make_config(
    table: CardTable,
    players: Sequence[str],
    seed: int | None,
    deck: tuple[int, ...],
    explicit_deck: bool,
    rules: Rules,
    views: Views[Any],
) -> GameConfig:
    """A game's configuration, refusing a number of players the game is not for."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise VitrineError(
            f"Tucano is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}",
            "player_count",
            {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "got": len(players)},
        )
    return GameConfig(
        table=table,
        players=tuple(players),
        seed=seed,
        deck=deck,
        explicit_deck=explicit_deck,
        notation=Notation(table),
        rules=rules,
        views=views,
    )
