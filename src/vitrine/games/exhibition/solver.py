"""A clairvoyant solver for solo Exhibition: how well could anyone have played this deal?

With the stock order known, a solo game is a deterministic one-player
puzzle of at most 19 whole turns (16 hall spots and 3 depot cards).  The
solver answers two questions per deal:

* **A lower bound on the optimum**: the best line a beam search finds.  The
  search runs over whole turns (take, refill, place), layer by layer; every
  layer keeps the ``beam_width`` most promising positions, and positions
  that agree in hall, depot count, market and vehicle are kept once (they
  have the same futures and the same score so far).  A position is ranked by
  its score so far (categories of the hall as it stands, the depot, the
  Years Gap against today's market) plus what its empty spots still offer:
  an empty spot that no card still to come fits is a certain -1, every
  other one is worth a little per fitting card, so the search keeps
  showcases open instead of walling them off.  The line is replayed through
  the rules engine from the deal and its score recomputed, so the reported
  best is a game anyone could have played.
* **An upper bound on the optimum**: :func:`solo_upper_bound` of the deal
  (see :mod:`vitrine.games.exhibition.solo_bound` for what it relaxes and
  why nothing can beat it).

The optimum lies between the two.  Bots play without seeing the stock, so
the gap between a bot and the lower bound is the price of that ignorance
plus the bot's own mistakes.
"""

import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from vitrine.games.exhibition.cards import EINSTEIN, FIRST_YEAR, YEARS
from vitrine.games.exhibition.game import ExhibitionGame
from vitrine.games.exhibition.layout import Hall
from vitrine.games.exhibition.scoring import SOLO_MARKET, ScoreSheet, score_game
from vitrine.games.exhibition.solo_bound import YEAR_CARDS, closeness_points, solo_upper_bound
from vitrine.games.exhibition.state import EMPTY, ExhibitionState

DEFAULT_BEAM = 200
WIDENING = 4  # each narrower beam is this many times narrower
# The ranking's weights, tuned on deals 100-139 at width 30 (not on reported deals).
OPEN_CARD_POINTS = 2  # per card still to come that fits an empty spot (x100 scale)
OPEN_CARDS_COUNTED = 15  # per spot: beyond this many fitting cards, more adds nothing
POTENTIAL = 0.25  # share of what the fitting cards to come would add to the hall's categories
MARKET_HOPE = 0.25  # share of what a half-filled market showcase's best partner would score
Key = tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...], int]


@dataclass(frozen=True)
class SoloSolution:
    """One deal solved: the best line found and the bound above the optimum."""

    seed: int | None
    best_total: int  # the best line's final total, x100
    turns: tuple[str, ...]  # that line, in notation
    categories: Mapping[str, int]  # its score sheet
    upper_bound: int  # no line of this deal scores more (x100)
    positions: int  # positions the search evaluated
    seconds: float


def solo_deal(seed: int, options: Mapping[str, Any] | None = None) -> ExhibitionState:
    """The solo game a seed deals (the same deal the runner's bots play)."""
    return ExhibitionGame().start(["Solo"], options or {}, seed=seed)


def solve(
    state_or_seed: ExhibitionState | int,
    beam_width: int = DEFAULT_BEAM,
    *,
    options: Mapping[str, Any] | None = None,
) -> SoloSolution:
    """Solve the solo deal of a seed, or the rest of a solo game from a state.

    A state's stock is read in its order (refills drawn at random in search
    samples are switched off on the solver's copy): the solver sees it all.
    """
    started = time.perf_counter()
    if isinstance(state_or_seed, ExhibitionState):
        if options is not None:
            raise ValueError("options belong to the seed: a state has its own")
        root = state_or_seed.copy()
        root.draw_rng = None
    else:
        root = solo_deal(state_or_seed, options)
    if not root.config.solo:
        raise ValueError("the solver plays one-player games only")
    if beam_width < 1:
        raise ValueError(f"beam width must be at least 1, got {beam_width}")
    best, positions = _widening(root, beam_width)
    text = root.config.notation.turn_text
    turns = tuple(text(turn) for turn in best.history[len(root.history) :])
    sheet = _replay(root, turns)
    bound = solo_upper_bound(root)
    if bound < sheet.total:
        raise AssertionError(f"the upper bound {bound} is below a line scoring {sheet.total}")
    return SoloSolution(
        seed=root.config.seed,
        best_total=sheet.total,
        turns=turns,
        categories=dict(sheet.categories),
        upper_bound=bound,
        positions=positions,
        seconds=time.perf_counter() - started,
    )


def _replay(root: ExhibitionState, turns: tuple[str, ...]) -> ScoreSheet:
    """The line played again through the checked rules, to its final score."""
    state = root.copy()
    for turn in turns:
        state.push(turn)
    if not state.is_over:
        raise AssertionError("the solver's line does not finish the game")
    return score_game(state).players[0]


