"""What the server does, whichever door a request came in by (HTTP or WebSocket).

Every decision is checked by the game's engine, committed to the database, and
only then shown to anyone.  Bots play from the same views a person gets, after
a short visible pause, through the same path as a person's decision.
"""

import asyncio
import logging
import secrets
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypeVar

from vitrine.bots import LEVELS
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game, GameState
from vitrine.engine.record import Substitute
from vitrine.games import get_game, read_record
from vitrine.server.coaching import (
    Coaching,
    decision_position,
    done_status,
    record_key,
    table_key,
)
from vitrine.server.errors import ApiError, conflict, forbidden, invalid, not_found, refused
from vitrine.server.live import OPEN, OVER, PLAYING, LiveTable, public_table, token_hash
from vitrine.server.models import SeatRow, TableRow, aware, utcnow
from vitrine.server.store import Store, StoredTable

T = TypeVar("T")
log = logging.getLogger(__name__)
TIMEOUT_LEVEL = "casual"  # who takes over a seat whose clock ran out
SEED_BITS = 53  # exact in JavaScript, so a record survives a trip through a browser
NAME_LENGTH = 24


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


def clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise invalid("name_empty", "a name must hold at least one visible character")
    if len(cleaned) > NAME_LENGTH:
        raise invalid(
            "name_too_long",
            f"a name holds at most {NAME_LENGTH} characters, got {len(cleaned)}",
            max=NAME_LENGTH,
            got=len(cleaned),
        )
    return cleaned


def check_level(level: str | None) -> str:
    if level not in LEVELS:
        raise invalid(
            "unknown_level",
            f"unknown bot level {level!r} (known: {', '.join(LEVELS)})",
            level=level,
            known=list(LEVELS),
        )
    return level


