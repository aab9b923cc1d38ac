"""Rematches: a new deal for the same seats, once a game is over.

A rematch is a new table with the finished one's game, options, clock and
seats, under the rules this server plays now.  Its seats keep their tokens
and the host keeps theirs, so every browser that held a seat holds the
same seat again; each human confirms by asking too, and the table starts
by itself once every seat is taken (a table of bots alone, at once).  The
finished table names its rematch, so everyone watching it sees the offer.

It is a part of its own because it works on two tables at once, the
finished one and its rematch, each change under its own table's lock; it
seats players at the new one and starts it the lobby's way (``lobby.py``).
"""

import secrets

from vitrine.server.errors import conflict, forbidden
from vitrine.server.orm import utcnow
from vitrine.server.play.core import TableCore
from vitrine.server.play.live import OPEN, OVER, LiveTable
from vitrine.server.play.lobby import SEED_BITS, Lobby
from vitrine.server.play.models import SeatRow, TableRow


def rematch_row(old: TableRow, rules_version: str) -> TableRow:
    """The rematch of a finished table: same game, options, clock and seats; a new
    deal, under the rules this server plays now (``rules_version``)."""
    seats = [
        SeatRow(
            position=seat.position,
            kind=seat.kind,
            level=seat.level if seat.kind == "bot" else None,
            name=seat.name if seat.kind == "bot" else None,
            token_hash=seat.token_hash,
            account_id=seat.account_id,
            bot=bool(seat.bot),
            substituted=False,
        )
        for seat in old.seats
    ]
    return TableRow(
        id=secrets.token_urlsafe(8),
        game=old.game,
        options=dict(old.options),
        seed=secrets.randbits(SEED_BITS),
        rules_version=rules_version,
        status=OPEN,
        host_token_hash=old.host_token_hash,
        host_account_id=old.host_account_id,
        created_at=utcnow(),
        clock_seconds=old.clock_seconds,
        on_timeout=old.on_timeout,
        creator=old.creator,
        seats_open=False,
        rematch_of=old.id,
        version=0,
        seats=seats,
    )


class Rematches:
    """Rematches offered, accepted, and started once every seat is taken."""

    def __init__(self, core: TableCore, lobby: Lobby) -> None:
        self.core = core
        self.lobby = lobby

    async def rematch(self, table_id: str, token: str, client: str = "") -> LiveTable:
        """A new deal for the same seats, once a game is over; the new table.

        The first seated player to ask creates it, already seated under their
        name; each other human confirms by asking too (or joining it), and it
        starts by itself when every seat is taken.  Seats keep their tokens and
        the host keeps theirs, so every browser that held a seat holds it again.
        A table of bots only is rematched by its host.  A rematch is a new table:
        ``client`` is rate-limited as for any other, and bots alone as for a start.
        """
        live = await self.core.get(table_id)
        position = live.seat_for(token)
        if position is None and not live.is_host(token):
            raise forbidden(
                "token_no_seat", f"this token holds no seat at table {table_id!r}", table=live.id
            )

        async def offer() -> None:
            if live.row.status != OVER:
                raise conflict(
                    "rematch_not_over", f"table {table_id!r} is not over: no rematch yet"
                )
            if live.rematch is None:
                self.lobby.creating.hit(client)
                row = rematch_row(live.row, live.game.rules_version)
                live.row.version = await self.core.db(
                    self.core.store.add_rematch, live.id, live.version, row
                )
                self.core.tables[row.id] = LiveTable(row=row, game=live.game, state=None, log=[])
                live.rematch = row.id
                self.core.after_change(live)

        await self.core.change(live, offer)
        assert live.rematch is not None
        rematch = await self.core.get(live.rematch)
        if position is not None:
            name = live.seats[position].name

            async def sit_again() -> None:
                seat = rematch.seats[position]
                if rematch.row.status == OPEN and seat.name is None and name is not None:
                    await self.core.update_seat(rematch, seat, name=name)

            await self.core.change(rematch, sit_again)
            await self.core.change(rematch, lambda: self.lobby.start_if_full(rematch))
        elif rematch.bots_only():

            async def start_bots() -> None:
                if rematch.row.status == OPEN:
                    await self.lobby.admit_bot_table(client)
                    await self.lobby.begin(rematch)

            await self.core.change(rematch, start_bots)
        return rematch
