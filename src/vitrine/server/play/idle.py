"""Tables nobody uses: copies that leave memory, and tables closed as abandoned.

Two kinds of idleness, two clocks.  A copy of a table that nobody here
watches or runs leaves this process's memory after ``idle_seconds``: the
database still has it, and the next reader loads it again.  A table nobody
plays at (no decision for ``abandon_seconds``, a week by default) is closed
for good, in the database, as ``abandoned``: it leaves the lobby's lists,
and its record, when it had started, says so.

It is a part of its own because neither is asked for by anyone: both run
in the background for as long as the process lives, and one of them also
at start-up (``TableService.resume``).
"""

import asyncio
import time
from datetime import timedelta

from vitrine.server.orm import aware
from vitrine.server.play.core import TableCore, surviving
from vitrine.server.play.live import ABANDONED, RUNNING, LiveTable

SWEEP_LIMIT = 3600.0  # the longest wait between two looks for tables to abandon


class IdleTables:
    """Forgets idle copies here, and closes tables nobody plays at."""

    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def evict_idle(self) -> None:
        """Forget tables idle for ``idle_seconds``: nobody watching, not run from here.
        The database has them; ``get`` loads one again on demand.

        Safe because ``get`` marks a table used before handing it out, and the
        event loop runs one thing at a time: a table just handed out is never idle.
        """
        idle = self.core.settings.idle_seconds
        while True:
            await asyncio.sleep(min(idle / 2, 60.0))
            cutoff = time.monotonic() - idle
            for live in list(self.core.tables.values()):
                if live.used_at < cutoff and live.is_quiet():
                    self.core.tables.pop(live.id, None)

    async def sweep(self) -> None:
        """Abandon idle tables, looking several times per idle time (at most hourly).

        Every process looks: closing is a change like any other, so a table that
        two processes find idle at once is closed once (the second finds it closed).
        """
        while True:
            await asyncio.sleep(min(self.core.settings.abandon_seconds / 4, SWEEP_LIMIT))
            await surviving(self.abandon_idle)

    async def abandon_idle(self) -> None:
        """Close every open or running table with no decision for the idle time.

        A table's last activity is its last decision, else its start, else its
        creation: a table nobody plays at leaves the lobby's lists, and its
        record (when it started) says it was abandoned.  A table waiting for a
        bot is not idle (the server owes that decision: after a long stop,
        its bots play on).
        """
        cutoff = self.core.clock.now() - timedelta(seconds=self.core.settings.abandon_seconds)
        for table_id in await self.core.db(self.core.store.idle_tables, RUNNING, cutoff):
            live = await self.core.get(table_id)

            async def close_if_idle(live: LiveTable = live) -> None:
                active = live.turn_since or aware(live.row.created_at)
                to_act = None if live.state is None else live.state.current_player
                bots_turn = to_act is not None and live.plays_itself(to_act)
                clocked = live.deadline() is not None  # its clock decides (14 days at most)
                if live.row.status in RUNNING and active < cutoff and not (bots_turn or clocked):
                    await self.core.close_table(live, ABANDONED)

            await self.core.change(live, close_if_idle)
            self.core.release(live)
