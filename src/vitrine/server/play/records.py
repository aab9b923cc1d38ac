"""What a table keeps besides its position: its chat, its provisional scores, its record.

Seated players write chat lines, kept with the table (the newest are in
every state message) and bounded in length and rate (``chat.py``).  The
scores if the game ended now are shown as the asker's seat may see them.
The record (the seed, the seats, every decision, the seats handed to bots
and why) is public once the game is over or abandoned, never before: its
seed deals the hidden stock.  The replay viewer gets the record played
again, the spectator's view after each turn.

It is a part of its own because none of it moves a game on: these are the
things said and kept around the game.
"""

from dataclasses import replace
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.engine.record import TIMEOUT, Substitute
from vitrine.games import read_record
from vitrine.server.errors import conflict, refused
from vitrine.server.orm import utcnow
from vitrine.server.play.chat import clean_line
from vitrine.server.play.core import TableCore
from vitrine.server.play.live import ABANDONED, LiveTable
from vitrine.server.play.models import ChatRow
from vitrine.server.play.store import CHAT_KEPT
from vitrine.server.ratelimit import RateLimit


def replay_steps(record_data: object) -> dict[str, Any]:
    """Spectator views after each turn of a record, for the replay viewer.

    CPU work (a whole game replayed): callers run it off the event loop.
    """
    try:
        game, record = read_record(record_data)
        final = game.replay(record)  # refuses a bad record, naming the turn at fault
        state = game.replay(replace(record, turns=()))
        steps = [state.view(None)]
        for turn in record.turns[:-1]:
            state.push(turn)
            steps.append(state.view(None))
        if record.turns:  # the last may be a take alone, which only a replay accepts
            steps.append(final.view(None))
    except VitrineError as error:
        raise refused(error, "record") from None
    return {
        "game": game.name,
        "players": list(record.players),
        "turns": list(record.turns),
        "substitutes": [substitute.to_dict() for substitute in record.substitutes],
        "ending": record.ending,
        "timed_out": record.timed_out,
        "hints": record.hints,
        "steps": steps,
    }


class Records:
    """Chat lines written, provisional scores and records read."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self._chatting = RateLimit(
            "chat_lines", core.settings.chat_lines, core.limiter, code="chat_rate"
        )

    async def say(self, table_id: str, token: str, text: str) -> LiveTable:
        """A line of chat from a seated player, kept with the table and shown to
        everyone watching it; bounded in length and rate (``chat.py``)."""
        live = await self.core.get(table_id)
        position = await self.core.seat(live, token)
        assert position is not None
        line = clean_line(text)
        self._chatting.hit(f"{live.id}/{position}")

        async def write_line() -> None:
            number = live.chat[-1].number + 1 if live.chat else 1
            row = ChatRow(
                table_id=live.id, number=number, seat=position, text=line, created_at=utcnow()
            )
            live.row.version = await self.core.db(self.core.store.add_chat, row, live.version)
            live.chat.append(row)
            del live.chat[:-CHAT_KEPT]
            self.core.after_change(live)

        await self.core.change(live, write_line)
        return live

    async def provisional(self, table_id: str, token: str | None) -> list[dict[str, Any]]:
        """The scores if the game ended now, as ``token``'s seat may see them."""
        live, seat = await self.core.seated(table_id, token, reading=True)
        if live.state is None:
            raise conflict("not_started", f"table {table_id!r} has not started")
        return live.state.provisional_scores(seat)

    async def record(self, table_id: str) -> dict[str, Any]:
        """The record of a game over or abandoned, with the seats handed to bots and why."""
        live = await self.core.fresh(table_id)
        abandoned = live.row.status == ABANDONED
        timed_out = live.row.timed_out
        if live.state is None or not (live.state.is_over or abandoned or timed_out is not None):
            raise conflict(
                "record_not_public",
                f"the record of table {table_id!r} is public once the game is over "
                "(its seed deals the hidden stock)",
            )
        substitutes = tuple(  # seats handed over before migration 0003 lack when and why
            Substitute(seat.position, seat.substituted_after, seat.level, seat.substituted_why)
            for seat in live.seats
            if seat.substituted
            and seat.substituted_after is not None
            and seat.level is not None
            and seat.substituted_why is not None
        )
        ending = ABANDONED if abandoned else TIMEOUT if timed_out is not None else None
        record = replace(
            live.state.record(),
            substitutes=substitutes,
            ending=ending,
            timed_out=timed_out,
            hints=live.row.hints,
        )
        return record.to_dict()
