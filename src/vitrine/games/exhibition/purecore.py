"""The playout core in pure Python: the compiled core's very games, without a compiler.

:mod:`fastplayout` uses this core when the compiled one (``_playout.c`` and
``_beam.c``) was not built, for want of a C compiler at install time, or when
``VITRINE_PURE_PYTHON=1`` asks for it.  Its results are the compiled core's,
bit for bit, which the tests check position by position:

* A playout plays the rules of the Python engine (:class:`ExhibitionState`)
  and makes its random choices exactly as ``_playout.c`` does: the same
  SplitMix64 stream, the same multiply-shift ``below``, the same orders of
  the market groups and the stock (a taken card gives its place to its
  group's last card, a drawn card to the stock's last).  The same seed plays
  the same game, card for card, and scores it the same.
* The solo beam search is the search ``_beam.c`` compiles, written over the
  engine's states: whole turns in :meth:`ExhibitionState.legal_moves` order,
  positions met twice kept once (the first), each layer's best by the same
  ranking, ties in the order met.  Every number the ranking adds is a
  multiple of 1/4, so floats add it exactly here as doubles do there.

It is slower (``docs/bots.md`` quotes the benches of both), never different.
"""

from collections.abc import Sequence
from functools import cache
from math import exp
from typing import NamedTuple

from vitrine.engine.rng import SplitMix64
from vitrine.games.exhibition.cards import EINSTEIN, FIRST_YEAR, WHITE, YEARS
from vitrine.games.exhibition.config import EMPTY, NOBODY, GameConfig
from vitrine.games.exhibition.notation import DEPOT, END, NO_DESTINATION, Take, Turn
from vitrine.games.exhibition.scoring import SOLO_MARKET, score_game
from vitrine.games.exhibition.solo_bound import YEAR_CARDS, closeness_points
from vitrine.games.exhibition.state import ExhibitionState

INFORMED_EXPLORE = 8  # one informed take or placement in 8 stays uniform, as in _core.h


class Trace(NamedTuple):
    """A playout told in full: its returns, its turns as (card, destination,
    target), the refills drawn in order, and every seat's final total (x100 solo)."""

    returns: list[float]
    turns: list[tuple[int, int, int]]
    draws: list[int]
    totals: list[int]


class BeamResult(NamedTuple):
    """The best finished line a beam reaches: its turns, its total (x100) and
    the positions the search evaluated."""

    line: list[tuple[int, int, int]]
    total: int
    positions: int


class Weights(NamedTuple):
    """The beam search's ranking weights (see ``solver.py``, which sets them)."""

    open_card_points: float  # per card still to come that fits an empty spot
    open_cards_counted: int  # ... counted up to this many per spot
    potential: float  # share of the categories the fitting cards would add
    market_hope: float  # share of a half-filled market showcase's best partner


class Stream:
    """The compiled core's random numbers: SplitMix64, and ``below`` by
    multiply-shift (bias below n / 2^32), as ``_core.h`` draws them."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int) -> None:
        self._rng = SplitMix64(seed)

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 for n >= 1."""
        return ((self._rng.next_u64() >> 32) * n) >> 32


