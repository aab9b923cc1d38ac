"""An admissible upper bound on the best final solo score reachable from a position.

The bound is a relaxation of the clairvoyant puzzle (the stock order known).
Three things are kept exactly, because they are what a position already
settles: the cards in the hall, the depot's count, and the legality mask of
every empty spot (masks only shrink as a showcase fills, so today's mask
admits every card that spot can ever receive).  Everything else is relaxed:

* **Which cards can still arrive.**  Every turn puts a card in the hall or
  the depot, or ends the game, so with ``e`` empty spots the last card that
  reaches the hall is taken at most ``e + p`` turns from now, ``p`` being the
  depot turns before it.  It lies in today's market or among the next
  ``e + p - 1`` stock cards (a turn's refill is seen only after its take).
  The bound is the best, over ``p``, of the value below for that *pool* minus
  the ``p`` depot cards' penalty: late cards cost depot turns.
* **Which pool cards are taken, and where they go.**  Any pool card may fill
  any empty spot whose mask admits it, ignoring that only three cards lie
  at the vehicle each turn and that placing a card shrinks its neighbours'
  masks.  The categories are then maximised separately, or in small groups
  where they compete for the same spots (the best of a sum is at most the
  sum of the bests):

  - an empty spot no pool card fits stays empty: -1 each, certain;
  - All 6 Continents: the hall and the fitting pool cards hold all six;
  - Continent Focus: per continent, the cards held plus, per showcase, the
    empty spots that admit a pool card of it (one at most in a
    distinct-continents showcase, which cannot hold two of a continent),
    and never more than the fitting pool cards of that continent;
  - Mid Century: its card, or the best pool card its mask admits; taken
    with the focus, as the two share that spot: per continent, either Mid
    Century holds a card of it (the best such card) or the focus goes
    without Mid Century;
  - Number of Decades and Chain of Years, together: a run of consecutive
    years over the hall and the fitting pool cards whose new cards fit in
    the live spots, plus one new decade per live spot left, counting only
    decades the fitting pool cards cover;
  - market showcases (Years Gap, Short Era, Antiquity): full marks unless
    already decided.  A complete pair keeps its current market count minus
    the cards still to be taken (each take removes one market card);
  - Secret Decade: the hall's cards of the decade plus the fitting pool
    cards of it, at most one per live spot.

Each relaxation only widens the set of reachable halls, so no playable line
can beat the bound.  A position with a take pending gets the best bound of
its placements.  The bound is tight on what the hall has settled and loose
on the take path: that the three cards at the vehicle often fit nowhere
(the depot turns and empty spots real play pays for), and which runs of
years and which continent's cards one path can gather, are what it cannot
see.  Near the start it is flat: on the deals tried, the best position
after any two opening turns keeps the deal's bound, so searching the first
turns exhaustively would not tighten it.
"""

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from vitrine.games.exhibition.cards import EINSTEIN, FIRST_YEAR, YEARS, CardTable
from vitrine.games.exhibition.config import EMPTY
from vitrine.games.exhibition.layout import Showcase, SoloCloseness
from vitrine.games.exhibition.scoring import score_game
from vitrine.games.exhibition.state import ExhibitionState

YEAR_CARDS = (1 << YEARS) - 1  # Einstein's wild year never counts


def solo_upper_bound(state: ExhibitionState) -> int:
    """At least the final total of every line of play from ``state`` (x100)."""
    if not state.config.solo:
        raise ValueError("the solo bound needs a one-player game")
    if state.is_over:
        return score_game(state).players[0].total
    if state.pending is not None:
        # The pending card's placement is already a choice among few: bound each.
        best = None
        for turn in state.legal_moves():
            child = state.copy()
            child.play_unchecked(turn)
            value = solo_upper_bound(child)
            best = value if best is None else max(best, value)
        assert best is not None
        return best
    empties = [spot for spot, card in enumerate(state.halls[0]) if card == EMPTY]
    market = 0
    for group in state.market:
        for card in group:
            market |= 1 << card
    pile = state.draw_pile
    room = state.config.hall.depot_size - len(state.depots[0])
    best = None
    for extra in range(room + 1):
        draws = min(len(empties) + extra - 1, len(pile))
        pool = market
        for card in pile[len(pile) - draws :] if draws > 0 else ():
            pool |= 1 << card
        value = _pool_bound(state, empties, pool, room) - _scale(state) * extra
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def _scale(state: ExhibitionState) -> int:
    return state.config.scoring.solo_multiplier


