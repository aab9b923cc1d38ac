"""A clock tests move on by hand: days pass at once, and what waited for them wakes.

The app runs in the TestClient's own thread and event loop, the test in
another thread: :meth:`FakeClock.advance` wakes each sleeper in its own loop
(``call_soon_threadsafe``), so a clock armed for a deadline two days away
fires as soon as the test moves the time past it.
"""

import asyncio
import threading
from datetime import UTC, datetime, timedelta

from vitrine.server.timekeeping import Clock

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


class FakeClock(Clock):
    def __init__(self, start: datetime = START) -> None:
        self._now = start
        self._lock = threading.Lock()
        self._sleepers: list[tuple[datetime, asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    def now(self) -> datetime:
        with self._lock:
            return self._now

    async def sleep_until(self, moment: datetime) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._lock:
            if moment <= self._now:
                return
            self._sleepers.append((moment, loop, future))
        try:
            await future
        finally:
            with self._lock:
                self._sleepers = [s for s in self._sleepers if s[2] is not future]

    def advance(self, by: timedelta) -> None:
        """Move the time on; every sleeper whose moment has come wakes."""
        with self._lock:
            self._now += by
            due = [(loop, future) for moment, loop, future in self._sleepers if moment <= self._now]
        for loop, future in due:
            loop.call_soon_threadsafe(_wake, future)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
