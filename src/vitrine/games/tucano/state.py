"""The game state and turn flow of Tucano.

A turn is a column taken (T-3), then one decision per toucan it held, in
the order the player chooses (T-4): ``apply_decision`` steps through
them, ``play`` does a whole turn.  When the last toucan is resolved
the columns are refilled A, B, C from the draw pile and the next seat plays;
once the pile is empty and one column is left, it is discarded (T-7), and
the joker's holder chooses its fruit when more than one is eligible (T-10):
then the game is over.  Every mutating call checks legality first and
changes nothing when it refuses.

The state is plain lists of small ints (cards are their kinds, hands are
counts per kind) so that copying it for search is cheap.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from vitrine.engine.errors import IllegalTurnError, NotationError, VitrineError
from vitrine.engine.protocol import win_shares
from vitrine.engine.record import Record
from vitrine.games.tucano.cards import TOUCAN_IDS, CardTable
from vitrine.games.tucano.notation import COLUMN, JOKER_CHOICE, NONE, Decision, Notation
from vitrine.games.tucano.rules import CURRENT, Rules
from vitrine.games.tucano.scoring import (
    NO_FRUIT,
    ScoreSheet,
    eligible_fruits,
    fruit_column,
    joker_holder,
    ranks,
    score_columns,
    score_sheets,
    totals,
)

GAME_NAME = "tucano"
RULES_VERSION = CURRENT.version
MIN_PLAYERS = 2
MAX_PLAYERS = 4
NOBODY = -1
SHAPING_MARGIN = 8.0  # points of lead that shaped returns count as a clear edge
INFORMED_NOISE = 0.2  # the share of informed playouts' columns still chosen at random
ID_BASE = 8  # ids below are columns; from it on, toucan decisions (see ``encode``)
SEAT_STRIDE = MAX_PLAYERS + 1  # a seat, or none


@dataclass(frozen=True, eq=False)
class GameConfig:
    """What stays fixed for a whole game; shared by every copy of its state."""

    table: CardTable
    players: tuple[str, ...]
    seed: int | None
    deck: tuple[int, ...]  # the draw pile, top card first
    explicit_deck: bool
    notation: Notation
    rules: Rules

    @property
    def num_players(self) -> int:
        return len(self.players)


class TucanoState:
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

    def copy(self) -> "TucanoState":
        """An independent copy; the fixed configuration is shared."""
        clone = TucanoState.__new__(TucanoState)
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
    def num_players(self) -> int:
        return self.config.num_players

    @property
    def current_player(self) -> int | None:
        return None if self.current == NOBODY else self.current

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

    # --------------------------------------------------------------- decisions

    def check(self, decision: Decision) -> None:
        """Refuse an illegal decision with the reason, naming what was wrong."""
        if self.current == NOBODY:
            raise IllegalTurnError("the game is over", "game_over")
        table = self.config.table
        text = self.config.notation.text(decision)
        toucan, card, seat = decision
        if self.joker_due or toucan == JOKER_CHOICE:
            self._check_joker(decision, text)
            return
        if toucan == COLUMN:
            if any(self.pending):
                raise IllegalTurnError(
                    f"a column was already taken this turn: resolve the toucans "
                    f"({self._pending_text()})",
                    "toucans_waiting",
                    {"waiting": self._waiting()},
                )
            if not self.columns[card]:
                raise IllegalTurnError(f"column {text} is empty", "column_empty", {"column": text})
            return
        if not any(self.pending):
            raise IllegalTurnError(
                f"{text}: take a column first", "column_first", {"decision": text}
            )
        name = table.names[toucan]
        if not self.pending[toucan - table.flip]:
            raise IllegalTurnError(
                f"{text}: you have no {name} toucan to resolve (waiting: {self._pending_text()})",
                "toucan_not_waiting",
                {"decision": text, "toucan": name, "waiting": self._waiting()},
            )
        if toucan == table.flip:
            return
        player = self.current
        usable = self.targets(toucan, player)
        if card == NONE:
            if usable:
                example = self.config.notation.text(usable[0])
                raise IllegalTurnError(
                    f"the {name} toucan can be used (e.g. {example}): only a toucan "
                    "that cannot be used is discarded unused (T-5)",
                    "toucan_usable",
                    {"toucan": name, "example": example},
                )
            return
        if not 0 <= seat < self.num_players:
            raise IllegalTurnError(
                f"{text}: no seat {seat} in a {self.num_players}-player game",
                "no_seat",
                {"decision": text, "seat": seat, "players": self.num_players},
            )
        if seat == player:
            raise IllegalTurnError(
                f"{text}: name another player's seat, not your own", "own_seat", {"decision": text}
            )
        params = {"decision": text, "card": table.names[card], "owner": self.config.players[seat]}
        if toucan == table.gift and not self.faceup[player][card]:
            raise IllegalTurnError(
                f"{text}: you have no face-up {table.names[card]} "
                "(face-down cards cannot be given or stolen)",
                "gift_not_face_up",
                params,
            )
        if toucan == table.steal and not self.faceup[seat][card]:
            raise IllegalTurnError(
                f"{text}: {params['owner']} has no face-up {table.names[card]} "
                "(face-down cards cannot be given or stolen)",
                "steal_not_face_up",
                params,
            )

    def _check_joker(self, decision: Decision, text: str) -> None:
        """The joker's fruit: only once the turns are over, by its holder,
        a fruit they hold and have not completed (T-9, T-10)."""
        table = self.config.table
        legal = [self.config.notation.text(d) for d in self.decisions()]
        if not self.joker_due:
            raise IllegalTurnError(
                f"{text}: the joker's fruit is chosen by its holder once the turns are over",
                "joker_not_now",
                {"decision": text},
            )
        if decision.toucan != JOKER_CHOICE:
            raise IllegalTurnError(
                f"the turns are over: {self.config.players[self.current]} chooses the "
                f"joker's fruit ({', '.join(legal)})",
                "joker_due",
                {"decision": text, "legal": legal},
            )
        fruit = decision.card
        held = self.held(self.current)[fruit]
        if fruit not in self.joker_fruits():
            why = "you hold none" if not held else f"you hold all {held}: a complete set"
            raise IllegalTurnError(
                f"{text}: the joker cannot join {table.names[fruit]} ({why}); "
                f"choose {', '.join(legal)}",
                "joker_fruit",
                {"decision": text, "card": table.names[fruit], "held": held, "legal": legal},
            )

    def _waiting(self) -> list[str]:
        """The toucans waiting, one id per card, for a refusal's params."""
        names = self.config.table.names[self.config.table.flip :]
        return [names[i] for i, n in enumerate(self.pending) for _ in range(n)]

    def _pending_text(self) -> str:
        names = self.config.table.names[self.config.table.flip :]
        return ", ".join(
            f"{names[i]} x{n}" if n > 1 else names[i] for i, n in enumerate(self.pending) if n
        )

    def apply_decision(self, decision: Decision) -> None:
        self.check(decision)
        self.apply(decision)

    def play(self, decisions: Sequence[Decision]) -> None:
        """A whole turn; mid-turn it must begin with the decisions already made.

        Checked on a copy first, so a refused turn changes nothing.
        """
        if self.current == NOBODY:
            raise IllegalTurnError("the game is over", "game_over")
        done = len(self.partial)
        if list(decisions[:done]) != self.partial:
            begun = self.config.notation.turn_text(self.partial)
            raise IllegalTurnError(
                f"this turn began with '{begun}': the turn must start so",
                "turn_began",
                {"begun": begun},
            )
        trial = self.copy()
        rest = decisions[done:]
        for index, decision in enumerate(rest):
            if (index or done) and not any(trial.pending):
                extra = self.config.notation.text(decision)
                raise IllegalTurnError(
                    f"the turn ends before {extra!r}: it has more decisions than toucans",
                    "too_many_decisions",
                    {"decision": extra},
                )
            trial.apply_decision(decision)
        if any(trial.pending):
            raise IllegalTurnError(
                f"the turn is unfinished: resolve the toucans ({trial._pending_text()})",
                "turn_unfinished",
                {"waiting": trial._waiting()},
            )
        for decision in rest:
            self.apply(decision)

    def push(self, turn: str) -> None:
        """Play a whole turn given in notation."""
        self.play(self.config.notation.parse_turn(turn))

    def apply_action(self, action: str) -> None:
        """Apply one decision given in notation."""
        if self.current == NOBODY:
            raise IllegalTurnError("the game is over", "game_over")
        if " " in action:
            raise NotationError(
                f"{action!r} holds several decisions: give one, or push a turn",
                "several_decisions",
                {"text": action},
            )
        self.apply_decision(self.config.notation.parse(action))

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

    # ------------------------------------------------------------- records

    def turn_texts(self) -> list[str]:
        """The turns so far in notation, with a turn begun last (if any)."""
        text = self.config.notation.turn_text
        texts = [text(turn) for turn in self.history]
        if self.partial:
            texts.append(text(self.partial))
        return texts

    def record(self) -> Record:
        config = self.config
        setup: dict[str, Any] = {}
        if config.explicit_deck:
            setup["deck"] = [config.table.names[kind] for kind in config.deck]
        return Record(
            game=GAME_NAME,
            rules_version=config.rules.version,
            overlay=config.rules.overlay,
            players=config.players,
            options={},
            turns=tuple(self.turn_texts()),
            seed=config.seed,
            setup=setup,
        )

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

    # ------------------------------------------------------------- search

    def legal_action_ids(self) -> list[int]:
        """The legal decisions as small ints: the cheap currency of search."""
        table = self.config.table
        return [encode(d, table) for d in self.decisions()]

    def apply_action_id(self, action: int) -> None:
        self.apply(decode(action, self.config.table))

    def action_text(self, action: int) -> str:
        return self.config.notation.text(decode(action, self.config.table))

    def playout(self, rng: Random, informed: bool = False) -> None:
        """Play to the end choosing uniformly among the legal decisions;
        ``informed``: four in five by the lead they leave at once
        (:meth:`LeadScorer.best`), the joker by :meth:`informed_joker`."""
        random = rng.random
        scorer = LeadScorer(self) if informed else None
        while self.current != NOBODY:
            if informed and self.joker_due:
                self.apply(Decision(JOKER_CHOICE, self.informed_joker(), NONE))
                continue
            options = self.decisions()
            if scorer is not None and random() >= INFORMED_NOISE:
                decision = scorer.best(self, options, rng)
            else:
                decision = options[int(random() * len(options))]
            if scorer is not None:
                scorer.follow(self, decision)
            self.apply(decision)

    def informed_joker(self) -> int:
        """The joker's fruit that leaves its holder the largest lead (T-10)."""
        _, choice = score_columns(self.config.table, self.counts())
        assert choice is not None  # asked only with two fruits or more eligible
        return choice

    def rollout(self, rng: Random, informed: bool = False, shaped: bool = False) -> list[float]:
        """The returns of a :meth:`playout` (``informed``: decisions by the
        lead they leave); ``shaped`` also grades by the lead, in SHAPING_MARGIN points."""
        self.playout(rng, informed)
        return self.shaped_returns() if shaped else self.returns()

    def redeterminize(self, viewer: int, rng: Random) -> None:
        """Re-deal what nobody can see, the viewer included (T-6): the draw
        pile's order and the face-down piles' contents, keeping the pile sizes
        and the toucans below the upper half (see ``hidden.deal_hidden``).
        Once the turns are over every pile is turned over: nothing is hidden."""
        from vitrine.games.tucano.hidden import deal_hidden

        if not self.joker_due:
            deal_hidden(self, rng)

    def view(self, player: int | None) -> dict[str, Any]:
        from vitrine.games.tucano.view import player_view

        return player_view(self, player)

    def provisional_scores(self, viewer: int | None) -> list[dict[str, Any]]:
        from vitrine.games.tucano.view import provisional_scores

        return provisional_scores(self, viewer)