def _pool_bound(state: ExhibitionState, empties: Sequence[int], pool: int, room: int) -> int:
    config = state.config
    table = config.table
    scale = _scale(state)
    hall = state.halls[0]
    masks = state.masks[0]
    live = [spot for spot in empties if masks[spot] & pool]
    fit = 0
    for spot in live:
        fit |= masks[spot] & pool
    held = 0
    for card in hall:
        if card != EMPTY:
            held |= 1 << card
    both = held | fit
    points = -len(state.depots[0]) - (len(empties) - len(live))
    if state.six_round[0] or all(both & mask for mask in table.continent_mask):
        points += config.scoring.all_continents_solo
    points += _decades_and_chain(held & YEAR_CARDS, fit & YEAR_CARDS & ~held, len(live), table)
    if config.options.secret_decade:
        decade = table.decade_mask[(state.secret_decades[0] - FIRST_YEAR) // 10]
        points += (held & decade).bit_count() + min((fit & decade).bit_count(), len(live))
    total = points * scale + _focus_and_closeness(state, live, pool, held, fit)
    takes = len(empties) + room  # turns left that remove a card from the market
    for showcase in config.hall.showcases:
        if showcase.scoring is not None:
            total += _market_showcase(state, showcase, pool, takes)
    return total


def _focus_and_closeness(
    state: ExhibitionState, live: Sequence[int], pool: int, held: int, fit: int
) -> int:
    """Continent Focus plus the closeness showcase (Mid Century), x100.

    The two share a spot: Mid Century's card adds to the focus only when it
    is of the focus continent, and the pool card nearest 1950 seldom is.  So
    per continent: either that spot takes a card of it (closeness of the
    best such card) or it does not (the focus without that spot).
    """
    config = state.config
    scale = _scale(state)
    masks = state.masks[0]
    shared_showcase = config.hall.showcase_with("solo_closeness")
    anyone = 0 if shared_showcase is None else _closeness(state, shared_showcase, pool)
    best = 0
    for mask in config.table.continent_mask:
        room = shared = 0
        for index, showcase in enumerate(config.hall.showcases):
            spots = config.hall.spots_of(index)
            open_spots = sum(1 for s in live if s in spots and masks[s] & pool & mask)
            gain = min(open_spots, 1) if showcase.rules.distinct_continents else open_spots
            room += gain
            if showcase is shared_showcase:
                shared = gain
        held_here, fit_here = (held & mask).bit_count(), (fit & mask).bit_count()
        value = (held_here + min(room, fit_here)) * scale + anyone
        if shared and shared_showcase is not None:
            own = _closeness(state, shared_showcase, pool & mask)
            value = max(
                (held_here + min(room - shared, fit_here)) * scale + anyone,
                (held_here + min(room, fit_here)) * scale + own,
            )
        best = max(best, value)
    return best


def _decades_and_chain(held: int, new: int, budget: int, table: CardTable) -> int:
    """Best Chain of Years plus Number of Decades with at most ``budget`` new cards.

    ``held`` and ``new`` are year masks (hall cards, fitting pool cards not
    in the hall).  A chain is a window of consecutive present years; its new
    cards come out of the budget, and each card left over adds at most one
    decade that neither the hall nor the chain covers yet.
    """
    decades = table.decade_mask

    def covered(mask: int) -> int:
        return sum(1 for d in decades if mask & d)

    new_decades = [d for d in decades if new & d]
    best = covered(held) + min(budget, sum(1 for d in new_decades if not held & d)) + 1
    present = held | new
    for start in range(YEARS):
        if not present >> start & 1:
            continue
        used = 0
        end = start
        while end < YEARS and present >> end & 1:
            used += new >> end & 1
            if used > budget:
                break
            window = ((1 << (end - start + 1)) - 1) << start
            taken = held | (new & window)
            spare = budget - used
            extra = sum(1 for d in new_decades if not taken & d)
            best = max(best, end - start + 1 + covered(taken) + min(spare, extra))
            end += 1
    return best


def _market_showcase(state: ExhibitionState, showcase: Showcase, pool: int, takes: int) -> int:
    config = state.config
    award = config.scoring.solo_market_award * _scale(state)
    spots = range(showcase.first_spot, showcase.first_spot + showcase.size)
    cards = [state.halls[0][s] for s in spots]
    if EINSTEIN in cards:
        return 0
    if EMPTY not in cards:
        now = score_game(state).players[0].categories[showcase.scoring or ""]
        return min(award, now + takes * _scale(state))
    masks = state.masks[0]
    fillable = all(card != EMPTY or masks[s] & pool for s, card in zip(spots, cards, strict=True))
    return award if fillable else 0


def _closeness(state: ExhibitionState, showcase: Showcase, pool: int) -> int:
    assert showcase.solo_closeness is not None
    points = closeness_points(showcase.solo_closeness, _scale(state))
    spot = showcase.first_spot
    card = state.halls[0][spot]
    if card != EMPTY:
        return points[card]
    return max((points[c] for c in cards_of(state.masks[0][spot] & pool)), default=0)


@cache
def closeness_points(rule: SoloCloseness, scale: int) -> tuple[int, ...]:
    """What each card scores in the closeness showcase, indexed by card.

    Einstein (no year) and EMPTY (-1, so the last entry) score nothing: the
    search reads a spot's points without a branch.
    """
    points = [
        int(
            max(rule.points - rule.per_year * abs(FIRST_YEAR + card - rule.target), Fraction(0))
            * scale
        )
        for card in range(YEARS)
    ]
    return (*points, 0, 0)


def cards_of(mask: int) -> list[int]:
    return [card for card in range(mask.bit_length()) if mask >> card & 1]
