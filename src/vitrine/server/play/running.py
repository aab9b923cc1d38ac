"""Running a table: its lease, its clock, and seats handed to bots.

Any process may change any table, but a table's bots and clock must run in
one process only, or a bot would play twice and a clock fire twice: the one
holding the table's lease (``leases.py``: ``table_leases``).  This part
claims leases (for tables that start with a bot or a clock, and for the
tables nobody living runs: after a restart, this process's own at once),
renews them, stops a table here whose lease was lost, hands them over when
the process stops, and, where it runs a table, arms the clock of the
decision now awaited and wakes the bots (``play.py``).  A seat whose clock
runs out goes to a bot, as does a seat handed over by its player or the
host (``lobby.py``): from then on this process runs the table; or, at a
table that chose so (``on_timeout``: end), the game ends there, the seat
that missed its deadline ranking last (``time_controls.py``).  Every time
here is the core's clock's, which tests move on by days.  Each round
of renewals also renews the mark, kept in the database, that someone here
watches a table: every process's lobby lists those first, and the leases
follow them: a table is run where its watchers are (table affinity, the
front sending all of a table's sockets to one process; docs/deploy.md), so
that no other process has to apply its decisions.

It is a part of its own because it is what keeps tables going between
requests: what it does is set off by time passing and by changes, and it
answers no request of its own but the mark of a table watched.
"""

import asyncio
import logging
from datetime import datetime, timedelta

from vitrine.server.play.core import TableCore, surviving
from vitrine.server.play.decisions import Play
from vitrine.server.play.live import OVER, PLAYING, LiveTable
from vitrine.server.play.time_controls import timeout_ending

log = logging.getLogger(__name__)
TIMEOUT_LEVEL = "casual"  # who takes over a seat whose clock ran out


def needs_runner(live: LiveTable) -> bool:
    """A playing table with a bot to play or a clock to watch (``leases.needs_runner``)."""
    return live.row.status == PLAYING and (
        live.row.clock_seconds is not None
        or any(live.plays_itself(seat.position) for seat in live.seats)
    )


