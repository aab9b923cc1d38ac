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
is decided again on the table as it now is (``tables/core.py``).  So no decision is
lost or made twice, whichever processes the players' requests reach.  Every
process hears of every change (``notify.py``), catches up, and pushes each of
its subscribers their own view.  One process at a time runs a table's bots
and clock: the one holding its lease (``tables/running.py``).
"""

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from vitrine.bots import LEVELS
from vitrine.engine.errors import VitrineError
from vitrine.engine.record import Substitute
from vitrine.games import get_game, read_record
from vitrine.server.chat import clean_line
from vitrine.server.coaching import (
    Coaching,
    decision_position,
    done_status,
    none_status,
    record_key,
    table_key,
)
from vitrine.server.errors import ApiError, conflict, forbidden, invalid, not_found, refused
from vitrine.server.live import (
    ABANDONED,
    CANCELLED,
    OPEN,
    OVER,
    PLAYING,
    RUNNING,
    LiveTable,
    public_table,
    token_hash,
)
from vitrine.server.models import ChatRow, SeatRow, TableRow, aware, utcnow
from vitrine.server.names import check_distinct, clean_name
from vitrine.server.notify import Changes, LocalChanges
from vitrine.server.ratelimit import RateLimit
from vitrine.server.settings import Settings
from vitrine.server.store import CHAT_KEPT, Store
from vitrine.server.tables.core import TableCore, new_state, one_off_server_id, surviving
from vitrine.server.tables.following import Following
from vitrine.server.tables.play import Play
from vitrine.server.tables.running import Runner

log = logging.getLogger(__name__)
SEED_BITS = 53  # exact in JavaScript, so a record survives a trip through a browser
BUSY_RETRY = 30  # seconds a client is told to wait when the bot tables are all taken
SWEEP_LIMIT = 3600.0  # the longest wait between two looks for tables to abandon
CHANGE_TRIES = 8  # a change decided again on a table other processes keep moving on


@dataclass(frozen=True)
class SeatSpec:
    kind: str
    name: str | None = None
    level: str | None = None


@dataclass(frozen=True)
class CreatedTable:
    """A new table and the secrets only its creator gets: the host token and one per human seat."""

    live: LiveTable
    host_token: str
    seat_tokens: dict[int, str]


def check_level(level: str | None) -> str:
    if level not in LEVELS:
        raise invalid(
            "unknown_level",
            f"unknown bot level {level!r} (known: {', '.join(LEVELS)})",
            level=level,
            known=list(LEVELS),
        )
    return level


def creator_of(client: str) -> str:
    """What a table keeps of its creator's address: enough to tell creators apart, no more."""
    return hashlib.sha256(client.encode()).hexdigest()[:16]


