"""Quick pairing: a person asks for a game, and strangers asking for the same are
seated together at a new table within seconds.

A request names a game, a player count, a clock, rated or not; an account's
also a rating range (the others' ratings it accepts), and anyone's a wait
after which the empty seats go to bots.  Requests that could share a table
have the same compatibility key (game, players, clock, rated): they are only
ever compared within one key, so a round costs what the keys that can pair
cost, not the square of the pool.

Requests live in the database (``store.py``), and every server
process runs a matcher (:meth:`Pairing.run`): a round tidies the pool
(expiry; claims of a matcher that died are handed back), asks which keys
could pair now, and for each claims groups of compatible requests in one
transaction (no request is claimed twice: ``PairingStore.claim``), then
makes each group's table through the lobby's own path (``Lobby.create`` and
``Lobby.start``) and marks its requests paired.  A request made here wakes
this process's matcher at once, which pairs it with whatever waits in the
database, whichever process took it.  Otherwise a matcher sleeps until a
round has something to do: a waiting request's bots fall due, a request
expires, a claim ends (``PairingStore.next_moment``); and at least every
``pairing_round_seconds``, for what no moment announces (a request whose
partner was locked by another matcher's claim at that instant, a process
that died between a request and its round).

A client learns it was paired by reading its request.  An account's seat is
its account's (its session plays it); a guest's seat token is derived from
the request's token, which only the guest holds: the table is made with the
seat token's hash, no seat token is ever stored, and the guest's first read
of its paired request is the one answer that carries it.
"""

import asyncio
import base64
import contextlib
import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.games import get_game
from vitrine.ratings import INITIAL, Rating, shown
from vitrine.server.errors import ApiError, conflict, invalid, not_found, refused
from vitrine.server.names import check_distinct, clean_name
from vitrine.server.orm import aware
from vitrine.server.pairing.models import PairingRow
from vitrine.server.pairing.store import CLAIMED, WAITING, PairingStore, TooManyOpenError
from vitrine.server.play.core import surviving
from vitrine.server.play.live import token_hash
from vitrine.server.play.lobby import creator_of
from vitrine.server.play.service import Member, SeatSpec, TableService
from vitrine.server.play.time_controls import DAY, TURN_DAYS, turn_based
from vitrine.server.ratelimit import RateLimit

log = logging.getLogger(__name__)
LIVE_CLOCK = 60  # seconds per decision: the lobby's real-time clock
# The clocks a request may ask for, in seconds per decision: the live one and the
# turn-based ones (time_controls.py); guests may not ask for a turn-based one.
CLOCKS = (LIVE_CLOCK, *(days * DAY for days in TURN_DAYS))
BOT_WAITS = (15, 30, 60, 120)  # seconds after which empty seats may go to bots
CLAIM_SECONDS = 30.0  # a claim not turned into a table by then goes back to the pool
CLAIM_LIMIT = 500  # requests of one key a round considers, the oldest first
SEATING = 8  # tables a round makes at once (the service's database threads)
SHORTEST_PAUSE = 0.05  # seconds a matcher waits at least between two rounds it was not woken for
GUEST_NAME = "Guest"


