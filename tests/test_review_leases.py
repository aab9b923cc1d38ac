"""The coach's reviews in progress are leased like tables: the process running
one renews its lease while it works, and hands it back when it stops, so a
page polling through another process reads it as interrupted at once.

The review capability keeps these leases itself (``review/coaching.py``):
the tables' lease round (``play/running.py``) knows nothing of reviews.
"""

import asyncio
from collections.abc import Callable
from datetime import datetime
from random import Random
from typing import Any, TypeVar

from sqlalchemy import Engine

from vitrine.games import default_game, get_game
from vitrine.server.database import make_engine, migrate
from vitrine.server.orm import aware, utcnow
from vitrine.server.review.coaching import Coaching, job_status
from vitrine.server.review.store import ReviewStore

T = TypeVar("T")
LEASE = 0.4  # seconds: renewed every tenth of a second


async def on_a_thread(call: Callable[..., T], *args: Any) -> T:
    return await asyncio.to_thread(call, *args)


def expiry(store: ReviewStore, key: str) -> datetime:
    job = store.load_job(key)
    assert job is not None
    return aware(job.expires_at)


class Stalled(Coaching):
    """A coach whose worker never answers: a review stays running until closed."""

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        await asyncio.Event().wait()
        raise AssertionError("never answered")


def finished_record(seed: int) -> dict[str, Any]:
    """A whole game's record, random decisions from ``seed``."""
    game = get_game(default_game())
    state = game.new_game(["Ann", "Bo"], {}, seed)
    chooser = Random(seed)
    while not state.is_over:
        state.apply_action(chooser.choice(state.legal_actions()))
    return state.record().to_dict()


def engine_at(url: str) -> Engine:
    engine = make_engine(url)
    migrate(engine)
    return engine


def test_a_running_review_is_renewed_then_handed_back(sqlite_url: str) -> None:
    store = ReviewStore(engine_at(sqlite_url))
    record = finished_record(3)

    async def run() -> None:
        coach = Stalled(store, on_a_thread, "process-a", LEASE)
        started = await coach.start("record-a", record, None)
        assert started["status"] == "running"
        first = expiry(store, "record-a")
        await asyncio.sleep(LEASE * 1.5)  # past the first lease: renewed meanwhile
        renewed = expiry(store, "record-a")
        assert renewed > first
        job = store.load_job("record-a")
        assert job is not None and job_status(job, utcnow())["status"] == "running"
        await coach.close()  # handed back: another process reads it interrupted
        job = store.load_job("record-a")
        assert job is not None
        status = job_status(job, utcnow())
        assert status["status"] == "failed"
        assert status["error"]["code"] == "review_interrupted"

    asyncio.run(run())


def test_another_process_review_is_left_alone(sqlite_url: str) -> None:
    """Closing one process hands back its own reviews, not another's."""
    store = ReviewStore(engine_at(sqlite_url))
    record = finished_record(4)

    async def run() -> None:
        mine = Stalled(store, on_a_thread, "process-a", LEASE)
        theirs = Stalled(store, on_a_thread, "process-b", LEASE)
        await mine.start("record-a", record, None)
        await theirs.start("record-b", record, None)
        await mine.close()
        job = store.load_job("record-b")
        assert job is not None and job_status(job, utcnow())["status"] == "running"
        await theirs.close()

    asyncio.run(run())
