"""Tucano's 70 cards, loaded from ``data/cards.json`` and checked.

Cards of one kind are identical, so a card is its kind: a small int.  Kinds
``0 .. fruits-1`` are the fruits in data order, then the joker, then the
Flip, Gift and Steal toucans.  A hand is a list of counts per kind, which
keeps copying a state for search cheap.  A malformed data file stops the
program with the entry at fault named.
"""

import json
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

from vitrine.engine.errors import VitrineError

SET = "set"
MAJORITY = "majority"
TOUCAN_IDS = ("flip", "gift", "steal")
TOP_KEYS = {"source", "fruits", "joker", "toucans", "deck"}
FRUIT_KEYS = {
    SET: {"id", "name", "count", "kind", "points"},
    MAJORITY: {"id", "name", "count", "kind", "most", "other"},
}


class CardDataError(VitrineError):
    """The card data file is malformed."""


@dataclass(frozen=True, eq=False)
class CardTable:
    """Everything the rules need to know about the cards, precomputed."""

    names: tuple[str, ...]  # per kind: its id in notation (``coconut``, ``joker``, ``flip``)
    titles: tuple[str, ...]  # per kind: its printed English name
    counts: tuple[int, ...]  # per kind: copies in the game
    set_points: tuple[tuple[int, ...] | None, ...]  # per fruit: points by count (0 for none)
    majority: tuple[tuple[int, int] | None, ...]  # per fruit: (sole most, otherwise) per card
    upper_half: int  # fruit cards above the toucans in the draw pile
    columns: tuple[str, ...]
    first_deal: tuple[int, ...]  # cards each column gets at setup

    @cached_property  # read in every playout step
    def fruits(self) -> int:
        """The number of fruits; also the joker's kind."""
        return len(self.set_points)

    @cached_property  # read in every playout step
    def joker(self) -> int:
        return self.fruits

    @cached_property  # read in every playout step
    def flip(self) -> int:
        return self.fruits + 1

    @cached_property  # read in every playout step
    def gift(self) -> int:
        return self.fruits + 2

    @cached_property  # read in every playout step
    def steal(self) -> int:
        return self.fruits + 3

    @property
    def kinds(self) -> int:
        return len(self.names)

    @property
    def deck_size(self) -> int:
        return sum(self.counts)

    @property
    def total_turns(self) -> int:
        """One per refill, then one per column but the last (T-7): 24 with the real deck."""
        return (self.deck_size - sum(self.first_deal)) // len(self.columns) + len(self.columns) - 1

    def is_toucan(self, kind: int) -> bool:
        return kind > self.fruits

    def kind_of(self, name: str) -> int | None:
        """The kind a notation id names, or None."""
        try:
            return self.names.index(name)
        except ValueError:
            return None

    def fruit_points(self, fruit: int, count: int, most: bool) -> int:
        """Points for ``count`` cards of ``fruit``; ``most``: the sole most of a majority fruit."""
        if count == 0:
            return 0
        table = self.set_points[fruit]
        if table is not None:
            return table[count]
        high, low = self.majority[fruit]  # type: ignore[misc]
        return count * (high if most else low)


def _int(entry: dict[str, Any], key: str, where: str, minimum: int | None = None) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise CardDataError(f"{where}: '{key}' must be an integer, got {value!r}")
    if minimum is not None and value < minimum:
        raise CardDataError(f"{where}: '{key}' must be at least {minimum}, got {value}")
    return value


def _name(entry: dict[str, Any], where: str) -> tuple[str, str]:
    ident, title = entry.get("id"), entry.get("name")
    if (
        not isinstance(ident, str)
        or not ident.isascii()
        or not ident.isalpha()
        or not ident.islower()
    ):
        raise CardDataError(f"{where}: 'id' must be a lower-case word, got {ident!r}")
    if not isinstance(title, str) or not title:
        raise CardDataError(f"{where}: 'name' must be a non-empty string")
    return ident, title


def _known_keys(entry: dict[str, Any], known: set[str], where: str) -> None:
    """Refuse a field the rules do not read: a misspelt one would change nothing."""
    unknown = sorted(set(entry) - known)
    if unknown:
        raise CardDataError(f"{where}: unknown field(s) {unknown} (known: {sorted(known)})")


