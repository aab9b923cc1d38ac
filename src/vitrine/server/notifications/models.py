"""The notifications' tables.

What a person asked to be told, and how (vitrine.server.notifications):
``notification_choices`` holds one row per (account, kind, channel) turned
on (none: everything off, the default); ``account_emails`` the address a
person gave, verified or not (its verification token stored as a SHA-256);
``push_subscriptions`` a browser's Web Push endpoint and keys;
``notification_outbox`` every message to send, written once per event,
recipient and channel (``key`` is unique), and claimed by one sender at a
time like a lease; ``server_secrets`` the keys a server generates once and
every process shares (the VAPID key and the unsubscribe links' secret, when
the settings give none).
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from vitrine.server.accounts.models import AccountRow  # noqa: F401  (foreign keys)
from vitrine.server.orm import Base, utcnow


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
