"""A position of Tucano, and how a decision changes it.

A turn is a column taken (T-3), then one decision per toucan it held, in
the order the player chooses (T-4).  When the last toucan is resolved
the columns are refilled A, B, C from the draw pile and the next seat plays;
once the pile is empty and one column is left, it is discarded (T-7), and
the joker's holder chooses its fruit when more than one is eligible (T-10):
then the game is over.  ``Position`` holds the data, answers what is legal,
applies a decision unchecked and scores; ``state.TucanoState`` adds the
checked decisions, records and search.

The state is plain lists of small ints (cards are their kinds, hands are
counts per kind) so that copying it for search is cheap.
"""

import math
from typing import Self

from vitrine.engine.protocol import win_shares
from vitrine.games.tucano.config import NOBODY, SHAPING_MARGIN, GameConfig
from vitrine.games.tucano.notation import COLUMN, JOKER_CHOICE, NONE, Decision
from vitrine.games.tucano.scoring import (
    NO_FRUIT,
    ScoreSheet,
    eligible_fruits,
    joker_holder,
    ranks,
    score_columns,
    score_sheets,
    totals,
)
from vitrine.kit.game import StateBase


class Position(StateBase):
    """One position of one game.  Seats are numbered from 0 (the start player, T-1)."""

    __slots__ = (
        "columns",
        "config",
        "current",
        "discards",
        "draw_pile",
        "faceup",
        "history",
        "joker",
        "joker_due",
        "partial",
        "pending",
        "piles",
        "turn",
    )

    config: GameConfig
    columns: list[list[int]]
    current: int
    discards: list[int]  # used toucans, then the last column (T-7)
    draw_pile: list[int]  # next card last: hidden information
    faceup: list[list[int]]  # per player, per fruit and the joker: cards face up
    history: list[list[Decision]]  # the finished turns
    joker: int | None  # the joker's fruit (NO_FRUIT: none); None until chosen or assigned
    joker_due: bool  # the turns are over and the joker's holder must choose its fruit
    partial: list[Decision]  # the turn being played: its column, then toucans resolved
    pending: list[int]  # toucans taken and not yet resolved, by kind (flip, gift, steal)
    piles: list[list[list[int]]]  # per player, face-down piles of kinds: hidden (T-6)
    turn: int  # turns finished

    def __init__(self, config: GameConfig) -> None:
        table = config.table
        self.config = config
        self.draw_pile = list(reversed(config.deck))
        self.columns = [[] for _ in table.first_deal]
        for round_ in range(max(table.first_deal)):  # A, B, C, then B's second card (T-2)
            for column, count in zip(self.columns, table.first_deal, strict=True):
                if round_ < count:
                    column.append(self.draw_pile.pop())
        n = config.num_players
        self.faceup = [[0] * (table.joker + 1) for _ in range(n)]
        self.piles = [[] for _ in range(n)]
        self.pending = [0, 0, 0]
        self.discards = []
        self.history = []
        self.partial = []
        self.turn = 0
        self.current = 0
        self.joker = None
        self.joker_due = False

    def copy(self) -> Self:
        """An independent copy; the fixed configuration is shared."""
        kind = type(self)
        clone = kind.__new__(kind)
        clone.config = self.config
        clone.columns = [c[:] for c in self.columns]
        clone.current = self.current
        clone.discards = self.discards[:]
        clone.draw_pile = self.draw_pile[:]
        clone.faceup = [h[:] for h in self.faceup]
        clone.history = self.history[:]
        clone.joker = self.joker
        clone.joker_due = self.joker_due
        clone.partial = self.partial[:]
        clone.pending = self.pending[:]
        clone.piles = [[p[:] for p in piles] for piles in self.piles]
        clone.turn = self.turn
        return clone

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.current == NOBODY

    @property
    def mid_turn(self) -> bool:
        """Between the column and the last toucan of one turn: toucans wait."""
        return any(self.pending)

    def held(self, player: int) -> list[int]:
        """Cards ``player`` holds per fruit and the joker, face up and face down."""
        counts = self.faceup[player][:]
        for pile in self.piles[player]:
            for kind in pile:
                counts[kind] += 1
        return counts

    def totals(self) -> list[int]:
        """Every player's points if the game ended now, face-down piles
        included, the joker as chosen or (until it is) as its holder's best."""
        return totals(self.config.table, self.counts(), self.joker)

    def score_sheets(self) -> list[ScoreSheet]:
        return score_sheets(self.config.table, self.counts(), self.config.players, self.joker)

    def counts(self) -> list[list[int]]:
        """Every player's cards per fruit and the joker, face up and face down."""
        return [self.held(p) for p in range(self.num_players)]

    def joker_fruits(self) -> list[int]:
        """The fruits the joker may join once the turns are over (T-9): none
        unless its holder must choose."""
        if not self.joker_due:
            return []
        return eligible_fruits(self.config.table, self.held(self.current))

    def decisions(self) -> list[Decision]:
        """The decisions open to the current player now."""
        if self.current == NOBODY:
            return []
        if self.joker_due:
            return [Decision(JOKER_CHOICE, fruit, NONE) for fruit in self.joker_fruits()]
        if not any(self.pending):
            return [Decision(COLUMN, c, NONE) for c, cards in enumerate(self.columns) if cards]
        table = self.config.table
        player = self.current
        result: list[Decision] = []
        for index, waiting in enumerate(self.pending):
            if waiting:
                toucan = table.flip + index
                if toucan == table.flip:
                    result.append(Decision(toucan, NONE, NONE))
                else:
                    targets = self.targets(toucan, player)
                    result.extend(targets or [Decision(toucan, NONE, NONE)])
        return result

    def targets(self, toucan: int, player: int) -> list[Decision]:
        """Every use of a Gift or Steal toucan by ``player``; empty when it cannot be used."""
        gift = toucan == self.config.table.gift
        mine = self.faceup[player]
        result: list[Decision] = []
        for seat in range(self.num_players):
            if seat != player:
                source = mine if gift else self.faceup[seat]
                result.extend(Decision(toucan, k, seat) for k, n in enumerate(source) if n)
        return result

    def legal_actions(self) -> list[str]:
        text = self.config.notation.text
        return sorted(text(d) for d in self.decisions())

    def legal_turns(self) -> list[str]:
        """Whole turns open now; mid-turn, the turns that complete the one begun."""
        if self.current == NOBODY:
            return []
        text = self.config.notation.turn_text
        result: list[str] = []
        stack = [self]
        while stack:
            state = stack.pop()
            for decision in state.decisions():
                child = state.copy()
                child.apply(decision)
                if any(child.pending):
                    stack.append(child)
                else:
                    result.append(text(child.history[-1]))
        return sorted(result)

    # ------------------------------------------------------------ mechanics

    def apply(self, decision: Decision) -> None:
        """Apply a legal decision without checking it: the fast path for search."""
        table = self.config.table
        player = self.current
        toucan, card, seat = decision
        if toucan == JOKER_CHOICE:
            self.history.append([decision])
            self.joker = card
            self.joker_due = False
            self.current = NOBODY
            return
        self.partial.append(decision)
        if toucan == COLUMN:
            flip = table.flip
            hand = self.faceup[player]
            for kind in self.columns[card]:
                if kind >= flip:
                    self.pending[kind - flip] += 1
                else:
                    hand[kind] += 1
            self.columns[card] = []
        else:
            self.pending[toucan - table.flip] -= 1
            self.discards.append(toucan)
            if toucan == table.flip:
                hand = self.faceup[player]
                pile = [kind for kind, n in enumerate(hand) for _ in range(n)]
                if pile:
                    self.piles[player].append(pile)
                    self.faceup[player] = [0] * len(hand)
            elif card != NONE:
                giver, taker = (player, seat) if toucan == table.gift else (seat, player)
                self.faceup[giver][card] -= 1
                self.faceup[taker][card] += 1
        if not any(self.pending):
            self._end_turn()

    def _end_turn(self) -> None:
        """Refill the columns in order while the pile lasts; pass the turn or end the game."""
        self.history.append(self.partial)
        self.partial = []
        self.turn += 1
        pile = self.draw_pile
        for column in self.columns:
            if pile:
                column.append(pile.pop())
        if not pile and sum(1 for column in self.columns if column) <= 1:
            for column in self.columns:
                self.discards.extend(column)
                column.clear()
            self._end_game()
        else:
            self.current = (self.current + 1) % self.config.num_players

    def _end_game(self) -> None:
        """The turns are over and every pile is turned over: the joker's
        holder chooses its fruit when more than one is eligible; otherwise
        the one eligible fruit, or none, is the engine's (T-10), unrecorded.
        Under ``tucano-2026.1`` the engine chose for the holder, their best."""
        table = self.config.table
        counts = self.counts()
        holder = joker_holder(table, counts)
        self.current = NOBODY
        if holder is None:
            return
        if self.config.rules.joker_choice and len(eligible_fruits(table, counts[holder])) > 1:
            self.current = holder
            self.joker_due = True
            return
        _, choice = score_columns(table, counts)  # unchosen: the holder's best
        self.joker = NO_FRUIT if choice is None else choice

    # ------------------------------------------------------------- results

    def returns(self) -> list[float]:
        """Win shares: 1 to the sole best total, split evenly on a tie (T-11)."""
        return win_shares(ranks(self.totals()))

    def shaped_returns(self) -> list[float]:
        """Half the win share, half a logistic of the lead over the best other total."""
        scores = self.totals()
        result = []
        for seat, (score, share) in enumerate(zip(scores, win_shares(ranks(scores)), strict=True)):
            other = max(s for p, s in enumerate(scores) if p != seat)
            result.append(0.5 * share + 0.5 / (1.0 + math.exp((other - score) / SHAPING_MARGIN)))
        return result
