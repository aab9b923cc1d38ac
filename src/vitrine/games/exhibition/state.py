"""The game state and turn flow of Exhibition: 20th Century.

A turn is two decisions with public information revealed between them
(D-13): *take* a card from the market (choosing a white card's destination),
the emptied spot is refilled from the stock for everyone to see, then *place*
the card in the hall, the depot, or end the exhibition.  ``take`` and
``place`` step through the decisions; ``play`` does a whole turn.  Every
mutating call checks legality first and changes nothing when it refuses.

The state is plain lists of small ints so that copying it for search is cheap;
the per-spot legality bitmasks of :mod:`placement` are kept up to date
incrementally (only the showcase that changed is recomputed).
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from random import Random
from typing import TYPE_CHECKING, Any

from vitrine.engine.errors import IllegalTurnError, NotationError, VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import win_shares
from vitrine.engine.record import Record
from vitrine.games.exhibition.cards import (
    ALL_YEARS_MASK,
    EINSTEIN_BIT,
    WHITE,
    CardTable,
    card_label,
    card_year,
    year_window_mask,
)
from vitrine.games.exhibition.layout import Hall, LayoutData, ScoringConstants
from vitrine.games.exhibition.notation import (
    DEPOT,
    END,
    NO_DESTINATION,
    Notation,
    Take,
    Turn,
)
from vitrine.games.exhibition.options import Options
from vitrine.games.exhibition.placement import spot_masks

if TYPE_CHECKING:
    from vitrine.games.exhibition.fastplayout import PlayoutCore

GAME_NAME = "exhibition"
# Builds a Take or Turn without the NamedTuple's Python-level __new__, whose
# frame was a twentieth of a search's time (one per step walked).
new_tuple: Any = tuple.__new__
# Every version whose records replay, the current last.  They differ only in
# their cards (cards.json's ``previous``): 2026.2 made 1972 South American (D-1).
RULES_VERSIONS: tuple[str, ...] = ("exhibition-2026.1", "exhibition-2026.2")
RULES_VERSION = RULES_VERSIONS[-1]
MIN_PLAYERS = 1
MAX_PLAYERS = 5
MARKET_PER_CONTINENT = 3
ALL_CARDS_MASK = ALL_YEARS_MASK | EINSTEIN_BIT
EMPTY = -1
MASK_CACHE_SIZE = 200_000
MaskCache = dict[tuple[int, tuple[int, ...], int], list[int]]


@cache
def shared_mask_cache(table: CardTable, hall: Hall) -> MaskCache:
    """One memo of legality masks for every game on the same cards and hall."""
    return {}


NOBODY = -1

SHAPING_MARGIN = 5.0  # fp of lead that shaped returns count as a clear edge
SOLO_SCALE = 30  # fp: a solo score's scale for returns, above any reachable total
TAKE_STRIDE = 8  # take id = card * TAKE_STRIDE + destination + 1
PLACE_BASE = 1024  # place id = PLACE_BASE + PLACE_OFFSET + target (END and DEPOT < 0)
PLACE_OFFSET = 2

TAKE_PHASE = "take"
PLACE_PHASE = "place"
OVER = "over"


@dataclass(frozen=True, eq=False)
class GameConfig:
    """What stays fixed for a whole game; shared by every copy of its state."""

    table: CardTable
    layout: LayoutData
    hall: Hall
    players: tuple[str, ...]
    options: Options
    seed: int | None
    deck: tuple[int, ...]
    explicit_deck: bool
    secret_decades: tuple[int, ...]
    notation: Notation
    mask_cache: "MaskCache"
    rules_version: str
    overlay: Overlay | None  # the rule overlay the table and layout come from

    @cached_property
    def num_players(self) -> int:  # cached: every placement and turn change reads it
        return len(self.players)

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def scoring(self) -> ScoringConstants:
        return self.layout.scoring

    @cached_property
    def spot_ranges(self) -> tuple[tuple[int, int], ...]:
        """Per showcase: its first spot and the spot after its last."""
        return tuple(
            (r.start, r.stop) for r in map(self.hall.spots_of, range(len(self.hall.showcases)))
        )

    @cached_property
    def playout_core(self) -> "PlayoutCore":
        """The playout core of this game (``fastplayout``), built on first use;
        kept here, where every rollout finds it with one lookup."""
        from vitrine.games.exhibition.fastplayout import build_core

        return build_core(self)

    @cached_property
    def white_take_offsets(self) -> tuple[int, ...]:
        """What a white card's take id adds to ``card * TAKE_STRIDE``, one per
        destination continent (see ``ExhibitionState.legal_action_ids``)."""
        return tuple(dest + 1 for dest in range(self.table.num_continents))

    @cached_property
    def cross_player_showcases(self) -> tuple[int, ...]:
        """Showcases whose legality depends on other players' halls."""
        return tuple(
            index
            for index, showcase in enumerate(self.hall.showcases)
            if showcase.rules.exclusive_continent or showcase.rules.unique_decades
        )

    @cached_property
    def unique_decades_allowed(self) -> dict[int, int]:
        """Per Unique Decades showcase: the cards of the decades allowed (D-11)."""
        allowed = {}
        for index, showcase in enumerate(self.hall.showcases):
            table = showcase.rules.unique_decades
            if table is not None:
                first, last = table[self.num_players]
                allowed[index] = year_window_mask(first, last + 9)
        return allowed


