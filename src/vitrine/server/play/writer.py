"""Group commit: the decisions that end nothing, written in one transaction a batch.

Each decision used to be one trip to a database thread and back and one
commit.  Under load those, and the GIL passed between the event loop and the
thread, cost more of a decision's CPU than the game and the broadcast
(docs/server.md, "Where a decision's CPU goes").  Here one batch is written at
a time: the decisions made while it is written wait for the next, which takes
them all.  With one decision in flight a batch is that decision, and it waits
no longer than before; under load the trip and the commit are paid once a
batch.  A table's own decisions never share a batch (each waits for the one
before under the table's lock), so the batch holds as many tables as it holds
decisions.

What is written, and what each caller learns, is what writing the decisions
one by one would give: should the batch fail (a table moved on by another
process, a refused write), each of its decisions is written alone and its
caller gets its own outcome.
"""

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from vitrine.server.play.store import Store, TableDecision

Outcome = BaseException | None  # what a decision's writing raised, if anything


def write_batch(store: Store, decisions: Sequence[TableDecision]) -> tuple[list[Outcome], int]:
    """On a database thread: the batch in one transaction, else each decision
    alone; each decision's outcome, and the transactions committed."""
    try:
        store.append_decisions(decisions)
        return [None] * len(decisions), 1
    except Exception as error:
        if len(decisions) == 1:
            return [error], 0
    outcomes = [_alone(store, decision) for decision in decisions]
    return outcomes, outcomes.count(None)


def _alone(store: Store, decision: TableDecision) -> Outcome:
    try:
        store.append_decisions([decision])
    except Exception as error:
        return error
    return None


class DecisionWriter:
    """Writes decisions in batches, one batch at a time (the module's docstring)."""

    def __init__(
        self, store: Store, db: Callable[..., Awaitable[Any]], spawn: Callable[..., Any]
    ) -> None:
        self._store = store
        self._db = db  # runs a call on a database thread (TableCore.db)
        self._spawn = spawn  # a task the service cancels when it closes (TableCore.spawn)
        self._waiting: list[tuple[TableDecision, asyncio.Future[None]]] = []
        self._writing = False
        self.commits = 0  # since the start (GET /api/process)

    async def write(self, decision: TableDecision) -> None:
        """Commit ``decision`` (with whichever others are waiting); raise what
        writing it alone would have raised (BehindError: nothing written)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((decision, future))
        if not self._writing:
            self._writing = True
            self._spawn(self._drain())
        await future

    async def _drain(self) -> None:
        batch: list[tuple[TableDecision, asyncio.Future[None]]] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                outcomes, commits = await self._db(write_batch, self._store, [d for d, _ in batch])
                self.commits += commits
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    _settle(future, outcome)
                batch = []
        except BaseException as error:  # the service closes, or the thread pool refused
            for _, future in batch + self._waiting:
                _settle(future, error)
            self._waiting = []
            raise
        finally:
            self._writing = False


def _settle(future: asyncio.Future[None], outcome: Outcome) -> None:
    if future.done():  # its caller was cancelled: the decision is written all the same
        return
    if outcome is None:
        future.set_result(None)
    elif isinstance(outcome, asyncio.CancelledError):
        future.cancel()
    else:
        future.set_exception(outcome)
