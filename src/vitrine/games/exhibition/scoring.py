"""Fame points: every category, the tiebreak and the final ranking.

Scoring is a pure function of the state.  Ranked categories (All 6
Continents by round, Years Gap, Short Era, Antiquity) use dense ranking: equal
values share an award and the next value gets the next lower one (D-7).  In
solo games every category is multiplied by 100 (the rulebook's solo score),
so every figure stays an integer.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from vitrine.engine.protocol import win_shares
from vitrine.games.exhibition.cards import EINSTEIN, FIRST_YEAR, WHITE
from vitrine.games.exhibition.config import SOLO_SCALE
from vitrine.games.exhibition.layout import Showcase

TYPE_CHECKING = False
if TYPE_CHECKING:
    from vitrine.games.exhibition.state import ExhibitionState

ALL_CONTINENTS = "all_continents"
CONTINENT_FOCUS = "continent_focus"
DECADES = "decades"
CHAIN = "chain"
MID_CENTURY = "mid_century"
SECRET_DECADE = "secret_decade"
EMPTY_SPOTS = "empty_spots"
DEPOT = "depot"
SOLO_TARGET = 2025  # the rulebook's solo challenge: a score "from the future" to beat

CATEGORY_NAMES = {
    ALL_CONTINENTS: "All 6 Continents",
    "years_gap": "Years Gap",
    "short_era": "Short Era",
    "antiquity": "Antiquity",
    CONTINENT_FOCUS: "Continent Focus",
    DECADES: "Number of Decades",
    CHAIN: "Chain of Years",
    MID_CENTURY: "Mid Century",
    SECRET_DECADE: "Secret Decade",
    EMPTY_SPOTS: "Empty spots",
    DEPOT: "Depot",
}


@dataclass
class ScoreSheet:
    """One player's score: categories in display order, total, tiebreak, rank."""

    player: int
    name: str
    categories: dict[str, int] = field(default_factory=dict)
    total: int = 0
    tiebreak_distance: int | None = None  # distance of the tiebreak card to its year
    rank: int = 0


@dataclass
class GameScore:
    players: list[ScoreSheet]
    solo: bool
    final: bool


def _dense_awards(
    values: Sequence[int | None], awards: Sequence[int], higher_wins: bool
) -> list[int]:
    """Dense ranking: the best distinct value gets awards[0], the next awards[1]..."""
    distinct = sorted({v for v in values if v is not None}, reverse=higher_wins)
    place = {value: index for index, value in enumerate(distinct)}
    return [awards[place[v]] if v is not None and place[v] < len(awards) else 0 for v in values]


def _years(cards: Sequence[int]) -> list[int]:
    return [FIRST_YEAR + c for c in cards if c != EINSTEIN]


def continent_focus(cards: Sequence[int], continent_of: Sequence[int]) -> int:
    counts: dict[int, int] = {}
    for card in cards:
        if continent_of[card] != WHITE:
            counts[continent_of[card]] = counts.get(continent_of[card], 0) + 1
    return max(counts.values(), default=0)


