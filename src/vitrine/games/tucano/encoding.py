"""Tucano's views as arrays.

Seats are relative: index 0 is always the viewer, then the players after
them in turn order, so one policy can play from any seat; the viewer's
absolute seat is a field of its own.  Cards of a kind are identical, so
every collection is a count per kind divided by that kind's copies in the
game.  Everything comes from the view, so the draw pile's order and the
face-down piles' contents are never in an observation (only pile sizes)
until the turns are over: then every pile is turned over and its cards
count in ``revealed``, which the joker's holder needs to choose its fruit.
"""

from collections.abc import Mapping
from typing import Any

import numpy as np

from vitrine.games.tucano.cards import load_card_table
from vitrine.games.tucano.config import num_action_ids
from vitrine.kit.encoding import Array, Field, seat_arrays


class TucanoEncoding:
    """The arrays of one game's views; shapes follow its player count."""

    def __init__(self, spectator_view: Mapping[str, Any]) -> None:
        self.players = p = len(spectator_view["players"])
        self.kinds = [card["id"] for card in spectator_view["cards"]]
        self.copies = np.array([card["count"] for card in spectator_view["cards"]], np.float32)
        self.deck_size = float(self.copies.sum())
        self.columns = len(spectator_view["columns"])
        toucans = list(spectator_view["pending"])
        self.toucans = toucans
        self.fruit = len(self.kinds) - len(toucans)  # the fruits and the joker
        k = len(self.kinds)
        self._fields = (
            Field("seat", (p,)),  # the viewer's absolute seat
            Field("to_act", (p,)),  # relative seat of the player to act
            Field("turn", (1,)),  # turn / turns in a game
            Field("deck", (2,)),  # cards in the draw pile, of which surely no toucan / 70
            Field("columns", (self.columns, k)),
            Field("pending", (len(toucans),)),  # toucans waiting / copies
            Field("faceup", (p, self.fruit)),
            Field("facedown", (p,)),  # face-down cards / 70
            Field("revealed", (p, self.fruit)),  # the piles turned over once the turns are over
            Field("discards", (k,)),
        )

    @property
    def num_actions(self) -> int:
        return num_action_ids(load_card_table())

    @property
    def fields(self) -> tuple[Field, ...]:
        return self._fields

    def counts(self, names: list[str] | dict[str, int], size: int) -> Array:
        row = np.zeros(size, dtype=np.float32)
        items = names.items() if isinstance(names, dict) else ((name, 1) for name in names)
        for name, count in items:
            row[self.kinds.index(name)] += count
        return row / self.copies[:size]

    def encode(self, view: Mapping[str, Any]) -> dict[str, Array]:
        arrays, order = seat_arrays(self, view, self.players)
        k = len(self.kinds)
        arrays["turn"][0] = min(view["turn"] / view["turns_total"], 1.0)
        arrays["deck"][:] = [view["deck_count"], view["toucan_free"]]
        arrays["deck"] /= self.deck_size
        for index, column in enumerate(view["columns"]):
            arrays["columns"][index] = self.counts(column["cards"], k)
        arrays["pending"][:] = [
            view["pending"][name] / self.copies[self.kinds.index(name)] for name in self.toucans
        ]
        for seat, row in enumerate(order):
            hand = view["hands"][seat]
            arrays["faceup"][row] = self.counts(hand["faceup"], self.fruit)
            arrays["facedown"][row] = sum(hand["piles"]) / self.deck_size
            for pile in view["revealed"][seat] if "revealed" in view else ():
                arrays["revealed"][row] += self.counts(pile, self.fruit)
        arrays["discards"][:] = self.counts(view["discards"], k)
        return arrays
