"""The canonical turn notation (rules-decisions.md, "Turn notation").

A turn is ``<card>[@<continent>] <target>``: ``1907 G3``, ``1945@EU E2``,
``EIN@AS D``, ``1932 X``.  Its two decisions (D-13) are written alone as a
*take* (``1907``, ``1945@EU``) and a *placement* (``G3``, ``D``, ``X``).
Parsing is strict and every refusal says which part was wrong; printing
always gives the one canonical form, so records and tests compare as text.
"""

import re
from typing import NamedTuple

from vitrine.engine.errors import NotationError
from vitrine.games.exhibition.cards import WHITE, CardTable, card_from_label, card_label
from vitrine.games.exhibition.layout import Hall

DEPOT = -1
END = -2
NO_DESTINATION = -1

_TAKE = r"(?P<card>\S+?)(?:@(?P<dest>\S*))?"
_TURN_RE = re.compile(rf"{_TAKE} (?P<target>\S+)")
_TAKE_RE = re.compile(_TAKE)
TURN_FORMAT = "'<card>[@<continent>] <target>', e.g. '1907 G3' or 'EIN@AS D'"


class Take(NamedTuple):
    card: int
    dest: int  # destination continent of a white card, else NO_DESTINATION


class Turn(NamedTuple):
    card: int
    dest: int
    target: int  # a spot index, DEPOT or END


class Notation:
    """Prints and parses turns for one hall and card table."""

    def __init__(self, hall: Hall, table: CardTable) -> None:
        self.table = table
        self.target_names: dict[int, str] = dict(enumerate(hall.spot_names))
        self.target_names[DEPOT] = "D"
        self.target_names[END] = "X"
        self.targets = {name: index for index, name in self.target_names.items()}
        self._turn_texts: dict[Turn, str] = {}  # every view prints every turn so far

    def take_text(self, card: int, dest: int) -> str:
        if dest == NO_DESTINATION:
            return card_label(card)
        return f"{card_label(card)}@{self.table.continent_codes[dest]}"

    def target_text(self, target: int) -> str:
        return self.target_names[target]

    def turn_text(self, turn: Turn) -> str:
        text = self._turn_texts.get(turn)
        if text is None:
            text = f"{self.take_text(turn.card, turn.dest)} {self.target_names[turn.target]}"
            self._turn_texts[turn] = text
        return text

    def parse_take(self, text: str) -> Take:
        match = _TAKE_RE.fullmatch(text)
        if match is None:
            raise NotationError(
                f"malformed take {text!r}: expected '<card>[@<continent>]', "
                "e.g. '1907' or 'EIN@AS'",
                "malformed_take",
                {"text": text},
            )
        return self._take(match, text)

    def parse_target(self, text: str) -> int:
        if text not in self.targets:
            spots = " ".join(
                self.target_names[i] for i in sorted(i for i in self.target_names if i >= 0)
            )
            raise NotationError(
                f"unknown target {text!r}: expected a spot ({spots}), D or X",
                "unknown_target",
                {"text": text, "spots": spots},
            )
        return self.targets[text]

    def parse_turn(self, text: str) -> Turn:
        match = _TURN_RE.fullmatch(text)
        if match is None:
            raise NotationError(
                f"malformed turn {text!r}: expected {TURN_FORMAT}", "malformed_turn", {"text": text}
            )
        take = self._take(match, text)
        return Turn(take.card, take.dest, self.parse_target(match["target"]))

    def _take(self, match: re.Match[str], text: str) -> Take:
        card = card_from_label(match["card"])
        if card is None:
            raise NotationError(
                f"unknown card {match['card']!r} in {text!r}: a card is a year 1900..1999 or EIN",
                "unknown_card",
                {"card": match["card"], "text": text},
            )
        dest_code = match["dest"]
        white = self.table.continent_of[card] == WHITE
        if dest_code is None:
            if white:
                raise NotationError(
                    f"{card_label(card)} is white: name the vehicle's destination, "
                    f"e.g. '{card_label(card)}@EU'",
                    "destination_needed",
                    {"card": card_label(card)},
                )
            return Take(card, NO_DESTINATION)
        if not white:
            raise NotationError(
                f"{card_label(card)} is not white: only 1945 and EIN take '@<continent>'",
                "destination_not_allowed",
                {"card": card_label(card)},
            )
        if dest_code not in self.table.continent_codes:
            codes = ", ".join(self.table.continent_codes)
            raise NotationError(
                f"unknown continent {dest_code!r} in {text!r} (codes: {codes})",
                "unknown_continent",
                {"continent": dest_code, "text": text, "codes": codes},
            )
        return Take(card, self.table.continent_codes.index(dest_code))
