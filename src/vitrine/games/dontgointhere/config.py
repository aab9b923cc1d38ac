"""What stays fixed for a whole game of Don't Go In There, and its constants.

``GameConfig`` holds the components, the notation, the players, the types
in play and the rules version; every copy of a state shares it, and carries
what the state asks from above (``state_views``: its view, the re-deal of
what a player cannot see), so that the state's modules import none of the
modules that read the state.
"""

from dataclasses import dataclass, field
from typing import Any

from vitrine.games.dontgointhere.components import Components, RoomCodes, TypeCodes
from vitrine.games.dontgointhere.notation import Notation
from vitrine.games.dontgointhere.rules import CURRENT, Rules
from vitrine.kit.game import Views

GAME_NAME = "dontgointhere"
RULES_VERSION = CURRENT.version
MIN_PLAYERS = 2
MAX_PLAYERS = 5
CARDS_PER_ROOM = 3
MEEPLES_TO_RESOLVE = 3
EMPTY = -1
NOBODY = -1
SHAPING_MARGIN = 10.0  # curses of margin that shaped returns count as a clear edge

PLACE, DICE, PICK, TOME, OVER = range(5)
PHASES = ("place", "dice", "pick", "tome", "over")


@dataclass(frozen=True, eq=False)
class GameConfig:
    """What stays fixed for a whole game; shared by every copy of its state."""

    components: Components
    notation: Notation
    codes: TypeCodes
    room_codes: RoomCodes
    players: tuple[str, ...]
    options: dict[str, Any]
    types: tuple[int, ...]
    seed: int | None
    rules: Rules
    views: Views[Any]  # what the state asks from above (``state_views``)
    setup: dict[str, Any] = field(default_factory=dict)  # the record's explicit fields

    @property
    def num_players(self) -> int:
        return len(self.players)
