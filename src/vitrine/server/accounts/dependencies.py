"""How a request is signed in: the session cookie, read once per request, and
the Origin check every write the cookie authenticates must pass; or an API
token (``Authorization: Bearer vitrine_...``, ``tokens.py``), for the routes
that declare a scope it holds (``scopes.py``).

A browser sends the cookie with every request to this site, including those
another site's page makes it send; so a write that the cookie authenticates
must name this site as its Origin (cross-site request forgery), and one that
names no Origin is refused (every browser names it on a write).  A token is
no cookie: no browser adds it by itself, so a request it authenticates has no
Origin to check (and its cookie, if any, is not read).
"""

from typing import Annotated

from fastapi import Depends, Request, Response

from vitrine.server.accounts.passkeys import Passkeys
from vitrine.server.accounts.scopes import declared_scopes
from vitrine.server.accounts.service import Accounts
from vitrine.server.accounts.store import SignedIn
from vitrine.server.accounts.tokens import Tokens, is_api_token
from vitrine.server.errors import ApiError, forbidden
from vitrine.server.http import client_of
from vitrine.server.origins import foreign_origin
from vitrine.server.settings import Settings

COOKIE = "vitrine_session"
SAFE = {"GET", "HEAD", "OPTIONS"}


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def passkeys_of(request: Request) -> Passkeys:
    passkeys: Passkeys = request.app.state.passkeys
    return passkeys


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def origin_refused() -> ApiError:
    return forbidden(
        "origin_refused",
        "this request must come from this site's own pages (its Origin is another site's, "
        "or missing)",
    )


def same_site(request: Request) -> None:
    """Refuse a write that another site's page sent (a missing Origin is checked
    where a cookie authenticates the write: ``signed_in``)."""
    if request.method not in SAFE and foreign_origin(request, settings_of(request)):
        raise origin_refused()


def api_token_of(request: Request) -> str | None:
    """The API token the request carries (not a seat token), if any."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    value = value.strip()
    return value if scheme.lower() == "bearer" and is_api_token(value) else None


async def by_token(request: Request, token: str) -> SignedIn:
    """The account an API token acts for, if the route takes one of its scopes;
    read once per request (so it is counted once against the token's limit)."""
    signed: SignedIn | None = getattr(request.state, "token_signed_in", None)
    if signed is None:
        tokens: Tokens = request.app.state.tokens
        used = await tokens.use(token, declared_scopes(request), client_of(request))
        signed = SignedIn(used.account, None, used.token)
        request.state.token_signed_in = signed
    return signed


async def signed_in_or_none(request: Request) -> SignedIn | None:
    """The request's session, if its cookie names a live one; a write it
    authenticates must come from this site (``Origin``).  An API token, if
    the request carries one, instead."""
    token = api_token_of(request)
    if token is not None:
        return await by_token(request, token)
    signed = await accounts_of(request).signed_in(request.cookies.get(COOKIE))
    from_elsewhere = "origin" not in request.headers or foreign_origin(
        request, settings_of(request)
    )
    if signed is not None and request.method not in SAFE and from_elsewhere:
        raise origin_refused()
    return signed


async def signed_in(
    signed: Annotated[SignedIn | None, Depends(signed_in_or_none)], response: Response
) -> SignedIn:
    """The request's account, or a refusal.  What a route answers for an account
    is nobody else's: no cache keeps it (``Cache-Control: no-store``, ASVS 14.3.2)."""
    response.headers["Cache-Control"] = "no-store"
    if signed is None:
        raise sign_in_needed()
    return signed


def sign_in_needed() -> ApiError:
    return ApiError(401, "sign in first: this needs an account", "sign_in_needed")
