"""What every part of the table service shares, and the one path by which a table changes.

The parts (the lobby, play, the runner of clocks and bots...) each do one
kind of work; what they all need is here, once, so that no part keeps a
copy of it: the copies of tables in this process's memory, the store and
the threads its calls run on, the background tasks the service keeps, and
:meth:`TableCore.change`, which every change goes through.  A change is
decided on the copy under the table's lock and written on the condition
that the table's version in the database is still the copy's: if another
process moved it on, nothing is written, the copy catches up, and the
change is decided again on the table as it now is.  Memory changes only
once the database has the change; then :meth:`TableCore.after_change`
shows it to every watcher here.
"""

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from vitrine.engine.protocol import Game, GameState
from vitrine.games import get_game
from vitrine.server.errors import conflict, forbidden, not_found
from vitrine.server.orm import aware
from vitrine.server.play.changes import Changes
from vitrine.server.play.live import OVER, PLAYING, RUNNING, AccountCredential, LiveTable
from vitrine.server.play.models import SeatRow, TableRow
from vitrine.server.play.store import CHAT_KEPT, BehindError, Store, StoredTable
from vitrine.server.play.writer import DecisionWriter
from vitrine.server.ratelimit import moving_window
from vitrine.server.settings import Settings
from vitrine.server.timekeeping import Clock

T = TypeVar("T")
log = logging.getLogger(__name__)
CHANGE_TRIES = 8  # a change decided again on a table other processes keep moving on


