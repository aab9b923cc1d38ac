"""Accounts as the API sees them: signing up and in, sessions, the person's own data.

Everything here follows OWASP ASVS 5.0 where it speaks (V6 authentication, V7
session management): passwords judged and hashed in ``passwords.py``; a
session is an opaque random cookie (32 bytes from ``secrets``) whose SHA-256
alone is stored; a sign-in always starts a new session and ends the one the
browser came with (no fixation); a session ends ``session_days`` after its
sign-in or ``session_idle_days`` after its last use; a person lists their
sessions and ends any or all.  Failed sign-ins are limited per client, per
client and account, and per account (all clients together, a slower
budget: a stranger's guesses from one address do not lock the owner out at
another, and a passkey always signs in), whether or not the name exists (an
unknown name is counted under its case-folded look-alike key), and an
unknown name gets the same refusal after the same work (a decoy hash is
checked) as a wrong password.  Changing the password or deleting the
account asks for the password again, limited per account the same way.
These limits live in the database (``ratelimit.SharedLimit``): every process
counts in one place, a restart forgets nothing, and an attempt is counted
*before* its password is hashed, so a burst of them at once gets no more
tries than one after another; a right password gives its count back.
"""

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, TypeVar

from sqlalchemy import Engine
from starlette.concurrency import run_in_threadpool

from vitrine.server.accounts.models import AccountRow, PasskeyRow, SessionRow
from vitrine.server.accounts.passwords import (
    check_password,
    hash_password,
    needs_rehash,
    password_matches,
)
from vitrine.server.accounts.store import AccountStore, NameTakenError, SignedIn
from vitrine.server.errors import ApiError, conflict, not_found
from vitrine.server.names import clean_name, likeness
from vitrine.server.orm import aware, utcnow
from vitrine.server.ratelimit import SharedLimit, SharedLimits
from vitrine.server.settings import Settings

T = TypeVar("T")
AGENT_LENGTH = 120


def cookie_hash(cookie: str) -> str:
    """What the database keeps of a session cookie: a leaked table signs nobody in."""
    return hashlib.sha256(cookie.encode()).hexdigest()


def new_id() -> str:
    return secrets.token_urlsafe(12)


@dataclass(frozen=True)
class Started:
    """A new session: its account, and the cookie's value (its only copy)."""

    account: AccountRow
    cookie: str


def sign_in_failed() -> ApiError:
    """The one refusal of a sign-in, whatever was wrong: the name or the password."""
    return ApiError(401, "the name or the password is wrong", "sign_in_failed")


def name_taken() -> ApiError:
    return conflict(
        "name_taken",
        "an account already has this name, had it, or has one that looks like it: choose another",
    )


@dataclass(frozen=True)
class Changed:
    """An account changed; with a new password, the session that changed it
    (``started``: a new id, every other session ended)."""

    account: AccountRow
    started: Started | None


def password_needed() -> ApiError:
    return ApiError(401, "the password is wrong: this change asks for it", "password_wrong")


