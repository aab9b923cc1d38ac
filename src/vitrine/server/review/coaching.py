"""The coach on the server: reviews of finished games and hints, off the event loop.

Reviews and hints are CPU work (a second for a hint, tens of seconds for a
review), so they run in a separate process: never in the event loop's
thread, nor under its GIL.  One worker process is enough (the other core
serves the tables), started on first use.  A review is sent in parts of a
few decisions, one after the other, so its progress is known and a hint
asked meanwhile waits for one part at most.  A table's review, once done, is
kept in the database; an uploaded record's is kept in the database too, keyed
by the record's contents, for the last few records.
"""

import asyncio
import hashlib
import json
import multiprocessing
import os
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timedelta
from typing import Any, TypeVar

from vitrine.engine.errors import VitrineError
from vitrine.games import get_game, read_record
from vitrine.review import coach_spec, hint, review_record, steps
from vitrine.review.review import DecisionReview, assemble, chosen_seats
from vitrine.server.errors import ApiError, not_found, refused
from vitrine.server.orm import aware, utcnow
from vitrine.server.play.core import surviving
from vitrine.server.review.models import ReviewJobRow
from vitrine.server.review.store import ReviewStore

T = TypeVar("T")
REVIEW_PART = 4  # decisions sent to the worker at a time
MAX_RUNNING = 2  # reviews at once; another is refused until one ends
BUSY_RETRY = 60  # seconds a client is told to wait for the coach
KEPT_UPLOADS = 16  # uploaded records' reviews kept
REVIEW_SEED = 0  # the server's reviews: the same game always gets the same review
RUNNING, DONE, FAILED, NONE = "running", "done", "failed", "none"
PARENT_CHECK_SECONDS = 1.0  # how often the worker looks whether its server still lives
Saved = Callable[[dict[str, Any]], Awaitable[None]]
Db = Callable[..., Awaitable[Any]]  # runs a store call off the event loop


def _review_part(
    record_data: dict[str, Any], indices: list[int], budget: str | None
) -> list[DecisionReview]:
    """In the worker: the decisions of ``indices``, reviewed."""
    game, record = read_record(record_data)
    review = review_record(game, record, budget=budget, seed=REVIEW_SEED, only=indices)
    return list(review.decisions)


def _hint(game_name: str, view: dict[str, Any], seed: int, budget: str | None) -> dict[str, Any]:
    """In the worker: the coach's hint for a view."""
    return hint(get_game(game_name), view, seed=seed, budget=budget).to_dict()


def record_key(record_data: dict[str, Any]) -> str:
    """An uploaded record's review key: the same contents, the same review."""
    text = json.dumps(record_data, sort_keys=True, separators=(",", ":"))
    return "record-" + hashlib.sha256(text.encode()).hexdigest()[:24]


def table_key(table_id: str) -> str:
    return f"table-{table_id}"


def job_status(job: ReviewJobRow, now: datetime) -> dict[str, Any]:
    """What a page polls.  A review whose process stopped renewing it was interrupted
    (that process died): it says so, and asking for the review again starts it anew."""
    status, error = job.status, job.error
    if status == RUNNING and aware(job.expires_at) <= now:
        status = FAILED
        error = {"code": "review_interrupted", "message": "the server reviewing it stopped"}
    return {
        "key": job.key,
        "status": status,
        "done": job.done,
        "total": job.total,
        "review": job.review,
        "error": error,
    }


def none_status(key: str) -> dict[str, Any]:
    """A table not reviewed yet: a page asks on arrival, and this is no error."""
    return {"key": key, "status": NONE, "done": 0, "total": 0, "review": None}


def done_status(key: str, review: dict[str, Any]) -> dict[str, Any]:
    count = len(review["decisions"])
    return {"key": key, "status": DONE, "done": count, "total": count, "review": review}


def _end_with_the_server() -> None:
    """The worker's initializer: it ends once the server that started it is
    gone.  A server killed with SIGKILL cannot stop its pool, and the worker
    (with the resource tracker it keeps open) would otherwise live on, idle,
    after every crash."""
    server = os.getppid()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)  # whatever it was doing was for the dead server

    threading.Thread(target=watch, name="end-with-the-server", daemon=True).start()


