"""The lobby: tables made, listed, joined, claimed, started, called off; seats handed to bots.

Everything about a table's seats before and beside its game: who sits
where, under which name, holding which token, and when the deal happens.
A table by invitation starts when its host says so; one with open seats
(or a rematch, ``rematch.py``) starts by itself once every seat is taken.
Creating tables and starting tables of bots alone are rate-limited, since
each is work this server does for whoever asks.

It is a part of its own because it is everything about who sits where:
the one part that seats players and deals (a rematch seats and deals
through it, ``rematch.py``), and the one that hands a seat to a bot at its
player's or the host's asking (``running.py`` then runs it).
"""

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vitrine.bots import LEVELS
from vitrine.engine.errors import VitrineError
from vitrine.games import get_game
from vitrine.server.errors import ApiError, conflict, forbidden, invalid, not_found, refused
from vitrine.server.names import check_distinct, clean_name
from vitrine.server.play.core import TableCore, new_state
from vitrine.server.play.live import (
    CANCELLED,
    OPEN,
    PLAYING,
    LiveTable,
    public_table,
    token_hash,
    turn_account,
)
from vitrine.server.play.models import SeatRow, TableRow
from vitrine.server.play.running import Runner
from vitrine.server.play.time_controls import check_clock
from vitrine.server.ratelimit import RateLimit

SEED_BITS = 53  # exact in JavaScript, so a record survives a trip through a browser
BUSY_RETRY = 30  # seconds a client is told to wait when the bot tables are all taken


@dataclass(frozen=True)
class Member:
    """A signed-in person taking a seat: the account, and its name, which the seat takes."""

    account_id: str
    name: str
    bot: bool = False  # a bot account (bot API): its seats say so


@dataclass(frozen=True)
class SeatSpec:
    """One seat as its table's creator asks for it: a human (named, or not yet) or a bot.
    ``me``: the signed-in creator sits there, under their account's name;
    ``account``: the seat is reserved for that account (a challenge)."""

    kind: str
    name: str | None = None
    level: str | None = None
    me: bool = False
    account: Member | None = None
    # A table made for others (quick pairing, ``pairing/``): the account seated
    # there, and the hash of a token its guest already holds (no token is made).
    member: Member | None = None
    token_hash: str | None = None


def rated_needs_account(table_id: str) -> ApiError:
    return ApiError(
        401,
        f"table {table_id!r} is rated: sign in to take a seat (its results move ratings)",
        "rated_needs_account",
    )


def not_twice(live: LiveTable, member: Member, position: int) -> None:
    """An account holds one seat of a table: its results and rating are one player's."""
    if any(s.account_id == member.account_id and s.position != position for s in live.seats):
        raise conflict(
            "account_seated",
            f"this account already holds a seat at table {live.id!r}",
            table=live.id,
        )


@dataclass(frozen=True)
class CreatedTable:
    """A new table and the secrets only its creator gets: the host token and one per human seat."""

    live: LiveTable
    host_token: str
    seat_tokens: dict[int, str]


def check_level(level: str | None) -> str:
    """A bot level this server offers, or the refusal naming those it does."""
    if level not in LEVELS:
        raise invalid(
            "unknown_level",
            f"unknown bot level {level!r} (known: {', '.join(LEVELS)})",
            level=level,
            known=list(LEVELS),
        )
    return level


def reserved_seat(position: int, spec: SeatSpec, member: Member | None) -> SeatRow:
    """A seat held for a challenged account: no token (only that account takes
    it, by accepting), no name until it does."""
    account = spec.account
    assert account is not None
    if spec.me or spec.name is not None or (member and member.account_id == account.account_id):
        raise invalid(
            "challenge_seat",
            f"seat {position}: a seat reserved for an account is neither 'me' nor named, "
            "and not the creator's",
            seat=position,
        )
    return SeatRow(
        position=position,
        kind="human",
        level=None,
        name=None,
        token_hash=None,
        account_id=account.account_id,
        bot=account.bot,
        substituted=False,
    )


def creator_of(client: str) -> str:
    """What a table keeps of its creator's address: enough to tell creators apart, no more."""
    return hashlib.sha256(client.encode()).hexdigest()[:16]


