"""A table in memory: its position, its seats and whoever watches it.

The position is only ever replaced, never changed in place: a decision is
tried on a copy, committed to the database, then swapped in.  So a view taken
for a bot or a subscriber is never half-updated, and a refused or failed
decision leaves the table as it was.

A copy in memory is a cache of the database, which is the truth: it knows
the table's version it was built from (``row.version``), and another server
process may have moved the table on since (``tables/following.py`` catches up).
"""

import asyncio
import hashlib
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from random import Random
from typing import Any

import orjson

from vitrine.bots import Bot, make_bot
from vitrine.engine.protocol import Game, GameState
from vitrine.server.models import ChatRow, SeatRow, TableRow, aware
from vitrine.server.notify import Decision

OPEN, PLAYING, OVER = "open", "playing", "over"
# Closed without a result: no decision for the server's idle time, or the host
# cancelled it before the start.
ABANDONED, CANCELLED = "abandoned", "cancelled"
RUNNING = (OPEN, PLAYING)  # the statuses a table can leave


def token_hash(token: str) -> str:
    """Tokens are stored hashed: a leaked database cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


class AccountCredential(str):
    """A signed-in account, acting for the seats it holds (and as the host of
    the tables it created) where a token would.  Its value is the account's
    id; only the server makes one, from a live session: a token a client
    sends is a plain ``str``, so it never passes for an account."""


def to_json(value: Any) -> str:
    """``value`` as compact JSON text, by orjson: encoding the views and the log of
    every decision for every watcher was a fifth of a busy server's CPU with the
    standard library's encoder, about six times orjson's.  Integer keys become
    strings, as ``json.dumps`` makes them."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def public_table(row: TableRow) -> dict[str, Any]:
    """What anyone may know about a table: never the seed nor a token."""
    return {
        "id": row.id,
        "game": row.game,
        "status": row.status,
        "options": row.options,
        "created_at": aware(row.created_at).isoformat(),
        "clock_seconds": row.clock_seconds,
        "seats_open": row.seats_open,
        "rematch_of": row.rematch_of,
        "hints": bool(row.hints),
        "rated": bool(row.rated),
        "on_timeout": row.on_timeout or "bot",
        "timed_out": row.timed_out,
        "seats": [
            {
                "position": seat.position,
                "kind": seat.kind,
                "level": seat.level,
                "name": seat.name,
                "joined": seat.name is not None,
                "substituted": seat.substituted,
                "account": seat.account_id is not None,  # its name leads to a profile
                "bot": bool(seat.bot),  # a bot account's seat (bot API)
                "reserved": seat.account_id is not None
                and seat.name is None
                and row.status == OPEN,
            }
            for seat in row.seats
        ],
    }


def turn_account(status: str, state: GameState | None, seats: list[SeatRow]) -> str | None:
    """The account whose decision a table awaits, if a signed-in person's: what the
    table's ``turn_account_id`` says, written with every change that moves the turn
    (given the status, position and seats the change leaves), so that counting a
    person's waiting games reads no game."""
    if status != PLAYING or state is None or state.is_over:
        return None
    position = state.current_player
    if position is None:
        return None
    seat = seats[position]
    if seat.kind != "human" or seat.substituted:
        return None
    return seat.account_id


@dataclass(eq=False)
class Subscriber:
    """One live connection and what waits to be sent to it.

    Every state message is the whole picture, so only the newest one waiting
    matters: a slow connection gets fewer messages, never a growing backlog.
    Errors (answers to this connection's own messages) are kept, up to
    ``backlog``: a client that sends and never reads is then cut off rather
    than buffered for.
    """

    seat: int | None
    backlog: int = 16
    state: str | None = None
    errors: list[str] = field(default_factory=list)
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    def push_state(self, text: str) -> None:
        self.state = text
        self.ready.set()

    def push_error(self, text: str) -> bool:
        """Queue an error; False (nothing queued) when the client has left too many unread."""
        if len(self.errors) >= self.backlog:
            return False
        self.errors.append(text)
        self.ready.set()
        return True

    async def next_messages(self) -> list[str]:
        """What to send now, waiting until there is something."""
        await self.ready.wait()
        self.ready.clear()
        messages = [*self.errors, *([self.state] if self.state is not None else [])]
        self.errors.clear()
        self.state = None
        return messages