class ExhibitionState:
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
        self.round = 1
        self.current = 0
        self.refresh_all()

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
        clone.round = self.round
        clone.six_round = self.six_round[:]
        clone.draw_pile = self.draw_pile[:]
        clone.draw_rng = self.draw_rng
        clone.secret_decades = self.secret_decades
        clone.vehicles = self.vehicles[:]
        return clone

    # ----------------------------------------------------------------- queries

    @property
    def num_players(self) -> int:
        return self.config.num_players

    @property
    def current_player(self) -> int | None:
        return None if self.current == NOBODY else self.current

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
        from vitrine.games.exhibition.explain import explain_refusal

        raise explain_refusal(self, player, card, target)

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
            group.append(pile.pop())
            group.sort()
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

    def hall_cards(self, player: int) -> Iterator[int]:
        return (card for card in self.halls[player] if card != EMPTY)

    def returns(self) -> list[float]:
        """Win shares; alone, the solo score as a fraction of SOLO_SCALE fp."""
        from vitrine.games.exhibition.scoring import score_game

        sheets = score_game(self).players
        if self.config.solo:
            return [sheets[0].total / (SOLO_SCALE * self.config.scoring.solo_multiplier)]
        return win_shares([sheet.rank for sheet in sheets])

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

    def redeterminize(self, viewer: int, rng: Random) -> None:
        """Re-deal what ``viewer`` cannot see: from now on refills come from the
        stock at random, and the other players' secret decades are dealt anew
        from the decades ``viewer`` has not seen."""
        self.draw_rng = rng
        if self.secret_decades and not self.is_over:
            own = self.secret_decades[viewer]
            free = [d for d in self.config.table.secret_decades if d != own]
            others = rng.sample(free, len(self.secret_decades) - 1)
            others.insert(viewer, own)
            self.secret_decades = tuple(others)

    def view(self, player: int | None) -> dict[str, Any]:
        from vitrine.games.exhibition.view import player_view

        return player_view(self, player)

    def provisional_scores(self, viewer: int | None) -> list[dict[str, Any]]:
        from vitrine.games.exhibition.view import provisional_scores

        return provisional_scores(self, viewer)


def make_config(
    table: CardTable,
    layout: LayoutData,
    players: Sequence[str],
    options: Options,
    seed: int | None,
    deck: tuple[int, ...],
    explicit_deck: bool,
    secret_decades: tuple[int, ...],
    rules_version: str,
    overlay: Overlay | None = None,
) -> GameConfig:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise VitrineError(
            f"Exhibition is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}",
            "player_count",
            {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "got": len(players)},
        )
    hall = layout.hall(options.variations)
    return GameConfig(
        table=table,
        layout=layout,
        hall=hall,
        players=tuple(players),
        options=options,
        seed=seed,
        deck=deck,
        explicit_deck=explicit_deck,
        secret_decades=secret_decades,
        notation=Notation(hall, table),
        mask_cache=shared_mask_cache(table, hall),
        rules_version=rules_version,
        overlay=overlay,
    )
