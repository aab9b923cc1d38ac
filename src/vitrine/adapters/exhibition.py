"""Exhibition's views as arrays.

Seats are relative: index 0 is always the viewer, then the players after
them in turn order, so one policy can play from any seat; the viewer's
absolute seat is a field of its own (the start player's edge is real).
Cards are one-hot over the 101 cards, which tells a network each card's
year and continent without a lookup table.  Everything comes from the view,
so the stock's order and other players' secret decades (zeros until the
game is over) are never in an observation.
"""

from collections.abc import Mapping
from typing import Any

from vitrine.adapters.encoding import Array, Field, seat_arrays
from vitrine.games.exhibition.cards import NUM_CARDS, card_from_label
from vitrine.games.exhibition.state import PLACE_BASE, PLACE_OFFSET, PLACE_PHASE, TAKE_PHASE

DECADES = 10
FIRST_DECADE = 1900


def card_index(label: str) -> int:
    card = card_from_label(label)
    if card is None:
        raise ValueError(f"{label!r} in a view is not a card")
    return card


class ExhibitionEncoding:
    """The arrays of one game's views; shapes follow its player count and hall."""

    def __init__(self, spectator_view: Mapping[str, Any]) -> None:
        self.players = len(spectator_view["players"])
        self.spots = tuple(spot for case in spectator_view["showcases"] for spot in case["spots"])
        self.continents = tuple(spectator_view["market"])
        p, s, k, c = self.players, len(self.spots), len(self.continents), NUM_CARDS
        self._fields = (
            Field("seat", (p,)),  # the viewer's absolute seat
            Field("to_act", (p,)),  # relative seat of the player to act
            Field("phase", (2,)),  # take, place; both 0 once the game is over
            Field("pending", (c,)),  # the card taken and not yet placed
            Field("market", (k, c)),  # each continent's group
            Field("stock", (1,)),  # cards left in the stock / 101
            Field("round", (1,)),  # round / 101
            Field("vehicles", (p, k)),
            Field("halls", (p, s, c)),
            Field("depots", (p, c)),
            Field("discards", (c,)),
            Field("final", (p,)),  # whose exhibition is final
            Field("all_continents", (p,)),  # who has shown all six continents
            Field("secret_decades", (p, DECADES)),  # the viewer's own; others' at the end
        )

    @property
    def num_actions(self) -> int:
        return PLACE_BASE + PLACE_OFFSET + len(self.spots)

    @property
    def fields(self) -> tuple[Field, ...]:
        return self._fields

    def encode(self, view: Mapping[str, Any]) -> dict[str, Array]:
        arrays, order = seat_arrays(self, view, self.players)
        continent = {code: index for index, code in enumerate(self.continents)}
        if view["phase"] in (TAKE_PHASE, PLACE_PHASE):
            arrays["phase"][0 if view["phase"] == TAKE_PHASE else 1] = 1
        if view["pending"] is not None:
            arrays["pending"][card_index(view["pending"].split("@")[0])] = 1
        for code, labels in view["market"].items():
            for label in labels:
                arrays["market"][continent[code], card_index(label)] = 1
        arrays["stock"][0] = view["stock_count"] / NUM_CARDS
        arrays["round"][0] = min(view["round"] / NUM_CARDS, 1.0)
        for row, seat in enumerate(order):
            arrays["vehicles"][row, continent[view["vehicles"][seat]]] = 1
            for spot, label in enumerate(view["halls"][seat].values()):
                if label is not None:
                    arrays["halls"][row, spot, card_index(label)] = 1
            for label in view["depots"][seat]:
                arrays["depots"][row, card_index(label)] = 1
            arrays["final"][row] = float(view["final"][seat])
            arrays["all_continents"][row] = float(view["all_continents_round"][seat] is not None)
            if view["secret_decades"] and view["secret_decades"][seat] is not None:
                decade = (view["secret_decades"][seat] - FIRST_DECADE) // 10
                arrays["secret_decades"][row, decade] = 1
        for label in view["discards"]:
            arrays["discards"][card_index(label)] = 1
        return arrays