class Accounts:
    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.store = AccountStore(engine)
        self.settings = settings
        self.limits = SharedLimits(engine)
        self.sign_ups = SharedLimit("sign_ups", settings.sign_ups)
        self.failures = SharedLimit("sign_ins", settings.failed_sign_ins, "sign_in_limited")
        self.failures_here = SharedLimit(
            "sign_ins_here", settings.failed_sign_ins_per_address_name, "sign_in_limited"
        )
        self.failures_per_name = SharedLimit(
            "sign_ins_name", settings.failed_sign_ins_per_name, "sign_in_limited"
        )
        self.reauths = SharedLimit("reauths", settings.failed_reauths, "password_limited")
        self.lifetime = timedelta(days=settings.session_days)
        self.idle = timedelta(days=settings.session_idle_days)

    async def _db(self, call: Callable[..., T], *args: Any) -> T:
        return await run_in_threadpool(call, *args)

    # ------------------------------------------------------------ in and out

    async def sign_up(
        self, name: str, password: str, language: str, client: str, agent: str, old: str | None
    ) -> Started:
        """A new account with a password, signed in."""
        cleaned = clean_name(name)
        check_password(password, cleaned)
        # counted before the work, taken names too: a burst gets no more accounts
        await self.limits.reserve((self.sign_ups, client))
        hashed = await self._db(hash_password, password)
        account = AccountRow(id=new_id(), name=cleaned, password_hash=hashed, language=language)
        try:
            await self._db(self.store.create, account, likeness(cleaned))
        except NameTakenError:
            raise name_taken() from None
        return await self.start(account, "password", agent, old)

    async def sign_in(
        self, name: str, password: str, client: str, agent: str, old: str | None
    ) -> Started:
        """A new session for the account of ``name`` (its current name, as typed
        or a look-alike of it), if ``password`` is its password."""
        keys = typed_keys(name)
        account = await self._db(self.store.by_keys, keys)
        # whose tries these are: the account the name resolves to, however typed
        who = f"account {account.id}" if account is not None else "name " + name_key(name)
        attempt = (
            (self.failures, client),
            (self.failures_here, f"{client} {who}"),
            (self.failures_per_name, who),
        )
        await self.limits.reserve(*attempt)  # before the hash: a burst waits its turn
        if account is not None and not (account.name and likeness(account.name) & keys):
            account = None  # an old name: it resolves to the account, but signs nobody in
        stored = None if account is None else account.password_hash
        matches = await self._db(password_matches, stored, password)  # the same work either way
        if account is None or not matches:
            raise sign_in_failed()
        await self.limits.give_back(*attempt)  # only failures count
        if stored is not None and needs_rehash(stored):
            rehashed = await self._db(hash_password, password)
            await self._db(self.store.update, account.id, {"password_hash": rehashed})
        return await self.start(account, "password", agent, old)

    async def start(self, account: AccountRow, method: str, agent: str, old: str | None) -> Started:
        """A new session for ``account``; the browser's old one (``old``) ends."""
        cookie = secrets.token_urlsafe(32)
        now = utcnow()
        row = SessionRow(
            id_hash=cookie_hash(cookie),
            handle=secrets.token_urlsafe(12),
            account_id=account.id,
            created_at=now,
            seen_at=now,
            expires_at=now + self.lifetime,
            agent=agent[:AGENT_LENGTH],
            method=method,
        )
        await self._db(self.store.add_session, row, None if old is None else cookie_hash(old))
        return Started(account, cookie)

    async def signed_in(self, cookie: str | None) -> SignedIn | None:
        """The live session of this cookie, or None."""
        if not cookie:
            return None
        return await self._db(self.store.signed_in, cookie_hash(cookie), utcnow(), self.idle)

    async def sign_out(self, signed: SignedIn) -> None:
        await self._db(self.store.end_session, signed.account.id, signed.handle)

    # ------------------------------------------------------------ sessions

    async def sessions(self, signed: SignedIn) -> list[dict[str, Any]]:
        rows = await self._db(self.store.sessions, signed.account.id)
        return [
            {
                "handle": row.handle,
                "current": row.handle == signed.handle,
                "created_at": aware(row.created_at).isoformat(),
                "seen_at": aware(row.seen_at).isoformat(),
                "expires_at": min(
                    aware(row.expires_at), aware(row.seen_at) + self.idle
                ).isoformat(),
                "agent": row.agent,
                "method": row.method,
            }
            for row in rows
        ]

    async def end_session(self, signed: SignedIn, handle: str) -> None:
        if not await self._db(self.store.end_session, signed.account.id, handle):
            raise not_found("session_not_found", "this account has no such session")

    async def end_sessions(self, signed: SignedIn) -> int:
        """Sign out everywhere, this browser included."""
        return await self._db(self.store.end_sessions, signed.account.id, None)

    # ------------------------------------------------------------ the account

    def describe(self, account: AccountRow) -> dict[str, Any]:
        return {
            "id": account.id,
            "name": account.name,
            "language": account.language,
            "created_at": aware(account.created_at).isoformat(),
            "has_password": account.password_hash is not None,
            "bot": account.bot,
        }

    async def change(
        self,
        signed: SignedIn,
        name: str | None,
        language: str | None,
        password: str | None,
        current_password: str | None,
        agent: str = "",
    ) -> Changed:
        """Change the account's name, language or password (a new password asks
        for the current one, ends every other session, and gives the session
        that changed it a new id)."""
        account = signed.account
        started = None
        if password is not None:
            await self.confirm(signed, current_password or "")
            check_password(password, name or account.name or "")
            hashed = await self._db(hash_password, password)
            await self._db(self.store.update, account.id, {"password_hash": hashed})
            await self._db(self.store.end_sessions, account.id, None)
            if signed.handle is not None:  # a browser's session, not an API token
                started = await self.start(account, "password", agent, None)
        if name is not None:
            cleaned = clean_name(name)
            if cleaned != account.name:
                try:
                    await self._db(self.store.rename, account.id, cleaned, likeness(cleaned))
                except NameTakenError:
                    raise name_taken() from None
        if language is not None:
            await self._db(self.store.update, account.id, {"language": language})
        changed = await self._db(self.store.by_id, account.id)
        assert changed is not None
        if started is not None:
            started = Started(changed, started.cookie)
        return Changed(changed, started)

    async def confirm(self, signed: SignedIn, password: str) -> None:
        """Refuse a step that needs the password again (a new password, erasing
        the account) unless ``password`` is the account's; wrong ones are
        limited per account like sign-ins, counted before the hash."""
        attempt = (self.reauths, signed.account.id)
        await self.limits.reserve(attempt)
        if not await self._db(password_matches, signed.account.password_hash, password):
            raise password_needed()
        await self.limits.give_back(attempt)

    async def export(self, signed: SignedIn) -> dict[str, Any]:
        """Everything kept about the account (never a secret: no hash, no cookie)."""
        account = signed.account
        names = await self._db(self.store.names, account.id)
        return {
            "account": self.describe(account),
            "names": [{"name": name, "since": since.isoformat()} for name, since in names],
            "sessions": await self.sessions(signed),
            "passkeys": await self.passkeys(signed),
        }

    async def passkeys(self, signed: SignedIn) -> list[dict[str, Any]]:
        rows = await self._db(self.store.passkeys, signed.account.id)
        return [passkey_info(row) for row in rows]

    async def resolve(self, name: str) -> AccountRow | None:
        """The account a name (current, old, or a look-alike of one) belongs to."""
        account = await self._db(self.store.by_keys, typed_keys(name))
        return None if account is None or account.deleted_at is not None else account


def typed_keys(name: str) -> set[str]:
    """The look-alike keys of a name as typed; one that is not a valid name still
    gets keys (it then matches no account), so it is refused like any other."""
    try:
        return likeness(clean_name(name))
    except ApiError:
        return {"invalid:" + hashlib.sha256(name.encode("utf-8", "replace")).hexdigest()}


def name_key(name: str) -> str:
    """One key for a name however it is cased: its case-folded look-alike key
    (``Bo``, ``BO`` and ``bo`` are one name to the limits)."""
    return min(typed_keys(name.casefold()))


def passkey_info(row: PasskeyRow) -> dict[str, Any]:
    return {
        "id": row.credential_id,
        "label": row.label,
        "created_at": aware(row.created_at).isoformat(),
        "used_at": None if row.used_at is None else aware(row.used_at).isoformat(),
    }
