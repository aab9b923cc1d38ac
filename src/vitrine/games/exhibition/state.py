"""The game state of Exhibition: 20th Century, as the engine protocol's ``GameState``.

``take`` and ``place`` step through a turn's two decisions, ``play`` does a
whole turn; every mutating call checks legality first and changes nothing
when it refuses.  The position itself and the unchecked steps are
``position.Position``'s; what reads the state from above (its view, why a
placement is refused, the scores, the playout core) the state asks of the
object its configuration carries (``state_views``), so that this module
imports none of it.
"""

from random import Random
from typing import Any

from vitrine.engine.errors import IllegalTurnError, NotationError
from vitrine.engine.record import Record
from vitrine.games.exhibition.cards import WHITE, card_label, card_year
from vitrine.games.exhibition.config import (
    GAME_NAME,
    NOBODY,
    PLACE_BASE,
    PLACE_OFFSET,
    PLACE_PHASE,
    SHAPING_MARGIN,
    TAKE_PHASE,
    TAKE_STRIDE,
)
from vitrine.games.exhibition.notation import DEPOT, END, NO_DESTINATION, Take, Turn
from vitrine.games.exhibition.position import Position, new_tuple


class ExhibitionState(Position):
    """One position of one game, with the protocol's decisions, record and search."""

    __slots__ = ()

    # ----------------------------------------------------------------- copying

    def copy(self) -> "ExhibitionState":
        """An independent copy; the fixed configuration is shared."""
        clone = ExhibitionState.__new__(ExhibitionState)
        clone.config = self.config
        clone.current = self.current
        clone.depots = [d[:] for d in self.depots]
        clone.discards = self.discards[:]
        clone.final = self.final[:]
        clone.halls = [h[:] for h in self.halls]
        clone.history = self.history[:]
        clone.masks = [m[:] for m in self.masks]
        clone.market = [g[:] for g in self.market]
        clone.pending = self.pending
        clone.refill = self.refill
        clone.round = self.round
        clone.six_round = self.six_round[:]
        clone.draw_pile = self.draw_pile[:]
        clone.draw_rng = self.draw_rng
        clone.secret_decades = self.secret_decades
        clone.vehicles = self.vehicles[:]
        return clone

    # --------------------------------------------------------------- decisions

    def take(self, take: Take) -> None:
        """First decision: take a card (and for a white card, its destination)."""
        self._check_take(take)
        self._take(take)

    def place(self, target: int) -> None:
        """Second decision: place the pending card on ``target``."""
        if self.pending is None:
            raise self._phase_refusal(PLACE_PHASE)
        self._check_target(self.current, self.pending.card, target)
        self._place(target)

    def play(self, turn: Turn) -> None:
        """A whole turn; in the place step the take part must match the pending one."""
        if self.pending is not None:
            if (turn.card, turn.dest) != self.pending:
                pending = self.config.notation.take_text(*self.pending)
                raise IllegalTurnError(
                    f"{pending} was already taken: place it (e.g. '{pending} D')",
                    "pending_take",
                    {"take": pending},
                )
        else:
            self._check_take(turn)
        self._check_target(self.current, turn.card, turn.target)
        if self.pending is None:
            self._take(Take(turn.card, turn.dest))
        self._place(turn.target)

    def push(self, turn: str) -> None:
        """Play a whole turn given in notation."""
        self.play(self.config.notation.parse_turn(turn))

    def apply_action(self, action: str) -> None:
        """Apply one decision in notation: a take in the take step, a target after."""
        if self.current == NOBODY:
            raise IllegalTurnError("the game is over", "game_over")
        notation = self.config.notation
        if self.pending is None:
            try:
                self.take(notation.parse_take(action))
            except NotationError as error:
                raise NotationError(
                    f"{error} (it is the take step)", error.code, {**error.params, "step": "take"}
                ) from None
        else:
            try:
                self.place(notation.parse_target(action))
            except NotationError as error:
                raise NotationError(
                    f"{error} (it is the place step)", error.code, {**error.params, "step": "place"}
                ) from None

    def play_unchecked(self, turn: Turn) -> None:
        """A turn taken from :meth:`legal_moves`, applied without re-checking.

        The fast path for playouts and search.
        """
        if self.pending is None:
            self._take(Take(turn.card, turn.dest))
        self._place(turn.target)

    # ------------------------------------------------------------- refusals

    def _phase_refusal(self, wanted: str) -> IllegalTurnError:
        if self.current == NOBODY:
            return IllegalTurnError("the game is over", "game_over")
        if wanted == PLACE_PHASE:
            return IllegalTurnError("nothing to place: take a card first", "take_first")
        pending = self.config.notation.take_text(*self.pending) if self.pending else ""
        return IllegalTurnError(
            f"{pending} was already taken: place it first", "place_first", {"take": pending}
        )

    def _check_take(self, take: Take | Turn) -> None:
        if self.current == NOBODY or self.pending is not None:
            raise self._phase_refusal(TAKE_PHASE)
        table = self.config.table
        card, dest = take[0], take[1]
        label = card_label(card)
        where = next((k for k, group in enumerate(self.market) if card in group), None)
        if where is None:
            raise IllegalTurnError(
                f"{label} is not in the market", "not_in_market", {"card": label}
            )
        vehicle = self.vehicles[self.current]
        if where != vehicle and self.market[vehicle]:
            raise IllegalTurnError(
                f"{label} lies at {table.continent_names[where]}, but your vehicle is at "
                f"{table.continent_names[vehicle]}, which still has cards",
                "vehicle_elsewhere",
                {
                    "card": label,
                    "at": table.continent_codes[where],
                    "vehicle": table.continent_codes[vehicle],
                },
            )
        white = table.continent_of[card] == WHITE
        if white and not 0 <= dest < table.num_continents:
            raise IllegalTurnError(
                f"{label} is white: choose the vehicle's destination",
                "destination_needed",
                {"card": label},
            )
        if not white and dest != NO_DESTINATION:
            raise IllegalTurnError(
                f"{label} is not white: its continent sets the destination",
                "destination_not_allowed",
                {"card": label},
            )

    def _check_target(self, player: int, card: int, target: int) -> None:
        legal = self.targets(player, card)
        if target in legal:
            return
        label = card_label(card)
        if target == DEPOT:
            size = self.config.hall.depot_size
            raise IllegalTurnError(
                f"the depot is full ({size} cards)", "depot_full", {"size": size}
            )
        if target == END:
            spot = self.config.notation.target_text(legal[0])
            raise IllegalTurnError(
                f"you may end the exhibition only when {label} fits no hall spot (it fits {spot})",
                "end_while_fitting",
                {"card": label, "spot": spot},
            )
        raise self.config.views.explain_refusal(self, player, card, target)

    # ------------------------------------------------------------- records

    def turn_texts(self) -> list[str]:
        """The turns so far in notation, with a pending take last (if any)."""
        notation = self.config.notation
        texts = list(map(notation.turn_text, self.history))
        if self.pending is not None:
            texts.append(notation.take_text(*self.pending))
        return texts

    def record(self) -> Record:
        config = self.config
        setup: dict[str, Any] = {}
        if config.explicit_deck:
            setup["deck"] = [card_year(c) or card_label(c) for c in config.deck]
        if config.options.secret_decade:
            setup["secret_decades"] = list(self.secret_decades)
        return Record(
            game=GAME_NAME,
            rules_version=config.rules_version,
            players=config.players,
            options=config.options.to_dict(),
            turns=tuple(self.turn_texts()),
            seed=config.seed,
            setup=setup,
            overlay=config.overlay,
        )

    # ------------------------------------------------------------- results

    def returns(self) -> list[float]:
        """Win shares; alone, the solo score as a fraction of SOLO_SCALE fp
        (asked from above: ``scoring`` reads the state)."""
        return self.config.views.returns(self)

    # ------------------------------------------------------------- search

    def legal_action_ids(self) -> list[int]:
        """The legal decisions as small ints: the cheap currency of search."""
        if self.current == NOBODY:
            return []
        if self.pending is not None:
            base = PLACE_BASE + PLACE_OFFSET
            return [base + target for target in self.targets(self.current, self.pending.card)]
        # The ids of self.takes(), built without its tuples: search asks this
        # at every node it walks through.
        continent_of = self.config.table.continent_of
        whites = self.config.white_take_offsets
        ids: list[int] = []
        for card in self.takeable(self.current):
            if continent_of[card] == WHITE:
                base = card * TAKE_STRIDE
                ids.extend([base + offset for offset in whites])
            else:
                ids.append(card * TAKE_STRIDE + NO_DESTINATION + 1)
        return ids

    def apply_action_id(self, action: int) -> None:
        """Apply an id from :meth:`legal_action_ids` (not re-checked)."""
        if action >= PLACE_BASE:
            self._place(action - PLACE_BASE - PLACE_OFFSET)
        else:
            card, code = divmod(action, TAKE_STRIDE)
            self._take(new_tuple(Take, (card, code - 1)))

    def action_text(self, action: int) -> str:
        notation = self.config.notation
        if action >= PLACE_BASE:
            return notation.target_text(action - PLACE_BASE - PLACE_OFFSET)
        return notation.take_text(action // TAKE_STRIDE, action % TAKE_STRIDE - 1)

    def playout(self, rng: Random) -> None:
        """Play to the end: a random take, then a random legal hall spot, the
        depot only when no spot fits, and ending only when the depot is full.

        Cheap and far better informed than uniform turns, which would send a
        card in seventeen to the depot.
        """
        continent_of = self.config.table.continent_of
        continents = self.config.table.num_continents
        depot_size = self.config.hall.depot_size
        random = rng.random
        while self.current != NOBODY:
            player = self.current
            if self.pending is None:
                cards = self.takeable(player)
                card = cards[int(random() * len(cards))]
                white = continent_of[card] == WHITE
                self._take(Take(card, int(random() * continents) if white else NO_DESTINATION))
            card = self.pending.card  # type: ignore[union-attr]
            bit = 1 << card
            spots = [spot for spot, mask in enumerate(self.masks[player]) if mask & bit]
            if spots:
                self._place(spots[int(random() * len(spots))])
            else:
                self._place(DEPOT if len(self.depots[player]) < depot_size else END)

    def rollout(self, rng: Random, informed: bool = False, shaped: bool = False) -> list[float]:
        """The returns of :meth:`playout` played by the playout core
        (``fastplayout``: compiled, many times faster, or its pure-Python twin),
        seeded from ``rng``, leaving this state as it was: the same policy and
        rules.  ``playout`` stays the
        reference the cores are tested against.
        ``informed`` puts each card in the legal spot that accepts the fewest
        cards (best fit), keeping roomy spots for the cards that need them;
        ``shaped`` blends the win share with the lead in SHAPING_MARGIN fp."""
        margin = SHAPING_MARGIN if shaped else 0.0
        return self.config.playout_core.playout(self, rng.getrandbits(64), informed, margin)

    def scored_rollout(
        self, rng: Random, informed: bool = False
    ) -> tuple[list[float], list[float]]:
        """The plain returns of :meth:`rollout` and every seat's final total,
        told by the same core from the same seed (alone, the solo score in
        points, as the view's ``scores`` give it)."""
        trace = self.config.playout_core.trace(self, rng.getrandbits(64), informed)
        return trace.returns, [float(total) for total in trace.totals]
