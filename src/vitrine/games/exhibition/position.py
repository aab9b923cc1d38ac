"""A position of Exhibition: 20th Century, and how a turn's two steps change it.

A turn is two decisions with public information revealed between them
(D-13): *take* a card from the market (choosing a white card's destination),
the emptied spot is refilled from the stock for everyone to see, then *place*
the card in the hall, the depot, or end the exhibition.  ``Position`` holds
the data, answers what is legal and applies a step unchecked;
``state.ExhibitionState`` adds the checked decisions, records and search.

The state is plain lists of small ints so that copying it for search is cheap;
the per-spot legality bitmasks of :mod:`placement` are kept up to date
incrementally (only the showcase that changed is recomputed).
"""

from collections.abc import Iterator
from random import Random
from typing import Any

from vitrine.engine.errors import IllegalTurnError
from vitrine.games.exhibition.cards import WHITE
from vitrine.games.exhibition.config import (
    ALL_CARDS_MASK,
    EMPTY,
    MARKET_PER_CONTINENT,
    MASK_CACHE_SIZE,
    NOBODY,
    OVER,
    PLACE_PHASE,
    TAKE_PHASE,
    GameConfig,
)
from vitrine.games.exhibition.notation import DEPOT, END, NO_DESTINATION, Take, Turn
from vitrine.games.exhibition.placement import spot_masks
from vitrine.kit.game import StateBase

# Builds a Take or Turn without the NamedTuple's Python-level __new__, whose
# frame was a twentieth of a search's time (one per step walked).
new_tuple: Any = tuple.__new__