class Coaching:
    """The worker process and the reviews it runs; ``budget`` is the coach's
    search per decision (None: the expert's own).

    Reviews in progress live in the database (``review_jobs``), not in this
    process: a page that starts one through one server process and polls
    through another sees its progress, and one whose process died is said to
    be interrupted.  The process running a review renews it like a table's
    lease, four times per lease time, and hands it back when it stops
    (:meth:`close`); ``db`` runs a store call off the event loop.
    """

    def __init__(
        self,
        store: ReviewStore,
        db: Db,
        owner: str,
        lease_seconds: float,
        budget: str | None = None,
    ) -> None:
        self.store = store
        self.db = db
        self.owner = owner
        self.lease_seconds = lease_seconds
        self.budget = budget
        self._pool: ProcessPoolExecutor | None = None
        self.running: dict[str, asyncio.Task[None]] = {}  # this process's reviews

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        if self._pool is None:
            # spawn, not fork: the server has threads, and a forked child could deadlock
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=_end_with_the_server
            )
        return await asyncio.get_running_loop().run_in_executor(self._pool, call, *args)

    async def hint(self, game_name: str, view: dict[str, Any], seed: int) -> dict[str, Any]:
        try:
            return await self._run(_hint, game_name, view, seed, self.budget)
        except VitrineError as error:
            raise refused(error) from None

    async def start(
        self, key: str, record_data: dict[str, Any], saved: Saved | None
    ) -> dict[str, Any]:
        """The review of ``key``: started here now, unless one runs (in any process) or
        is done; ``saved`` keeps a finished table's review (in ``reviews``)."""
        kept = await self.status(key)
        if kept is not None and kept["status"] in (RUNNING, DONE):
            return kept
        if len(self.running) >= MAX_RUNNING:
            raise ApiError(
                503,
                f"the coach is busy with {MAX_RUNNING} reviews: try again in a minute",
                "review_busy",
                {"running": MAX_RUNNING},
                {"Retry-After": str(BUSY_RETRY)},
            )
        try:
            game, record = read_record(record_data)
            seats = chosen_seats(record, None)
            indices = [s.index for s in steps(game, record) if s.state.current_player in seats]
        except VitrineError as error:
            raise refused(error, "record") from None
        now = utcnow()
        job = ReviewJobRow(
            key=key,
            record=record_data,
            status=RUNNING,
            done=0,
            total=len(indices),
            review=None,
            error=None,
            owner=self.owner,
            expires_at=now + timedelta(seconds=self.lease_seconds),
            updated_at=now,
        )
        if await self.db(self.store.begin_job, job, now):
            self.running[key] = asyncio.create_task(self._review(key, record_data, indices, saved))
        status = await self.status(key)
        assert status is not None  # begun here or by another process just now
        return status

    async def _review(
        self, key: str, record_data: dict[str, Any], indices: list[int], saved: Saved | None
    ) -> None:
        renewing = asyncio.create_task(self._keep_lease(key))
        try:
            game, record = read_record(record_data)
            decisions: list[DecisionReview] = []
            for start in range(0, len(indices), REVIEW_PART):
                part = indices[start : start + REVIEW_PART]
                decisions += await self._run(_review_part, record_data, part, self.budget)
                await self.db(self.store.update_job, key, self.owner, {"done": len(decisions)})
            seats = chosen_seats(record, None)
            coach = coach_spec(game, len(record.players), self.budget)
            review = assemble(game, record, seats, coach, REVIEW_SEED, decisions).to_dict()
            if saved is not None:  # a table's: kept with the table from now on
                await saved(review)
                await self.db(self.store.delete_job, key)
            else:
                await self.db(
                    self.store.update_job, key, self.owner, {"status": DONE, "review": review}
                )
                await self.db(self.store.forget_old_uploads, KEPT_UPLOADS)
        except VitrineError as error:
            failure = {"code": error.code, "message": str(error)}
            await self.db(
                self.store.update_job, key, self.owner, {"status": FAILED, "error": failure}
            )
        except Exception as error:
            failure = {"code": "review_failed", "message": str(error)}
            await self.db(
                self.store.update_job, key, self.owner, {"status": FAILED, "error": failure}
            )
            raise
        finally:
            renewing.cancel()
            self.running.pop(key, None)

    async def _keep_lease(self, key: str) -> None:
        """Renew the lease of the review of ``key`` while this process runs it, four
        times per lease time, so that one late renewal loses none."""

        async def renew() -> None:
            until = utcnow() + timedelta(seconds=self.lease_seconds)
            await self.db(self.store.renew_job, key, self.owner, until)

        while True:
            await asyncio.sleep(self.lease_seconds / 4)
            await surviving(renew)

    async def status(self, key: str) -> dict[str, Any] | None:
        job: ReviewJobRow | None = await self.db(self.store.load_job, key)
        return None if job is None else job_status(job, utcnow())

    async def record_of(self, key: str) -> dict[str, Any]:
        job: ReviewJobRow | None = await self.db(self.store.load_job, key)
        if job is None:
            raise not_found("review_not_found", f"no review {key!r} here", key=key)
        return job.record

    async def close(self) -> None:
        for task in self.running.values():
            task.cancel()
        await asyncio.gather(*self.running.values(), return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        await self.db(self.store.release_jobs, self.owner)


def decision_position(record_data: dict[str, Any], index: int) -> dict[str, Any]:
    """Decision ``index`` of a finished record: its seat, what was played, and
    that seat's view just before it (the game is over: nothing is secret now)."""
    try:
        game, record = read_record(record_data)
        found = steps(game, record)
    except VitrineError as error:
        raise refused(error, "record") from None
    if not 0 <= index < len(found):
        raise not_found(
            "decision_not_found",
            f"no decision {index} in this game (0 to {len(found) - 1})",
            index=index,
            max=len(found) - 1,
        )
    step = found[index]
    seat = step.state.current_player
    assert seat is not None  # every step is a decision
    return {"index": index, "seat": seat, "played": step.played, "view": step.state.view(seat)}
