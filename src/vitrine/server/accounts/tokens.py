"""Personal API tokens, as lichess has them: a (bot) account acts by a program.

A token is ``vitrine_`` and 43 random characters (256 bits from ``secrets``):
the prefix tells it from a seat token (both travel as ``Authorization:
Bearer``), and names it to secret scanners.  Being random, not chosen, its
SHA-256 is all the database needs to keep (``api_tokens.token_hash``); the
token itself is in the one answer that creates it.  A token is looked up on
every request, so a revoked one is refused at once (401 ``token_invalid``);
each has scopes (``scopes.py``), a rate limit of its own
(``api_token_requests``) and its last use, kept at most once a minute.

Only bot accounts get tokens: a token plays for its account without a person
at the keyboard, which is what marking an account as a bot announces to
everyone it plays (``players/bot_accounts.py``).
"""

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, delete, func, select, update
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from vitrine.server.accounts.models import AccountRow, ApiTokenRow
from vitrine.server.accounts.scopes import SCOPES, check_scope
from vitrine.server.errors import ApiError, conflict, not_found
from vitrine.server.orm import aware, utcnow
from vitrine.server.ratelimit import RateLimit, SharedLimit, SharedLimits, moving_window
from vitrine.server.settings import Settings

PREFIX = "vitrine_"
SEEN_EVERY = timedelta(minutes=1)


def is_api_token(value: str) -> bool:
    """An API token, not a seat or host token (24 random base64url characters:
    one starts with the prefix once in 2**48)."""
    return value.startswith(PREFIX)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_invalid() -> ApiError:
    return ApiError(401, "this API token is unknown or was revoked", "token_invalid")


@dataclass(frozen=True)
class TokenUse:
    """A request's token: its row and its account."""

    token: ApiTokenRow
    account: AccountRow


class TokenStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, row: ApiTokenRow, most: int) -> bool:
        """Keep a new token unless the account holds ``most`` already."""
        with Session(self.engine, expire_on_commit=False) as session:
            held = session.scalar(
                select(func.count()).where(ApiTokenRow.account_id == row.account_id)
            )
            if (held or 0) >= most:
                return False
            session.add(row)
            session.commit()
            return True

    def of(self, account_id: str) -> list[ApiTokenRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(
                    select(ApiTokenRow)
                    .where(ApiTokenRow.account_id == account_id)
                    .order_by(ApiTokenRow.created_at)
                )
            )

    def remove(self, account_id: str, handle: str) -> bool:
        with Session(self.engine) as session:
            removed = session.execute(
                delete(ApiTokenRow).where(
                    ApiTokenRow.account_id == account_id, ApiTokenRow.handle == handle
                )
            ).rowcount  # type: ignore[attr-defined]  # (a CursorResult)
            session.commit()
            return bool(removed)

    def use(self, digest: str, now: datetime) -> TokenUse | None:
        """The live token of this hash and its account, its last use moved on."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.scalars(
                select(ApiTokenRow).where(ApiTokenRow.token_hash == digest)
            ).first()
            if row is None:
                return None
            account = session.get(AccountRow, row.account_id)
            if account is None or account.deleted_at is not None:
                return None
            if row.used_at is None or now - aware(row.used_at) >= SEEN_EVERY:
                session.execute(
                    update(ApiTokenRow).where(ApiTokenRow.handle == row.handle).values(used_at=now)
                )
                session.commit()
                row.used_at = now
            return TokenUse(row, account)


def token_info(row: ApiTokenRow) -> dict[str, Any]:
    return {
        "id": row.handle,
        "label": row.label,
        "scopes": list(row.scopes),
        "created_at": aware(row.created_at).isoformat(),
        "used_at": None if row.used_at is None else aware(row.used_at).isoformat(),
    }


class Tokens:
    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.store = TokenStore(engine)
        self.most = settings.api_tokens_per_account
        # a live token's requests are counted in memory (a bot's every move: no
        # database round trip); unknown tokens, in the database, per client
        self.requests = RateLimit("api_token", settings.api_token_requests, moving_window())
        self.limits = SharedLimits(engine)
        self.failures = SharedLimit("api_token_failures", settings.api_token_failures)

    async def create(self, account: AccountRow, label: str, scopes: list[str]) -> dict[str, Any]:
        """A new token for a bot account: its description and, this once, the token."""
        if not account.bot:
            raise conflict(
                "token_needs_bot",
                "API tokens are for bot accounts: mark this account as a bot first",
            )
        token = PREFIX + secrets.token_urlsafe(32)
        row = ApiTokenRow(
            handle=secrets.token_urlsafe(12),
            token_hash=token_digest(token),
            account_id=account.id,
            label=label,
            scopes=sorted(set(scopes) & set(SCOPES)),
            created_at=utcnow(),
        )
        if not await run_in_threadpool(self.store.add, row, self.most):
            raise conflict(
                "tokens_full",
                f"this account holds {self.most} API tokens, the most it may: revoke one first",
                most=self.most,
            )
        return {**token_info(row), "token": token}

    async def listed(self, account_id: str) -> list[dict[str, Any]]:
        return [token_info(row) for row in await run_in_threadpool(self.store.of, account_id)]

    async def revoke(self, account_id: str, handle: str) -> None:
        if not await run_in_threadpool(self.store.remove, account_id, handle):
            raise not_found("token_not_found", "this account has no such API token")

    async def use(self, token: str, needed: frozenset[str], client: str = "unknown") -> TokenUse:
        """The account a token acts for where one of the ``needed`` scopes is
        asked, counted against the token's rate limit; refused if the token is
        unknown or revoked (401, counted against the client's failures: 429
        once they are spent), or lacks the scope (403, counting nothing)."""
        used = await run_in_threadpool(self.store.use, token_digest(token), utcnow())
        if used is None:
            await self.limits.reserve((self.failures, client))
            raise token_invalid()
        check_scope(used.token.scopes, needed)
        self.requests.hit(used.token.handle)
        return used