@dataclass(eq=False)
class LiveTable:
    row: TableRow
    game: Game
    state: GameState | None
    log: list[tuple[int, str]]  # every accepted decision: (seat, notation)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    rng: Random = field(default_factory=Random)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    turn_since: datetime | None = None  # when the decision now awaited became due
    clock_task: asyncio.Task[None] | None = None
    used_at: float = field(default_factory=time.monotonic)  # last handed out by the service
    chat: list[ChatRow] = field(default_factory=list)  # the newest lines, oldest first
    rematch: str | None = None  # the table that replays this one with the same seats
    leased: bool = False  # this process runs the table's bots and clock (store.LeaseRow)
    heard: int = 0  # the newest version another process announced
    # Decisions announced with their notice, by the version each leads to.
    announced: dict[int, Decision] = field(default_factory=dict)
    follower: asyncio.Task[None] | None = None  # catching up with what was announced

    @property
    def version(self) -> int:
        """The table's version this copy was built from."""
        return self.row.version

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seats(self) -> list[SeatRow]:
        return self.row.seats

    def seat_for(self, token: str) -> int | None:
        if isinstance(token, AccountCredential):
            return next((s.position for s in self.seats if s.account_id == token), None)
        digest = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and seat.token_hash == digest:
                return seat.position
        return None

    def is_host(self, token: str) -> bool:
        if isinstance(token, AccountCredential):
            return self.row.host_account_id == token
        return token_hash(token) == self.row.host_token_hash

    def take_decision(
        self, state: GameState, seat: int, text: str, at: datetime, version: int
    ) -> None:
        """Move the copy on by one decision, made here or announced by another process,
        once the database has it: the position it led to, the log, when the next
        decision became due, and the table's version."""
        self.state = state
        self.log.append((seat, text))
        self.turn_since = at
        self.row.version = version

    def bots_only(self) -> bool:
        """A table of bots alone: nobody plays, and the server does all the work."""
        return all(seat.kind == "bot" for seat in self.seats)

    def is_quiet(self) -> bool:
        """Nothing holds this table in memory: no watcher, not run from here, no change."""
        return (
            not self.subscribers
            and not self.leased
            and not self.lock.locked()
            and all(task is None or task.done() for task in (self.bot_task, self.clock_task))
        )

    def plays_itself(self, position: int) -> bool:
        """A bot seat, or a human seat handed to a bot."""
        seat = self.seats[position]
        return seat.kind == "bot" or seat.substituted

    def deadline(self) -> datetime | None:
        """When the human now to act loses their seat to a bot (tables with a clock)."""
        state, seconds = self.state, self.row.clock_seconds
        if (
            seconds is None
            or state is None
            or self.turn_since is None
            or self.row.status != PLAYING
        ):
            return None
        position = state.current_player
        if position is None or self.plays_itself(position):
            return None
        return self.turn_since + timedelta(seconds=seconds)

    def turn_account(self, seats: list[SeatRow] | None = None) -> str | None:
        """:func:`turn_account` of this table (``seats``: as a change will leave them)."""
        return turn_account(self.row.status, self.state, seats or self.seats)

    def bot_for(self, position: int) -> Bot | None:
        """The bot that plays ``position`` (a bot seat or a substituted human)."""
        seat = self.seats[position]
        if not self.plays_itself(position):
            return None
        if position not in self.bots:
            level = seat.level or "casual"
            self.bots[position] = make_bot(level, self.game.name, len(self.seats))
        return self.bots[position]

    def summary(self) -> dict[str, Any]:
        """The public table plus how far its game has gone."""
        state = self.state
        deadline = self.deadline()
        return {
            **public_table(self.row),
            "seq": len(self.log),
            "current_player": None if state is None else state.current_player,
            "deadline": None if deadline is None else deadline.isoformat(),
            "rematch": self.rematch,
        }

    def _shared(self) -> dict[str, Any]:
        """What every watcher of the table gets alike: the table, its decisions, its chat."""
        return {
            "table": self.summary(),
            "log": [{"seat": position, "action": text} for position, text in self.log],
            "chat": [
                {"seat": line.seat, "text": line.text, "at": aware(line.created_at).isoformat()}
                for line in self.chat
            ],
        }

    def _view(self, seat: int | None) -> dict[str, Any] | None:
        return None if self.state is None else self.state.view(seat)

    def message(self, seat: int | None) -> dict[str, Any]:
        """The whole picture for one seat (None: a spectator)."""
        return {"type": "state", "you": seat, "view": self._view(seat), **self._shared()}

    def message_text(self, seat: int | None, shared: str | None = None) -> str:
        """:meth:`message` as JSON text.  ``shared`` is :meth:`_shared` already
        encoded, without its braces: a broadcast encodes it once for every seat,
        since on a busy server encoding dominated the cost of a decision."""
        if shared is None:
            shared = to_json(self._shared())[1:-1]
        view = to_json(self._view(seat))
        return f'{{"type":"state","you":{to_json(seat)},"view":{view},{shared}}}'

    def broadcast(self) -> None:
        """Queue each subscriber its own view; one view per seat however many watch
        (and nothing encoded for a table nobody watches, such as bots playing alone)."""
        if not self.subscribers:
            return
        shared = to_json(self._shared())[1:-1]
        texts: dict[int | None, str] = {}
        for subscriber in self.subscribers:
            if subscriber.seat not in texts:
                texts[subscriber.seat] = self.message_text(subscriber.seat, shared)
            subscriber.push_state(texts[subscriber.seat])