class Lobby:
    """Tables before their game, and their seats: the lobby's side of the service."""

    def __init__(self, core: TableCore, runner: Runner) -> None:
        self.core = core
        self.runner = runner
        settings = core.settings
        self.creating = RateLimit("create_tables", settings.create_tables, core.limiter)
        self._starting_bots = RateLimit("start_bot_tables", settings.start_bot_tables, core.limiter)

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        specs: Sequence[SeatSpec],
        clock_seconds: int | None = None,
        client: str = "",
        seats_open: bool = False,
        hints: bool = False,
        member: Member | None = None,
        rated: bool = False,
        limited: bool = True,
        on_timeout: str = "bot",
    ) -> CreatedTable:
        """A new table; ``client`` (the creator's address) is rate-limited and kept hashed.
        A signed-in creator (``member``) is its host as the host token is, and sits
        at the seat marked ``me``, if any.  ``clock_seconds`` is a live or a turn-based
        clock (``time_controls.py``); ``on_timeout`` what a missed deadline does.  A
        table quick pairing makes is not ``limited``: its requests were counted
        (``pairing_requests``)."""
        check_clock(clock_seconds)
        if sum(spec.me for spec in specs) > 1:
            raise invalid("me_twice", "the creator sits at one seat at most")
        if rated and not any(spec.me or spec.member for spec in specs):
            raise invalid("rated_without_me", "a rated table's creator sits at it (a 'me' seat)")
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
            elif spec.account is not None:
                seats.append(reserved_seat(position, spec, member))
            else:
                if spec.level is not None:
                    raise invalid(
                        "human_level",
                        f"seat {position}: a human seat takes no bot level",
                        seat=position,
                    )
                if spec.token_hash is None:
                    tokens[position] = secrets.token_urlsafe(18)
                sitting = member if spec.me else spec.member
                seats.append(
                    SeatRow(
                        position=position,
                        kind="human",
                        level=None,
                        name=sitting.name if sitting else spec.name and clean_name(spec.name),
                        token_hash=spec.token_hash or token_hash(tokens[position]),
                        account_id=sitting and sitting.account_id,
                        bot=bool(sitting and sitting.bot),
                        substituted=False,
                    )
                )
        check_distinct([seat.name for seat in seats])
        accounts = [seat.account_id for seat in seats if seat.account_id is not None]
        if len(set(accounts)) < len(accounts):
            raise conflict("account_seated", "an account holds one seat of a table at most")
        if limited:
            self.creating.hit(client)  # only a table that would be made counts
        row = TableRow(
            id=secrets.token_urlsafe(8),
            game=game.name,
            rules_version=game.rules_version,
            options=dict(options),
            seed=seed,
            status=OPEN,
            host_token_hash=token_hash(host_token),
            host_account_id=member and member.account_id,
            created_at=self.core.clock.now(),
            clock_seconds=clock_seconds,
            on_timeout=on_timeout,
            creator=creator_of(client),
            seats_open=seats_open,
            hints=hints,
            rated=rated,
            version=0,
            seats=seats,
        )
        await self.core.db(self.core.store.add_table, row)
        live = LiveTable(row=row, game=game, state=None, log=[])
        self.core.tables[row.id] = live
        return CreatedTable(live, host_token, tokens)

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
            self.core.store.list_tables, statuses, limit, per_creator, self.core.clock.now()
        )
        return [public_table(row) for row in rows]

    async def tables_with_ids(self, table_ids: Sequence[str]) -> list[dict[str, Any]]:
        """The tables a browser holds tokens for (its own, public or not), by id."""
        rows = await self.core.db(self.core.store.tables_with_ids, set(table_ids))
        return [public_table(row) for row in rows]

    async def join(
        self, table_id: str, token: str, name: str, member: Member | None = None
    ) -> LiveTable:
        """Take the seat ``token`` holds under ``name`` (a signed-in ``member``: under
        the account's name, the seat then the account's)."""
        live = await self.core.get(table_id)
        position = await self.core.seat(live, token)
        assert position is not None
        cleaned = member.name if member else clean_name(name)

        async def take_name() -> None:
            if live.row.status != OPEN:
                raise conflict("names_fixed", f"table {table_id!r} has started; names are fixed")
            if member is None and live.row.rated:
                raise rated_needs_account(table_id)
            if member is not None:
                not_twice(live, member, position)
            others = [s.name for s in live.seats if s.position != position]
            check_distinct([*others, cleaned])
            changes: dict[str, Any] = {"name": cleaned}
            if member is not None:
                changes |= {"account_id": member.account_id, "bot": member.bot}
            await self.core.update_seat(live, live.seats[position], **changes)

        await self.core.change(live, take_name)
        await self.core.change(live, lambda: self.start_if_full(live))
        return live

    async def claim(
        self, table_id: str, position: int, name: str, member: Member | None = None
    ) -> tuple[LiveTable, str]:
        """Take an empty seat of a table whose seats are open to anyone (from the lobby).

        The seat gets a fresh token, which only the claimant receives; an
        invitation link sent for that seat no longer holds it.  A signed-in
        ``member`` takes it under the account's name, for the account.
        """
        live = await self.core.get(table_id)
        cleaned = member.name if member else clean_name(name)
        token = secrets.token_urlsafe(18)

        async def take_seat() -> None:
            if live.row.status != OPEN:
                raise conflict("names_fixed", f"table {table_id!r} has started; names are fixed")
            if not live.row.seats_open:
                raise forbidden(
                    "seats_by_invitation",
                    f"the seats of table {table_id!r} are taken by invitation only",
                )
            if member is None and live.row.rated:
                raise rated_needs_account(table_id)
            if not 0 <= position < len(live.seats):
                raise not_found(
                    "seat_not_found",
                    f"seat {position} at table {table_id!r} does not exist",
                    seat=position,
                )
            seat = live.seats[position]
            if seat.kind != "human" or seat.name is not None or seat.account_id is not None:
                raise conflict("seat_taken", f"seat {position} is already taken", seat=position)
            if member is not None:
                not_twice(live, member, position)
            check_distinct([*(s.name for s in live.seats), cleaned])
            changes: dict[str, Any] = {"token_hash": token_hash(token), "name": cleaned}
            if member is not None:
                changes |= {"account_id": member.account_id, "bot": member.bot}
            await self.core.update_seat(live, seat, **changes)

        await self.core.change(live, take_seat)
        await self.core.change(live, lambda: self.start_if_full(live))
        return live, token

    async def start_if_full(self, live: LiveTable) -> None:
        """Start a table that starts by itself (open seats, a rematch) once every seat
        is taken (the lock is held)."""
        starts_itself = live.row.seats_open or live.row.rematch_of is not None
        full = all(seat.name is not None for seat in live.seats)
        if live.row.status == OPEN and starts_itself and full:
            await self.begin(live)

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
                await self.admit_bot_table(client)
            await self.begin(live)

        await self.core.change(live, start_it)
        return live

    @staticmethod
    def _before_start(live: LiveTable) -> None:
        """Refuse a change to a table (the lock is held) once it has started.  The
        caller has checked the host's token (refusing others with its own code)."""
        if live.row.status == CANCELLED:
            raise conflict("table_cancelled", f"table {live.id!r} was cancelled before it started")
        if live.row.status != OPEN:
            raise conflict("already_started", f"table {live.id!r} has already started")

    async def admit_bot_table(self, client: str) -> None:
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

    async def begin(self, live: LiveTable) -> None:
        """Deal and start a table whose seats are all taken (the lock is held); a
        rated table's human seats must all be accounts'."""
        guests = [s.position for s in live.seats if s.kind == "human" and s.account_id is None]
        if live.row.rated and guests:
            raise conflict(
                "rated_needs_accounts",
                f"a rated table starts when every person at it is signed in; seat(s) "
                f"{', '.join(map(str, guests))} are not",
                seats=guests,
            )
        state = new_state(live.game, live.row)
        now = self.core.clock.now()
        turn = turn_account(PLAYING, state, live.seats)
        live.row.version = await self.core.db(
            self.core.store.start_table, live.id, live.version, now, turn
        )
        live.row.status = PLAYING
        live.row.started_at = now
        live.state = state
        live.turn_since = now
        await self.runner.take_over(live)
        self.core.after_change(live)

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
