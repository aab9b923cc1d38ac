"""The table service's time: what time it is, and waiting until a deadline.

Every deadline the tables keep (a decision's, a lease's, an idle table's) is
computed from :meth:`Clock.now` and waited for with :meth:`Clock.sleep_until`,
never from ``datetime.now`` or ``asyncio.sleep`` directly.  So a test hands
the service a clock of its own that it moves on by days at once: a turn-based
game's two-day deadline fires when the test says the two days have passed,
without anyone waiting for them (``tests/fake_clock.py``).
"""

import asyncio
from datetime import datetime

from vitrine.server.orm import utcnow


class Clock:
    """The wall clock, in UTC: what the server runs on."""

    def now(self) -> datetime:
        return utcnow()

    async def sleep_until(self, moment: datetime) -> None:
        """Return once ``moment`` has come (at once if it has already)."""
        await asyncio.sleep(max(0.0, (moment - self.now()).total_seconds()))
