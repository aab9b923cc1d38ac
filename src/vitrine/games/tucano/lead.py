"""The informed playout's eye: every player's lead, kept up to date through a playout.

Its positions are handed to it as their parts (the cards, the columns, the
seat to play), not as states: this module sits below the state's, which
plays its informed playouts with it.
"""

import math
from collections.abc import Sequence
from random import Random

from vitrine.games.tucano.cards import CardTable
from vitrine.games.tucano.notation import COLUMN, NONE, Decision
from vitrine.games.tucano.scoring import fruit_column


class LeadScorer:
    """Every player's points per fruit, kept up to date through a playout,
    so that a decision rescores only the fruits it moves: the informed
    playout's choices, without scoring every fruit again at every turn."""

    __slots__ = ("base", "counts", "rows", "table")

    def __init__(self, table: CardTable, counts: list[list[int]]) -> None:
        """``counts``: every player's cards per fruit and the joker (a state's
        ``counts()``, which the scorer keeps and updates as the playout goes)."""
        self.table = table
        players = range(len(counts))
        self.counts = counts
        self.rows = [
            fruit_column(table, f, [c[f] for c in self.counts]) for f in range(table.fruits)
        ]
        self.base = [sum(row[p] for row in self.rows) for p in players]

    def best(
        self, player: int, columns: list[list[int]], options: Sequence[Decision], rng: Random
    ) -> Decision:
        """The option that leaves ``player`` (to play; ``columns``: the columns
        now) the largest lead over the best other total at once (toucans
        waiting and the joker ignored), ties at random.  Only the fruits an
        option moves are rescored, inline: most of an informed playout's time
        goes here."""
        base, counts, rows, table = self.base, self.counts, self.rows, self.table
        fruits, players = table.fruits, range(len(base))
        others = [p for p in players if p != player]
        unmoved = base[player] - max([base[p] for p in others])
        best: list[Decision] = []
        best_value = -math.inf
        for option in options:
            if option.toucan == COLUMN:
                cards = columns[option.card]
                scores = base[:]
                for fruit in set(cards):
                    if fruit < fruits:
                        held = [c[fruit] for c in counts]
                        held[player] += cards.count(fruit)
                        row, old = fruit_column(table, fruit, held), rows[fruit]
                        for p in players:
                            scores[p] += row[p] - old[p]
                value = scores[player] - max([scores[p] for p in others])
            elif (transfer := self._transfer(option, player)) is not None:
                fruit, giver, taker = transfer
                held = [c[fruit] for c in counts]
                held[giver] -= 1
                held[taker] += 1
                row, old = fruit_column(table, fruit, held), rows[fruit]
                value = base[player] + row[player] - old[player]
                value -= max([base[p] + row[p] - old[p] for p in others])
            else:
                value = unmoved
            if value > best_value:
                best, best_value = [option], value
            elif value == best_value:
                best.append(option)
        return best[int(rng.random() * len(best))]

    def _transfer(self, decision: Decision, player: int) -> tuple[int, int, int] | None:
        """The fruit a toucan decision of ``player`` moves, its giver and its
        taker; None for a flip, a toucan unused or the joker."""
        toucan, card, seat = decision
        table = self.table
        if card == NONE or card >= table.fruits or toucan not in (table.gift, table.steal):
            return None
        return (card, player, seat) if toucan == table.gift else (card, seat, player)

    def _moved(
        self, player: int, columns: list[list[int]], decision: Decision
    ) -> list[tuple[int, int, int]]:
        """The fruit cards ``decision`` (``player``'s) moves, as (fruit, seat,
        change): a flip, a toucan unused and the joker move none."""
        if decision.toucan == COLUMN:
            fruits = self.table.fruits
            return [(kind, player, 1) for kind in columns[decision.card] if kind < fruits]
        transfer = self._transfer(decision, player)
        if transfer is None:
            return []
        fruit, giver, taker = transfer
        return [(fruit, giver, -1), (fruit, taker, 1)]

    def _rescored(
        self, moved: Sequence[tuple[int, int, int]]
    ) -> list[tuple[int, list[int], list[int]]]:
        """Each fruit ``moved`` touches, with its points per player after the
        moves and before."""
        after: dict[int, list[int]] = {}
        for fruit, seat, change in moved:
            held = after.get(fruit)
            if held is None:
                held = after[fruit] = [c[fruit] for c in self.counts]
            held[seat] += change
        table, rows = self.table, self.rows
        return [(f, fruit_column(table, f, held), rows[f]) for f, held in after.items()]

    def follow(self, player: int, columns: list[list[int]], decision: Decision) -> None:
        """Account for ``decision`` of ``player``, about to be applied where
        the columns are ``columns``."""
        moved = self._moved(player, columns, decision)
        for fruit, row, old in self._rescored(moved):
            for p in range(len(row)):
                self.base[p] += row[p] - old[p]
            self.rows[fruit] = row
        for fruit, seat, change in moved:
            self.counts[seat][fruit] += change