class PureCore:
    """The playout core of one game configuration, in Python."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config

    # ---------------------------------------------------------- playouts

    def playout(
        self, state: ExhibitionState, seed: int, informed: bool = False, margin: float = 0.0
    ) -> list[float]:
        """The returns of one playout of ``state`` (left unchanged) from ``seed``."""
        return self.trace(state, seed, informed, margin).returns

    def trace(
        self, state: ExhibitionState, seed: int, informed: bool = False, margin: float = 0.0
    ) -> Trace:
        """One playout of ``state`` (left unchanged) from ``seed``, told in full.

        ``informed`` takes a card that fits the hall and puts it in the spot
        that accepts the fewest cards; ``margin`` > 0 shapes the returns of a
        game of several players (half the win share, half a logistic of the
        lead over the best other total in units of ``margin``).
        """
        game = state.copy()
        game.draw_rng = None  # the stock is drawn here, at random, as the core draws it
        rng = Stream(seed)
        groups = [group[:] for group in game.market]  # the core's order of each group
        turns: list[tuple[int, int, int]] = []
        draws: list[int] = []
        while game.current != NOBODY:
            if game.pending is None:
                card, dest = self._take(game, groups, rng, draws, informed)
            else:
                card, dest = game.pending
            target = self._target(game, card, rng, informed)
            turns.append((card, dest, target))
            game.play_unchecked(Turn(card, dest, target))
        totals = [sheet.total for sheet in score_game(game).players]
        returns = game.returns()
        if margin > 0 and game.num_players > 1:
            returns = shaped(returns, totals, margin)
        return Trace(returns, turns, draws, totals)

    def _take(
        self,
        game: ExhibitionState,
        groups: list[list[int]],
        rng: Stream,
        draws: list[int],
        informed: bool,
    ) -> Take:
        """The policy's take (``take`` in ``_playout.c``); its refill is put
        last in the engine's stock, which the engine draws next."""
        player = game.current
        at = game.vehicles[player]
        chosen = None
        if informed and rng.below(INFORMED_EXPLORE) != 0:
            chosen = fitting_take(game, groups, rng)
        if chosen is None and groups[at]:
            chosen = at, rng.below(len(groups[at]))
        elif chosen is None:
            index = rng.below(sum(map(len, groups)))
            at = 0
            while index >= len(groups[at]):
                index -= len(groups[at])
                at += 1
            chosen = at, index
        at, index = chosen
        group = groups[at]
        card = group[index]
        group[index] = group[-1]
        group.pop()
        table = self.config.table
        dest = NO_DESTINATION
        if table.continent_of[card] == WHITE:
            dest = rng.below(table.num_continents)
        pile = game.draw_pile
        if pile:
            drawn = rng.below(len(pile))
            pile[drawn], pile[-1] = pile[-1], pile[drawn]  # the engine draws the last
            group.append(pile[-1])
            draws.append(pile[-1])
        return Take(card, dest)

    def _target(self, game: ExhibitionState, card: int, rng: Stream, informed: bool) -> int:
        """The policy's placement: a legal hall spot (informed: the best fit),
        else the depot while it has room, else the end (D-5)."""
        player = game.current
        masks = game.masks[player]
        legal = [spot for spot, mask in enumerate(masks) if mask >> card & 1]
        if not legal:
            return DEPOT if len(game.depots[player]) < self.config.hall.depot_size else END
        if not informed or rng.below(INFORMED_EXPLORE) == 0:
            return legal[rng.below(len(legal))]
        best, best_count, ties = legal[0], masks[legal[0]].bit_count(), 1
        for spot in legal[1:]:
            count = masks[spot].bit_count()
            if count < best_count:
                best, best_count, ties = spot, count, 1
            elif count == best_count:
                ties += 1
                if rng.below(ties) == 0:
                    best = spot  # reservoir sampling: each tie equally likely
        return best

    def masks(self, state: ExhibitionState) -> list[list[int]]:
        """Every player's legality masks, recomputed from the hall."""
        fresh = state.copy()
        fresh.refresh_all()
        return fresh.masks

    # ------------------------------------------------------------- search

    def beam(self, state: ExhibitionState, width: int, weights: Weights) -> BeamResult:
        """The best finished game one beam of ``width`` reaches from ``state``,
        its stock read in order (the last card drawn next)."""
        if not self.config.solo:
            raise ValueError("the beam search plays one-player games only")
        if width < 1:
            raise ValueError(f"beam width must be at least 1, got {width}")
        root = state.copy()
        root.draw_rng = None
        if root.is_over:
            return BeamResult([], score_game(root).players[0].total, 0)
        ranking = Ranking(self.config, weights)
        layer = [root]
        best: ExhibitionState | None = None
        best_total = 0
        positions = 0
        while layer:
            children: dict[Key, tuple[float, ExhibitionState]] = {}
            for position in layer:
                for turn in position.legal_moves():
                    child = position.copy()
                    child.play_unchecked(turn)
                    positions += 1
                    if child.is_over:
                        total = score_game(child).players[0].total
                        if best is None or total > best_total:
                            best, best_total = child, total
                        continue
                    key = _key(child)
                    if key not in children:
                        children[key] = (ranking.promise(child), child)
            ranked = sorted(children.values(), key=lambda item: item[0], reverse=True)
            layer = [child for _, child in ranked[:width]]
        assert best is not None
        line = [(turn.card, turn.dest, turn.target) for turn in best.history[len(root.history) :]]
        return BeamResult(line, best_total, positions)


def fitting_take(
    game: ExhibitionState, groups: Sequence[Sequence[int]], rng: Stream
) -> tuple[int, int] | None:
    """The informed take: a random card among those the taker can show in the
    hall (group and index), from the group at the vehicle or, that one empty,
    from the whole market; None when none fits."""
    at = game.vehicles[game.current]
    searched = [at] if groups[at] else range(len(groups))
    fit = 0
    for mask in game.masks[game.current]:
        fit |= mask
    fitting = [(k, i) for k in searched for i, card in enumerate(groups[k]) if fit >> card & 1]
    return fitting[rng.below(len(fitting))] if fitting else None


