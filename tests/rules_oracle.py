"""An independent, brute-force statement of the placement rules, for testing.

The engine decides legality with incremental bitmasks and interval
propagation; this oracle decides it the slow, obvious way, straight from
rules-decisions.md: try every assignment of the wild attributes (Einstein's
year 1900..1999, each white card's continent) and check every requirement.
Tests compare the two on many random positions.
"""

from collections.abc import Sequence
from itertools import pairwise, product

from vitrine.games.exhibition.cards import EINSTEIN, WHITE, CardTable
from vitrine.games.exhibition.layout import Showcase

Slots = Sequence[int]  # card ids by position, -1 for empty


def _years_ok(showcase: Showcase, slots: Slots, table: CardTable) -> bool:
    rules = showcase.rules
    filled = [(i, c) for i, c in enumerate(slots) if c >= 0]
    einstein_years: Sequence[int | None] = (
        range(1900, 2000) if any(c == EINSTEIN for _, c in filled) else [None]
    )
    for wild in einstein_years:
        years = [(i, 1900 + c if c != EINSTEIN else wild) for i, c in filled]
        ok = True
        for (i, a), (j, b) in pairwise(years):
            assert a is not None
            assert b is not None
            gap, distance = b - a, j - i
            if gap <= 0:
                ok = False
            if rules.max_gap_per_step and gap > rules.max_gap_per_step * distance:
                ok = False
            if rules.min_gap_per_step and gap < rules.min_gap_per_step * distance:
                ok = False
        if rules.links_within_years:
            for (_, a), (_, b) in pairwise(filled):
                same = table.continent_of[a] == table.continent_of[b]
                if not same and abs(a - b) > rules.links_within_years:
                    ok = False
        if rules.same_decade and len({c // 10 for _, c in filled}) > 1:
            ok = False
        if ok:
            return True
    return False


def _continents_ok(
    showcase: Showcase, slots: Slots, table: CardTable, claimed_by_others: set[int]
) -> bool:
    rules = showcase.rules
    cards = [c for c in slots if c >= 0]
    whites = [c for c in cards if table.continent_of[c] == WHITE]
    coloured = [table.continent_of[c] for c in cards if table.continent_of[c] != WHITE]
    for wild in product(range(table.num_continents), repeat=len(whites)):
        continents = coloured + list(wild)
        if rules.distinct_continents and len(set(continents)) != len(continents):
            continue
        if rules.same_continent and len(set(continents)) > 1:
            continue
        if rules.exclusive_continent and continents and continents[0] in claimed_by_others:
            continue
        return True
    return False


def showcase_ok(
    showcase: Showcase,
    slots: Slots,
    table: CardTable,
    claimed_by_others: set[int] | None = None,
    decades_elsewhere: set[int] | None = None,
    allowed_decades: set[int] | None = None,
) -> bool:
    """Whether a showcase's content satisfies every requirement (D-6 for wilds).

    ``claimed_by_others``: continents other players' One Continent showcases
    claim; ``decades_elsewhere``: decades (0..9) in the Unique Decades
    showcases of all players, this one excluded; ``allowed_decades``: the
    player count's allowed decades (D-11).
    """
    rules = showcase.rules
    cards = [c for c in slots if c >= 0]
    if not rules.whites and any(table.continent_of[c] == WHITE for c in cards):
        return False
    if rules.unique_decades:
        decades = [c // 10 for c in cards]
        if len(set(decades)) != len(decades):
            return False
        if set(decades) & (decades_elsewhere or set()):
            return False
        if allowed_decades is not None and not set(decades) <= allowed_decades:
            return False
    return _years_ok(showcase, slots, table) and _continents_ok(
        showcase, slots, table, claimed_by_others or set()
    )
