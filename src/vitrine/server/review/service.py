"""The coach on the server: hints during a game, reviews after it.

``coaching.py`` runs the coach in a worker process and keeps reviews in
progress in the database; this says which table may ask what of it, and
reads the tables through the tables' own service (``play/service.py``).
A hint goes to the seat to play, at a table whose host allowed hints.  A
finished table's review is made once and kept with the table; an uploaded
record's is kept a while, keyed by its contents.  A reviewed decision's
position is shown as its seat saw it (the game is over: nothing is secret).

A capability of its own because it is the one that hands work to another
process, and the one a table need never use.
"""

import asyncio
from typing import Any

from vitrine.server.errors import conflict, forbidden, not_found
from vitrine.server.play.live import PLAYING
from vitrine.server.play.service import TableService
from vitrine.server.review.coaching import (
    Coaching,
    decision_position,
    done_status,
    none_status,
    record_key,
    table_key,
)


class Reviews:
    """Hints and reviews, asked of the coach for the tables here."""

    def __init__(self, tables: TableService, coaching: Coaching) -> None:
        self.core = tables.core
        self.records = tables.records
        self.coaching = coaching

    async def close(self) -> None:
        """Stop the reviews under way here, handing them back (before the tables close:
        the coach's store calls run on their database threads)."""
        await self.coaching.close()

    async def hint(self, table_id: str, token: str) -> dict[str, Any]:
        """The coach's suggestion for the token's seat, at a table that allows hints."""
        live, seat = await self.core.seated(table_id, token)
        assert seat is not None
        if not live.row.hints:
            raise forbidden("hints_off", f"the host of table {table_id!r} did not allow hints")
        state = live.state
        if state is None or state.is_over or live.row.status != PLAYING:  # (over on a timeout)
            raise conflict("not_playing", f"table {table_id!r} is not being played")
        if state.current_player != seat or live.plays_itself(seat):
            raise conflict(
                "hint_not_your_turn",
                f"no hint for seat {seat}: it is not this seat's turn",
                seat=seat,
            )
        return await self.coaching.hint(live.game.name, state.view(seat), len(live.log))

    async def start_review(self, table_id: str) -> dict[str, Any]:
        """Review a finished table (once: the review is kept with the table)."""
        record = await self.records.record(table_id)
        key = table_key(table_id)
        kept = await self.core.db(self.coaching.store.load_review, table_id)
        if kept is not None:
            return done_status(key, kept)

        async def save(review: dict[str, Any]) -> None:
            await self.core.db(self.coaching.store.save_review, table_id, review)

        return await self.coaching.start(key, record, save)

    async def start_upload_review(self, record: dict[str, Any]) -> dict[str, Any]:
        """Review an uploaded record (kept a while, keyed by its contents)."""
        return await self.coaching.start(record_key(record), record, None)

    async def review_status(self, key: str) -> dict[str, Any]:
        """A review's progress, then the review: a table's kept review first, else the
        one under way (in any process), else none yet at a table that exists."""
        table_id = key.removeprefix("table-") if key.startswith("table-") else None
        if table_id is not None:
            kept = await self.core.db(self.coaching.store.load_review, table_id)
            if kept is not None:
                return done_status(key, kept)
        status = await self.coaching.status(key)
        if status is not None:
            return status
        if table_id is not None:
            await self.core.get(table_id)  # a table that does not exist is not found
            return none_status(key)
        raise not_found("review_not_found", f"no review {key!r} here", key=key)

    async def review_position(self, key: str, index: int) -> dict[str, Any]:
        """A reviewed decision's position, as its seat saw it."""
        if key.startswith("table-"):
            record = await self.records.record(key.removeprefix("table-"))
        else:
            record = await self.coaching.record_of(key)
        return await asyncio.to_thread(decision_position, record, index)