def seat_token_for(request_token: str) -> str:
    """A guest's seat token: derived from its request's token, so that neither is stored."""
    digest = hmac.new(request_token.encode(), b"vitrine pairing seat", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def compatibility_key(game: str, players: int, clock_seconds: int, rated: bool) -> str:
    return f"{game}/{players}/{clock_seconds}/{'rated' if rated else 'unrated'}"


def accepts(row: PairingRow, rating: int | None) -> bool:
    """Whether ``row``'s range takes a player of ``rating`` (None: a guest, outside any range)."""
    if row.rating_min is None and row.rating_max is None:
        return True
    if rating is None:
        return False
    low = row.rating_min if row.rating_min is not None else rating
    high = row.rating_max if row.rating_max is not None else rating
    return low <= rating <= high


def fits(row: PairingRow, group: Sequence[PairingRow]) -> bool:
    """``row`` may join ``group``: each side's rating inside the other's range, and
    no account twice at one table (a guest address may hold several seats: a family)."""
    return all(
        accepts(row, other.rating)
        and accepts(other, row.rating)
        and (row.account_id is None or row.account_id != other.account_id)
        for other in group
    )


def bots_due(row: PairingRow, now: datetime) -> bool:
    return row.bots_due is not None and aware(row.bots_due) <= now


def form_groups(rows: Sequence[PairingRow], now: datetime) -> list[list[PairingRow]]:
    """The tables to make of one key's waiting requests, oldest first: each request
    joins the first group it fits; a full group is a table, and so is a group one
    of whose requests waited past its bots' wait (bots take the rest).  Groups
    fill fast when ranges are wide, so a request is compared with few groups."""
    if not rows:
        return []
    players = rows[0].players
    forming: list[list[PairingRow]] = []
    ready: list[list[PairingRow]] = []
    for row in rows:
        for group in forming:
            if fits(row, group):
                group.append(row)
                if len(group) == players:
                    forming.remove(group)
                    ready.append(group)
                break
        else:
            if players == 1:
                ready.append([row])
            else:
                forming.append([row])
    ready += [group for group in forming if any(bots_due(row, now) for row in group)]
    return ready


@dataclass(frozen=True)
class Ask:
    """A request as its asker states it (the route's schema, checked)."""

    game: str
    players: int
    clock_seconds: int
    rated: bool
    name: str | None
    rating_min: int | None
    rating_max: int | None
    rating_spread: int | None
    bots_after: int | None
    bot_level: str


class Pairing:
    """The pairing requests of every process, and this process's matcher.

    ``clock`` is the time it goes by, the table service's own (``timekeeping.py``)
    unless a test gives another: a test moves it on instead of waiting."""

    def __init__(self, service: TableService, clock: Callable[[], datetime] | None = None) -> None:
        self.service = service
        self.core = service.core
        self.store = PairingStore(service.store.engine)
        self.clock = clock or service.core.clock.now
        settings = service.settings
        self.asking = RateLimit("pairing_requests", settings.pairing_requests, self.core.limiter)
        # Reads are counted per request: its holder polls it, and requests are few
        # (``pairing_requests``), so reads stay bounded however many hands poll.
        self.reading = RateLimit("pairing_reads", settings.pairing_reads, self.core.limiter)
        self.matcher = secrets.token_hex(8)
        self.wake = asyncio.Event()
        self.pause = 0.0  # seconds until the next round, unless woken (run, round)
        self._one_round = asyncio.Lock()  # a round run from outside waits for the matcher's

    # ------------------------------------------------------------ requests

    async def ask(self, ask: Ask, member: Member | None, client: str) -> tuple[PairingRow, str]:
        """A new request, and its token (the only copy; a guest reads and cancels with it)."""
        self._check(ask, member)
        rating = None
        if member is not None:
            stored = await self.core.db(self.store.rating, member.account_id, ask.game)
            rating = shown(INITIAL if stored is None else Rating(stored.mu, stored.sigma))
        low, high = ask.rating_min, ask.rating_max
        if ask.rating_spread is not None and rating is not None:
            low, high = rating - ask.rating_spread, rating + ask.rating_spread
        now = self.clock()
        token = secrets.token_urlsafe(18)
        row = PairingRow(
            id=secrets.token_urlsafe(12),
            key=compatibility_key(ask.game, ask.players, ask.clock_seconds, ask.rated),
            game=ask.game,
            players=ask.players,
            clock_seconds=ask.clock_seconds,
            rated=ask.rated,
            status=WAITING,
            account_id=member and member.account_id,
            bot=bool(member and member.bot),
            token_hash=token_hash(token),
            person=member.account_id if member else "guest:" + creator_of(client),
            name=member.name if member else clean_name(ask.name or GUEST_NAME),
            seat_token_hash=None if member else token_hash(seat_token_for(token)),
            rating=rating,
            rating_min=low,
            rating_max=high,
            bots_after=ask.bots_after,
            bots_due=None if ask.bots_after is None else now + timedelta(seconds=ask.bots_after),
            bot_level=ask.bot_level,
            created_at=now,
            expires_at=now + timedelta(seconds=self.core.settings.pairing_expiry_seconds),
            token_handed=False,
        )
        self.asking.hit(client)
        try:
            await self.core.db(self.store.add, row, self.core.settings.pairing_open)
        except TooManyOpenError:
            most = self.core.settings.pairing_open
            raise conflict(
                "pairing_open_limit",
                f"you already have {most} pairing requests open, the most one may: "
                "cancel one or wait for it to end",
                most=most,
            ) from None
        self.wake.set()
        return row, token

    def _check(self, ask: Ask, member: Member | None) -> None:
        """What the schema cannot say: the game's player count, and what only an
        account may ask for (rated or turn-based games, a rating range)."""
        try:
            game = get_game(ask.game)
        except VitrineError as error:
            raise refused(error) from None
        if not game.min_players <= ask.players <= game.max_players:
            raise invalid(
                "player_count",
                f"{game.name} seats {game.min_players} to {game.max_players} players, "
                f"got {ask.players}",
                min=game.min_players,
                max=game.max_players,
                got=ask.players,
            )
        ranged = any(v is not None for v in (ask.rating_min, ask.rating_max, ask.rating_spread))
        if member is None and (ask.rated or turn_based(ask.clock_seconds) or ranged):
            raise ApiError(
                401,
                "guests may ask for unrated live games without a rating range: sign in for "
                "rated or turn-based games and rating ranges",
                "pairing_needs_account",
            )
        if ask.rating_spread is not None and (
            ask.rating_min is not None or ask.rating_max is not None
        ):
            raise invalid(
                "rating_range_twice", "give a rating range as min and max, or as ± around yours"
            )
        if (
            ask.rating_min is not None
            and ask.rating_max is not None
            and ask.rating_min > ask.rating_max
        ):
            raise invalid(
                "rating_range_empty",
                f"the rating range {ask.rating_min}..{ask.rating_max} holds no rating",
                min=ask.rating_min,
                max=ask.rating_max,
            )

    async def mine(self, request_id: str, token: str | None, account_id: str | None) -> PairingRow:
        """The request, if the caller holds it (its token, or its account's session)."""
        row = await self.core.db(self.store.get, request_id)
        holds = row is not None and (
            (token is not None and hmac.compare_digest(token_hash(token), row.token_hash or ""))
            or (account_id is not None and row.account_id == account_id)
        )
        if row is None or not holds:
            raise not_found(
                "pairing_not_found",
                f"no pairing request {request_id!r} of yours (send its token, or sign in)",
            )
        return row

    async def read(
        self, request_id: str, token: str | None, account_id: str | None
    ) -> dict[str, Any]:
        """The request as its holder sees it; a guest's first read once paired holds
        its seat token."""
        self.reading.hit(request_id)
        row = await self.mine(request_id, token, account_id)
        seat_token = None
        guest_paired = row.table_id is not None and row.seat_token_hash is not None
        if guest_paired and token is not None and await self.core.db(self.store.hand_token, row.id):
            seat_token = seat_token_for(token)
        return self.describe(row, seat_token)

    async def cancel(
        self, request_id: str, token: str | None, account_id: str | None
    ) -> dict[str, Any]:
        """Cancel a waiting request; one already paired (or being paired) stays so."""
        row = await self.mine(request_id, token, account_id)
        if not await self.core.db(self.store.cancel, row.id):
            now = await self.core.db(self.store.get, row.id)
            assert now is not None
            status = "being paired" if now.status == CLAIMED else self.status(now)
            raise conflict(
                "pairing_not_waiting",
                f"pairing request {request_id!r} is {status}: it can no longer be cancelled",
                status=status,
            )
        cancelled = await self.core.db(self.store.get, row.id)
        assert cancelled is not None
        return self.describe(cancelled, None)

    async def looking(self) -> dict[str, int]:
        return await self.core.db(self.store.looking, self.clock())

    def status(self, row: PairingRow) -> str:
        """What a reader is told: a claim under way is still waiting, and a request
        past its time has expired even before a matcher's round says so."""
        if row.status == CLAIMED:
            return WAITING
        if row.status == WAITING and aware(row.expires_at) <= self.clock():
            return "expired"
        return row.status

    def describe(self, row: PairingRow, seat_token: str | None) -> dict[str, Any]:
        return {
            "id": row.id,
            "game": row.game,
            "players": row.players,
            "clock_seconds": row.clock_seconds,
            "rated": row.rated,
            "status": self.status(row),
            "rating": row.rating,
            "rating_min": row.rating_min,
            "rating_max": row.rating_max,
            "bots_after": row.bots_after,
            "bot_level": row.bot_level,
            "created_at": aware(row.created_at),
            "expires_at": aware(row.expires_at),
            "table": row.table_id,
            "seat": row.seat,
            "seat_token": seat_token,
        }

    # ------------------------------------------------------------ the matcher

    async def run(self) -> None:
        """This process's matcher: a round at once when asked here, else when the
        last round said one has something to do (the module's docstring)."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.pause)
            self.wake.clear()
            await surviving(self._round)

    async def _round(self) -> None:
        await self.round()

    async def round(self) -> int:
        """Pair what can be paired now; the tables made."""
        async with self._one_round:
            now = self.clock()
            await self.core.db(self.store.tidy, now)
            claimed: list[tuple[list[PairingRow], str]] = []
            for candidate in await self.core.db(self.store.candidates, now):
                claim = secrets.token_hex(8)
                until = now + timedelta(seconds=CLAIM_SECONDS)
                groups = await self.core.db(
                    self.store.claim, candidate.key, now, claim, until, CLAIM_LIMIT, form_groups
                )
                claimed += [(group, claim) for group in groups]
            # The tables are made side by side: made one after another, each waiting
            # its turn on the database's threads behind the decisions being played,
            # the last group of a busy round waited seconds (bench/pairing.py).
            seating = asyncio.Semaphore(SEATING)

            async def seat(group: list[PairingRow], claim: str) -> int:
                async with seating:
                    return await self.seat(group, claim, now)

            made = sum(await asyncio.gather(*(seat(group, claim) for group, claim in claimed)))
            moment = await self.core.db(self.store.next_moment, now)
            longest = self.core.settings.pairing_round_seconds
            ahead = longest if moment is None else (moment - self.clock()).total_seconds()
            # A moment just passed (a claim ends at it, and is handed back after it):
            # a short pause rather than a round after round.
            self.pause = min(max(ahead, SHORTEST_PAUSE), longest)
            return made

    async def seat(self, group: list[PairingRow], claim: str, now: datetime) -> int:
        """Make, start and hand out a group's table; 1 if made.  A failure hands the
        claim's requests back to the pool (logged: it is the server's, not theirs)."""
        first = group[0]
        due = [row for row in group if bots_due(row, now)]
        level = (due[0] if due else first).bot_level or "casual"
        names = seat_names(group)
        specs = [
            SeatSpec(
                "human",
                name=name,
                member=Member(row.account_id, row.name, row.bot) if row.account_id else None,
                token_hash=row.seat_token_hash,
            )
            for row, name in zip(group, names, strict=True)
        ]
        specs += [SeatSpec("bot", level=level)] * (first.players - len(group))
        client = f"pairing:{first.person}"
        try:
            created = await self.service.create(
                first.game,
                {},
                specs,
                first.clock_seconds,
                client,
                rated=first.rated,
                limited=False,
            )
            await self.service.start(created.live.id, created.host_token, client)
        except ApiError:
            log.exception("a paired table could not be made; its requests wait again")
            await self.core.db(self.store.release, claim)
            return 0
        seats = {row.id: position for position, row in enumerate(group)}
        await self.core.db(self.store.paired, claim, seats, created.live.id, self.clock())
        return 1


def seat_names(group: Sequence[PairingRow]) -> list[str]:
    """The seats' names: the accounts' own, the guests' as asked unless two look
    alike, then numbered (``Guest 2``) so the table can be made."""
    names = [row.name for row in group]
    try:
        check_distinct(names)
    except ApiError:
        names = [
            row.name if row.account_id else f"{GUEST_NAME} {position + 1}"
            for position, row in enumerate(group)
        ]
    return names
