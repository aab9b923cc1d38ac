"""Points: set fruits by the table of their count, majority fruits per card,
and the joker counted as the fruit its holder chose (T-9, T-10), or, until
they have, as the one that helps them most.

Scoring is a pure function of how many cards of each kind every player
holds, face up and face down alike: at the end every face-down pile is
turned over and counts like the rest (T-8).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from vitrine.games.tucano.cards import CardTable

Counts = Sequence[Sequence[int]]  # per player, per kind: cards held
NO_FRUIT = -1  # the joker's fruit when it scores nothing (none was eligible)


@dataclass(frozen=True)
class ScoreSheet:
    """One player's points per fruit (every fruit, in data order), the joker's fruit, the rank."""

    player: int
    name: str
    categories: dict[str, int]
    joker: str | None  # the fruit the joker counts as, None when it scores nothing or is elsewhere
    total: int
    rank: int


def fruit_column(table: CardTable, fruit: int, held: Sequence[int]) -> list[int]:
    """Every player's points for ``fruit`` given how many each holds.

    A majority fruit pays its high value only to a sole most; a tie for most
    pays everyone the low value.
    """
    points = table.set_points[fruit]  # the search's hottest path: CardTable.fruit_points inlined
    if points is not None:
        return [points[count] for count in held]
    high, low = table.majority[fruit]  # type: ignore[misc]
    top = max(held)
    if top > 0 and held.count(top) == 1:
        return [count * (high if count == top else low) for count in held]
    return [count * low for count in held]


def joker_holder(table: CardTable, counts: Counts) -> int | None:
    joker = table.joker
    return next((seat for seat, held in enumerate(counts) if held[joker]), None)


def eligible_fruits(table: CardTable, held: Sequence[int]) -> list[int]:
    """The fruits the joker may join: held at least once and not complete (T-9)."""
    return [f for f in range(table.fruits) if 0 < held[f] < table.counts[f]]


def best_fruit(table: CardTable, counts: Counts, rows: list[list[int]], holder: int) -> int | None:
    """The eligible fruit that leaves the joker's holder the largest lead
    over the best other player, then the highest own total, then the first
    in data order; None when none is eligible.  How a holder who plays for
    the win would choose (T-10): until the choice is made, the joker counts
    so, and ``tucano-2026.1`` chose so for them."""
    players = range(len(counts))
    totals = [sum(row[p] for row in rows) for p in players]
    best: tuple[int, int] | None = None
    choice = None
    for fruit in eligible_fruits(table, counts[holder]):
        held = [counts[p][fruit] + (p == holder) for p in players]
        row = fruit_column(table, fruit, held)
        new = [totals[p] - rows[fruit][p] + row[p] for p in players]
        others = max((new[p] for p in players if p != holder), default=0)
        key = (new[holder] - others, new[holder])
        if best is None or key > best:
            best, choice = key, fruit
    return choice


def score_columns(
    table: CardTable, counts: Counts, joker: int | None = None
) -> tuple[list[list[int]], int | None]:
    """Points per fruit (rows) per player (columns), and the joker's fruit.

    ``joker`` is the fruit chosen for it (NO_FRUIT: it scores nothing); None
    while it is unchosen, when it counts as its holder's best (``best_fruit``).
    """
    players = range(len(counts))
    rows = [fruit_column(table, f, [counts[p][f] for p in players]) for f in range(table.fruits)]
    holder = joker_holder(table, counts)
    if holder is None:
        return rows, None
    choice = best_fruit(table, counts, rows, holder) if joker is None else joker
    if choice is None or choice == NO_FRUIT:
        return rows, None
    held = [counts[p][choice] + (p == holder) for p in players]
    rows[choice] = fruit_column(table, choice, held)
    return rows, choice


def totals(table: CardTable, counts: Counts, joker: int | None = None) -> list[int]:
    """Every player's total (``joker`` as in ``score_columns``): the fast
    path for search and evaluation."""
    rows, _ = score_columns(table, counts, joker)
    return [sum(row[p] for row in rows) for p in range(len(counts))]


def ranks(values: Sequence[int]) -> list[int]:
    """Competition ranks, 1 best; equal totals share a rank (T-11: no tiebreak)."""
    return [1 + sum(other > value for other in values) for value in values]


def score_sheets(
    table: CardTable, counts: Counts, names: Sequence[str], joker: int | None = None
) -> list[ScoreSheet]:
    rows, joker = score_columns(table, counts, joker)
    holder = joker_holder(table, counts)
    sums = [sum(row[p] for row in rows) for p in range(len(counts))]
    places = ranks(sums)
    return [
        ScoreSheet(
            player=p,
            name=names[p],
            categories={table.names[f]: rows[f][p] for f in range(table.fruits)},
            joker=table.names[joker] if joker is not None and p == holder else None,
            total=sums[p],
            rank=places[p],
        )
        for p in range(len(counts))
    ]
