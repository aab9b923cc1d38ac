"""A table in memory: its position, its seats and whoever watches it.

The position is only ever replaced, never changed in place: a decision is
tried on a copy, committed to the database, then swapped in.  So a view taken
for a bot or a subscriber is never half-updated, and a refused or failed
decision leaves the table as it was.

A copy in memory is a cache of the database, which is the truth: it knows
the table's version it was built from (``row.version``), and another server
process may have moved the table on since (``following.py`` catches up).
"""

import asyncio
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from random import Random
from typing import Any

from vitrine.bots import Bot, make_bot
from vitrine.engine.protocol import Game, GameState
from vitrine.server.orm import aware
from vitrine.server.play.changes import Decision
from vitrine.server.play.models import ChatRow, SeatRow, TableRow
from vitrine.server.play.pictures import Picture, decision_texts, dumps, encode_fields

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


DELTAS_KEPT = 8  # deltas waiting for a slow socket before it is sent the whole message instead


@dataclass(eq=False)
class Subscriber:
    """One live connection and what waits to be sent to it.

    A connection that asked for deltas (``deltas``) is sent each change as
    what changed since the message before (``pictures.py``), in order; one
    that did not, or that falls behind by more than ``DELTAS_KEPT``, is sent
    the whole message, built when it is sent from the table as it is then:
    a slow connection gets fewer messages, never a growing backlog.  Errors
    (answers to this connection's own messages) are kept, up to ``backlog``:
    a client that sends and never reads is then cut off rather than buffered
    for.  ``whole`` gives the whole message now, with its number.
    """

    seat: int | None
    whole: Callable[[], tuple[int, str]]
    deltas: bool = False
    backlog: int = 16
    at: int | None = None  # the number of the newest message queued or sent to it
    due: list[str] = field(default_factory=list)  # deltas waiting, oldest first
    whole_due: bool = False
    errors: list[str] = field(default_factory=list)
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    def push_whole(self) -> None:
        """Send the whole message next (a new connection, one behind, or a resync)."""
        self.whole_due = True
        self.due.clear()
        self.ready.set()

    def push_delta(self, base: int, n: int, text: str) -> None:
        """Queue the change from message ``base`` to message ``n``: as a delta if the
        connection takes them and has ``base``, else as the whole message."""
        if self.whole_due:
            return  # the whole message, built when sent, will show this change too
        if not self.deltas or self.at != base or len(self.due) >= DELTAS_KEPT:
            self.push_whole()
            return
        self.due.append(text)
        self.at = n
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
        messages = list(self.errors)
        self.errors.clear()
        if self.whole_due:
            self.whole_due = False
            self.at, text = self.whole()
            messages.append(text)
        else:
            messages += self.due
        self.due.clear()
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
    shown: int = 0  # the number of the newest message about this table (pictures.py)
    picture: Picture | None = None  # the table as message ``shown`` showed it, if watched
    log_texts: list[str] = field(default_factory=list)  # the log's decisions, encoded

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

    def _chat(self) -> list[dict[str, Any]]:
        return [
            {"seat": line.seat, "text": line.text, "at": aware(line.created_at).isoformat()}
            for line in self.chat
        ]

    def message(self, seat: int | None) -> dict[str, Any]:
        """The whole picture for one seat (None: a spectator), as an HTTP answer gives it."""
        return {
            "type": "state",
            "you": seat,
            "view": None if self.state is None else self.state.view(seat),
            "table": self.summary(),
            "log": [{"seat": position, "action": text} for position, text in self.log],
            "chat": self._chat(),
        }

    def _take_picture(self) -> Picture:
        """The table as it is now, encoded, as message number ``shown``."""
        texts = self.log_texts
        texts.extend(decision_texts(self.log[len(texts) :]))
        state = self.state
        return Picture(
            n=self.shown,
            state=state,
            table=encode_fields(self.summary()),
            view=None if state is None else encode_fields(state.public_view()),
            log=list(texts),
            chat=dumps(self._chat()),
        )

    def whole_message(self, seat: int | None) -> tuple[int, str]:
        """The whole message for ``seat`` as the table is now, and its number."""
        if self.picture is None:
            self.picture = self._take_picture()
        return self.picture.n, self.picture.whole(seat)

    def broadcast(self) -> None:
        """Show the table's change to every subscriber: the public part of the view
        built and every field encoded once (``pictures.py``), and each delta written
        once per seat however many watch from it (nothing for a table nobody
        watches, such as bots playing alone)."""
        self.shown += 1
        if not self.subscribers:
            self.picture = None
            return
        before, after = self.picture, self._take_picture()
        self.picture = after
        if before is None:
            for subscriber in self.subscribers:
                subscriber.push_whole()
            return
        shared: str | None = None
        deltas: dict[int | None, str] = {}
        for subscriber in self.subscribers:
            seat = subscriber.seat
            if not subscriber.deltas or not before.knows(seat):
                subscriber.push_whole()
                continue
            if seat not in deltas:
                shared = shared or after.shared_delta(before)
                deltas[seat] = after.seat_delta(shared, seat, before)
            subscriber.push_delta(before.n, after.n, deltas[seat])