class LeadScorer:
    """Every player's points per fruit, kept up to date through a playout,
    so that a decision rescores only the fruits it moves: the informed
    playout's choices, without scoring every fruit again at every turn."""

    __slots__ = ("base", "counts", "rows", "table")

    def __init__(self, state: TucanoState) -> None:
        table = self.table = state.config.table
        players = range(state.num_players)
        self.counts = [state.held(p) for p in players]
        self.rows = [
            fruit_column(table, f, [c[f] for c in self.counts]) for f in range(table.fruits)
        ]
        self.base = [sum(row[p] for row in self.rows) for p in players]

    def best(self, state: TucanoState, options: Sequence[Decision], rng: Random) -> Decision:
        """The option that leaves the current player the largest lead over
        the best other total at once (toucans waiting and the joker
        ignored), ties at random.  Only the fruits an option moves are
        rescored, inline: most of an informed playout's time goes here."""
        player = state.current
        base, counts, rows, table = self.base, self.counts, self.rows, self.table
        fruits, players = table.fruits, range(len(base))
        others = [p for p in players if p != player]
        unmoved = base[player] - max([base[p] for p in others])
        best: list[Decision] = []
        best_value = -math.inf
        for option in options:
            if option.toucan == COLUMN:
                cards = state.columns[option.card]
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

    def _moved(self, state: TucanoState, decision: Decision) -> list[tuple[int, int, int]]:
        """The fruit cards ``decision`` (the current player's) moves, as
        (fruit, seat, change): a flip, a toucan unused and the joker move none."""
        player = state.current
        if decision.toucan == COLUMN:
            fruits = self.table.fruits
            return [(kind, player, 1) for kind in state.columns[decision.card] if kind < fruits]
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

    def follow(self, state: TucanoState, decision: Decision) -> None:
        """Account for ``decision``, about to be applied to ``state``."""
        moved = self._moved(state, decision)
        for fruit, row, old in self._rescored(moved):
            for p in range(len(row)):
                self.base[p] += row[p] - old[p]
            self.rows[fruit] = row
        for fruit, seat, change in moved:
            self.counts[seat][fruit] += change


