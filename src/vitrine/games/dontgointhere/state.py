"""The game state and flow of Don't Go In There, as the engine protocol's ``GameState``.

A *turn* here is one decision (G-3): placing a meeple, the Basement's or
Hallway's dice choice, each card pick in a room's resolution, the Tome's
type.  Decisions of one room's resolution belong to several players in
turn, so every decision is its own turn and ``mid_turn`` is never true.
Forced picks (a single kind of card left) are made by the engine (G-4).
Every decision is checked before anything changes.  The position itself is
``position.Position``'s; what reads the state from above (its view, the
re-deal of what a player cannot see) the state asks of the object its
configuration carries (``state_views``), so that this module imports none of it.
"""

from random import Random

from vitrine.engine.protocol import win_shares
from vitrine.engine.record import Record
from vitrine.games.dontgointhere import effects
from vitrine.games.dontgointhere.components import curse
from vitrine.games.dontgointhere.config import (
    CARDS_PER_ROOM,
    DICE,
    EMPTY,
    GAME_NAME,
    MEEPLES_TO_RESOLVE,
    NOBODY,
    OVER,
    PICK,
    PLACE,
    SHAPING_MARGIN,
    TOME,
)
from vitrine.games.dontgointhere.explain import refusal
from vitrine.games.dontgointhere.position import Position
from vitrine.games.dontgointhere.scoring import score_game


