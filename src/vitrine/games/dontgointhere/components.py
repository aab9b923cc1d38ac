"""The game's components, read from ``data/components.json`` and checked.

A card is a small int, ``type * 4 + (curse - 1)``: the two copies of a card
are identical in play, so a card is its kind and a pile is a multiset of
kinds.  Everything else the rules need (dice icons, flashlights, which room
is on which board) is looked up in the tables built here once.
"""

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from vitrine.engine.errors import VitrineError

VALUES = 4  # curse values 1..4: card = type * VALUES + curse - 1
END_TIMING = "end"
NOW_TIMING = "now"


@dataclass(frozen=True)
class CardType:
    code: str
    name: str
    timing: str
    effect: str


@dataclass(frozen=True)
class Room:
    code: str
    name: str
    board: int
    effect: str


@dataclass(frozen=True)
class Components:
    """The component tables; indices are the ints the state uses."""

    types: tuple[CardType, ...]
    rooms: tuple[Room, ...]
    partner: tuple[int, ...]  # the room on the other side of each room's board
    flashlights: tuple[int, ...]  # per space, top (index 0) first
    dice_icons: tuple[int, ...]  # per curse value - 1
    dice_count: int
    ghost_faces: int
    die_faces: int
    meeples: int
    copies: int
    setup: dict[int, tuple[int, int]]  # players -> (types in play, cards removed)
    end_order: tuple[int, ...]  # type indices of the end-game effects, in order

    @property
    def spaces(self) -> int:
        return len(self.flashlights)

    def type_index(self, code: str) -> int:
        for index, card_type in enumerate(self.types):
            if card_type.code == code:
                return index
        known = ", ".join(t.code for t in self.types)
        raise VitrineError(
            f"no card type {code!r} (known: {known})",
            "dgit_unknown_type",
            {"code": code, "known": known},
        )

    def room_index(self, code: str) -> int:
        for index, room in enumerate(self.rooms):
            if room.code == code:
                return index
        known = ", ".join(room.code for room in self.rooms)
        raise VitrineError(
            f"no room {code!r} (known: {known})",
            "dgit_unknown_room",
            {"code": code, "known": known},
        )

    def label(self, card: int) -> str:
        """``MI3``: the type's code and the curse value."""
        return f"{self.types[card // VALUES].code}{card % VALUES + 1}"

    def card(self, label: str) -> int:
        """The card a label names; refuses anything else with the reason."""
        code, value = label[:-1], label[-1:]
        if not value.isdigit() or not 1 <= int(value) <= VALUES:
            raise VitrineError(
                f"{label!r} is not a card: a type code and a curse value 1-4",
                "dgit_unknown_card",
                {"label": label},
            )
        return self.type_index(code) * VALUES + int(value) - 1

    def cards_of(self, types: tuple[int, ...]) -> list[int]:
        """Every card of the given types, each kind ``copies`` times."""
        return [t * VALUES + v for t in types for v in range(VALUES) for _ in range(self.copies)]


class RoomCodes:
    """The indices of the rooms whose effects the rules code."""

    def __init__(self, components: Components) -> None:
        index = components.room_index
        self.attic, self.nursery = index("A"), index("N")
        self.basement, self.hallway = index("B"), index("H")
        self.library, self.secret_passage = index("L"), index("S")


def curse(card: int) -> int:
    return card % VALUES + 1


def card_type(card: int) -> int:
    return card // VALUES


class ComponentDataError(VitrineError):
    """The component data is malformed."""


TOP_KEYS = {
    "source",
    "meeples_per_player",
    "dice",
    "curse_values",
    "copies_per_value",
    "dice_icons",
    "player_counts",
    "types",
    "end_order",
    "spaces",
    "rooms",
}
PLAYER_COUNTS = ("2", "3", "4", "5")  # state.MIN_PLAYERS to state.MAX_PLAYERS


def _fail(where: str, why: str) -> ComponentDataError:
    return ComponentDataError(f"component data: {where}: {why}")


def _object(raw: Any, keys: set[str], where: str) -> dict[str, Any]:
    """``raw`` as an object with exactly ``keys``: a misspelt key would change nothing."""
    if not isinstance(raw, dict) or set(raw) != keys:
        raise _fail(where, f"must be an object with exactly {sorted(keys)}")
    return raw


def _count(raw: Any, where: str, least: int = 1) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < least:
        raise _fail(where, f"must be an integer of at least {least}, got {raw!r}")
    return raw


