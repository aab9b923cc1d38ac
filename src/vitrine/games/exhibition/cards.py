"""The 101 subject cards and 10 secret decade cards, loaded from data.

Cards are small integers so that a hall, a market or a set of cards is a list
of ints or a bitmask: card ``i`` for ``i < 100`` is the year ``1900 + i`` and
card 100 is Einstein.  The continents and subjects come from
``data/cards.json`` (D-1) and are checked when loaded, so a malformed data
file stops the program with the entry at fault named.

The file's ``previous`` holds, per earlier rules version, the cards as they
were then wherever they differ now, so that a record of that version replays
on the cards it was played with (docs/rules.md, "Rules versions").
"""

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from vitrine.engine.errors import VitrineError

FIRST_YEAR = 1900
YEARS = 100
EINSTEIN = YEARS
NUM_CARDS = YEARS + 1
WHITE = -1
EINSTEIN_LABEL = "EIN"
ALL_YEARS_MASK = (1 << YEARS) - 1
EINSTEIN_BIT = 1 << EINSTEIN


class CardDataError(VitrineError):
    """The card data file is malformed."""


@dataclass(frozen=True, eq=False)
class CardTable:
    """Everything the rules need to know about the cards, precomputed."""

    continent_codes: tuple[str, ...]
    continent_names: tuple[str, ...]
    continent_of: tuple[int, ...]  # per card: continent index, or WHITE
    subject_of: tuple[str, ...]
    secret_decades: tuple[int, ...]
    continent_mask: tuple[int, ...]  # per continent: bitmask of its cards
    white_mask: int
    decade_mask: tuple[int, ...]  # per decade 0..9: bitmask of its years (1945 included)

    @property
    def num_continents(self) -> int:
        return len(self.continent_codes)

    def continent_index(self, code: str) -> int:
        try:
            return self.continent_codes.index(code)
        except ValueError:
            raise KeyError(code) from None


def card_label(card: int) -> str:
    """The card in notation: its year, or ``EIN``."""
    return LABELS[card]


LABELS: tuple[str, ...] = (*(str(FIRST_YEAR + card) for card in range(YEARS)), EINSTEIN_LABEL)


def card_year(card: int) -> int | None:
    """The printed year; Einstein has none (his year is wild)."""
    return None if card == EINSTEIN else FIRST_YEAR + card


def card_from_label(label: str) -> int | None:
    """The card a label names, or None when it names no card."""
    if label == EINSTEIN_LABEL:
        return EINSTEIN
    if len(label) == 4 and label.isascii() and label.isdigit():
        year = int(label)
        if FIRST_YEAR <= year < FIRST_YEAR + YEARS:
            return year - FIRST_YEAR
    return None


def year_window_mask(low: int, high: int) -> int:
    """Bitmask of the year cards from ``low`` to ``high`` inclusive (clamped)."""
    low = max(low, FIRST_YEAR)
    high = min(high, FIRST_YEAR + YEARS - 1)
    if low > high:
        return 0
    return ((1 << (high - low + 1)) - 1) << (low - FIRST_YEAR)


def _fail(where: str, why: str) -> CardDataError:
    return CardDataError(f"card data: {where}: {why}")


def _parse_continents(raw: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if not isinstance(raw, list) or not raw:
        raise _fail("'continents'", "must be a non-empty list")
    codes: list[str] = []
    names: list[str] = []
    for index, entry in enumerate(raw):
        where = f"continent entry {index}"
        if not isinstance(entry, dict) or set(entry) != {"code", "name"}:
            raise _fail(where, "must be an object with exactly 'code' and 'name'")
        code, name = entry["code"], entry["name"]
        if not (isinstance(code, str) and len(code) == 2 and code.isupper()):
            raise _fail(where, f"code {code!r} must be two capital letters")
        if code in codes:
            raise _fail(where, f"code {code!r} appears twice")
        if not isinstance(name, str) or not name:
            raise _fail(where, "name must be a non-empty string")
        codes.append(code)
        names.append(name)
    return tuple(codes), tuple(names)


def _parse_cards(raw: Any, codes: tuple[str, ...]) -> tuple[list[int], list[str]]:
    if not isinstance(raw, list) or len(raw) != NUM_CARDS:
        raise _fail("'cards'", f"must list exactly {NUM_CARDS} cards")
    continent_of = [WHITE] * NUM_CARDS
    subject_of = [""] * NUM_CARDS
    seen: set[int] = set()
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) != {"card", "continent", "subject"}:
            raise _fail(
                f"card entry {index}", "must have exactly 'card', 'continent' and 'subject'"
            )
        label = entry["card"]
        where = f"card entry {index} ({label!r})"
        card = card_from_label(label) if isinstance(label, str) else None
        if card is None:
            raise _fail(where, "'card' must be a year 1900..1999 as text, or 'EIN'")
        if card in seen:
            raise _fail(where, "card appears twice")
        seen.add(card)
        continent = entry["continent"]
        if continent is None:
            continent_of[card] = WHITE
        elif continent in codes:
            continent_of[card] = codes.index(continent)
        else:
            raise _fail(where, f"unknown continent {continent!r}")
        subject = entry["subject"]
        if not isinstance(subject, str) or not subject.strip():
            raise _fail(where, "'subject' must be a non-empty string")
        subject_of[card] = subject
    whites = [card_label(c) for c in range(NUM_CARDS) if continent_of[c] == WHITE]
    if whites != ["1945", EINSTEIN_LABEL]:
        raise _fail("'cards'", f"the white cards must be 1945 and EIN, found {whites}")
    return continent_of, subject_of


