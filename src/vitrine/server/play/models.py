"""The tables' own tables: a table is its seats plus the record of its game.

A game is stored as its record, not as a position: the seed, the options, the
players, the rules version it was started under and every accepted decision
in the game's notation.  Replaying those
rebuilds any table after a restart, and one row per decision is what makes
"committed before broadcast" a single small insert.  Beside them: chat
lines, the lease of the process running a table, and ``game_challenges`` (a
seat reserved for an account, which accepts or declines it).
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from vitrine.server.accounts.models import AccountRow  # noqa: F401  (seats.account_id, game_challenges)
from vitrine.server.orm import Base, utcnow


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


class LeaseRow(Base):
    """Which server process runs a table's bots and clock, until when.

    The owner renews its leases well before they expire; a process that dies
    stops renewing, and another takes its tables over once they expire.
    """

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


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