def one_off_server_id() -> str:
    """A process's name in the leases when it has no lasting one (tests, one-off apps):
    restarted, it is another, and waits for its old leases to expire."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def has_started(row: TableRow) -> bool:
    """Whether the table was dealt (a table closed before its start never was)."""
    return row.started_at is not None or row.status in (PLAYING, OVER)


def new_state(game: Game, row: TableRow) -> GameState:
    """The deal of a table, from its seed, options and rules version."""
    names = [seat.name or "" for seat in row.seats]
    return game.new_game(names, row.options, row.seed, row.rules_version)


@dataclass
class Tally:
    """The decisions this process applied: those it made (``made``) and those it took
    from other processes (``followed``).  With table affinity only the process a
    table is sent to applies its decisions, and the tests and ``GET /api/process``
    show it (docs/deploy.md)."""

    made: int = 0
    followed: int = 0


async def surviving(work: Callable[[], Awaitable[None]]) -> None:
    """One round of a periodic task; a failure (the database away a moment) is
    logged and the next round tries again, rather than ending the task."""
    try:
        await work()
    except Exception:
        log.exception("a periodic task failed; it runs again at its next round")


class TableCore:
    """The copies of tables here, the store, its threads and the tasks the service keeps.

    ``changes`` tells of other processes' changes; ``server_id`` names this
    process in the leases; ``clock`` is the time every deadline is computed and
    waited for by (a test's own moves on by days at once).
    """

    def __init__(
        self,
        store: Store,
        db_workers: int,
        settings: Settings,
        changes: Changes,
        server_id: str,
        clock: Clock | None = None,
    ) -> None:
        self.store = store
        self.clock = clock or Clock()
        self.settings = settings
        self.changes = changes
        self.server_id = server_id
        self.tables: dict[str, LiveTable] = {}
        self.tally = Tally()
        self.decisions = DecisionWriter(store, self.db, self.spawn)
        self.limiter = moving_window()  # shared by every rate limit but the sockets'
        self._loading = asyncio.Lock()
        self._executor = ThreadPoolExecutor(max_workers=db_workers, thread_name_prefix="db")
        self._tasks: set[asyncio.Task[None]] = set()
        # After every change, the table's clock and bots go on where this process
        # runs it: the runner's ``run_here``, which the service sets once the runner
        # exists (the runner is built on this core, so it cannot come first).
        self.run_here: Callable[[LiveTable], None]
        # Whoever else must see every change (the notifications): called after each.
        self.watchers: list[Callable[[LiveTable], None]] = []

    async def db(self, call: Callable[..., T], *args: Any) -> T:
        """A store call, on one of the database threads: the event loop never waits on it."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, call, *args)

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """A background task the service keeps (and cancels when it closes)."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[None]) -> None:
        """A bot or clock that failed must say so: a silent stall is the worst outcome."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def cancel_tasks(self) -> None:
        """Stop every background task, and wait until each has stopped."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def shutdown(self) -> None:
        """End the database threads, once the calls under way are done."""
        self._executor.shutdown(wait=True)

    # ------------------------------------------------------------ reading

    async def get(self, table_id: str) -> LiveTable:
        """The table's copy in this process, read from the database if it has none."""
        live = self.tables.get(table_id)
        if live is None:
            async with self._loading:
                live = self.tables.get(table_id)
                if live is None:
                    stored = await self.db(self.store.load_table, table_id)
                    if stored is None:
                        raise not_found(
                            "table_not_found", f"table {table_id!r} does not exist", table=table_id
                        )
                    live = LiveTable(
                        row=stored.row, game=get_game(stored.row.game), state=None, log=[]
                    )
                    self._absorb(live, stored)
                    self.tables[table_id] = live
        live.used_at = time.monotonic()
        return live

    async def fresh(self, table_id: str) -> LiveTable:
        """The table as the database has it now, for an answer that must not lag behind
        a change another process made a moment ago (its notice may still be on the way).

        It is the copy this process holds when it returns: one forgotten while this
        read (a notice for a copy nobody watched, ``following.py``) is read again, or
        a socket about to watch it would watch a copy that nobody follows."""
        while True:
            live = await self.get(table_id)
            if not self.changes.shared:
                return live
            version = (await self.db(self.store.versions, [table_id])).get(table_id, 0)
            if self.tables.get(table_id) is not live:
                continue  # forgotten meanwhile: read it again
            if version > live.version:
                async with live.lock:
                    if version > live.version:
                        await self.catch_up(live)
            if self.tables.get(table_id) is live:
                return live

    def seat_of(self, live: LiveTable, token: str | None, reading: bool = False) -> int | None:
        """The seat a token acts for, as this copy knows; None for no token (a spectator),
        or, ``reading``, for a signed-in account that holds no seat here (it watches)."""
        if token is None:
            return None
        seat = live.seat_for(token)
        if seat is None and reading and isinstance(token, AccountCredential):
            return None
        if seat is None:
            raise forbidden(
                "token_no_seat", f"this token holds no seat at table {live.id!r}", table=live.id
            )
        return seat

    async def seat(self, live: LiveTable, token: str | None) -> int | None:
        """The seat a token acts for; a token this copy does not know may hold a seat
        claimed through another process a moment ago: the database is asked first."""
        if token is not None and live.seat_for(token) is None:
            await self.fresh(live.id)
        return self.seat_of(live, token)

    async def seated(
        self, table_id: str, token: str | None, reading: bool = False
    ) -> tuple[LiveTable, int | None]:
        """The table as it is now and the token's seat: what a reader is shown
        (``reading``: a signed-in account without a seat reads as a spectator)."""
        live = await self.fresh(table_id)
        return live, self.seat_of(live, token, reading)

    def release(self, live: LiveTable) -> None:
        """Forget a closed table nobody watches; the database still has it."""
        if live.row.status not in RUNNING and not live.subscribers:
            self.tables.pop(live.id, None)

    # ------------------------------------------------------------ changing

    async def change(self, live: LiveTable, attempt: Callable[[], Awaitable[T]]) -> T:
        """Decide and write a change under the table's lock: ``attempt`` checks the
        copy, then writes.  Should another process have moved the table on, the
        write raises BehindError (nothing written): the copy catches up and ``attempt``
        decides again on the table as it now is (a decision at a passed position
        is then ``stale``)."""
        async with live.lock:
            for _ in range(CHANGE_TRIES):
                try:
                    return await attempt()
                except BehindError:
                    await self.catch_up(live)
        raise conflict("table_busy", f"table {live.id!r} keeps changing: try again", table=live.id)

    async def catch_up(self, live: LiveTable) -> None:
        """Bring the copy here up to the database (the lock is held), tell this
        process's subscribers, and run the table on if this process runs it."""
        chat_after = live.chat[-1].number if live.chat else 0
        stored = await self.db(self.store.load_table, live.id, len(live.log), chat_after)
        if stored is None:
            raise not_found("table_not_found", f"table {live.id!r} does not exist", table=live.id)
        self._absorb(live, stored)
        self.tally.followed += len(stored.log)
        self.after_change(live)

    def _absorb(self, live: LiveTable, stored: StoredTable) -> None:
        """Take what the database holds beyond the copy: the table's row and seats, the
        deal if it started, its further decisions and chat lines, its rematch."""
        row = stored.row
        state = live.state
        if state is None and has_started(row):
            state = new_state(live.game, row)
            live.turn_since = row.started_at and aware(row.started_at)
        if stored.log:
            assert state is not None, f"table {live.id!r} has decisions but was never dealt"
            state = state.copy() if state is live.state else state
            for _, text in stored.log:
                state.apply_action(text)
            live.turn_since = stored.last_action_at
        live.row, live.state = row, state
        live.log.extend(stored.log)
        live.chat = [*live.chat, *stored.chat][-CHAT_KEPT:]
        live.rematch = stored.rematch

    def after_change(self, live: LiveTable) -> None:
        """After every change, made here or caught up with: each watcher gets their view,
        and the table runs on if it is run from here."""
        live.broadcast()
        self.run_here(live)
        for watch in self.watchers:
            watch(live)

    async def update_seat(self, live: LiveTable, seat: SeatRow, **changes: Any) -> None:
        """Write a seat's changes (the lock is held), then keep them here: memory
        changes only once the database has them."""
        written = seat.with_changes(**changes)
        after = [written if s is seat else s for s in live.seats]
        live.row.version = await self.db(
            self.store.update_seat, written, live.version, live.turn_account(after)
        )
        for name, value in changes.items():
            setattr(seat, name, value)
        self.after_change(live)

    async def close_table(self, live: LiveTable, status: str) -> None:
        """End a table without a result (the lock is held): its clock stops, bots stop."""
        live.row.version = await self.db(self.store.set_status, live.id, live.version, status)
        live.row.status = status
        self.after_change(live)
