"""The database schema: a table is its seats plus the record of its game.

A game is stored as its record, not as a position: the seed, the options, the
players, the rules version it was started under and every accepted decision
in the game's notation.  Replaying those
rebuilds any table after a restart, and one row per decision is what makes
"committed before broadcast" a single small insert.
"""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Double,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every time stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table.  ``seed`` is secret while the game runs: it deals the stock.

    With a clock, a human seat that lets ``clock_seconds`` pass without a
    decision is handed to a bot.  ``seats_open``: anyone may claim an empty
    human seat from the lobby (else only invitation links fill them).
    ``rematch_of``: the finished table this one replays with the same seats.
    ``hints``: the host let players ask the coach for hints, which the table
    and the record say.  ``version`` counts the table's changes: every write
    checks it and adds one, so that of several server processes, one whose
    copy is behind is refused instead of overwriting (``store.Behind``).
    ``watched_until``: some process has someone watching the table until then.
    """

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    # The rules it plays to the end, though the server be upgraded; NULL in no
    # row (revision 0004 filled the older ones), nullable only for SQLite's sake.
    rules_version: Mapped[str] = mapped_column(String(40), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    clock_seconds: Mapped[int | None] = mapped_column(Integer)  # per decision; None: no clock
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    creator: Mapped[str | None] = mapped_column(String(16))  # a hash of the creator's address
    seats_open: Mapped[bool] = mapped_column(default=False)
    rematch_of: Mapped[str | None] = mapped_column(String(32), index=True, unique=True)
    hints: Mapped[bool] = mapped_column(default=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
    watched_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # A rated table: every human seat an account's; its result moves their ratings.
    rated: Mapped[bool] = mapped_column(default=False)
    # When the game ended, and each seat's rank then (1 first, ties share one).
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ranks: Mapped[list[int] | None] = mapped_column(JSON)
    # The account that created the table, signed in: it is the host as the host token is.
    # (No foreign key: see revision 0009; an account's row is never deleted.)
    host_account_id: Mapped[str | None] = mapped_column(String(32))
    # Turn-based play (revision 0011).  ``on_timeout``: what a missed deadline does,
    # ``bot`` (a bot takes the seat) or ``end`` (the game ends, the seat that missed
    # it last: ``timed_out``).  ``turn_account_id``: the account whose decision the
    # table awaits, written with every change that moves the turn, so that counting
    # a person's waiting games is one indexed query.
    on_timeout: Mapped[str] = mapped_column(String(8), default="bot", server_default="bot")
    timed_out: Mapped[int | None] = mapped_column(Integer)
    turn_account_id: Mapped[str | None] = mapped_column(String(32), index=True)
    seats: Mapped[list["SeatRow"]] = relationship(
        order_by="SeatRow.position", cascade="all, delete-orphan", lazy="selectin"
    )


class SeatRow(Base):
    """A seat: a human (who holds the token) or a bot of some level.

    ``substituted`` marks a human seat handed to a bot mid-game, so the result
    can say so; ``substituted_after`` (the record's turns begun by then) and
    ``substituted_why`` (left, timeout, host) go into the record as its
    ``substitutes``.
    """

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(40))
    name: Mapped[str | None] = mapped_column(String(40))
    token_hash: Mapped[str | None] = mapped_column(String(64))
    substituted: Mapped[bool] = mapped_column(default=False)
    substituted_after: Mapped[int | None] = mapped_column(Integer)
    substituted_why: Mapped[str | None] = mapped_column(String(8))
    # The account of a signed-in player who took the seat (None: a guest, a bot).
    account_id: Mapped[str | None] = mapped_column(
        ForeignKey("accounts.id", name="fk_seats_account_id"), index=True
    )
    # Its account is a bot's (bot API, revision 0014): an account is marked before
    # it holds any seat, so the seat says it once, as it says the name.
    bot: Mapped[bool] = mapped_column(default=False)

    def with_changes(self, **changes: Any) -> "SeatRow":
        """A copy with ``changes``: written first, so memory changes only once the database has."""
        columns = {column.key: getattr(self, column.key) for column in self.__table__.columns}
        return SeatRow(**(columns | changes))


class NumberedLine:
    """A line of a table's history, numbered from 1 and said by a seat: the
    primary key refuses a second line at the same number."""

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ActionRow(NumberedLine, Base):
    """One accepted decision, in notation."""

    __tablename__ = "actions"


class ChatRow(NumberedLine, Base):
    """One line of a table's chat, said by a seat; kept with the table."""

    __tablename__ = "chat_messages"


class ReviewRow(Base):
    """A finished table's review by the coach, kept so nobody waits for it twice."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)


class LeaseRow(Base):
    """Which server process runs a table's bots and clock, until when.

    The owner renews its leases well before they expire; a process that dies
    stops renewing, and another takes its tables over once they expire.
    """

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ReviewJobRow(Base):
    """A review by the coach on its way (or an uploaded record's, done), readable by
    every server process: the one running it renews ``expires_at`` like a lease,
    so a review whose process died is known as interrupted."""

    __tablename__ = "review_jobs"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    error: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# ------------------------------------------------------------ accounts
#
# The accounts' tables: a person, their names, sessions and passkeys.
#
# An account's ``id`` never changes; its name may.  Every name an account has
# had stays in ``account_names`` with the look-alike keys that reserve it, so a
# name in an old record still resolves to its account and nobody else can take
# it (or a name that looks like it).  Secrets are stored as what cannot act for
# anyone: a password as its argon2id hash, a session as the SHA-256 of its
# cookie, a passkey as its public key.  A deleted account keeps its row, with
# every personal field erased (``deleted_at`` set): finished games still name a
# seat's account, and the ratings of the people it played stay reproducible.


class AccountRow(Base):
    """A person who signed up.  ``name`` is None once the account is deleted."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    language: Mapped[str] = mapped_column(String(8), default="en")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Marked a bot by its owner (bot API, revision 0014): for good, before any game.
    bot: Mapped[bool] = mapped_column(default=False)


class AccountNameRow(Base):
    """A look-alike key of a name an account has had (``likeness``): the primary
    key refuses a second account whose name looks the same, in one insert."""

    __tablename__ = "account_names"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SessionRow(Base):
    """A signed-in browser.  ``id_hash`` is the SHA-256 of the cookie's value;
    ``handle`` names the session in lists and revocations (it cannot sign in)."""

    __tablename__ = "account_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    handle: Mapped[str] = mapped_column(String(24), unique=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    agent: Mapped[str] = mapped_column(String(120), default="")  # the browser, as it said
    method: Mapped[str] = mapped_column(String(16))  # how it signed in: password, passkey


class PasskeyRow(Base):
    """A WebAuthn credential: its id and public key, as the authenticator gave them."""

    __tablename__ = "passkeys"

    credential_id: Mapped[str] = mapped_column(String(400), primary_key=True)  # base64url
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    transports: Mapped[list[Any]] = mapped_column(JSON, default=list)
    label: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ChallengeRow(Base):
    """A WebAuthn ceremony under way: the challenge the server sent, kept until
    the browser answers (any server process may get the answer) or it expires."""

    __tablename__ = "passkey_challenges"

    handle: Mapped[str] = mapped_column(String(48), primary_key=True)
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    purpose: Mapped[str] = mapped_column(String(16))  # register, sign_in
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# ------------------------------------------------------------ ratings
#
# Ratings move only when a rated table ends, in the transaction that commits
# its last decision: ``rated_games`` numbers those tables in the order their
# ratings were applied, ``rating_changes`` keeps each rated seat's rating
# before and after, and ``ratings`` each (game, account)'s current one.
# ``vitrine ratings rebuild`` replays the records in that order and must find
# the same figures (vitrine.ratings: ``apply`` folded over the games).


class RatedGameRow(Base):
    __tablename__ = "rated_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), unique=True)
    game: Mapped[str] = mapped_column(String(40))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChangeRow(Base):
    __tablename__ = "rating_changes"

    rated_game_id: Mapped[int] = mapped_column(ForeignKey("rated_games.id"), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu_after: Mapped[float] = mapped_column(Double)
    sigma_after: Mapped[float] = mapped_column(Double)


class RatingRow(Base):
    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


# ------------------------------------------------------------ bot API (revision 0014)
#
# An account marked as a bot (``accounts.bot``, for good) plays through API
# tokens: ``api_tokens`` keeps each token's SHA-256, never the token, with its
# scopes and when it was last used.  ``game_challenges`` is a seat reserved
# for an account at a table a person made: the account accepts it (takes the
# seat) or declines it (the table is called off).


class ApiTokenRow(Base):
    """A personal API token of a (bot) account: ``handle`` names it in lists
    and revocations; ``token_hash`` is the SHA-256 of the token itself."""

    __tablename__ = "api_tokens"

    handle: Mapped[str] = mapped_column(String(24), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    label: Mapped[str] = mapped_column(String(60))
    scopes: Mapped[list[str]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class GameChallengeRow(Base):
    """A seat of a table reserved for an account (``account_id``) by the person
    who made the table (``by_account_id``): pending, accepted or declined."""

    __tablename__ = "game_challenges"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    by_account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    status: Mapped[str] = mapped_column(String(16))  # pending, accepted, declined
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


# ------------------------------------------------------------ quick pairing
#
# A person asking for a game (``server/pairing.py``).  Requests live here, not
# in a process's memory, so that every process pairs from the same pool and a
# restart loses none: a matcher claims a group of compatible requests in one
# transaction (``status`` waiting -> claimed, on PostgreSQL with FOR UPDATE SKIP
# LOCKED), makes their table, and marks them paired.  ``key`` is the
# compatibility key (game, players, clock, rated): requests are only ever
# compared within one key.


class PairingRow(Base):
    __tablename__ = "pairing_requests"
    __table_args__ = (
        Index("ix_pairing_waiting", "status", "key", "created_at"),
        Index("ix_pairing_expiring", "status", "expires_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    key: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    clock_seconds: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(default=False)
    status: Mapped[str] = mapped_column(String(16))  # waiting, claimed, paired, expired, cancelled
    # Who asks: an account, or a guest holding the request's token (stored hashed).
    # ``person`` is the account's id or the guest's hashed address: open requests
    # are counted per person, and the lobby counts people, not requests.
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    bot: Mapped[bool] = mapped_column(default=False)  # the account is a bot's: its seat says so
    token_hash: Mapped[str | None] = mapped_column(String(64))
    person: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str] = mapped_column(String(40))  # the seat's name
    # The guest's seat token is derived from the request token, which only the
    # guest holds: the seat is made with this hash, and no seat token is stored.
    seat_token_hash: Mapped[str | None] = mapped_column(String(64))
    rating: Mapped[int | None] = mapped_column(Integer)  # shown rating when asked (accounts)
    rating_min: Mapped[int | None] = mapped_column(Integer)
    rating_max: Mapped[int | None] = mapped_column(Integer)
    bots_after: Mapped[int | None] = mapped_column(Integer)  # seconds; None: never
    bots_due: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    bot_level: Mapped[str | None] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # A claim under way: which matcher, until when (after that, back to waiting).
    claim: Mapped[str | None] = mapped_column(String(32))
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    paired_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    table_id: Mapped[str | None] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer)
    token_handed: Mapped[bool] = mapped_column(default=False)  # the guest's seat token, once


# ------------------------------------------------------------ notifications
#
# What a person asked to be told, and how (vitrine.server.notifications):
# ``notification_choices`` holds one row per (account, kind, channel) turned
# on (none: everything off, the default); ``account_emails`` the address a
# person gave, verified or not (its verification token stored as a SHA-256);
# ``push_subscriptions`` a browser's Web Push endpoint and keys;
# ``notification_outbox`` every message to send, written once per event,
# recipient and channel (``key`` is unique), and claimed by one sender at a
# time like a lease; ``server_secrets`` the keys a server generates once and
# every process shares (the VAPID key and the unsubscribe links' secret, when
# the settings give none).


class NotificationChoiceRow(Base):
    __tablename__ = "notification_choices"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)  # turn, ended, invited, chat
    channel: Mapped[str] = mapped_column(String(8), primary_key=True)  # email, push


class AccountEmailRow(Base):
    __tablename__ = "account_emails"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    verified_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    token_expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PushSubscriptionRow(Base):
    __tablename__ = "push_subscriptions"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class OutboxRow(Base):
    __tablename__ = "notification_outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200), unique=True)  # event:recipient:channel
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    channel: Mapped[str] = mapped_column(String(8))
    target: Mapped[str | None] = mapped_column(String(24))  # a push subscription's id
    kind: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[str | None] = mapped_column(String(32))  # the table it is about
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(8), index=True)  # due, sent, failed, dropped
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    claimed_by: Mapped[str | None] = mapped_column(String(200))
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    error: Mapped[str | None] = mapped_column(String(200))  # the last failure, without secrets


class ServerSecretRow(Base):
    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


# What erasing an account deletes of its notifications (accounts/store.py).
NOTIFICATION_ROWS = (NotificationChoiceRow, AccountEmailRow, PushSubscriptionRow, OutboxRow)
