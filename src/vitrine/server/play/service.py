"""What the server does, whichever door a request came in by (HTTP or WebSocket).

Every decision is checked by the game's engine, committed to the database, and
only then shown to anyone.  Bots play from the same views a person gets, after
a short visible pause, through the same path as a person's decision.

Several server processes may serve one PostgreSQL database, each table from
any of them.  The database is the truth; a table in a process's memory is a
copy that knows its version.  A change is decided on the copy, under the
table's lock in this process, and written on the condition that the table's
version in the database is still the copy's (``store.py``): if another
process moved it on, nothing is written, the copy catches up, and the change
is decided again on the table as it now is (``TableCore.change``).  So no
decision is lost or made twice, whichever processes the players' requests
reach.  Every process hears of every change (``changes.py``), catches up, and
pushes each of its subscribers their own view; a copy nobody here watches or
runs is forgotten instead (``following.py``), so behind a front that sends
each table to one process (table affinity, docs/deploy.md) only that process
applies its decisions.  One process at a time runs a table's bots and clock:
the one holding its lease, which follows the table's watchers
(``Runner.lease_round``).

:class:`TableService` is the one object the API and the sockets talk to, and
only a façade: each call goes to the part of this folder that does it.

- ``core.py``: what the parts share (the copies here, the store, the tasks
  kept) and the one path every change takes;
- ``following.py``: other processes' changes, caught up with;
- ``lobby.py``: tables made, listed, joined, claimed, started, called off,
  and seats handed to bots; ``rematch.py``: a new deal for the same seats;
- ``play.py``: decisions, a person's and a bot's;
- ``running.py``: leases, clocks, and seats that go to a bot;
- ``idle.py``: idle copies leaving memory, idle tables closed as abandoned;
- ``records.py``: chat, provisional scores, records and replays.

The coach's hints and reviews at these tables are the review capability's
(``review/service.py``), which asks this service for the tables.
"""

from vitrine.server.play.changes import Changes, LocalChanges
from vitrine.server.play.core import TableCore, one_off_server_id
from vitrine.server.play.decisions import Play
from vitrine.server.play.following import Following
from vitrine.server.play.idle import IdleTables
from vitrine.server.play.live import LiveTable
from vitrine.server.play.lobby import CreatedTable, Lobby, Member, SeatSpec
from vitrine.server.play.records import Records, replay_steps
from vitrine.server.play.rematch import Rematches
from vitrine.server.play.running import Runner
from vitrine.server.play.store import Store
from vitrine.server.settings import Settings
from vitrine.server.timekeeping import Clock

__all__ = [
    "CreatedTable",
    "Member",
    "SeatSpec",
    "TableService",
]  # the lobby's types, with the service


class TableService:
    """The tables of one server process, as the API and the sockets see them.

    It builds the parts on one shared core, starts and stops them, and routes
    each call to the part that does it: the calls below are the parts' own
    methods, so their words and signatures are written once, in the parts.
    """

    def __init__(
        self,
        store: Store,
        bot_delay: float,
        db_workers: int,
        settings: Settings | None = None,
        changes: Changes | None = None,
        server_id: str | None = None,
        clock: Clock | None = None,
    ) -> None:
        """``changes`` tells of other processes' changes (none by default: one process);
        ``server_id`` names this process in the leases, the same across its restarts
        where it can be (``vitrine serve``: host, port and worker); ``clock``: the
        time deadlines are computed by (tests move their own on by days)."""
        settings = settings or Settings()
        server_id = server_id or one_off_server_id()
        self.core = TableCore(
            store, db_workers, settings, changes or LocalChanges(), server_id, clock
        )
        self.following = Following(self.core)
        self.play = Play(self.core, bot_delay)
        self.runner = Runner(self.core, self.play)
        self.core.run_here = self.runner.run_here
        self.lobby = Lobby(self.core, self.runner)
        self.rematches = Rematches(self.core, self.lobby)
        self.idle = IdleTables(self.core)
        self.records = Records(self.core)
        # reading and watching
        self.seated = self.core.seated
        self.seat_of = self.core.seat_of
        self.watched = self.runner.watched
        self.release = self.core.release
        # the lobby
        self.list_tables = self.lobby.list_tables
        self.tables_with_ids = self.lobby.tables_with_ids
        self.create = self.lobby.create
        self.join = self.lobby.join
        self.claim = self.lobby.claim
        self.start = self.lobby.start
        self.cancel = self.lobby.cancel
        self.hand_to_bot = self.lobby.hand_to_bot
        self.rematch = self.rematches.rematch
        # playing
        self.act = self.play.act
        self.check = self.play.check
        # records
        self.say = self.records.say
        self.provisional = self.records.provisional
        self.record = self.records.record

    replay_steps = staticmethod(replay_steps)  # CPU work: callers run it off the event loop

    @property
    def tables(self) -> dict[str, LiveTable]:
        return self.core.tables

    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def settings(self) -> Settings:
        return self.core.settings

    async def resume(self) -> None:
        """Listen for other processes' changes, take over the running tables nobody runs
        (after a restart, this process's own at once), and let their clocks and bots
        go on; from then on, renew those leases, let tables nobody uses leave memory,
        and close tables nobody plays at as abandoned (looked for now, then now and then)."""
        self.core.spawn(self.core.changes.listen(self.following.heard, self.following.missed))
        await self.idle.abandon_idle()
        await self.runner.lease_round(first=True)
        self.core.spawn(self.runner.keep_leases())
        self.core.spawn(self.idle.evict_idle())
        self.core.spawn(self.idle.sweep())

    async def close(self) -> None:
        """Stop, handing this process's tables over to the others at once."""
        await self.core.cancel_tasks()
        await self.runner.hand_over()
        self.core.shutdown()