class DontGoInThereState(Position):
    """One position of one game, with the protocol's decisions, record and search."""

    __slots__ = ()

    # --------------------------------------------------------------- decisions

    def apply_action(self, action: str) -> None:
        """Apply one decision in notation; refuses, changing nothing, when it
        is malformed or illegal here."""
        action_id = self.config.notation.parse(action)
        if action_id not in self.legal_action_ids():
            raise refusal(self, action_id)
        self.apply_action_id(action_id)

    def push(self, turn: str) -> None:
        self.apply_action(turn)

    def apply_action_id(self, action: int) -> None:
        """Apply an id from :meth:`legal_action_ids` (not re-checked)."""
        self.history.append(self.config.notation.words[action])
        notation = self.config.notation
        if action < notation.pick_base:
            spaces = self.config.components.spaces
            room, space = divmod(action, spaces)
            self._place(self.rooms.index(room), space)
        elif action < notation.tome_base:
            self._take(*notation.pick_of(action))
        elif action < notation.keep:
            effects.tome_dispel(self, self.current, action - notation.tome_base)
            self._next_pick()
        else:
            self._dice_choice(action)

    # ------------------------------------------------------------ mechanics

    def _place(self, board: int, space: int) -> None:
        player = self.current
        config = self.config
        self.spaces[board][space] = player
        room = self.rooms[board]
        if room == config.room_codes.attic and space == 0:
            self.change_ghosts(player, 1)
        elif room == config.room_codes.nursery and space == config.components.spaces - 1:
            self.change_ghosts(player, -min(1, self.ghosts[player]))
        elif room == config.room_codes.secret_passage:
            self.seen[board] |= 1 << player
        if sum(owner != NOBODY for owner in self.spaces[board]) < MEEPLES_TO_RESOLVE:
            self._pass_after(player)
            return
        self.board = board
        self.placer = player
        self._roll()
        if room in (config.room_codes.basement, config.room_codes.hallway):
            self.phase = DICE
        else:
            self._haunt()

    def _roll(self) -> None:
        components = self.config.components
        icons = sum(components.dice_icons[curse(c) - 1] for c in self.slots[self.board])
        self.dice = self.dice_source.roll(icons, components)

    def _dice_choice(self, action: int) -> None:
        notation = self.config.notation
        if action == notation.reroll:
            self._roll()
        elif action == notation.blank:
            self.dice[self.dice.index(True)] = False
        elif action == notation.ghost:
            self.dice[self.dice.index(False)] = True
        self._haunt()

    def _haunt(self) -> None:
        """Ghosts for every meeple in the resolving room, then the picks."""
        rolled = sum(self.dice)
        flashlights = self.config.components.flashlights
        row = self.spaces[self.board]
        for space, owner in enumerate(row):
            if owner != NOBODY:
                self.change_ghosts(owner, max(0, rolled - flashlights[space]))
        self.queue = [space for space, owner in enumerate(row) if owner != NOBODY]
        self.phase = PICK
        self._next_pick()

    def _next_pick(self) -> None:
        """Give the next meeple's owner their pick, making it when it is the
        only choice (G-4) (whose own ``_take`` carries on), or end the room."""
        if not self.queue:
            self._finish_room()
            return
        self.phase = PICK
        self.current = self.spaces[self.board][self.queue[0]]
        choices = self._pick_ids()
        if len(choices) == 1:
            self._take(*self.config.notation.pick_of(choices[0]))

    def _take(self, card: int, left: bool = False) -> None:
        """The current player takes ``card``: the leftmost copy if ``left``,
        else the rightmost (the only one, or one of two alike, G-11)."""
        board = self.board
        player = self.current
        row = self.slots[board]
        slot = row.index(card) if left else len(row) - 1 - row[::-1].index(card)
        if self.rooms[board] == self.config.room_codes.library:
            if slot == 0:
                self.change_ghosts(player, 1)
            elif slot == CARDS_PER_ROOM - 1:
                self.change_ghosts(player, -min(1, self.ghosts[player]))
        row[slot] = EMPTY
        self.held[player].append(card)
        self.queue.pop(0)
        if effects.on_take(self, player, card):
            self.phase = TOME
            return
        self._next_pick()

    def _finish_room(self) -> None:
        """Meeples home, the board flipped and dealt, or removed (G-13)."""
        board = self.board
        self.spaces[board] = [NOBODY] * len(self.spaces[board])
        self.board = EMPTY
        if self.deck:
            self.rooms[board] = self.config.components.partner[self.rooms[board]]
            self._deal(board)
        else:
            self.rooms[board] = EMPTY
            self.slots[board] = [EMPTY] * CARDS_PER_ROOM
        if all(room == EMPTY for room in self.rooms):
            effects.end_game(self)
            self.phase = OVER
            self.current = NOBODY
            return
        self.phase = PLACE
        self._pass_after(self.placer)

    def _pass_after(self, player: int) -> None:
        """The next player with a meeple in their supply places; one without
        is skipped (G-5).  Someone always has one: at most two meeples wait
        in each of the three rooms, and a seat holds five."""
        n = self.num_players
        following = (player + 1) % n
        while not self.free_meeples(following):
            following = (following + 1) % n
        self.current = following

    # ------------------------------------------------------------- results

    def returns(self) -> list[float]:
        return win_shares([sheet.rank for sheet in score_game(self)])

    def record(self) -> Record:
        config = self.config
        return Record(
            game=GAME_NAME,
            rules_version=config.rules.version,
            overlay=config.rules.overlay,
            players=config.players,
            options=config.options,
            turns=tuple(self.history),
            seed=config.seed,
            setup=config.setup,
        )

    # ------------------------------------------------------------- search

    def playout(self, rng: Random, informed: bool = False) -> None:
        """Play to the end: random placements and dice choices; picks at
        random, or (``informed``) the lowest curse."""
        notation = self.config.notation
        while self.phase != OVER:
            legal = self.legal_action_ids()
            if informed and self.phase == PICK:
                action = min(legal, key=lambda a: curse(notation.pick_of(a)[0]))
            else:
                action = legal[int(rng.random() * len(legal))]
            self.apply_action_id(action)

    def rollout(self, rng: Random, informed: bool = False, shaped: bool = False) -> list[float]:
        """The returns of :meth:`playout`; ``shaped`` blends in each player's
        curse margin over the table's average (SHAPING_MARGIN curses count as
        a clear edge)."""
        self.playout(rng, informed)
        result = self.returns()
        if not shaped:
            return result
        totals = [sheet.total for sheet in score_game(self)]
        mean = sum(totals) / len(totals)
        return [
            (share + min(1.0, max(0.0, 0.5 + (mean - total) / (2 * SHAPING_MARGIN)))) / 2
            for share, total in zip(result, totals, strict=True)
        ]

    def scored_rollout(
        self, rng: Random, informed: bool = False
    ) -> tuple[list[float], list[float]]:
        """The returns of a :meth:`playout` and every player's curses, negative:
        fewer curses are the better score."""
        self.playout(rng, informed)
        return self.returns(), [-float(sheet.total) for sheet in score_game(self)]