def number_of_decades(cards: Sequence[int]) -> int:
    return len({c // 10 for c in cards if c != EINSTEIN})


def chain_of_years(cards: Sequence[int]) -> int:
    """Longest run of consecutive years, at least 1 even for an empty hall (D-14).

    With the years as bits, each ``run &= run << 1`` shortens every run by
    one, so the number of steps to zero is the longest run.
    """
    run = 0
    for card in cards:
        if card != EINSTEIN:
            run |= 1 << card
    longest = 0
    while run:
        run &= run << 1
        longest += 1
    return max(longest, 1)


def _pair(state: "ExhibitionState", player: int, showcase: Showcase) -> tuple[int, int] | None:
    """The showcase's outer years when complete and free of Einstein, else None."""
    spots = state.halls[player][showcase.first_spot : showcase.first_spot + showcase.size]
    if -1 in spots or EINSTEIN in spots:
        return None
    return FIRST_YEAR + spots[0], FIRST_YEAR + spots[-1]


# Multiplayer value (None: unranked) and whether a higher value is better.
_RANKED: dict[str, tuple[Callable[[tuple[int, int]], int], bool]] = {
    "years_gap": (lambda pair: pair[1] - pair[0], True),
    "short_era": (lambda pair: pair[1] - pair[0], False),
    "antiquity": (lambda pair: pair[1], False),
}

# Solo: how many market years count against the pair (D-8).
SOLO_MARKET: dict[str, Callable[[tuple[int, int], int], bool]] = {
    "years_gap": lambda pair, year: year < pair[0] or year > pair[1],
    "short_era": lambda pair, year: pair[0] < year < pair[1],
    "antiquity": lambda pair, year: year < pair[1],
}


def _all_continents(state: "ExhibitionState") -> list[int]:
    scoring = state.config.scoring
    if state.config.solo:
        return [scoring.all_continents_solo if state.six_round[0] else 0]
    # Before the end, only completed rounds count (D-14).
    counted = [r if r and (state.is_over or r < state.round) else None for r in state.six_round]
    return _dense_awards(counted, scoring.all_continents_awards, higher_wins=False)


def _ranked_showcases(state: "ExhibitionState") -> dict[str, list[int]]:
    config = state.config
    result: dict[str, list[int]] = {}
    market_years = _years([c for group in state.market for c in group])
    for showcase in config.hall.showcases:
        if showcase.scoring is None:
            continue
        pairs = [_pair(state, p, showcase) for p in range(config.num_players)]
        if config.solo:
            against = SOLO_MARKET[showcase.scoring]
            award = config.scoring.solo_market_award
            result[showcase.scoring] = [
                0 if pair is None else max(0, award - sum(against(pair, y) for y in market_years))
                for pair in pairs
            ]
        else:
            value, higher_wins = _RANKED[showcase.scoring]
            values = [None if pair is None else value(pair) for pair in pairs]
            result[showcase.scoring] = _dense_awards(
                values, config.scoring.rank_awards, higher_wins
            )
    return result


def _tiebreak_distance(state: "ExhibitionState", player: int) -> int | None:
    showcase = state.config.hall.showcase_with("tiebreak_closest_to")
    if showcase is None or showcase.tiebreak_closest_to is None:
        return None
    card = state.halls[player][showcase.first_spot]
    if card in (-1, EINSTEIN):
        return None
    return abs(FIRST_YEAR + card - showcase.tiebreak_closest_to)


def _solo_closeness(state: "ExhibitionState") -> int | None:
    """Solo Mid Century points, already multiplied (None when not in play)."""
    config = state.config
    showcase = config.hall.showcase_with("solo_closeness")
    if showcase is None or showcase.solo_closeness is None:
        return None
    rule = showcase.solo_closeness
    card = state.halls[0][showcase.first_spot]
    if card in (-1, EINSTEIN):
        return 0
    distance = abs(FIRST_YEAR + card - rule.target)
    points = max(rule.points - rule.per_year * distance, Fraction(0))
    return int(points * config.scoring.solo_multiplier)


def score_game(state: "ExhibitionState") -> GameScore:
    """Every player's score sheet, ranked with the tiebreak."""
    config = state.config
    table = config.table
    solo = config.solo
    factor = config.scoring.solo_multiplier if solo else 1
    all_continents = _all_continents(state)
    ranked = _ranked_showcases(state)
    sheets: list[ScoreSheet] = []
    for player, name in enumerate(config.players):
        cards = list(state.hall_cards(player))
        categories = {ALL_CONTINENTS: all_continents[player]}
        categories.update({key: awards[player] for key, awards in ranked.items()})
        categories[CONTINENT_FOCUS] = continent_focus(cards, table.continent_of)
        categories[DECADES] = number_of_decades(cards)
        categories[CHAIN] = chain_of_years(cards)
        if config.options.secret_decade:
            decade = (state.secret_decades[player] - FIRST_YEAR) // 10
            categories[SECRET_DECADE] = sum(1 for c in cards if c != EINSTEIN and c // 10 == decade)
        categories[EMPTY_SPOTS] = -state.halls[player].count(-1)
        categories[DEPOT] = -len(state.depots[player])
        categories = {key: value * factor for key, value in categories.items()}
        if solo:
            closeness = _solo_closeness(state)
            if closeness is not None:
                categories[MID_CENTURY] = closeness
        sheets.append(
            ScoreSheet(
                player=player,
                name=name,
                categories=categories,
                total=sum(categories.values()),
                tiebreak_distance=_tiebreak_distance(state, player),
            )
        )
    for sheet in sheets:
        sheet.rank = 1 + sum(1 for other in sheets if _beats(other, sheet))
    return GameScore(sheets, solo, state.is_over)


def returns(state: "ExhibitionState") -> list[float]:
    """The protocol's returns: win shares; alone, the solo score as a
    fraction of SOLO_SCALE fp."""
    sheets = score_game(state).players
    if state.config.solo:
        return [sheets[0].total / (SOLO_SCALE * state.config.scoring.solo_multiplier)]
    return win_shares([sheet.rank for sheet in sheets])


def _beats(a: ScoreSheet, b: ScoreSheet) -> bool:
    """Higher total wins; equal totals: Mid Century closer to 1950; else a tie."""
    if a.total != b.total:
        return a.total > b.total
    if a.tiebreak_distance is None:
        return False
    return b.tiebreak_distance is None or a.tiebreak_distance < b.tiebreak_distance