class TableService:
    def __init__(
        self,
        store: Store,
        bot_delay: float,
        db_workers: int,
        settings: Settings | None = None,
        coach_budget: str | None = None,
        changes: Changes | None = None,
        server_id: str | None = None,
    ) -> None:
        """``changes`` tells of other processes' changes (none by default: one process);
        ``server_id`` names this process in the leases, the same across its restarts
        where it can be (``vitrine serve``: host, port and worker)."""
        settings = settings or Settings()
        server_id = server_id or one_off_server_id()
        self.core = TableCore(store, db_workers, settings, changes or LocalChanges(), server_id)
        self.following = Following(self.core)
        self.play = Play(self.core, bot_delay)
        self.runner = Runner(self.core, self.play)
        self.core.run_here = self.runner.run_here
        limiter = self.core.limiter
        self._creating = RateLimit("create_tables", settings.create_tables, limiter)
        self._starting_bots = RateLimit("start_bot_tables", settings.start_bot_tables, limiter)
        self._chatting = RateLimit("chat_lines", settings.chat_lines, limiter, code="chat_rate")
        self.coaching = Coaching(
            store, self.core.db, server_id, settings.lease_seconds, coach_budget
        )

    @property
    def tables(self) -> dict[str, LiveTable]:
        return self.core.tables

    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def settings(self) -> Settings:
        return self.core.settings

    # ------------------------------------------------------------ lifecycle

    async def resume(self) -> None:
        """Listen for other processes' changes, take over the running tables nobody runs
        (after a restart, this process's own at once), and let their clocks and bots
        go on; from then on, renew those leases, let tables nobody uses leave memory,
        and close tables nobody plays at as abandoned (looked for now, then now and then)."""
        self.core.spawn(self.core.changes.listen(self.following.heard, self.following.missed))
        await self.abandon_idle()
        await self.runner.lease_round(first=True)
        self.core.spawn(self.runner.keep_leases())
        self.core.spawn(self._evict_idle())
        self.core.spawn(self._sweep())

    async def _evict_idle(self) -> None:
        """Forget tables idle for ``idle_seconds``: nobody watching, not run from here.
        The database has them; ``get`` loads one again on demand.

        Safe because ``get`` marks a table used before handing it out, and the
        event loop runs one thing at a time: a table just handed out is never idle.
        """
        idle = self.core.settings.idle_seconds
        while True:
            await asyncio.sleep(min(idle / 2, 60.0))
            cutoff = time.monotonic() - idle
            for live in list(self.core.tables.values()):
                if live.used_at < cutoff and live.is_quiet():
                    self.core.tables.pop(live.id, None)

    async def _sweep(self) -> None:
        """Abandon idle tables, looking several times per idle time (at most hourly).

        Every process looks: closing is a change like any other, so a table that
        two processes find idle at once is closed once (the second finds it closed).
        """
        while True:
            await asyncio.sleep(min(self.core.settings.abandon_seconds / 4, SWEEP_LIMIT))
            await surviving(self.abandon_idle)

    async def abandon_idle(self) -> None:
        """Close every open or running table with no decision for the idle time.

        A table's last activity is its last decision, else its start, else its
        creation: a table nobody plays at leaves the lobby's lists, and its
        record (when it started) says it was abandoned.  A table waiting for a
        bot is not idle (the server owes that decision: after a long stop,
        its bots play on).
        """
        cutoff = utcnow() - timedelta(seconds=self.core.settings.abandon_seconds)
        for table_id in await self.core.db(self.core.store.idle_tables, RUNNING, cutoff):
            live = await self.core.get(table_id)

            async def close_if_idle(live: LiveTable = live) -> None:
                active = live.turn_since or aware(live.row.created_at)
                to_act = None if live.state is None else live.state.current_player
                bots_turn = to_act is not None and live.plays_itself(to_act)
                if live.row.status in RUNNING and active < cutoff and not bots_turn:
                    await self.core.close_table(live, ABANDONED)

            await self.core.change(live, close_if_idle)
            self.core.release(live)

    @staticmethod
    def _before_start(live: LiveTable) -> None:
        """Refuse a change to a table (the lock is held) once it has started.  The
        caller has checked the host's token (refusing others with its own code)."""
        if live.row.status != OPEN:
            raise conflict("already_started", f"table {live.id!r} has already started")

    async def cancel(self, table_id: str, host_token: str) -> LiveTable:
        """The host calls a table off before it starts."""
        live = await self.core.get(table_id)
        if not live.is_host(host_token):
            raise forbidden("host_cancels", f"only the host of table {table_id!r} may cancel it")

        async def cancel_it() -> None:
            self._before_start(live)
            await self.core.close_table(live, CANCELLED)

        await self.core.change(live, cancel_it)
        return live

    async def close(self) -> None:
        """Stop, handing this process's tables and reviews over to the others at once."""
        await self.core.cancel_tasks()
        await self.coaching.close()
        await self.runner.hand_over()
        self.core.shutdown()

    async def watched(self, live: LiveTable) -> None:
        await self.runner.watched(live)

    # ------------------------------------------------------------ reading

    async def get(self, table_id: str) -> LiveTable:
        return await self.core.get(table_id)

    async def fresh(self, table_id: str) -> LiveTable:
        return await self.core.fresh(table_id)

    def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        return self.core.seat_of(live, token)

    async def seat(self, live: LiveTable, token: str | None) -> int | None:
        return await self.core.seat(live, token)

    async def seated(self, table_id: str, token: str | None) -> tuple[LiveTable, int | None]:
        return await self.core.seated(table_id, token)

    def release(self, live: LiveTable) -> None:
        return self.core.release(live)

    async def list_tables(self, statuses: Sequence[str], limit: int) -> list[dict[str, Any]]:
        """The tables someone has open right now first (a real table's creator waits on
        its page), then the newest; at most ``lobby_per_creator`` of any one creator.

        So a flood of tables, from one client or many, cannot push the real ones
        out of the lobby: a flooder would have to keep a connection open on each.
        Which tables are watched is kept in the database (``watched``), so every
        process's lobby lists the same.
        """
        per_creator = self.core.settings.lobby_per_creator
        rows = await self.core.db(
            self.core.store.list_tables, statuses, limit, per_creator, utcnow()
        )
        return [public_table(row) for row in rows]

    # ------------------------------------------------------------ lobby

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        specs: Sequence[SeatSpec],
        clock_seconds: int | None = None,
        client: str = "",
        seats_open: bool = False,
        hints: bool = False,
    ) -> CreatedTable:
        """A new table; ``client`` (the creator's address) is rate-limited and kept hashed."""
        try:
            game = get_game(game_name)
        except VitrineError as error:
            raise refused(error) from None
        if not game.min_players <= len(specs) <= game.max_players:
            raise invalid(
                "player_count",
                f"{game.name} seats {game.min_players} to {game.max_players} players, "
                f"got {len(specs)} seats",
                min=game.min_players,
                max=game.max_players,
                got=len(specs),
            )
        seed = secrets.randbits(SEED_BITS)
        try:
            game.new_game([f"P{i}" for i in range(len(specs))], options, seed)
        except VitrineError as error:
            raise refused(error, "options") from None
        host_token = secrets.token_urlsafe(18)
        tokens: dict[int, str] = {}
        seats = []
        for position, spec in enumerate(specs):
            if spec.kind == "bot":
                level = check_level(spec.level)
                name = spec.name and clean_name(spec.name)
                seats.append(
                    SeatRow(
                        position=position,
                        kind="bot",
                        level=level,
                        name=name or f"{level.capitalize()} bot {position + 1}",
                        substituted=False,
                    )
                )
            else:
                if spec.level is not None:
                    raise invalid(
                        "human_level",
                        f"seat {position}: a human seat takes no bot level",
                        seat=position,
                    )
                tokens[position] = secrets.token_urlsafe(18)
                seats.append(
                    SeatRow(
                        position=position,
                        kind="human",
                        level=None,
                        name=spec.name and clean_name(spec.name),
                        token_hash=token_hash(tokens[position]),
                        substituted=False,
                    )
                )
        check_distinct([seat.name for seat in seats])
        self._creating.hit(client)  # only a table that would be made counts
        row = TableRow(
            id=secrets.token_urlsafe(8),
            game=game.name,
            rules_version=game.rules_version,
            options=dict(options),
            seed=seed,
            status=OPEN,
            host_token_hash=token_hash(host_token),
            created_at=utcnow(),
            clock_seconds=clock_seconds,
            creator=creator_of(client),
            seats_open=seats_open,
            hints=hints,
            version=0,
            seats=seats,
        )
        await self.core.db(self.core.store.add_table, row)
        live = LiveTable(row=row, game=game, state=None, log=[])
        self.core.tables[row.id] = live
        return CreatedTable(live, host_token, tokens)

    async def join(self, table_id: str, token: str, name: str) -> LiveTable:
        live = await self.core.get(table_id)
        position = await self.core.seat(live, token)
        assert position is not None
        cleaned = clean_name(name)

        async def take_name() -> None:
            if live.row.status != OPEN:
                raise conflict("names_fixed", f"table {table_id!r} has started; names are fixed")
            others = [s.name for s in live.seats if s.position != position]
            check_distinct([*others, cleaned])
            await self.core.update_seat(live, live.seats[position], name=cleaned)

        await self.core.change(live, take_name)
        await self.core.change(live, lambda: self._start_if_full(live))
        return live

    async def claim(self, table_id: str, position: int, name: str) -> tuple[LiveTable, str]:
        """Take an empty seat of a table whose seats are open to anyone (from the lobby).

        The seat gets a fresh token, which only the claimant receives; an
        invitation link sent for that seat no longer holds it.
        """
        live = await self.core.get(table_id)
        cleaned = clean_name(name)
        token = secrets.token_urlsafe(18)

        async def take_seat() -> None:
            if live.row.status != OPEN:
                raise conflict("names_fixed", f"table {table_id!r} has started; names are fixed")
            if not live.row.seats_open:
                raise forbidden(
                    "seats_by_invitation",
                    f"the seats of table {table_id!r} are taken by invitation only",
                )
            if not 0 <= position < len(live.seats):
                raise not_found(
                    "seat_not_found",
                    f"seat {position} at table {table_id!r} does not exist",
                    seat=position,
                )
            seat = live.seats[position]
            if seat.kind != "human" or seat.name is not None:
                raise conflict("seat_taken", f"seat {position} is already taken", seat=position)
            check_distinct([*(s.name for s in live.seats), cleaned])
            await self.core.update_seat(live, seat, token_hash=token_hash(token), name=cleaned)

        await self.core.change(live, take_seat)
        await self.core.change(live, lambda: self._start_if_full(live))
        return live, token

    async def _start_if_full(self, live: LiveTable) -> None:
        """Start a table that starts by itself (open seats, a rematch) once every seat
        is taken (the lock is held)."""
        starts_itself = live.row.seats_open or live.row.rematch_of is not None
        full = all(seat.name is not None for seat in live.seats)
        if live.row.status == OPEN and starts_itself and full:
            await self._begin(live)

    async def start(self, table_id: str, host_token: str, client: str = "") -> LiveTable:
        """Deal and start.  A table of bots alone is work for this server and no one
        to watch: ``client`` may start only so many, and only so many play at once."""
        live = await self.core.get(table_id)
        if not live.is_host(host_token):
            raise forbidden("host_starts", f"only the host of table {table_id!r} may start it")

        async def start_it() -> None:
            self._before_start(live)
            waiting = [str(s.position) for s in live.seats if s.name is None]
            if waiting:
                raise conflict(
                    "seats_waiting",
                    f"seat(s) {', '.join(waiting)} have not joined yet",
                    seats=waiting,
                )
            if live.bots_only():
                await self._admit_bot_table(client)
            await self._begin(live)

        await self.core.change(live, start_it)
        return live

    async def _admit_bot_table(self, client: str) -> None:
        """Tables of bots alone are counted in the database: the limit holds for every
        process together."""
        playing = await self.core.db(self.core.store.bot_tables_playing)
        if playing >= self.core.settings.bot_tables:
            raise ApiError(
                429,
                f"{playing} tables of bots alone are playing, the most this server runs at "
                f"once: try again in {BUSY_RETRY} s",
                "bot_tables_busy",
                {"playing": playing, "retry_after": BUSY_RETRY},
                {"Retry-After": str(BUSY_RETRY)},
            )
        self._starting_bots.hit(client)

    async def _begin(self, live: LiveTable) -> None:
        """Deal and start a table whose seats are all taken (the lock is held)."""
        state = new_state(live.game, live.row)
        now = utcnow()
        live.row.version = await self.core.db(
            self.core.store.start_table, live.id, live.version, now
        )
        live.row.status = PLAYING
        live.row.started_at = now
        live.state = state
        live.turn_since = now
        await self.runner.take_over(live)
        self.core.after_change(live)

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
                self._creating.hit(client)
                row = self._rematch_row(live.row, live.game.rules_version)
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
            await self.core.change(rematch, lambda: self._start_if_full(rematch))
        elif rematch.bots_only():

            async def start_bots() -> None:
                if rematch.row.status == OPEN:
                    await self._admit_bot_table(client)
                    await self._begin(rematch)

            await self.core.change(rematch, start_bots)
        return rematch

    @staticmethod
    def _rematch_row(old: TableRow, rules_version: str) -> TableRow:
        """The rematch of a finished table: same game, options, clock and seats; a new
        deal, under the rules this server plays now (``rules_version``)."""
        seats = [
            SeatRow(
                position=seat.position,
                kind=seat.kind,
                level=seat.level if seat.kind == "bot" else None,
                name=seat.name if seat.kind == "bot" else None,
                token_hash=seat.token_hash,
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
            created_at=utcnow(),
            clock_seconds=old.clock_seconds,
            creator=old.creator,
            seats_open=False,
            rematch_of=old.id,
            version=0,
            seats=seats,
        )

    async def hand_to_bot(
        self, table_id: str, token: str, position: int | None, level: str
    ) -> LiveTable:
        """A seat is played by a bot from now on, and the table says so.

        The host may hand over any seat (a leaver's); a player, with
        ``position`` None, their own (leaving).
        """
        live = await self.core.get(table_id)
        if position is not None and not live.is_host(token):
            raise forbidden(
                "host_hands_over", f"only the host of table {table_id!r} may hand a seat to a bot"
            )
        seat = await self.core.seat(live, token) if position is None else position
        assert seat is not None
        check_level(level)

        async def hand_over() -> None:
            if live.row.status != PLAYING:
                raise conflict("not_playing", f"table {table_id!r} is not being played")
            if not 0 <= seat < len(live.seats):
                raise not_found(
                    "seat_not_found", f"seat {seat} at table {table_id!r} does not exist", seat=seat
                )
            if live.plays_itself(seat):
                raise conflict("already_bot", f"seat {seat} is already played by a bot", seat=seat)
            await self.runner.substitute(live, seat, level, "left" if position is None else "host")

        await self.core.change(live, hand_over)
        return live

    # ------------------------------------------------------------ records

    async def act(self, table_id: str, token: str, action: str, seq: int | None) -> LiveTable:
        return await self.play.act(table_id, token, action, seq)

    async def check(self, table_id: str, token: str, action: str) -> dict[str, Any]:
        return await self.play.check(table_id, token, action)

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
        live, seat = await self.core.seated(table_id, token)
        if live.state is None:
            raise conflict("not_started", f"table {table_id!r} has not started")
        return live.state.provisional_scores(seat)

    async def record(self, table_id: str) -> dict[str, Any]:
        live = await self.core.fresh(table_id)
        abandoned = live.row.status == ABANDONED
        if live.state is None or not (live.state.is_over or abandoned):
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
        ending = ABANDONED if abandoned else None
        record = replace(
            live.state.record(), substitutes=substitutes, ending=ending, hints=live.row.hints
        )
        return record.to_dict()

    # ------------------------------------------------------------ the coach

    async def hint(self, table_id: str, token: str) -> dict[str, Any]:
        """The coach's suggestion for the token's seat, at a table that allows hints."""
        live, seat = await self.core.seated(table_id, token)
        assert seat is not None
        if not live.row.hints:
            raise forbidden("hints_off", f"the host of table {table_id!r} did not allow hints")
        state = live.state
        if state is None or state.is_over:
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
        record = await self.record(table_id)
        key = table_key(table_id)
        kept = await self.core.db(self.core.store.load_review, table_id)
        if kept is not None:
            return done_status(key, kept)

        async def save(review: dict[str, Any]) -> None:
            await self.core.db(self.core.store.save_review, table_id, review)

        return await self.coaching.start(key, record, save)

    async def start_upload_review(self, record: dict[str, Any]) -> dict[str, Any]:
        """Review an uploaded record (kept a while, keyed by its contents)."""
        return await self.coaching.start(record_key(record), record, None)

    async def review_status(self, key: str) -> dict[str, Any]:
        table_id = key.removeprefix("table-") if key.startswith("table-") else None
        if table_id is not None:
            kept = await self.core.db(self.core.store.load_review, table_id)
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
            record = await self.record(key.removeprefix("table-"))
        else:
            record = await self.coaching.record_of(key)
        return await asyncio.to_thread(decision_position, record, index)

    @staticmethod
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
            "hints": record.hints,
            "steps": steps,
        }
