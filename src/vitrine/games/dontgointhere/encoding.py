"""Don't Go In There's views as arrays.

Seats are relative, index 0 the viewer, as in Exhibition's encoding.  Cards
are one-hot (or counts out of 2) over the 48 kinds of card, rooms over the
6 rooms, so nothing depends on which types a deal chose.  Everything comes
from the view: the deck's order, the face-down card a player has not seen
and the others' ghosts (zeros until the end) never reach an observation.
"""

from collections.abc import Mapping
from typing import Any

from vitrine.games.dontgointhere.components import VALUES, load_components
from vitrine.games.dontgointhere.config import CARDS_PER_ROOM, PHASES
from vitrine.games.dontgointhere.notation import Notation
from vitrine.games.dontgointhere.view import FACE_DOWN
from vitrine.kit.encoding import Array, Field, seat_arrays

GHOST_SCALE = 40.0  # ghosts beyond this read as 1
ACTIVE_PHASES = PHASES[:-1]


class DontGoInThereEncoding:
    """The arrays of one game's views; shapes follow its player count."""

    def __init__(self, spectator_view: Mapping[str, Any]) -> None:
        self.components = load_components()
        self.players = len(spectator_view["players"])
        self.notation = Notation(self.components)
        components = self.components
        p, c = self.players, len(components.types) * VALUES
        boards, rooms, spaces = len(spectator_view["boards"]), len(components.rooms), 4
        self.cards = c
        self._fields = (
            Field("seat", (p,)),
            Field("to_act", (p,)),
            Field("phase", (len(ACTIVE_PHASES),)),  # all 0 once the game is over
            Field("types", (len(components.types),)),
            Field("rooms", (boards, rooms)),  # all 0 once a board has left the game
            Field("cards", (boards, CARDS_PER_ROOM, c)),
            Field("face_down", (boards,)),  # the third card is one the viewer has not seen
            Field("spaces", (boards, spaces, p)),
            Field("resolving", (boards,)),
            Field("dice", (components.dice_count,)),  # 1 a ghost, 0.5 a blank, 0 no die
            Field("piles", (2,)),  # deck and set-aside cards, out of 60
            Field("ghosts", (p,)),  # the viewer's; the others' at the end
            Field("meeples", (p,)),  # in supply, out of 5
            Field("held", (p, c)),  # face-up cards, counts out of 2
            Field("dispelled", (p, c)),
            Field("clock_done", (1,)),
        )

    @property
    def num_actions(self) -> int:
        return len(self.notation.words)

    @property
    def fields(self) -> tuple[Field, ...]:
        return self._fields

    def encode(self, view: Mapping[str, Any]) -> dict[str, Array]:
        components = self.components
        arrays, order = seat_arrays(self, view, self.players)
        relative = {seat: index for index, seat in enumerate(order)}
        if view["current_player"] is not None:
            arrays["phase"][ACTIVE_PHASES.index(view["phase"])] = 1
        for code in view["types"]:
            arrays["types"][components.type_index(code)] = 1
        for board, entry in enumerate(view["boards"]):
            if entry["room"] is None:
                continue
            arrays["rooms"][board, components.room_index(entry["room"])] = 1
            for slot, label in enumerate(entry["cards"]):
                if label == FACE_DOWN:
                    arrays["face_down"][board] = 1
                elif label is not None:
                    arrays["cards"][board, slot, components.card(label)] = 1
            for space, owner in enumerate(entry["spaces"]):
                if owner is not None:
                    arrays["spaces"][board, space, relative[owner]] = 1
        if view["resolving"] is not None:
            arrays["resolving"][view["resolving"]] = 1
        for die, face in enumerate(view["dice"]):
            arrays["dice"][die] = 1.0 if face == "G" else 0.5
        arrays["piles"][:] = [view["deck_count"] / 60, view["removed_count"] / 60]
        for row, seat in enumerate(order):
            ghosts = view["ghosts"][seat]
            if ghosts is not None:
                arrays["ghosts"][row] = min(ghosts / GHOST_SCALE, 1.0)
            arrays["meeples"][row] = view["meeples"][seat] / components.meeples
            for label in view["tableaus"][seat]["held"]:
                arrays["held"][row, components.card(label)] += 1 / components.copies
            for label in view["tableaus"][seat]["dispelled"]:
                arrays["dispelled"][row, components.card(label)] += 1 / components.copies
        arrays["clock_done"][0] = float(view["clock_done"])
        return arrays
