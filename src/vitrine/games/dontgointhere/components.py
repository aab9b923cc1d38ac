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


def _parse(data: dict[str, Any]) -> Components:
    types = tuple(CardType(t["code"], t["name"], t["timing"], t["effect"]) for t in data["types"])
    rooms = tuple(Room(r["code"], r["name"], r["board"], r["effect"]) for r in data["rooms"])
    partner = tuple(
        next(j for j, other in enumerate(rooms) if other.board == room.board and j != i)
        for i, room in enumerate(rooms)
    )
    codes = [t.code for t in types] + [r.code for r in rooms]
    values = data["curse_values"]
    components = Components(
        types=types,
        rooms=rooms,
        partner=partner,
        flashlights=tuple(s["flashlights"] for s in data["spaces"]),
        dice_icons=tuple(data["dice_icons"][str(v)] for v in values),
        dice_count=data["dice"]["count"],
        ghost_faces=data["dice"]["ghost_faces"],
        die_faces=data["dice"]["faces"],
        meeples=data["meeples_per_player"],
        copies=data["copies_per_value"],
        setup={int(n): (row["types"], row["remove"]) for n, row in data["player_counts"].items()},
        end_order=tuple(codes.index(code) for code in data["end_order"]),
    )
    problems = []
    if values != list(range(1, VALUES + 1)):
        problems.append(f"curse values must be 1..{VALUES}")
    if len(set(codes)) != len(codes):
        problems.append("type and room codes must all differ")
    if any(t.timing not in (END_TIMING, NOW_TIMING) for t in types):
        problems.append("a type's timing must be 'end' or 'now'")
    if sorted(r.board for r in rooms) != sorted(list(range(len(rooms) // 2)) * 2):
        problems.append("every board must carry exactly two rooms")
    if [types[i].timing for i in components.end_order] != [END_TIMING] * len(
        components.end_order
    ) or len(components.end_order) != sum(t.timing == END_TIMING for t in types):
        problems.append("end_order must list every end-game type once")
    for players, (count, removed) in components.setup.items():
        deck = count * VALUES * components.copies - removed
        if count > len(types) or deck % 3 or deck <= 0:
            problems.append(f"{players} players: {count} types less {removed} cards")
    if 3 * max(components.dice_icons) > components.dice_count:
        problems.append("a room's cards could need more dice than there are")
    if problems:
        raise ValueError("components.json: " + "; ".join(problems))
    return components


@cache
def load_components() -> Components:
    text = resources.files(__package__).joinpath("data/components.json").read_text()
    return _parse(json.loads(text))
