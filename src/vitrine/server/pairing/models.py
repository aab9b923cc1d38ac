"""The quick-pairing requests' table.

A person asking for a game (``server/pairing/``).  Requests live here, not
in a process's memory, so that every process pairs from the same pool and a
restart loses none: a matcher claims a group of compatible requests in one
transaction (``status`` waiting -> claimed, on PostgreSQL with FOR UPDATE SKIP
LOCKED), makes their table, and marks them paired.  ``key`` is the
compatibility key (game, players, clock, rated): requests are only ever
compared within one key.
"""

from datetime import datetime

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from vitrine.server.accounts.models import AccountRow  # noqa: F401  (pairing_requests.account_id)
from vitrine.server.orm import Base


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