def parse_card_table(data: Any) -> CardTable:
    """A card table from the data file's JSON, refusing anything malformed."""
    if not isinstance(data, dict):
        raise CardDataError("the card data must be a JSON object")
    _known_keys(data, TOP_KEYS, "the card data")
    fruits = data.get("fruits")
    if not isinstance(fruits, list) or not fruits:
        raise CardDataError("'fruits' must be a non-empty list")
    names: list[str] = []
    titles: list[str] = []
    counts: list[int] = []
    set_points: list[tuple[int, ...] | None] = []
    majority: list[tuple[int, int] | None] = []
    for index, entry in enumerate(fruits):
        where = f"fruit {index + 1}"
        if not isinstance(entry, dict):
            raise CardDataError(f"{where} must be an object")
        ident, title = _name(entry, where)
        where = f"fruit {ident!r}"
        count = _int(entry, "count", where, 1)
        kind = entry.get("kind")
        _known_keys(entry, FRUIT_KEYS[kind] if kind in FRUIT_KEYS else set(entry), where)
        if kind == SET:
            points = entry.get("points")
            if (
                not isinstance(points, list)
                or len(points) != count
                or not all(isinstance(p, int) and not isinstance(p, bool) for p in points)
            ):
                raise CardDataError(f"{where}: 'points' must list {count} integers (1 to {count})")
            set_points.append((0, *points))
            majority.append(None)
        elif kind == MAJORITY:
            set_points.append(None)
            majority.append((_int(entry, "most", where), _int(entry, "other", where)))
        else:
            raise CardDataError(f"{where}: 'kind' must be {SET!r} or {MAJORITY!r}, got {kind!r}")
        names.append(ident)
        titles.append(title)
        counts.append(count)
    joker = data.get("joker")
    if not isinstance(joker, dict):
        raise CardDataError("'joker' must be an object")
    others = [joker, *(data.get("toucans") or [])]
    for index, entry in enumerate(others):
        if not isinstance(entry, dict):
            raise CardDataError(f"toucan {index} must be an object")
        ident, title = _name(entry, "joker" if index == 0 else f"toucan {index}")
        _known_keys(entry, {"id", "name", "count"}, f"{ident!r}")
        names.append(ident)
        titles.append(title)
        counts.append(_int(entry, "count", f"{ident!r}", 1))
    if tuple(names[len(fruits) :]) != ("joker", *TOUCAN_IDS):
        raise CardDataError(f"the joker must be 'joker' and the toucans {', '.join(TOUCAN_IDS)}")
    if counts[len(fruits)] != 1:
        raise CardDataError("there must be exactly one joker")
    if len(set(names)) != len(names):
        raise CardDataError("card ids must all differ")
    deck = data.get("deck")
    if not isinstance(deck, dict):
        raise CardDataError("'deck' must be an object")
    _known_keys(deck, {"upper_half", "columns", "first_deal"}, "'deck'")
    fruit_cards = sum(counts[: len(fruits) + 1])
    upper = _int(deck, "upper_half", "'deck'", 0)
    columns = deck.get("columns")
    first = deck.get("first_deal")
    if (
        not isinstance(columns, list)
        or len(columns) < 2
        or not all(isinstance(c, str) and len(c) == 1 and c.isupper() for c in columns)
        or len(set(columns)) != len(columns)
    ):
        raise CardDataError("'deck': 'columns' must be two or more distinct capital letters")
    if (
        not isinstance(first, list)
        or len(first) != len(columns)
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in first)
    ):
        raise CardDataError("'deck': 'first_deal' must give each column at least one card")
    if not sum(first) <= upper <= fruit_cards:
        raise CardDataError(
            f"'deck': 'upper_half' must lie between the first deal ({sum(first)}) "
            f"and the fruit cards ({fruit_cards})"
        )
    if (sum(counts) - sum(first)) % len(columns):
        raise CardDataError("'deck': the cards left after the first deal must fill whole refills")
    return CardTable(
        names=tuple(names),
        titles=tuple(titles),
        counts=tuple(counts),
        set_points=tuple(set_points),
        majority=tuple(majority),
        upper_half=upper,
        columns=tuple(columns),
        first_deal=tuple(first),
    )


def card_document() -> dict[str, Any]:
    """The packaged card data, decoded afresh: what a rule overlay changes."""
    text = resources.files("vitrine.games.tucano").joinpath("data/cards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def load_card_table() -> CardTable:
    """The packaged card data (read once)."""
    return parse_card_table(card_document())
