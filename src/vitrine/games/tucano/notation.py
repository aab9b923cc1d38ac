"""The canonical notation of Tucano's decisions and turns (docs/tucano.md).

A turn is a column letter followed by one resolution per toucan taken, in
the order played, separated by single spaces: ``B``, ``C gift:coconut>1``,
``A steal:joker<2 flip``.  Resolutions:

* ``flip``: face-up fruit and joker go face down;
* ``gift:<card>><seat>``: give a face-up card to that seat;
* ``steal:<card><<seat>``: take a face-up card from that seat;
* ``gift`` / ``steal`` alone: the toucan is discarded unused, which is
  legal only when it has no target (T-5).

Once the turns are over, the joker's holder chooses its fruit in a turn of
its own, ``joker:<fruit>`` (``joker:papaya``), when more than one is
eligible (T-10).

Cards are the ids of ``data/cards.json`` (``coconut``, ``joker``), seats
number from 0 as in the views.  Parsing ignores case (the terminal
upper-cases what people type); printing always gives the one canonical form,
so records and tests compare as text.
"""

import re
from typing import NamedTuple

from vitrine.engine.errors import NotationError
from vitrine.games.tucano.cards import CardTable

COLUMN = -1  # a Decision's ``toucan`` when it is the choice of a column
JOKER_CHOICE = -2  # a Decision's ``toucan`` when it is the joker's fruit (its ``card``)
NONE = -1  # no card or no seat: an unused toucan, or a flip
JOKER_PREFIX = "joker:"

_TARGETED = re.compile(r"(?P<toucan>[a-z]+):(?P<card>[a-z]*)(?P<arrow>[<>])?(?P<seat>.*)")
TURN_FORMAT = (
    "'<column> [<toucan resolution> ...]', e.g. 'B' or 'C gift:coconut>1 flip', "
    "or the joker's fruit at the end, e.g. 'joker:papaya'"
)


class Decision(NamedTuple):
    """A column (``toucan`` COLUMN, ``card`` the column's index), a toucan
    resolution, or the joker's fruit (``toucan`` JOKER_CHOICE, ``card`` the fruit)."""

    toucan: int
    card: int
    seat: int


class Notation:
    """Prints and parses decisions and turns for one card table."""

    def __init__(self, table: CardTable) -> None:
        self.table = table
        self.arrows = {table.gift: ">", table.steal: "<"}
        self.toucans = {table.names[kind]: kind for kind in (table.flip, table.gift, table.steal)}

    def text(self, decision: Decision) -> str:
        toucan, card, seat = decision
        table = self.table
        if toucan == COLUMN:
            return table.columns[card]
        if toucan == JOKER_CHOICE:
            return JOKER_PREFIX + table.names[card]
        name = table.names[toucan]
        if card == NONE:
            return name
        return f"{name}:{table.names[card]}{self.arrows[toucan]}{seat}"

    def turn_text(self, decisions: list[Decision]) -> str:
        return " ".join(self.text(d) for d in decisions)

    def parse(self, text: str) -> Decision:
        """One decision: a column letter or a toucan resolution."""
        table = self.table
        if text.upper() in table.columns:
            return Decision(COLUMN, table.columns.index(text.upper()), NONE)
        word = text.lower()
        if word in self.toucans:
            return Decision(self.toucans[word], NONE, NONE)
        if word.startswith(JOKER_PREFIX):
            return self._joker(text, word[len(JOKER_PREFIX) :])
        match = _TARGETED.fullmatch(word)
        if match is None or match["toucan"] not in self.toucans:
            raise NotationError(
                f"malformed decision {text!r}: expected a column "
                f"({', '.join(table.columns)}), flip, gift:<card>><seat> or steal:<card><<seat>",
                "malformed_decision",
                {"text": text, "columns": list(table.columns)},
            )
        name = match["toucan"]
        toucan = self.toucans[name]
        if toucan == table.flip:
            raise NotationError(
                f"malformed decision {text!r}: flip takes no card or seat",
                "flip_argument",
                {"text": text},
            )
        arrow = self.arrows[toucan]
        card = table.kind_of(match["card"])
        if card is None or table.is_toucan(card):
            cards = ", ".join(table.names[: table.joker + 1])
            raise NotationError(
                f"unknown card {match['card']!r} in {text!r} (cards: {cards})",
                "unknown_fruit",
                {"card": match["card"], "text": text},
            )
        if match["arrow"] != arrow:
            hint = "to" if arrow == ">" else "from"
            raise NotationError(
                f"malformed decision {text!r}: {name} names the seat {hint} with "
                f"'{arrow}', e.g. '{name}:{match['card']}{arrow}1'",
                "wrong_arrow",
                {"text": text, "toucan": name, "arrow": arrow},
            )
        seat = match["seat"]
        if not (seat.isascii() and seat.isdigit()) or (len(seat) > 1 and seat[0] == "0"):
            raise NotationError(
                f"malformed seat {seat!r} in {text!r}: a seat is 0, 1, 2 or 3",
                "malformed_seat",
                {"seat": seat, "text": text},
            )
        return Decision(toucan, card, int(seat))

    def _joker(self, text: str, name: str) -> Decision:
        """The joker's fruit, ``joker:<fruit>``: a fruit, not the joker or a toucan."""
        table = self.table
        fruit = table.kind_of(name)
        if fruit is None or fruit >= table.fruits:
            fruits = ", ".join(table.names[: table.fruits])
            raise NotationError(
                f"malformed decision {text!r}: the joker joins a fruit ({fruits})",
                "joker_not_fruit",
                {"text": text, "card": name},
            )
        return Decision(JOKER_CHOICE, fruit, NONE)

    def parse_turn(self, text: str) -> list[Decision]:
        """A whole turn: a column, then the toucan resolutions in the order
        played; or the joker's fruit alone."""
        words = text.split(" ")
        if not text or "" in words:
            raise NotationError(
                f"malformed turn {text!r}: expected {TURN_FORMAT}", "malformed_turn", {"text": text}
            )
        decisions = [self.parse(word) for word in words]
        if any(d.toucan == JOKER_CHOICE for d in decisions) and len(decisions) > 1:
            raise NotationError(
                f"malformed turn {text!r}: the joker's fruit is a turn of its own",
                "joker_alone",
                {"text": text},
            )
        if decisions[0].toucan not in (COLUMN, JOKER_CHOICE):
            raise NotationError(
                f"malformed turn {text!r}: a turn starts with a column",
                "turn_starts_with_column",
                {"text": text},
            )
        if any(d.toucan == COLUMN for d in decisions[1:]):
            raise NotationError(
                f"malformed turn {text!r}: a turn takes only one column",
                "one_column",
                {"text": text},
            )
        return decisions