def encode(decision: Decision, table: CardTable) -> int:
    """A decision as a small int: the column's index; a toucan decision
    packed from its toucan, card (or none) and seat (or none); then, above
    them all, the joker's fruit."""
    toucan, card, seat = decision
    if toucan == COLUMN:
        return card
    if toucan == JOKER_CHOICE:
        return joker_base(table) + card
    cards = table.joker + 2  # every fruit, the joker, or none
    return ID_BASE + ((toucan - table.flip) * cards + card + 1) * SEAT_STRIDE + seat + 1


def decode(action: int, table: CardTable) -> Decision:
    if action < ID_BASE:
        return Decision(COLUMN, action, NONE)
    if action >= joker_base(table):
        return Decision(JOKER_CHOICE, action - joker_base(table), NONE)
    rest, seat = divmod(action - ID_BASE, SEAT_STRIDE)
    toucan, card = divmod(rest, table.joker + 2)
    return Decision(table.flip + toucan, card - 1, seat - 1)


def joker_base(table: CardTable) -> int:
    """The id of the joker joining the first fruit; one per fruit from it."""
    return ID_BASE + len(TOUCAN_IDS) * (table.joker + 2) * SEAT_STRIDE


def num_action_ids(table: CardTable) -> int:
    """One more than the largest id ``encode`` can give."""
    return joker_base(table) + table.fruits


def make_config(
    table: CardTable,
    players: Sequence[str],
    seed: int | None,
    deck: tuple[int, ...],
    explicit_deck: bool,
    rules: Rules,
) -> GameConfig:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise VitrineError(
            f"Tucano is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}",
            "player_count",
            {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "got": len(players)},
        )
    return GameConfig(
        table=table,
        players=tuple(players),
        seed=seed,
        deck=deck,
        explicit_deck=explicit_deck,
        notation=Notation(table),
        rules=rules,
    )
