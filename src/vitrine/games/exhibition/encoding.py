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
from dataclasses import astuple, dataclass
from typing import TYPE_CHECKING, Any

from vitrine.engine.protocol import GameState
from vitrine.games.exhibition.cards import NUM_CARDS, card_from_label
from vitrine.games.exhibition.config import (
    NOBODY,
    PLACE_BASE,
    PLACE_OFFSET,
    PLACE_PHASE,
    TAKE_PHASE,
    TAKE_STRIDE,
)
from vitrine.games.exhibition.fastplayout import CompiledCore, core_for, uses_compiled_core
from vitrine.games.exhibition.state import ExhibitionState
from vitrine.kit.encoding import Array, Field, seat_arrays

if TYPE_CHECKING:
    from vitrine.games.exhibition._playout import Batch


DECADES = 10
FIRST_DECADE = 1900


def card_index(label: str) -> int:
    card = card_from_label(label)
    if card is None:
        raise ValueError(f"{label!r} in a view is not a card")
    return card


@dataclass(frozen=True, slots=True)
class Offsets:
    """Where each field starts in the flat observation."""

    seat: int
    to_act: int
    phase: int
    pending: int
    market: int
    stock: int
    round: int
    vehicles: int
    halls: int
    depots: int
    discards: int
    final: int
    all_continents: int
    secret_decades: int


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

        offsets = {}
        start = 0
        for field in self._fields:
            offsets[field.name] = start
            start += field.size
        self.offsets = Offsets(**offsets)
        # flat_entries' last market and halls per place in a batch, with their
        # entries: a decision changes one of them at most, so most are reused.
        self._market_seen: dict[int, tuple[list[list[int]], list[int]]] = {}
        self._hall_seen: dict[tuple[int, int], tuple[list[int], list[int]]] = {}

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

    def flat_entries(
        self,
        state: GameState,
        viewer: int,
        base: int,
        ones: list[int],
        scaled: list[tuple[int, float]],
    ) -> None:
        """The flat observation of ``viewer`` straight from the state, for the
        vectorised environment: the indices (plus ``base``) that hold 1 go to
        ``ones``, the other non-zero values to ``scaled``; every other entry
        is 0.  The same numbers as :meth:`encode` of the view (a test checks
        it), at a fraction of the cost of building the view.  ``base`` names
        the place in a batch: the entries of its last market and halls are
        kept and reused while they are unchanged."""
        assert isinstance(state, ExhibitionState)
        at = self.offsets
        c, p, k, s = NUM_CARDS, self.players, len(self.continents), len(self.spots)
        ones.append(base + at.seat + viewer)
        if state.current != NOBODY:
            ones.append(base + at.to_act + (state.current - viewer) % p)
            if state.pending is None:
                ones.append(base + at.phase)
            else:
                ones += (base + at.phase + 1, base + at.pending + state.pending.card)
        seen = self._market_seen.get(base)
        if seen is None or seen[0] != state.market:
            start = base + at.market
            entries = [
                start + k * c + card for k, group in enumerate(state.market) for card in group
            ]
            seen = self._market_seen[base] = ([group[:] for group in state.market], entries)
        ones += seen[1]
        scaled.append((base + at.stock, len(state.draw_pile) / NUM_CARDS))
        scaled.append((base + at.round, min(state.round / NUM_CARDS, 1.0)))
        secret = state.config.options.secret_decade
        for row in range(p):
            seat = (viewer + row) % p
            ones.append(base + at.vehicles + row * k + state.vehicles[seat])
            hall = state.halls[seat]
            held = self._hall_seen.get((base, row))
            if held is None or held[0] != hall:
                start = base + at.halls + row * s * c
                entries = [start + spot * c + card for spot, card in enumerate(hall) if card >= 0]
                held = self._hall_seen[base, row] = (hall[:], entries)
            ones += held[1]
            depot = base + at.depots + row * c
            ones += [depot + card for card in state.depots[seat]]
            if state.final[seat]:
                ones.append(base + at.final + row)
            if state.six_round[seat]:
                ones.append(base + at.all_continents + row)
            if secret and (seat == viewer or state.is_over):
                decade = (state.secret_decades[seat] - FIRST_DECADE) // 10
                ones.append(base + at.secret_decades + row * DECADES + decade)
        discards = base + at.discards
        ones += [discards + card for card in state.discards]

    def compiled_batch(self, state: GameState, count: int) -> "CompiledSolo | None":
        """``count`` solo games stepped by the compiled core, for the
        vectorised environment; None where it does not apply (several
        players), is not built, or is turned off (``VITRINE_PURE_PYTHON=1``),
        and the environment steps the engine itself, to the same numbers."""
        assert isinstance(state, ExhibitionState)
        if not state.config.solo or not uses_compiled_core():
            return None
        from vitrine.games.exhibition._playout import Batch

        core = core_for(state.config)
        assert isinstance(core, CompiledCore)
        size = sum(field.size for field in self._fields)
        place = PLACE_BASE + PLACE_OFFSET
        layout = [size, self.num_actions, TAKE_STRIDE, place, *astuple(self.offsets)]
        decades = list(state.config.table.secret_decades)
        return CompiledSolo(Batch(core.core, count, layout, decades))


class CompiledSolo:
    """The compiled core's batch of solo games (``_batch.c``), each game
    started from the engine's first position of its deal."""

    def __init__(self, batch: "Batch") -> None:
        self.batch = batch
        self.observe = batch.observe
        self.step = batch.step
        self.start_deal = batch.start_deal

    def start(self, index: int, state: GameState) -> None:
        from vitrine.games.exhibition.fastplayout import pack

        assert isinstance(state, ExhibitionState)
        self.batch.start(index, pack(state))
