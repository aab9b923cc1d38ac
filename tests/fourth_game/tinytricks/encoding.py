"""Tiny Tricks as arrays, for the research adapters (``kit.encoding``)."""

from collections.abc import Mapping
from typing import Any

from tinytricks.state import CARDS, HAND
from vitrine.kit.encoding import Array, Field, seat_arrays

SEATS = 4  # the most players: fields are this wide whatever the count


class TinyTricksEncoding:
    """Seats relative to the viewer: its own hand, the cards played, the
    trick under way seat by seat, and the tricks won."""

    num_actions = CARDS  # a card's id is its number less one
    fields = (
        Field("seat", (SEATS,)),
        Field("to_act", (SEATS,)),
        Field("hand", (CARDS,)),
        Field("played", (CARDS,)),
        Field("trick", (SEATS, CARDS)),
        Field("tricks", (SEATS,)),
    )

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.players = len(view["players"])

    def encode(self, view: Mapping[str, Any]) -> dict[str, Array]:
        arrays, order = seat_arrays(self, view, self.players)
        for card in view["hand"]:
            arrays["hand"][card - 1] = 1
        for card in view["played"]:
            arrays["played"][card - 1] = 1
        for offset, card in enumerate(view["trick"]):
            seat = (view["leader"] + offset) % self.players
            arrays["trick"][order.index(seat), card - 1] = 1
        for position, seat in enumerate(order):
            arrays["tricks"][position] = view["tricks"][seat] / HAND
        return arrays
