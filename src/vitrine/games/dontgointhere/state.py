"""The game state and flow of Don't Go In There.

A *turn* here is one decision (G-3): placing a meeple, the Basement's or
Hallway's dice choice, each card pick in a room's resolution, the Tome's
type.  Decisions of one room's resolution belong to several players in
turn, so every decision is its own turn and ``mid_turn`` is never true.
Forced picks (a single kind of card left) are made by the engine (G-4).

The state is plain lists of small ints (cards as in :mod:`components`,
rooms and spaces as indices, players as seats) so that copying it for
search is cheap.  Every decision is checked before anything changes.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from vitrine.engine.protocol import win_shares
from vitrine.engine.record import Record
from vitrine.engine.rng import SplitMix64
from vitrine.games.dontgointhere import effects
from vitrine.games.dontgointhere.components import Components, RoomCodes, curse
from vitrine.games.dontgointhere.effects import TypeCodes
from vitrine.games.dontgointhere.notation import Notation
from vitrine.games.dontgointhere.rules import CURRENT, Rules

GAME_NAME = "dontgointhere"
RULES_VERSION = CURRENT.version
MIN_PLAYERS = 2
MAX_PLAYERS = 5
CARDS_PER_ROOM = 3
MEEPLES_TO_RESOLVE = 3
EMPTY = -1
NOBODY = -1
SHAPING_MARGIN = 10.0  # curses of margin that shaped returns count as a clear edge

PLACE, DICE, PICK, TOME, OVER = range(5)
PHASES = ("place", "dice", "pick", "tome", "over")


@dataclass(frozen=True, eq=False)
class GameConfig:
    """What stays fixed for a whole game; shared by every copy of its state."""

    components: Components
    notation: Notation
    codes: TypeCodes
    room_codes: RoomCodes
    players: tuple[str, ...]
    options: dict[str, Any]
    types: tuple[int, ...]
    seed: int | None
    rules: Rules
    setup: dict[str, Any] = field(default_factory=dict)  # the record's explicit fields

    @property
    def num_players(self) -> int:
        return len(self.players)


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


class DgitState:
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

    def copy(self) -> "DgitState":
        clone = DgitState.__new__(DgitState)
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
    def num_players(self) -> int:
        return self.config.num_players

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.current

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

    # --------------------------------------------------------------- decisions

    def apply_action(self, action: str) -> None:
        """Apply one decision in notation; refuses, changing nothing, when it
        is malformed or illegal here."""
        action_id = self.config.notation.parse(action)
        if action_id not in self.legal_action_ids():
            from vitrine.games.dontgointhere.explain import refusal

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
        from vitrine.games.dontgointhere.scoring import score_game

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

    def view(self, player: int | None) -> dict[str, Any]:
        from vitrine.games.dontgointhere.view import player_view

        return player_view(self, player)

    def provisional_scores(self, viewer: int | None) -> list[dict[str, Any]]:
        from vitrine.games.dontgointhere.view import provisional_scores

        return provisional_scores(self, viewer)

    # ------------------------------------------------------------- search

    def redeterminize(self, viewer: int, rng: Random) -> None:
        from vitrine.games.dontgointhere.determinize import resample

        resample(self, viewer, rng)

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
        from vitrine.games.dontgointhere.scoring import score_game

        totals = [sheet.total for sheet in score_game(self)]
        mean = sum(totals) / len(totals)
        return [
            (share + min(1.0, max(0.0, 0.5 + (mean - total) / (2 * SHAPING_MARGIN)))) / 2
            for share, total in zip(result, totals, strict=True)
        ]
