"""The solo solver's beam search in plain Python: the reference ``_beam.c`` is held to.

The compiled search must find the very same lines, position for position:
the tests run both on deals, variations and games in progress and compare
the lines, totals and positions evaluated.  This copy is slow (about 70
times slower) but reads like the rules, which is what a reference is for.
"""

from functools import cache

from vitrine.games.exhibition.cards import EINSTEIN, FIRST_YEAR, YEARS
from vitrine.games.exhibition.layout import Hall
from vitrine.games.exhibition.scoring import SOLO_MARKET, score_game
from vitrine.games.exhibition.solo_bound import YEAR_CARDS, closeness_points
from vitrine.games.exhibition.solver import (
    MARKET_HOPE,
    OPEN_CARD_POINTS,
    OPEN_CARDS_COUNTED,
    POTENTIAL,
)
from vitrine.games.exhibition.state import EMPTY, ExhibitionState

Key = tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...], int]


def beam(root: ExhibitionState, width: int) -> tuple[ExhibitionState, int, int]:
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
