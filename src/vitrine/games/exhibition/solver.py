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
from vitrine.games.exhibition.scoring import _SOLO_MARKET as SOLO_MARKET
from vitrine.games.exhibition.scoring import score_game
from vitrine.games.exhibition.solo_bound import YEAR_CARDS, closeness_points, solo_upper_bound
from vitrine.games.exhibition.state import EMPTY, ExhibitionState

DEFAULT_BEAM = 200
OPEN_CARD_POINTS = 2  # per card still to come that fits an empty spot (x100 scale)
OPEN_CARDS_COUNTED = 15  # per spot: beyond this many fitting cards, more adds nothing
POTENTIAL = 0.25
MARKET_HOPE = 0.25
MAX_FOCUS = 7
PER_HALL = 1000
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
    """Solve the solo deal of a seed, or the rest of a solo game from ``state``."""
    started = time.perf_counter()
    if isinstance(state_or_seed, ExhibitionState):
        if options is not None:
            raise ValueError("options belong to the seed: a state has its own")
        root = state_or_seed.copy()
    else:
        root = solo_deal(state_or_seed, options)
    if not root.config.solo:
        raise ValueError("the solver plays one-player games only")
    if beam_width < 1:
        raise ValueError(f"beam width must be at least 1, got {beam_width}")
    best, positions = _beam(root, beam_width)
    turns = tuple(best.turn_texts()[len(root.turn_texts()) :])
    sheet = _replay(root, turns)
    return SoloSolution(
        seed=root.config.seed,
        best_total=sheet.total,
        turns=turns,
        categories=dict(sheet.categories),
        upper_bound=max(solo_upper_bound(root), sheet.total),
        positions=positions,
        seconds=time.perf_counter() - started,
    )


def _replay(root: ExhibitionState, turns: tuple[str, ...]) -> Any:
    """The line played again through the checked rules, to its final score."""
    state = root.copy()
    state.draw_rng = None
    for turn in turns:
        state.push(turn)
    if not state.is_over:
        raise AssertionError("the solver's line does not finish the game")
    return score_game(state).players[0]


def _beam(root: ExhibitionState, width: int) -> tuple[ExhibitionState, int]:
    """The best finished game the beam reaches, and the positions evaluated."""
    if root.is_over:
        return root, 0
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
        layer = []
        seen: dict[tuple[int, ...], int] = {}
        for _, child in ranked:
            h = tuple(child.halls[0])
            if seen.get(h, 0) < PER_HALL:
                seen[h] = seen.get(h, 0) + 1
                layer.append(child)
                if len(layer) == width:
                    break
    assert best is not None
    return best, positions


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
    points += min(MAX_FOCUS, max((cards & mask).bit_count() for mask in table.continent_mask))
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
