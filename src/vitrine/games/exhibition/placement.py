"""Where a card may go: one bitmask of allowed cards per empty spot.

The legality of every (card, spot) pair of a showcase is computed at once as
bitmasks over the 101 cards, and recomputed only when the showcase (or, for
the cross-player rules, another player's showcase of the same kind) changes.
Asking whether a card fits a spot is then one bit test.

Years: between consecutive filled spots ``i < j`` the later year exceeds the
earlier by at least ``max(1, min_gap * (j - i))`` and at most
``max_gap * (j - i)``.  Einstein's year is wild (D-6): every card is treated as
an interval of possible years (a point for printed years, 1900..1999 for
Einstein), and intervals are propagated along the showcase from the left and
from the right.  Because the constraints only join neighbours, a new card fits
exactly when its year meets the projection of the left part and of the right
part; no assignment is ever fixed, as the rules require.

Continents: a white card's wild continent can always be chosen (a
distinct-continents showcase holds at most six cards, and at most four other
players can claim a continent), so white cards pass every continent rule.
"""

from collections.abc import Sequence
from typing import NamedTuple

from vitrine.engine.errors import Reason
from vitrine.games.exhibition.cards import (
    ALL_YEARS_MASK,
    EINSTEIN,
    EINSTEIN_BIT,
    FIRST_YEAR,
    YEARS,
    CardTable,
    year_window_mask,
)
from vitrine.games.exhibition.layout import Showcase

LAST_YEAR = FIRST_YEAR + YEARS - 1
UNBOUNDED = 10 * YEARS


def _step_bounds(showcase: Showcase, distance: int) -> tuple[int, int]:
    """The allowed increase of year between filled spots ``distance`` apart."""
    rules = showcase.rules
    low = max(1, (rules.min_gap_per_step or 0) * distance)
    high = (rules.max_gap_per_step or UNBOUNDED) * distance
    return low, high


def _interval(card: int) -> tuple[int, int]:
    if card == EINSTEIN:
        return FIRST_YEAR, LAST_YEAR
    return FIRST_YEAR + card, FIRST_YEAR + card


def _propagate(
    showcase: Showcase, filled: Sequence[tuple[int, int]], backwards: bool
) -> list[tuple[int, int]]:
    """Possible years of each filled card given only the cards on one side."""
    result: list[tuple[int, int]] = []
    order = range(len(filled) - 1, -1, -1) if backwards else range(len(filled))
    previous: tuple[int, int, int] | None = None  # (position, low, high)
    for index in order:
        position, card = filled[index]
        low, high = _interval(card)
        if previous is not None:
            step_low, step_high = _step_bounds(showcase, abs(position - previous[0]))
            if backwards:
                low, high = max(low, previous[1] - step_high), min(high, previous[2] - step_low)
            else:
                low, high = max(low, previous[1] + step_low), min(high, previous[2] + step_high)
        result.append((low, high))
        previous = (position, low, high)
    if backwards:
        result.reverse()
    return result


class Requirement(NamedTuple):
    """A card-wide requirement of a showcase: why a card would break it, and
    the cards it allows."""

    reason: Reason
    allowed: int


def card_filters(showcase: Showcase, cards: Sequence[int], table: CardTable) -> list[Requirement]:
    """The showcase's card-wide requirements, each with the cards it allows.

    Years aside, these hold for every spot alike.  Each comes with a reason
    so that a refusal can name the requirement a card breaks.
    """
    rules = showcase.rules
    where = {"showcase": showcase.key}
    filters: list[Requirement] = []
    if not rules.whites:
        filters.append(
            Requirement(
                Reason(
                    "no_white",
                    where,
                    f"white cards may not be placed in {showcase.name}",
                ),
                ~table.white_mask,
            )
        )
    coloured = [table.continent_of[c] for c in cards if c >= 0 and table.continent_of[c] >= 0]
    if rules.distinct_continents:
        for continent in coloured:
            name = table.continent_names[continent]
            filters.append(
                Requirement(
                    Reason(
                        "continent_repeated",
                        {**where, "continent": table.continent_codes[continent]},
                        f"{showcase.name} already holds a card of {name}",
                    ),
                    ~table.continent_mask[continent],
                )
            )
    if rules.same_continent and coloured:
        filters.append(
            Requirement(
                Reason(
                    "continent_only",
                    {**where, "continent": table.continent_codes[coloured[0]]},
                    f"{showcase.name} holds {table.continent_names[coloured[0]]} cards only",
                ),
                table.continent_mask[coloured[0]] | table.white_mask,
            )
        )
    if rules.same_decade:
        years = [c for c in cards if 0 <= c < YEARS]
        if years:
            decade = FIRST_YEAR + years[0] // 10 * 10
            filters.append(
                Requirement(
                    Reason(
                        "decade_only",
                        {**where, "decade": decade},
                        f"{showcase.name} holds cards of the {decade}s only",
                    ),
                    table.decade_mask[years[0] // 10],
                )
            )
    return filters


def year_windows(showcase: Showcase, cards: Sequence[int]) -> list[tuple[int, int]]:
    """For each spot, the years a new card there may have (empty when low > high).

    Filled spots get an empty window.
    """
    filled = [(position, card) for position, card in enumerate(cards) if card >= 0]
    from_left = _propagate(showcase, filled, backwards=False)
    from_right = _propagate(showcase, filled, backwards=True)
    windows: list[tuple[int, int]] = []
    right = 0  # index in ``filled`` of the first filled spot to the right
    for position, card in enumerate(cards):
        if card >= 0:
            right += 1
            windows.append((LAST_YEAR, FIRST_YEAR))
            continue
        low, high = FIRST_YEAR, LAST_YEAR
        if right > 0:
            step_low, step_high = _step_bounds(showcase, position - filled[right - 1][0])
            low = max(low, from_left[right - 1][0] + step_low)
            high = min(high, from_left[right - 1][1] + step_high)
        if right < len(filled):
            step_low, step_high = _step_bounds(showcase, filled[right][0] - position)
            low = max(low, from_right[right][0] - step_high)
            high = min(high, from_right[right][1] - step_low)
        windows.append((low, high))
    return windows


def neighbours(cards: Sequence[int], position: int) -> list[int]:
    """The nearest filled spots' cards on each side of ``position``."""
    left = [c for c in cards[:position] if c >= 0][-1:]
    right = [c for c in cards[position + 1 :] if c >= 0][:1]
    return left + right


def links_mask(card: int, within: int, table: CardTable) -> int:
    """Cards that may neighbour ``card`` in a Links showcase (D-9, D-14)."""
    year = FIRST_YEAR + card
    return table.continent_mask[table.continent_of[card]] | year_window_mask(
        year - within, year + within
    )


def spot_masks(
    showcase: Showcase, cards: Sequence[int], table: CardTable, context: int
) -> list[int]:
    """For each spot of the showcase, the bitmask of cards that may go there.

    ``cards`` lists the showcase's spots, ``-1`` for empty; filled spots get 0.
    ``context`` holds the cross-player requirements (continents other players
    claimed, decades already used), which the state computes.
    """
    allowed = (ALL_YEARS_MASK | EINSTEIN_BIT) & context
    for requirement in card_filters(showcase, cards, table):
        allowed &= requirement.allowed
    links = showcase.rules.links_within_years
    masks = [0] * len(cards)
    for position, (low, high) in enumerate(year_windows(showcase, cards)):
        if low > high:
            continue
        mask = allowed & (year_window_mask(low, high) | EINSTEIN_BIT)
        if links:
            for neighbour in neighbours(cards, position):
                mask &= links_mask(neighbour, links, table)
        masks[position] = mask
    return masks