class TableService:
    def __init__(
        self, store: Store, bot_delay: float, db_workers: int, coach_budget: str | None = None
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self._executor = ThreadPoolExecutor(max_workers=db_workers, thread_name_prefix="db")
        self._tasks: set[asyncio.Task[None]] = set()
        self.coaching = Coaching(coach_budget)

    async def _db(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, call, *args)

    # ------------------------------------------------------------ lifecycle

    async def resume(self) -> None:
        """Load every running table (after a restart) and let its clocks and bots go on."""
        for table_id in await self._db(self.store.table_ids, [PLAYING]):
            live = await self.get(table_id)
            self._arm_clock(live)
            self._wake_bots(live)

    def release(self, live: LiveTable) -> None:
        """Forget a finished table nobody watches; the database still has it."""
        if live.row.status == OVER and not live.subscribers:
            self.tables.pop(live.id, None)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.coaching.close()
        self._executor.shutdown(wait=True)

    # ------------------------------------------------------------ reading

    async def get(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id)
        if live is not None:
            return live
        async with self._loading:
            live = self.tables.get(table_id)
            if live is None:
                stored = await self._db(self.store.load_table, table_id)
                if stored is None:
                    raise not_found(
                        "table_not_found", f"table {table_id!r} does not exist", table=table_id
                    )
                live = self._rebuild(stored)
                self.tables[table_id] = live
            return live

    def _rebuild(self, stored: StoredTable) -> LiveTable:
        row = stored.row
        game = get_game(row.game)
        state = None
        if row.status != OPEN:
            state = self._new_state(game, row)
            for _, text in stored.log:
                state.apply_action(text)
        since = stored.last_action_at or (row.started_at and aware(row.started_at))
        return LiveTable(row=row, game=game, state=state, log=list(stored.log), turn_since=since)

    @staticmethod
    def _new_state(game: Game, row: TableRow) -> GameState:
        names = [seat.name or "" for seat in row.seats]
        return game.new_game(names, row.options, row.seed, row.rules_version)

    async def list_tables(self, statuses: Sequence[str], limit: int) -> list[dict[str, Any]]:
        rows = await self._db(self.store.list_tables, statuses, limit)
        return [public_table(row) for row in rows]

    def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        """The seat a token acts for; None for no token (a spectator)."""
        if token is None:
            return None
        seat = live.seat_for(token)
        if seat is None:
            raise forbidden(
                "token_no_seat", f"this token holds no seat at table {live.id!r}", table=live.id
            )
        return seat

    # ------------------------------------------------------------ lobby

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        specs: Sequence[SeatSpec],
        clock_seconds: int | None = None,
        hints: bool = False,
    ) -> CreatedTable:
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
        self._check_distinct([seat.name for seat in seats])
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
            hints=hints,
            seats=seats,
        )
        await self._db(self.store.add_table, row)
        live = LiveTable(row=row, game=game, state=None, log=[])
        self.tables[row.id] = live
        return CreatedTable(live, host_token, tokens)

    @staticmethod
    def _check_distinct(names: Sequence[str | None]) -> None:
        given = [name.casefold() for name in names if name is not None]
        if len(set(given)) != len(given):
            raise invalid(
                "names_repeated", "two seats have the same name; names at a table must differ"
            )

    async def join(self, table_id: str, token: str, name: str) -> LiveTable:
        live = await self.get(table_id)
        position = self.seat_of(live, token)
        assert position is not None
        cleaned = clean_name(name)
        async with live.lock:
            if live.row.status != OPEN:
                raise conflict("names_fixed", f"table {table_id!r} has started; names are fixed")
            others = [s.name for s in live.seats if s.position != position]
            self._check_distinct([*others, cleaned])
            seat = live.seats[position]
            seat.name = cleaned
            await self._db(self.store.update_seat, seat)
            live.broadcast()
        return live

    async def start(self, table_id: str, host_token: str) -> LiveTable:
        live = await self.get(table_id)
        if not live.is_host(host_token):
            raise forbidden("host_starts", f"only the host of table {table_id!r} may start it")
        async with live.lock:
            if live.row.status != OPEN:
                raise conflict("already_started", f"table {table_id!r} has already started")
            waiting = [str(s.position) for s in live.seats if s.name is None]
            if waiting:
                raise conflict(
                    "seats_waiting",
                    f"seat(s) {', '.join(waiting)} have not joined yet",
                    seats=waiting,
                )
            state = self._new_state(live.game, live.row)
            now = utcnow()
            await self._db(self.store.start_table, table_id, PLAYING, now)
            live.row.status = PLAYING
            live.row.started_at = now
            live.state = state
            live.turn_since = now
            live.broadcast()
            self._arm_clock(live)
        self._wake_bots(live)
        return live

    async def hand_to_bot(
        self, table_id: str, token: str, position: int | None, level: str
    ) -> LiveTable:
        """A seat is played by a bot from now on, and the table says so.

        The host may hand over any seat (a leaver's); a player, with
        ``position`` None, their own (leaving).
        """
        live = await self.get(table_id)
        if position is not None and not live.is_host(token):
            raise forbidden(
                "host_hands_over", f"only the host of table {table_id!r} may hand a seat to a bot"
            )
        seat = self.seat_of(live, token) if position is None else position
        assert seat is not None
        check_level(level)
        async with live.lock:
            if live.row.status != PLAYING:
                raise conflict("not_playing", f"table {table_id!r} is not being played")
            if not 0 <= seat < len(live.seats):
                raise not_found(
                    "seat_not_found", f"seat {seat} at table {table_id!r} does not exist", seat=seat
                )
            if live.plays_itself(seat):
                raise conflict("already_bot", f"seat {seat} is already played by a bot", seat=seat)
            await self._substitute(live, seat, level, "left" if position is None else "host")
        self._wake_bots(live)
        return live

    async def _substitute(self, live: LiveTable, position: int, level: str, why: str) -> None:
        """Hand a seat to a bot for the rest of the game (the lock is held)."""
        assert live.state is not None
        seat = live.seats[position]
        seat.substituted = True
        seat.level = level
        seat.substituted_after = len(live.state.record().turns)
        seat.substituted_why = why
        await self._db(self.store.update_seat, seat)
        live.broadcast()
        self._arm_clock(live)

    def _arm_clock(self, live: LiveTable) -> None:
        """(Re)start the clock of the decision now awaited, if the table has one."""
        if live.clock_task is not None and live.clock_task is not asyncio.current_task():
            live.clock_task.cancel()
        deadline = live.deadline()
        if deadline is not None:
            live.clock_task = self._spawn(self._run_clock(live, len(live.log), deadline))

    async def _run_clock(self, live: LiveTable, seq: int, deadline: datetime) -> None:
        """A human who lets the deadline pass loses the seat to a bot; the table goes on."""
        await asyncio.sleep(max(0.0, (deadline - utcnow()).total_seconds()))
        async with live.lock:
            state = live.state
            if len(live.log) != seq or state is None or state.current_player is None:
                return
            await self._substitute(live, state.current_player, TIMEOUT_LEVEL, "timeout")
        self._wake_bots(live)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """A background task the service keeps (and cancels when it closes)."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[None]) -> None:
        """A bot or clock that failed must say so: a silent stall is the worst outcome."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # ------------------------------------------------------------ playing

    async def act(self, table_id: str, token: str, action: str, seq: int | None) -> LiveTable:
        live = await self.get(table_id)
        position = self.seat_of(live, token)
        assert position is not None
        await self._apply(live, position, action, seq, by_bot=False)
        self._wake_bots(live)
        return live

    async def _apply(
        self, live: LiveTable, position: int, action: str, seq: int | None, by_bot: bool
    ) -> None:
        async with live.lock:
            if live.plays_itself(position) != by_bot:
                raise conflict(
                    "handed_to_bot", f"seat {position} has been handed to a bot", seat=position
                )
            state = live.state
            if state is None:
                raise conflict("not_started", f"table {live.id!r} has not started")
            if state.is_over:
                raise conflict("game_over", f"the game at table {live.id!r} is over")
            if seq is not None and seq != len(live.log):
                at = len(live.log)
                raise conflict(
                    "stale",
                    f"stale decision: it answers position {seq}, the table is at {at}",
                    seq=seq,
                    at=at,
                )
            to_act = state.current_player
            if to_act != position:
                name = live.seats[to_act].name if to_act is not None else None
                raise conflict(
                    "not_your_turn",
                    f"it is not seat {position}'s turn: {name} (seat {to_act}) is to act",
                    seat=position,
                    name=name,
                    to_act=to_act,
                )
            trial = state.copy()
            try:
                trial.apply_action(action)
            except VitrineError as error:
                raise refused(error) from None
            status = OVER if trial.is_over else None
            now = utcnow()
            number = len(live.log) + 1
            await self._db(self.store.append_action, live.id, number, position, action, now, status)
            live.state = trial
            live.log.append((position, action))
            live.turn_since = now
            if status is not None:
                live.row.status = status
            live.broadcast()
            self._arm_clock(live)

    def _wake_bots(self, live: LiveTable) -> None:
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = self._spawn(self._run_bots(live))

    async def _run_bots(self, live: LiveTable) -> None:
        """Play bot seats while one is to act, each decision after a visible pause."""
        while True:
            state = live.state
            if state is None or state.is_over or state.current_player is None:
                return
            position = state.current_player
            bot = live.bot_for(position)
            if bot is None:
                return
            await asyncio.sleep(self.bot_delay)
            seq = len(live.log)
            action = await asyncio.to_thread(bot.choose, live.game, state.view(position), live.rng)
            try:
                await self._apply(live, position, action, seq, by_bot=True)
            except ApiError as error:
                if error.status != 409:
                    raise
                # the position moved on meanwhile: look again

    # ------------------------------------------------------------ records

    async def record(self, table_id: str) -> dict[str, Any]:
        live = await self.get(table_id)
        if live.state is None or not live.state.is_over:
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
        record = replace(live.state.record(), substitutes=substitutes, hints=live.row.hints)
        return record.to_dict()

    # ------------------------------------------------------------ the coach

    async def hint(self, table_id: str, token: str) -> dict[str, Any]:
        """The coach's suggestion for the token's seat, at a table that allows hints."""
        live = await self.get(table_id)
        seat = self.seat_of(live, token)
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
        kept = await self._db(self.store.load_review, table_id)
        if kept is not None:
            return done_status(key, kept)

        async def save(review: dict[str, Any]) -> None:
            await self._db(self.store.save_review, table_id, review)

        return self.coaching.start(key, record, save).status_dict()

    def start_upload_review(self, record: dict[str, Any]) -> dict[str, Any]:
        """Review an uploaded record (kept in memory a while, keyed by its contents)."""
        return self.coaching.start(record_key(record), record, None).status_dict()

    async def review_status(self, key: str) -> dict[str, Any]:
        status = self.coaching.status(key)
        if status is not None:
            return status
        if key.startswith("table-"):
            kept = await self._db(self.store.load_review, key.removeprefix("table-"))
            if kept is not None:
                return done_status(key, kept)
        raise not_found("review_not_found", f"no review {key!r} here", key=key)

    async def review_position(self, key: str, index: int) -> dict[str, Any]:
        """A reviewed decision's position, as its seat saw it."""
        if key.startswith("table-"):
            record = await self.record(key.removeprefix("table-"))
        else:
            record = self.coaching.record_of(key)
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
            "hints": record.hints,
            "steps": steps,
        }
