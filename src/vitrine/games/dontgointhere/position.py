"""A position of Don't Go In There: its data, what is legal, and where dice come from.

The state is plain lists of small ints (cards as in :mod:`components`,
rooms and spaces as indices, players as seats) so that copying it for
search is cheap.  ``Position`` holds the data and answers what is legal;
the card effects and the scoring (``effects``, ``scoring``) read it, and
``state.DontGoInThereState`` adds the decisions and how they resolve.
"""

from collections.abc import Sequence
from random import Random
from typing import Self

from vitrine.engine.rng import SplitMix64
from vitrine.games.dontgointhere.components import Components, curse
from vitrine.games.dontgointhere.config import (
    CARDS_PER_ROOM,
    DICE,
    EMPTY,
    NOBODY,
    OVER,
    PICK,
    PLACE,
    TOME,
    GameConfig,
)
from vitrine.kit.game import StateBase


class Dice:
    """Where rolls come from: given faces first (a record's ``dice``), then a
    seeded SplitMix64 stream; search samples roll from a ``Random``."""

    __slots__ = ("given", "rng", "stream")

    def __init__(
        self, given: Sequence[bool], stream: SplitMix64 | None, rng: Random | None = None
    ) -> None:
        self.given = list(reversed(given))  # next face last
        self.stream = stream
        self.rng = rng

    def copy(self) -> "Dice":
        clone = Dice.__new__(Dice)
        clone.given = self.given[:]
        clone.stream = None if self.stream is None else self.stream.copy()
        clone.rng = self.rng
        return clone

    def roll(self, count: int, components: Components) -> list[bool]:
        """``count`` dice, True for a ghost face."""
        faces = []
        for _ in range(count):
            if self.given:
                faces.append(self.given.pop())
            elif self.rng is not None:
                faces.append(self.rng.random() * components.die_faces < components.ghost_faces)
            else:
                assert self.stream is not None  # the game checks that a seed is given
                faces.append(self.stream.below(components.die_faces) < components.ghost_faces)
        return faces


