"""Keeping this process's copies of tables up with the changes other processes make.

``changes.py`` hears of every change another process commits: a table and its
version now, with the decision when that was all the change did.  A copy
here that is behind catches up: from the decision announced, when it is the
very next version (the common case, with no read at all), else from the
database.  A burst of notices for one table is followed by one task, which
goes on until the copy has every version heard of, those heard while it
read included.

A copy that nobody here watches or runs is not followed but forgotten at
the first notice (the next reader here loads it afresh): behind a front
that sends each table to one process (table affinity, docs/deploy.md),
the other processes' copies are those left by a request that made a table
(whose id nobody knew yet, so it went anywhere) or came during a failover,
and following them would apply every decision of the table again, for
nobody.  So a process ignores the notices of tables it holds no copy of,
at the cost of a dictionary look-up.

It is a part of its own because it is the one door by which changes come
in from outside this process, and it decides nothing: it only catches up.
"""

from vitrine.engine.errors import VitrineError
from vitrine.server.play.changes import Decision
from vitrine.server.play.core import TableCore
from vitrine.server.play.live import LiveTable


class Following:
    """Catches the copies here up with what other processes changed (``changes.py``)."""

    def __init__(self, core: TableCore) -> None:
        self.core = core

    def heard(self, table_id: str, version: int, decision: Decision | None = None) -> None:
        """Another process moved a table on (with ``decision``, when that was all it
        did): the copy here, if any, catches up."""
        live = self.core.tables.get(table_id)
        if live is None or version <= live.version:
            return  # not here (read afresh when asked for), or this process's own change
        if live.is_quiet():
            self.core.tables.pop(table_id, None)  # nobody here to follow it for
            return
        if decision is not None:
            live.announced[version] = decision
        live.heard = max(live.heard, version)
        if live.follower is None or live.follower.done():
            live.follower = self.core.spawn(self._follow(live))

    def missed(self) -> None:
        """Changes may have gone unheard: compare every copy here with the database."""
        self.core.spawn(self._recheck(list(self.core.tables)))

    async def _recheck(self, table_ids: list[str]) -> None:
        for table_id, version in (await self.core.db(self.core.store.versions, table_ids)).items():
            self.heard(table_id, version)

    async def _follow(self, live: LiveTable) -> None:
        """Catch up until the copy has every version heard of, those heard while
        catching up included (they may be newer than what that read saw)."""
        while live.heard > live.version:
            before = live.version
            async with live.lock:
                if live.heard > live.version and not self._take_announced(live):
                    await self.core.catch_up(live)
                live.announced = {v: d for v, d in live.announced.items() if v > live.version}
            if live.version == before:  # the database has nothing newer: nothing to wait for
                live.heard = live.version

    def _take_announced(self, live: LiveTable) -> bool:
        """Apply the decision announced for the copy's next version, if there is one
        (the lock is held): the table as the database has it, without reading it.
        False when there is none, or it does not apply here: then read the table."""
        decision = live.announced.get(live.version + 1)
        if decision is None or live.state is None:
            return False
        state = live.state.copy()
        try:
            state.apply_action(decision.text)
        except VitrineError:
            return False
        live.take_decision(state, decision.seat, decision.text, decision.at, live.version + 1)
        self.core.tally.followed += 1
        self.core.after_change(live)
        return True