def _parse_decades(raw: Any) -> tuple[int, ...]:
    expected = [FIRST_YEAR + 10 * d for d in range(YEARS // 10)]
    if raw != expected:
        raise _fail("'secret_decades'", f"must be {expected}")
    return tuple(expected)


def _cards_as_of(data: dict[str, Any], version: str | None) -> Any:
    """The card entries of ``version`` (None: the current ones): the current
    entries, with those ``previous`` lists for that version in their place.
    Every version listed is checked, whichever is built."""
    previous = data.get("previous", {})
    if not isinstance(previous, dict):
        raise _fail("'previous'", "must map rules versions to lists of card entries")
    current = data["cards"]
    built = current
    for name, changed in previous.items():
        if not isinstance(changed, list) or not all(isinstance(e, dict) for e in changed):
            raise _fail(f"'previous' {name!r}", "must be a list of card entries")
        labels = [entry.get("card") for entry in changed]
        if isinstance(current, list) and not set(labels) <= {e.get("card") for e in current}:
            raise _fail(f"'previous' {name!r}", "names a card the deck lacks")
        as_of = [next((e for e in changed if e["card"] == c.get("card")), c) for c in current]
        if name == version:
            built = as_of
    if version is not None and version not in previous:
        raise _fail("'previous'", f"holds no cards for the rules version {version!r}")
    return built


def parse_card_data(data: Any, version: str | None = None) -> CardTable:
    """Build the card table from decoded JSON, refusing anything malformed;
    ``version``: an earlier rules version listed in ``previous``, whose
    cards to build (None: the current cards)."""
    keys = {"continents", "cards", "secret_decades"}
    if not isinstance(data, dict) or not keys <= set(data) <= keys | {"previous"}:
        raise _fail(
            "top level",
            "must be an object with 'continents', 'cards', 'secret_decades' (and 'previous')",
        )
    codes, names = _parse_continents(data["continents"])
    if not isinstance(data["cards"], list):
        raise _fail("'cards'", f"must list exactly {NUM_CARDS} cards")
    for name in data.get("previous", {}) if version is None else ():
        _parse_cards(_cards_as_of(data, name), codes)  # every earlier version is well formed
    continent_of, subject_of = _parse_cards(_cards_as_of(data, version), codes)
    continent_mask = tuple(
        sum(1 << c for c in range(NUM_CARDS) if continent_of[c] == k) for k in range(len(codes))
    )
    white_mask = sum(1 << c for c in range(NUM_CARDS) if continent_of[c] == WHITE)
    decade_mask = tuple(
        year_window_mask(FIRST_YEAR + 10 * d, FIRST_YEAR + 10 * d + 9) for d in range(10)
    )
    return CardTable(
        continent_codes=codes,
        continent_names=names,
        continent_of=tuple(continent_of),
        subject_of=tuple(subject_of),
        secret_decades=_parse_decades(data["secret_decades"]),
        continent_mask=continent_mask,
        white_mask=white_mask,
        decade_mask=decade_mask,
    )


def _packaged_text() -> str:
    return resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")


def card_document(version: str | None = None) -> dict[str, Any]:
    """The packaged card data as the rules ``version`` has it (None: the
    current), without ``previous``: what a rule overlay of that version changes."""
    data = json.loads(_packaged_text())
    return {
        "continents": data["continents"],
        "cards": _cards_as_of(data, version),
        "secret_decades": data["secret_decades"],
    }


def load_card_table(path: Path | None = None, version: str | None = None) -> CardTable:
    """Load ``path``, or the packaged ``data/cards.json`` by default; the
    cards of an earlier rules ``version`` when one is named."""
    text = _packaged_text() if path is None else path.read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(f"card data: not valid JSON: {exc}") from None
    return parse_card_data(data, version)


@cache
def earlier_table(version: str) -> CardTable:
    """The packaged cards as an earlier rules version had them, loaded once."""
    return load_card_table(version=version)
