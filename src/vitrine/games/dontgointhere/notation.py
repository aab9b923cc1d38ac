"""The text notation of every decision, and its small-int ids for search.

Every decision of the game is one word, upper-case, no spaces:

* ``A1`` .. ``S4``: place a meeple: the room's letter (A Attic, N Nursery,
  B Basement, H Hallway, L Library, S Secret Passage) and the space, 1 at
  the top (no flashlight) to 4 at the bottom (three flashlights);
* ``MI3``: take a card above the room: the type's code and the curse value;
* ``MI3<``, ``MI3>``: take the left or the right one of two identical cards
  lying in the Library, where their places differ (G-11);
* ``T:CA``: the Tome's choice, the type whose cards are dispelled;
* ``KEEP``, ``REROLL``: the Basement's re-roll, declined or taken;
* ``KEEP``, ``BLANK``, ``GHOST``: the Hallway's change, none, or one die
  turned from a ghost to a blank, or from a blank to a ghost.

The words form one fixed table, so an id is a word's index in it: parsing is
a lookup and search never formats text.
"""

from vitrine.engine.errors import NotationError, Reason, VitrineError
from vitrine.games.dontgointhere.components import VALUES, Components

KEEP = "KEEP"
REROLL = "REROLL"
BLANK = "BLANK"
GHOST = "GHOST"
TOME_PREFIX = "T:"
LEFT_COPY = "<"
RIGHT_COPY = ">"
CARD_WORD = 3  # letters of a card's word (MI3)


FORMATS = (
    "a placement (L2), a card (MI3, or MI3< and MI3> for the left and right of two alike), "
    "a Tome's type (T:CA), KEEP, REROLL, BLANK or GHOST"
)


class Notation:
    """The table of decision words and their ids."""

    def __init__(self, components: Components) -> None:
        self.components = components
        spaces = components.spaces
        words = [f"{room.code}{space + 1}" for room in components.rooms for space in range(spaces)]
        cards = [components.label(card) for card in range(len(components.types) * VALUES)]
        self.pick_base = len(words)
        self.left_base = self.pick_base + len(cards)
        self.right_base = self.left_base + len(cards)
        words += cards + [label + LEFT_COPY for label in cards]
        words += [label + RIGHT_COPY for label in cards]
        self.tome_base = len(words)
        words += [TOME_PREFIX + t.code for t in components.types]
        self.keep = len(words)
        words += [KEEP, REROLL, BLANK, GHOST]
        self.reroll, self.blank, self.ghost = self.keep + 1, self.keep + 2, self.keep + 3
        self.words = tuple(words)
        self.ids = {word: index for index, word in enumerate(words)}

    def place_id(self, room: int, space: int) -> int:
        return room * self.components.spaces + space

    def pick_id(self, card: int) -> int:
        return self.pick_base + card

    def left_id(self, card: int) -> int:
        return self.left_base + card

    def right_id(self, card: int) -> int:
        return self.right_base + card

    def pick_of(self, action: int) -> tuple[int, bool]:
        """The card a pick id takes, and whether it is the left of two copies."""
        card = (action - self.pick_base) % (self.left_base - self.pick_base)
        return card, self.left_base <= action < self.right_base

    def tome_id(self, card_type: int) -> int:
        return self.tome_base + card_type

    def parse(self, text: str) -> int:
        """The id of a decision word; refuses anything else, saying why."""
        found = self.ids.get(text)
        if found is not None:
            return found
        why = self._why(text)
        message = f"malformed decision {text!r}: {why.words}"
        raise NotationError(message, why.code, {"text": text} | why.params)

    def _why(self, text: str) -> Reason:
        """The reason ``text`` is no word, its code and params (for other languages)."""
        components = self.components
        if not text:
            return Reason("dgit_notation_empty", {}, f"nothing given; expected {FORMATS}")
        if text.startswith(TOME_PREFIX):
            code = text[len(TOME_PREFIX) :]
            return self._type_reason(code, "the Tome's choice names ")
        if len(text) == 2 and text[1].isdigit():
            try:
                components.room_index(text[0])
            except VitrineError as error:
                words = f"a placement names a room letter: {error}"
                return Reason("dgit_notation_room", {"letter": text[0]}, words)
            words = f"space {text[1]} does not exist: spaces are 1 to {components.spaces}"
            return Reason(
                "dgit_notation_space", {"space": text[1], "spaces": components.spaces}, words
            )
        copy = len(text) == CARD_WORD + 1 and text[-1] in (LEFT_COPY, RIGHT_COPY)
        card = text[:CARD_WORD] if copy else text
        if len(card) == CARD_WORD and card[2].isdigit():
            if not 1 <= int(card[2]) <= VALUES:
                words = f"{text!r} is not a card: a type code and a curse value 1-{VALUES}"
                return Reason("dgit_notation_value", {}, words)
            return self._type_reason(card[:2], "")
        return Reason("dgit_notation", {}, f"expected {FORMATS}")

    def _type_reason(self, code: str, prefix: str) -> Reason:
        """A type code in a word that is no word: the code is unknown."""
        known = ", ".join(t.code for t in self.components.types)
        words = f"{prefix}no card type {code!r} (known: {known})"
        return Reason("dgit_notation_type", {"code": code}, words)