class Runner:
    """The leases of this process, the clocks of its tables, and their bots woken."""

    def __init__(self, core: TableCore, play: Play) -> None:
        self.core = core
        self.play = play
        # The watched marks this process wrote, table -> until: a later mark is another's.
        self._marked: dict[str, datetime] = {}

    # ------------------------------------------------------------ leases

    async def keep_leases(self) -> None:
        """Renew the leases four times per lease time, so that one late round loses none."""
        while True:
            await asyncio.sleep(self.core.settings.lease_seconds / 4)
            await surviving(self.lease_round)

    async def lease_round(self, first: bool = False) -> None:
        """Renew this process's leases (a lease lost meanwhile stops its table here),
        take over the tables that need running and no living process runs, and
        tell the lobby which tables are watched here.

        A process that dies stops renewing: its tables are taken over within
        the lease time and a quarter.  ``first``: also take back this process's
        own leases from before a restart, at once.

        A table runs where its watchers are (table affinity: the front sends
        all of a table's sockets to one process): a lease held here for a table
        watched only elsewhere is given up, and a table watched only elsewhere
        is left to that process to take.  Nobody watching, any process takes it.
        """
        core, store, me = self.core, self.core.store, self.core.server_id
        now = core.clock.now()
        until = now + timedelta(seconds=core.settings.lease_seconds)
        held = await core.db(store.renew_leases, me, until)
        for live in list(core.tables.values()):
            if live.leased and live.id not in held:
                self._stop_running(live)
        for table_id, mark in held.items():
            if self._watched_elsewhere(table_id, mark, now):
                await self._give_up(table_id)
        for table_id, mark in (await core.db(store.unrun_tables, me, now, first)).items():
            known = core.tables.get(table_id)
            if (known is not None and known.leased) or self._watched_elsewhere(table_id, mark, now):
                continue
            if await core.db(store.claim_lease, table_id, me, now, until):
                live = await core.fresh(table_id)
                live.leased = True
                self.run_here(live)
        watched = [live.id for live in core.tables.values() if live.subscribers]
        if watched:
            await core.db(store.watch, watched, until)
        self._marked = {t: u for t, u in self._marked.items() if u > now}
        self._marked.update(dict.fromkeys(watched, until))

    def _watched_elsewhere(self, table_id: str, mark: datetime | None, now: datetime) -> bool:
        """Whether someone watches the table on another process and nobody here: its
        mark is alive and newer than any this process wrote (``_marked``)."""
        live = self.core.tables.get(table_id)
        if live is not None and live.subscribers:
            return False
        if mark is None or mark <= now:
            return False
        mine = self._marked.get(table_id)
        return mine is None or mark > mine

    async def _give_up(self, table_id: str) -> None:
        """Stop running a table here, then free its lease for the process its
        watchers are on (stopped first: never two runners at once)."""
        live = self.core.tables.get(table_id)
        if live is not None:
            self._stop_running(live)
        await self.core.db(self.core.store.release_lease, table_id, self.core.server_id)

    async def take_over(self, live: LiveTable) -> None:
        """Run a table that now needs running (it started with a bot or a clock, or a
        seat went to a bot) from this process, unless another one already does."""
        if live.leased or not needs_runner(live):
            return
        core = self.core
        now = self.core.clock.now()
        until = now + timedelta(seconds=core.settings.lease_seconds)
        live.leased = await core.db(core.store.claim_lease, live.id, core.server_id, now, until)

    def run_here(self, live: LiveTable) -> None:
        """After a change: if this process runs the table, its clock and bots go on."""
        if not live.leased:
            return
        if live.row.status != PLAYING:  # the lease ended with the game (``store._ended``)
            self._stop_running(live)
            return
        self._arm_clock(live)
        self.play.wake_bots(live)

    @staticmethod
    def _stop_running(live: LiveTable) -> None:
        live.leased = False
        for task in (live.clock_task, live.bot_task):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    async def watched(self, live: LiveTable) -> None:
        """Someone here began watching a table: the lobby, in every process, lists it first."""
        until = self.core.clock.now() + timedelta(seconds=self.core.settings.lease_seconds)
        await self.core.db(self.core.store.watch, [live.id], until)
        self._marked[live.id] = until

    async def hand_over(self) -> None:
        """Give up this process's leases as it stops: the others take its tables at once."""
        try:
            await self.core.db(self.core.store.release_leases, self.core.server_id)
        except Exception:  # the database gone: the leases expire by themselves
            log.exception("could not hand this process's leases over")

    # ------------------------------------------------------------ clocks and substitutes

    async def substitute(self, live: LiveTable, position: int, level: str, why: str) -> None:
        """Hand a seat to a bot for the rest of the game (the lock is held)."""
        assert live.state is not None
        changes = {
            "substituted": True,
            "level": level,
            "substituted_after": len(live.state.record().turns),
            "substituted_why": why,
        }
        await self.core.update_seat(live, live.seats[position], **changes)
        await self.take_over(live)
        self.run_here(live)

    async def end_game(self, live: LiveTable, missed: int) -> None:
        """End the game at once: ``missed`` let its deadline pass (the lock is held)."""
        ending = timeout_ending(live.row, missed, self.core.clock.now())
        live.row.version = await self.core.db(
            self.core.store.end_on_timeout, live.version, ending, missed
        )
        live.row.status = OVER
        live.row.timed_out = missed
        live.row.finished_at = ending.finished_at
        live.row.ranks = list(ending.ranks)
        self.core.after_change(live)

    def _arm_clock(self, live: LiveTable) -> None:
        """(Re)start the clock of the decision now awaited, if the table has one."""
        if live.clock_task is not None and live.clock_task is not asyncio.current_task():
            live.clock_task.cancel()
        deadline = live.deadline()
        if deadline is not None:
            live.clock_task = self.core.spawn(self.run_clock(live, len(live.log), deadline))

    async def run_clock(self, live: LiveTable, seq: int, deadline: datetime) -> None:
        """A human who lets the deadline pass loses the seat to a bot and the table goes
        on, or the game ends there, as the table chose.  ``seq`` is the position the
        clock was armed for: a clock that fires once the seat has answered it takes nothing."""
        await self.core.clock.sleep_until(deadline)

        async def time_out() -> None:
            state = live.state
            if len(live.log) != seq or state is None or state.current_player is None:
                return
            if live.row.status != PLAYING:
                return
            if live.row.on_timeout == "end":
                await self.end_game(live, state.current_player)
            else:
                await self.substitute(live, state.current_player, TIMEOUT_LEVEL, "timeout")

        await self.core.change(live, time_out)