def _text(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or not raw:
        raise _fail(where, "must be a non-empty string")
    return raw


def _entries(raw: Any, keys: set[str], where: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or not raw:
        raise _fail(where, "must be a non-empty list")
    return [_object(entry, keys, f"{where} entry {i}") for i, entry in enumerate(raw)]


def parse_components(data: Any) -> Components:
    """The component tables from the data file's JSON, refusing anything
    malformed with the field at fault named."""
    if not isinstance(data, dict):
        raise _fail("top level", "must be an object")
    if set(data) - {"source"} != TOP_KEYS - {"source"}:
        raise _fail("top level", f"must have exactly the fields {sorted(TOP_KEYS)}")
    types = tuple(
        CardType(*(_text(t[k], f"type {i} {k!r}") for k in ("code", "name", "timing", "effect")))
        for i, t in enumerate(
            _entries(data["types"], {"code", "name", "timing", "effect"}, "'types'")
        )
    )
    rooms = tuple(
        Room(
            _text(r["code"], f"room {i} 'code'"),
            _text(r["name"], f"room {i} 'name'"),
            _count(r["board"], f"room {i} 'board'", 0),
            _text(r["effect"], f"room {i} 'effect'"),
        )
        for i, r in enumerate(
            _entries(data["rooms"], {"code", "name", "board", "effect"}, "'rooms'")
        )
    )
    if sorted(r.board for r in rooms) != sorted(list(range(len(rooms) // 2)) * 2):
        raise _fail("'rooms'", "every board must carry exactly two rooms")
    partner = tuple(
        next(j for j, other in enumerate(rooms) if other.board == room.board and j != i)
        for i, room in enumerate(rooms)
    )
    codes = [t.code for t in types] + [r.code for r in rooms]
    if len(set(codes)) != len(codes):
        raise _fail("'types' and 'rooms'", "type and room codes must all differ")
    if any(t.timing not in (END_TIMING, NOW_TIMING) for t in types):
        raise _fail("'types'", f"a type's timing must be {END_TIMING!r} or {NOW_TIMING!r}")
    if data["curse_values"] != list(range(1, VALUES + 1)):
        raise _fail("'curse_values'", f"must be {list(range(1, VALUES + 1))}")
    icons = _object(data["dice_icons"], {str(v) for v in range(1, VALUES + 1)}, "'dice_icons'")
    dice = _object(data["dice"], {"count", "ghost_faces", "faces"}, "'dice'")
    spaces = _entries(data["spaces"], {"space", "flashlights"}, "'spaces'")
    if [entry["space"] for entry in spaces] != list(range(1, len(spaces) + 1)):
        raise _fail("'spaces'", "must number the spaces 1, 2, ... from the top")
    counts = _object(data["player_counts"], set(PLAYER_COUNTS), "'player_counts'")
    end_order = data["end_order"]
    if not isinstance(end_order, list) or any(code not in codes for code in end_order):
        raise _fail("'end_order'", "must list type codes")
    components = Components(
        types=types,
        rooms=rooms,
        partner=partner,
        flashlights=tuple(
            _count(s["flashlights"], f"space {s['space']} 'flashlights'", 0) for s in spaces
        ),
        dice_icons=tuple(
            _count(icons[str(v)], f"'dice_icons' {str(v)!r}", 0) for v in range(1, VALUES + 1)
        ),
        dice_count=_count(dice["count"], "'dice' 'count'"),
        ghost_faces=_count(dice["ghost_faces"], "'dice' 'ghost_faces'", 0),
        die_faces=_count(dice["faces"], "'dice' 'faces'"),
        meeples=_count(data["meeples_per_player"], "'meeples_per_player'"),
        copies=_count(data["copies_per_value"], "'copies_per_value'"),
        setup={
            int(n): (
                _count(row["types"], f"'player_counts' {n!r} 'types'"),
                _count(row["remove"], f"'player_counts' {n!r} 'remove'", 0),
            )
            for n, row in (
                (n, _object(counts[n], {"types", "remove"}, f"'player_counts' {n!r}"))
                for n in PLAYER_COUNTS
            )
        },
        end_order=tuple(codes.index(code) for code in end_order),
    )
    if components.ghost_faces > components.die_faces:
        raise _fail("'dice'", "'ghost_faces' cannot exceed 'faces'")
    if [types[i].timing for i in components.end_order] != [END_TIMING] * len(
        components.end_order
    ) or len(components.end_order) != sum(t.timing == END_TIMING for t in types):
        raise _fail("'end_order'", "must list every end-game type once")
    for players, (count, removed) in components.setup.items():
        deck = count * VALUES * components.copies - removed
        if count > len(types) or deck % 3 or deck <= 0:
            raise _fail(
                f"'player_counts' '{players}'",
                f"{count} types less {removed} cards must leave a positive multiple of 3 "
                f"cards ({deck}), with at most {len(types)} types",
            )
    if 3 * max(components.dice_icons) > components.dice_count:
        raise _fail("'dice_icons'", "a room's cards could need more dice than there are")
    try:
        RoomCodes(components)
    except VitrineError as error:
        raise _fail("'rooms'", f"the rules need rooms A, N, B, H, L, S: {error}") from None
    return components


def component_document() -> dict[str, Any]:
    """The packaged component data, decoded afresh: what a rule overlay changes."""
    text = resources.files(__package__).joinpath("data/components.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def load_components() -> Components:
    return parse_components(component_document())


class TypeCodes:
    """The indices of the types whose effects ``effects`` codes."""

    def __init__(self, components: Components) -> None:
        index = components.type_index
        self.amulet, self.cat, self.clock = index("AM"), index("CA"), index("CL")
        self.doll, self.holy_water, self.mask = index("DO"), index("HW"), index("MA")
        self.mirror, self.music_box, self.portrait = index("MI"), index("MB"), index("PO")
        self.ring, self.tome, self.twin = index("RI"), index("TO"), index("TW")
