"""The accounts' tables: a person, their names, sessions, passkeys and API tokens.

An account's ``id`` never changes; its name may.  Every name an account has
had stays in ``account_names`` with the look-alike keys that reserve it, so a
name in an old record still resolves to its account and nobody else can take
it (or a name that looks like it).  Secrets are stored as what cannot act for
anyone: a password as its argon2id hash, a session as the SHA-256 of its
cookie, a passkey as its public key, an API token as its SHA-256 (with its
scopes and last use).  A deleted account keeps its row, with every personal
field erased (``deleted_at`` set): finished games still name a seat's
account, and the ratings of the people it played stay reproducible.  An
account marked as a bot (``accounts.bot``, for good) plays through its API
tokens.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from vitrine.server.orm import Base, utcnow


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