class Position(StateBase):
    """One position of one game.  Seats are numbered from 0 (the start player)."""

    __slots__ = (
        "config",
        "current",
        "depots",
        "discards",
        "draw_pile",
        "draw_rng",
        "final",
        "halls",
        "history",
        "market",
        "masks",
        "pending",
        "refill",
        "round",
        "secret_decades",
        "six_round",
        "vehicles",
    )

    config: GameConfig
    current: int
    depots: list[list[int]]
    discards: list[int]
    final: list[bool]
    halls: list[list[int]]
    history: list[Turn]
    masks: list[list[int]]
    market: list[list[int]]
    pending: Take | None
    refill: int  # the card the last take drew into the market (public), or EMPTY
    round: int
    draw_pile: list[int]  # the stock, next card last
    draw_rng: Random | None  # search samples draw at random instead
    secret_decades: tuple[int, ...]
    six_round: list[int]
    vehicles: list[int]

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        n = config.num_players
        continents = config.table.num_continents
        deal = MARKET_PER_CONTINENT * continents
        deck = config.deck
        self.market = [
            sorted(deck[MARKET_PER_CONTINENT * k : MARKET_PER_CONTINENT * (k + 1)])
            for k in range(continents)
        ]
        self.draw_pile = list(reversed(deck[deal:]))
        self.draw_rng = None
        self.secret_decades = config.secret_decades
        self.vehicles = [seat % continents for seat in range(n)]
        spots = config.hall.num_spots
        self.halls = [[EMPTY] * spots for _ in range(n)]
        self.masks = [[0] * spots for _ in range(n)]
        self.depots = [[] for _ in range(n)]
        self.final = [False] * n
        self.six_round = [0] * n
        self.discards = []
        self.history = []
        self.pending = None
        self.refill = EMPTY
        self.round = 1
        self.current = 0
        self.refresh_all()

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.current == NOBODY

    @property
    def phase(self) -> str:
        if self.current == NOBODY:
            return OVER
        return TAKE_PHASE if self.pending is None else PLACE_PHASE

    @property
    def mid_turn(self) -> bool:
        """Between the take and the placement of one turn."""
        return self.pending is not None

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock in draw order: hidden information, never in a player view."""
        return tuple(reversed(self.draw_pile))

    def takes(self) -> list[Take]:
        """The legal takes of the current player (empty outside the take step)."""
        if self.current == NOBODY or self.pending is not None:
            return []
        continent_of = self.config.table.continent_of
        continents = range(self.config.table.num_continents)
        result: list[Take] = []
        for card in self.takeable(self.current):
            if continent_of[card] == WHITE:
                result.extend(Take(card, dest) for dest in continents)
            else:
                result.append(Take(card, NO_DESTINATION))
        return result

    def takeable(self, player: int) -> list[int]:
        """The cards ``player`` may take: those of the group their vehicle
        stands by, or any card of the market when that group is empty."""
        group = self.market[self.vehicles[player]]
        return group if group else [card for cards in self.market for card in cards]

    def targets(self, player: int, card: int) -> list[int]:
        """Where ``player`` may put ``card``: hall spots, then DEPOT and END."""
        bit = 1 << card
        result = [spot for spot, mask in enumerate(self.masks[player]) if mask & bit]
        fits_hall = bool(result)
        if len(self.depots[player]) < self.config.hall.depot_size:
            result.append(DEPOT)
        if not fits_hall:
            result.append(END)  # D-5: only when no hall spot is legal
        return result

    def legal_moves(self) -> list[Turn]:
        """Whole turns open to the current player.

        In the place step, only the turns that complete the pending take.
        """
        if self.current == NOBODY:
            return []
        takes = [self.pending] if self.pending is not None else self.takes()
        moves: list[Turn] = []
        cache: dict[int, list[int]] = {}
        for card, dest in takes:
            targets = cache.get(card)
            if targets is None:
                targets = cache[card] = self.targets(self.current, card)
            moves.extend(Turn(card, dest, target) for target in targets)
        return moves

    def random_move(self, rng: Random) -> Turn:
        """A turn drawn uniformly from :meth:`legal_moves` without listing them
        all: the fast path of uniform random playouts."""
        takes = [self.pending] if self.pending is not None else self.takes()
        targets: dict[int, list[int]] = {}
        total = 0
        for card, _ in takes:
            if card not in targets:
                targets[card] = self.targets(self.current, card)
            total += len(targets[card])
        pick = int(rng.random() * total)
        for card, dest in takes:
            options = targets[card]
            if pick < len(options):
                return Turn(card, dest, options[pick])
            pick -= len(options)
        raise IllegalTurnError("the game is over", "game_over")

    def legal_turns(self) -> list[str]:
        text = self.config.notation.turn_text
        return sorted(text(move) for move in self.legal_moves())

    def legal_actions(self) -> list[str]:
        notation = self.config.notation
        if self.pending is not None:
            targets = self.targets(self.current, self.pending.card)
            return sorted(notation.target_text(t) for t in targets)
        return sorted(notation.take_text(card, dest) for card, dest in self.takes())

    # ------------------------------------------------------------ mechanics

    def _take(self, take: Take) -> None:
        card, dest = take
        config = self.config
        player = self.current
        group = self.market[self.vehicles[player]]
        if card not in group:
            group = next(group for group in self.market if card in group)
        group.remove(card)
        continent = config.table.continent_of[card]
        self.vehicles[player] = dest if continent == WHITE else continent
        pile = self.draw_pile
        if pile:
            if self.draw_rng is not None:
                index = int(self.draw_rng.random() * len(pile))
                pile[index], pile[-1] = pile[-1], pile[index]
            self.refill = pile.pop()
            group.append(self.refill)
            group.sort()
        else:
            self.refill = EMPTY
        self.pending = take

    def _place(self, target: int) -> None:
        assert self.pending is not None
        player = self.current
        card = self.pending.card
        self.history.append(new_tuple(Turn, (card, self.pending.dest, target)))
        self.pending = None
        if target == DEPOT:
            self.depots[player].append(card)
        elif target == END:
            self.discards.append(card)
            self.final[player] = True
        else:
            hall = self.halls[player]
            hall[target] = card
            config = self.config
            index = config.hall.spot_showcase[target]
            self._refresh(player, index)
            if index in config.cross_player_showcases and self._changes_others(player, index, card):
                for seat in range(config.num_players):
                    if seat != player:
                        self._refresh(seat, index)
            if not self.six_round[player] and self._holds_all_continents(hall):
                self.six_round[player] = self.round
            if EMPTY not in hall:
                self.final[player] = True
        self._advance(player)

    def _changes_others(self, player: int, index: int, card: int) -> bool:
        """Whether placing ``card`` in showcase ``index`` changes what the other
        players may place there: any card in Unique Decades, and in One
        Continent only the first coloured card, which makes the claim."""
        rules = self.config.hall.showcases[index].rules
        if rules.unique_decades:
            return True
        continent_of = self.config.table.continent_of
        if continent_of[card] == WHITE:
            return False
        start, stop = self.config.spot_ranges[index]
        showcase = self.halls[player][start:stop]
        return sum(1 for c in showcase if c != EMPTY and continent_of[c] != WHITE) == 1

    def _holds_all_continents(self, hall: list[int]) -> bool:
        continent_of = self.config.table.continent_of
        held = {continent_of[card] for card in hall if card != EMPTY}
        held.discard(WHITE)
        return len(held) == self.config.table.num_continents

    def _advance(self, player: int) -> None:
        """Pass the turn on, skipping final players; close rounds (D-7)."""
        n = self.config.num_players
        final = self.final
        following = player
        for _ in range(n):
            following = following + 1 if following + 1 < n else 0
            if not final[following]:
                break
        else:
            self.current = NOBODY
            return
        if following <= player:
            self.round += 1
        self.current = following
        if not any(self.market):
            # D-4: with no card left anywhere, every exhibition becomes final.
            for seat in range(n):
                final[seat] = True
            self.current = NOBODY

    def refresh_all(self) -> None:
        """Recompute every legality mask (after building a position by hand)."""
        for player in range(self.config.num_players):
            for index in range(len(self.config.hall.showcases)):
                self._refresh(player, index)

    def _refresh(self, player: int, index: int) -> None:
        """Recompute the legality masks of one showcase of one player.

        Masks depend only on the showcase's cards and the cross-player
        context, and the same contents recur constantly in search, so they
        are memoised per game.
        """
        config = self.config
        start, stop = config.spot_ranges[index]
        cards = tuple(self.halls[player][start:stop])
        context = self.context(player, index) if index in config.cross_player_showcases else 0
        key = (index, cards, context)
        cache = config.mask_cache
        masks = cache.get(key)
        if masks is None:
            if len(cache) >= MASK_CACHE_SIZE:
                cache.clear()
            showcase = config.hall.showcases[index]
            masks = cache[key] = spot_masks(
                showcase, cards, config.table, context or ALL_CARDS_MASK
            )
        self.masks[player][start:stop] = masks

    def context(self, player: int, index: int) -> int:
        """Cards the other players' halls still allow in showcase ``index``."""
        config = self.config
        rules = config.hall.showcases[index].rules
        allowed = ALL_CARDS_MASK
        spots = config.hall.spots_of(index)
        table = config.table
        if rules.exclusive_continent:
            for seat in range(config.num_players):
                if seat != player:
                    claim = self.claimed_continent(seat, index)
                    if claim != WHITE:
                        allowed &= ~table.continent_mask[claim]
        if rules.unique_decades:
            allowed &= config.unique_decades_allowed[index]
            for hall in self.halls:
                for card in hall[spots.start : spots.stop]:
                    if card != EMPTY:
                        allowed &= ~table.decade_mask[card // 10]
        return allowed

    def claimed_continent(self, player: int, index: int) -> int:
        """The continent ``player``'s one-continent showcase claims, or WHITE."""
        spots = self.config.hall.spots_of(index)
        continent_of = self.config.table.continent_of
        for card in self.halls[player][spots.start : spots.stop]:
            if card != EMPTY and continent_of[card] != WHITE:
                return continent_of[card]
        return WHITE

    def hall_cards(self, player: int) -> Iterator[int]:
        return (card for card in self.halls[player] if card != EMPTY)