def _widening(root: ExhibitionState, width: int) -> tuple[ExhibitionState, int]:
    """The best of beams a quarter, a sixteenth... as wide, and as wide as asked.

    A beam is chaotic: a wider one usually finds more but can lose a line a
    narrower one kept.  The narrower beams cost a third more in all and
    make the result never worse than theirs.
    """
    widths = [width]
    while widths[-1] >= WIDENING:
        widths.append(widths[-1] // WIDENING)
    best, best_total, positions = root, None, 0
    for beam in reversed(widths):
        found, total, evaluated = _beam(root, beam)
        positions += evaluated
        if best_total is None or total > best_total:
            best, best_total = found, total
    return best, positions


def _beam(root: ExhibitionState, width: int) -> tuple[ExhibitionState, int, int]:
    """The best finished game one beam reaches, its total and the positions evaluated."""
    if root.is_over:
        return root, score_game(root).players[0].total, 0
    layer = [root]
    best: ExhibitionState | None = None
    best_total = 0
    positions = 0
    while layer:
        children: dict[Key, tuple[float, ExhibitionState]] = {}
        for state in layer:
            for turn in state.legal_moves():
                child = state.copy()
                child.play_unchecked(turn)
                positions += 1
                if child.is_over:
                    total = score_game(child).players[0].total
                    if best is None or total > best_total:
                        best, best_total = child, total
                    continue
                key = _key(child)
                if key not in children:
                    children[key] = (_promise(child), child)
        ranked = sorted(children.values(), key=lambda item: item[0], reverse=True)
        layer = [child for _, child in ranked[:width]]
    assert best is not None
    return best, best_total, positions


def _key(state: ExhibitionState) -> Key:
    """What decides a position's future and score: the depot's cards do not."""
    return (
        tuple(state.halls[0]),
        len(state.depots[0]),
        tuple(tuple(group) for group in state.market),
        state.vehicles[0],
    )


def _promise(state: ExhibitionState) -> float:
    """The search's ranking of an unfinished position (x100 scale, not a bound)."""
    config = state.config
    scale = config.scoring.solo_multiplier
    hall = state.halls[0]
    held = 0
    for card in hall:
        if card != EMPTY:
            held |= 1 << card
    market = 0
    for group in state.market:
        for card in group:
            market |= 1 << card
    empties = hall.count(EMPTY)
    pool = market
    pile = state.draw_pile
    for card in pile[max(0, len(pile) - empties + 1) :]:
        pool |= 1 << card
    masks = state.masks[0]
    value = 0.0
    fit = 0
    for spot, card in enumerate(hall):
        if card == EMPTY:
            fitting = masks[spot] & pool
            if fitting:
                fit |= fitting
                value += OPEN_CARD_POINTS * min(fitting.bit_count(), OPEN_CARDS_COUNTED)
            else:
                value -= scale
    now = _hall_points(state, held)
    later = _hall_points(state, held | fit)
    value += scale * (now + POTENTIAL * (later - now) - len(state.depots[0]))
    return value + _showcase_points(state, market)


def _hall_points(state: ExhibitionState, cards: int) -> int:
    """All 6 Continents, Continent Focus, Number of Decades and Chain of Years."""
    table = state.config.table
    years = cards & YEAR_CARDS
    points = sum(1 for mask in table.decade_mask if years & mask)
    focus = max((cards & mask).bit_count() for mask in table.continent_mask)
    points += min(focus, _focus_cap(state.config.hall))
    points += _chain(years)
    if all(cards & mask for mask in table.continent_mask):
        points += state.config.scoring.all_continents_solo
    return points


def _showcase_points(state: ExhibitionState, market: int) -> float:
    """Mid Century and the market showcases as they would score now.

    A market showcase with one card is worth a share of what its best partner
    would make of today's market: the solo Years Gap is won or lost by
    choosing its first card well, long before the second.
    """
    config = state.config
    hall = state.halls[0]
    total = 0.0
    for showcase in config.hall.showcases:
        if showcase.solo_closeness is not None:
            points = closeness_points(showcase.solo_closeness, config.scoring.solo_multiplier)
            total += points[hall[showcase.first_spot]]
        if showcase.scoring is None:
            continue
        left = hall[showcase.first_spot]
        right = hall[showcase.first_spot + showcase.size - 1]
        if EINSTEIN in (left, right) or left == right == EMPTY:
            continue
        if left == EMPTY:
            pairs, weight = [(0, right), (right - 1, right)], MARKET_HOPE
        elif right == EMPTY:
            pairs, weight = [(left, YEARS - 1), (left, left + 1)], MARKET_HOPE
        else:
            pairs, weight = [(left, right)], 1.0
        count = min((market & _against(showcase.scoring, *pair)).bit_count() for pair in pairs)
        award = config.scoring.solo_market_award
        total += weight * max(0, award - count) * config.scoring.solo_multiplier
    return total


@cache
def _focus_cap(hall: Hall) -> int:
    """The most cards of one continent a hall can show (7 in the base hall)."""
    return sum(1 if s.rules.distinct_continents else s.size for s in hall.showcases)


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


__all__ = ["DEFAULT_BEAM", "SoloSolution", "solo_deal", "solve"]