def shaped(wins: Sequence[float], totals: Sequence[int], margin: float) -> list[float]:
    """Half the win share, half a logistic of the lead over the best other total."""
    result = []
    for seat, win in enumerate(wins):
        lead = totals[seat] - max(t for other, t in enumerate(totals) if other != seat)
        result.append(0.5 * win + 0.5 / (1.0 + exp(-lead / margin)))
    return result


# ---------------------------------------------------------------- the ranking

Key = tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...], int]


def _key(state: ExhibitionState) -> Key:
    """What decides a position's future and score: the depot's cards do not."""
    return (
        tuple(state.halls[0]),
        len(state.depots[0]),
        tuple(tuple(group) for group in state.market),
        state.vehicles[0],
    )


class Ranking:
    """The search's ranking of unfinished positions (x100 scale, not a bound),
    with what the game configuration fixes worked out once per search."""

    def __init__(self, config: GameConfig, weights: Weights) -> None:
        table, scoring = config.table, config.scoring
        self.weights = weights
        self.scale = scoring.solo_multiplier
        self.decades = table.decade_mask
        self.continents = table.continent_mask
        self.all_continents = scoring.all_continents_solo
        self.market_award = scoring.solo_market_award
        # The most cards of one continent a hall can show (7 in the base hall).
        self.focus_cap = sum(
            1 if s.rules.distinct_continents else s.size for s in config.hall.showcases
        )
        self.closeness = [
            (s.first_spot, closeness_points(s.solo_closeness, self.scale))
            for s in config.hall.showcases
            if s.solo_closeness is not None
        ]
        self.market_showcases = [
            (s.first_spot, s.first_spot + s.size - 1, s.scoring)
            for s in config.hall.showcases
            if s.scoring is not None
        ]

    def promise(self, state: ExhibitionState) -> float:
        """The score so far, plus what the empty spots still offer: a spot no
        card still to come fits is a certain -1, every other one is worth a
        little per fitting card."""
        weights, scale = self.weights, self.scale
        hall = state.halls[0]
        held = 0
        for card in hall:
            if card != EMPTY:
                held |= 1 << card
        market = 0
        for group in state.market:
            for card in group:
                market |= 1 << card
        pool = market
        pile = state.draw_pile
        for card in pile[max(0, len(pile) - hall.count(EMPTY) + 1) :]:
            pool |= 1 << card
        masks = state.masks[0]
        value = 0.0
        fit = 0
        for spot, card in enumerate(hall):
            if card == EMPTY:
                fitting = masks[spot] & pool
                if fitting:
                    fit |= fitting
                    counted = min(fitting.bit_count(), weights.open_cards_counted)
                    value += weights.open_card_points * counted
                else:
                    value -= scale
        now = self.hall_points(held)
        later = self.hall_points(held | fit)
        value += scale * (now + weights.potential * (later - now) - len(state.depots[0]))
        return value + self.showcase_points(hall, market)

    def hall_points(self, cards: int) -> int:
        """All 6 Continents, Continent Focus, Number of Decades and Chain of Years."""
        years = cards & YEAR_CARDS
        points = 0
        for mask in self.decades:
            if years & mask:
                points += 1
        focus = 0
        every_continent = True
        for mask in self.continents:
            count = (cards & mask).bit_count()
            focus = max(focus, count)
            every_continent = every_continent and count > 0
        points += min(focus, self.focus_cap) + _chain(years)
        return points + self.all_continents if every_continent else points

    def showcase_points(self, hall: Sequence[int], market: int) -> float:
        """Mid Century and the market showcases as they would score now.

        A market showcase with one card is worth a share of what its best
        partner would make of today's market: the solo Years Gap is won or
        lost by choosing its first card well, long before the second.
        """
        total = 0.0
        for spot, points in self.closeness:
            total += points[hall[spot]]
        for first, last, scoring in self.market_showcases:
            left, right = hall[first], hall[last]
            if EINSTEIN in (left, right) or left == right == EMPTY:
                continue
            if left == EMPTY:
                pairs, weight = [(0, right), (right - 1, right)], self.weights.market_hope
            elif right == EMPTY:
                pairs, weight = [(left, YEARS - 1), (left, left + 1)], self.weights.market_hope
            else:
                pairs, weight = [(left, right)], 1.0
            count = min((market & _against(scoring, *pair)).bit_count() for pair in pairs)
            total += weight * max(0, self.market_award - count) * self.scale
        return total


@cache
def _against(scoring: str, left: int, right: int) -> int:
    """The cards that count against the pair (``left``, ``right``) in the final market."""
    against = SOLO_MARKET[scoring]
    pair = (FIRST_YEAR + left, FIRST_YEAR + right)
    return sum(1 << card for card in range(YEARS) if against(pair, FIRST_YEAR + card))


def _chain(years: int) -> int:
    run = 0
    while years:
        years &= years >> 1
        run += 1
    return max(run, 1)