class Position(StateBase):
    """One position.  Seats are numbered from 0, the start player (G-1)."""

    __slots__ = (
        "board",
        "clock_done",
        "config",
        "current",
        "deck",
        "dice",
        "dice_source",
        "dispelled",
        "ghost_events",
        "ghosts",
        "held",
        "history",
        "phase",
        "placer",
        "queue",
        "removed",
        "rooms",
        "seen",
        "slots",
        "spaces",
    )

    config: GameConfig
    board: int  # the board being resolved, or EMPTY
    clock_done: bool
    current: int
    deck: list[int]  # next card last: hidden from everyone
    dice: list[bool]  # the last roll, True for a ghost
    dice_source: Dice
    dispelled: list[list[int]]
    ghosts: list[int]  # hidden from the other players
    ghost_events: list[tuple[int, int]]  # every change of a count, (seat, change): public
    held: list[list[int]]  # face-up cards of each tableau
    history: list[str]
    phase: int
    placer: int  # who placed the resolving room's third meeple
    queue: list[int]  # spaces of the resolving room still to pick, top first
    removed: list[int]  # the cards set aside at setup: hidden from everyone
    rooms: list[int]  # per board, the room face up, or EMPTY once removed
    seen: list[int]  # per board, the players who saw the face-down card (bits)
    slots: list[list[int]]  # per board, the cards above it, EMPTY once taken
    spaces: list[list[int]]  # per board, the owner of each space's meeple

    def __init__(
        self,
        config: GameConfig,
        deck: Sequence[int],
        removed: Sequence[int],
        rooms: Sequence[int],
        dice: Dice,
    ) -> None:
        self.config = config
        n = config.num_players
        spaces = config.components.spaces
        self.deck = list(reversed(deck))
        self.removed = list(removed)
        self.rooms = list(rooms)
        self.slots = [[EMPTY] * CARDS_PER_ROOM for _ in rooms]
        self.spaces = [[NOBODY] * spaces for _ in rooms]
        self.seen = [0] * len(rooms)
        self.ghosts = [0] * n
        self.ghost_events = []
        self.held = [[] for _ in range(n)]
        self.dispelled = [[] for _ in range(n)]
        self.clock_done = False
        self.dice = []
        self.dice_source = dice
        self.history = []
        self.phase = PLACE
        self.current = 0
        self.board = EMPTY
        self.placer = NOBODY
        self.queue = []
        for board in range(len(rooms)):
            self._deal(board)

    def copy(self) -> Self:
        """An independent copy; the fixed configuration is shared."""
        kind = type(self)
        clone = kind.__new__(kind)
        clone.config = self.config
        clone.board = self.board
        clone.clock_done = self.clock_done
        clone.current = self.current
        clone.deck = self.deck[:]
        clone.dice = self.dice[:]
        clone.dice_source = self.dice_source.copy()
        clone.dispelled = [d[:] for d in self.dispelled]
        clone.ghosts = self.ghosts[:]
        clone.ghost_events = self.ghost_events[:]
        clone.held = [h[:] for h in self.held]
        clone.history = self.history[:]
        clone.phase = self.phase
        clone.placer = self.placer
        clone.queue = self.queue[:]
        clone.removed = self.removed[:]
        clone.rooms = self.rooms[:]
        clone.seen = self.seen[:]
        clone.slots = [s[:] for s in self.slots]
        clone.spaces = [s[:] for s in self.spaces]
        return clone

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def mid_turn(self) -> bool:
        """Never: every decision is a whole turn (G-3)."""
        return False

    def free_meeples(self, player: int) -> int:
        placed = sum(row.count(player) for row in self.spaces)
        return self.config.components.meeples - placed

    def face_down(self, board: int) -> bool:
        """Whether the board's third card lies face down (a Secret Passage
        not yet resolving)."""
        return (
            self.rooms[board] == self.config.room_codes.secret_passage
            and self.board != board
            and self.slots[board][CARDS_PER_ROOM - 1] != EMPTY
        )

    def legal_action_ids(self) -> list[int]:
        notation = self.config.notation
        phase = self.phase
        if phase == PLACE:
            return sorted(
                notation.place_id(room, space)
                for board, room in enumerate(self.rooms)
                if room != EMPTY
                for space, owner in enumerate(self.spaces[board])
                if owner == NOBODY
            )
        if phase == PICK:
            return self._pick_ids()
        if phase == TOME:
            tome = self.config.codes.tome
            return [notation.tome_id(t) for t in self.config.types if t != tome]
        if phase == DICE:
            if self.rooms[self.board] == self.config.room_codes.basement:
                return [notation.keep, notation.reroll]
            legal = [notation.keep]
            if any(self.dice):
                legal.append(notation.blank)
            if not all(self.dice):
                legal.append(notation.ghost)
            return legal
        return []

    def _pick_ids(self) -> list[int]:
        """The cards above the resolving room, one choice per kind of card,
        except the Library's two identical cards: their places differ, so
        each copy is a choice of its own (G-11)."""
        notation = self.config.notation
        row = self.slots[self.board]
        copies = (
            self.config.rules.copy_choice
            and self.rooms[self.board] == self.config.room_codes.library
        )
        ids: set[int] = set()
        for card in row:
            if card == EMPTY:
                continue
            if copies and row.count(card) > 1:
                ids.update((notation.left_id(card), notation.right_id(card)))
            else:
                ids.add(notation.pick_id(card))
        return sorted(ids)

    def legal_actions(self) -> list[str]:
        words = self.config.notation.words
        return sorted(words[a] for a in self.legal_action_ids())

    def legal_turns(self) -> list[str]:
        return self.legal_actions()

    def action_text(self, action: int) -> str:
        return self.config.notation.words[action]

    # ------------------------------------------------------------ changes

    def change_ghosts(self, seat: int, change: int) -> None:
        """Add ``change`` to a seat's ghosts: the count is hidden, but the
        change is public (a roll, a room, a card everyone saw), so it is
        written down for every view (``ghost_events``, G-14)."""
        if change:
            self.ghosts[seat] += change
            self.ghost_events.append((seat, change))

    def _deal(self, board: int) -> None:
        """Fill a board's three slots from the deck; a Library sorts them."""
        cards = [self.deck.pop() for _ in range(CARDS_PER_ROOM)]
        if self.rooms[board] == self.config.room_codes.library:
            if self.config.rules.library_draw_order:
                cards.sort(key=curse)  # G-12: a stable sort, equal curses as drawn
            else:
                cards.sort(key=lambda c: (curse(c), c))  # dontgointhere-2026.1: by type
        self.slots[board] = cards
        self.seen[board] = 0
