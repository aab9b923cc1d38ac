"""The accounts' HTTP routes: signing up and in, sessions, passkeys, the person's data.

A browser is signed in by the session cookie (``vitrine_session``:
``HttpOnly``, ``SameSite=Lax``, ``Path=/``, ``Secure`` when the page came
over TLS).  Every write a cookie authenticates must come from this site's
own pages: its ``Origin`` is checked (cross-site request forgery), and one
without an ``Origin`` is refused, as no browser sends such a write; a sign-in
or sign-up from another site's page is refused too (login CSRF).  Seat
tokens (``Authorization: Bearer``) are unaffected: they are not sent by the
browser on its own.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response

from vitrine.server.accounts import schemas
from vitrine.server.accounts.dependencies import (
    COOKIE,
    accounts_of,
    passkeys_of,
    same_site,
    signed_in,
)
from vitrine.server.accounts.passkeys import Party, Passkeys
from vitrine.server.accounts.scopes import requires_scope
from vitrine.server.accounts.service import Accounts, Started
from vitrine.server.accounts.store import SignedIn
from vitrine.server.http import BODY, TOKEN, Client, refusals
from vitrine.server.names import clean_name

router = APIRouter(prefix="/api")
AccountsDep = Annotated[Accounts, Depends(accounts_of)]
PasskeysDep = Annotated[Passkeys, Depends(passkeys_of)]
SignedInDep = Annotated[SignedIn, Depends(signed_in)]
SameSite = Depends(same_site)


def party(request: Request) -> Party:
    """The relying party as this request reached the server (its host and origin)."""
    origin = f"{request.url.scheme}://{request.url.netloc}"
    return Party(rp_id=request.url.hostname or "localhost", origin=origin)


def agent_of(request: Request) -> str:
    return request.headers.get("user-agent", "")


def signed_in_as(
    request: Request, response: Response, started: Started, accounts: Accounts
) -> dict[str, Any]:
    """Hand the browser its new session's cookie; the account, as the answer."""
    response.set_cookie(
        COOKIE,
        started.cookie,
        max_age=int(accounts.lifetime.total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return accounts.describe(started.account)


def clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


@router.post(
    "/account",
    status_code=201,
    response_model=schemas.Account,
    responses=refusals(*BODY, 403, 409, 429),
    dependencies=[SameSite],
)
async def sign_up(
    body: schemas.SignUpRequest,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    client: Client,
) -> dict[str, Any]:
    """Open an account (a name, a password) and sign this browser in."""
    started = await accounts.sign_up(
        body.name,
        body.password,
        body.language,
        client,
        agent_of(request),
        request.cookies.get(COOKIE),
    )
    return signed_in_as(request, response, started, accounts)


@router.get(
    "/account",
    response_model=schemas.Account,
    responses=refusals(*TOKEN, takes_input=False),
    dependencies=[requires_scope("play", "pair")],
)
async def get_account(signed: SignedInDep, accounts: AccountsDep) -> dict[str, Any]:
    """The signed-in account."""
    return accounts.describe(signed.account)


@router.patch(
    "/account", response_model=schemas.Account, responses=refusals(*BODY, 401, 403, 409, 429)
)
async def change_account(
    body: schemas.AccountChange,
    signed: SignedInDep,
    request: Request,
    response: Response,
    accounts: AccountsDep,
) -> dict[str, Any]:
    """Change the name (the old one stays reserved and resolves to this account),
    the language, or the password (with the current one; other sessions end,
    and this one goes on under a new cookie)."""
    changed = await accounts.change(
        signed, body.name, body.language, body.password, body.current_password, agent_of(request)
    )
    if changed.started is not None:
        return signed_in_as(request, response, changed.started, accounts)
    return accounts.describe(changed.account)


@router.post(
    "/session",
    response_model=schemas.Account,
    responses=refusals(*BODY, 401, 403, 429),
    dependencies=[SameSite],
)
async def sign_in(
    body: schemas.SignInRequest,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    client: Client,
) -> dict[str, Any]:
    """Sign in with the account's name and password (a new session each time)."""
    started = await accounts.sign_in(
        body.name, body.password, client, agent_of(request), request.cookies.get(COOKIE)
    )
    return signed_in_as(request, response, started, accounts)


@router.delete("/session", status_code=204, responses=refusals(401, 403, takes_input=False))
async def sign_out(
    signed: SignedInDep, request: Request, response: Response, accounts: AccountsDep
) -> None:
    """Sign this browser out."""
    await accounts.sign_out(signed)
    clear_cookie(request, response)


@router.get(
    "/account/sessions",
    response_model=list[schemas.SessionInfo],
    responses=refusals(401, takes_input=False),
)
async def sessions(signed: SignedInDep, accounts: AccountsDep) -> list[dict[str, Any]]:
    """The account's sessions, the most recently used first."""
    return await accounts.sessions(signed)


@router.delete("/account/sessions/{handle}", status_code=204, responses=refusals(401, 403, 404))
async def end_session(handle: str, signed: SignedInDep, accounts: AccountsDep) -> None:
    """End one of the account's sessions."""
    await accounts.end_session(signed, handle)


@router.delete(
    "/account/sessions",
    response_model=schemas.Ended,
    responses=refusals(401, 403, takes_input=False),
)
async def end_sessions(
    signed: SignedInDep, request: Request, response: Response, accounts: AccountsDep
) -> dict[str, Any]:
    """Sign out everywhere, this browser too."""
    ended = await accounts.end_sessions(signed)
    clear_cookie(request, response)
    return {"ended": ended}


@router.get(
    "/account/passkeys",
    response_model=list[schemas.Passkey],
    responses=refusals(401, takes_input=False),
)
async def passkeys(signed: SignedInDep, accounts: AccountsDep) -> list[dict[str, Any]]:
    """The account's passkeys."""
    return await accounts.passkeys(signed)


@router.post(
    "/account/passkeys/options",
    response_model=schemas.Ceremony,
    responses=refusals(401, 403, 409, takes_input=False),
)
async def passkey_options(
    signed: SignedInDep, request: Request, keys: PasskeysDep
) -> dict[str, Any]:
    """Begin registering a passkey: the options for ``navigator.credentials.create``."""
    return await keys.register_options(signed, party(request))


@router.post(
    "/account/passkeys",
    status_code=201,
    response_model=schemas.Passkey,
    responses=refusals(*BODY, 401, 403, 409),
)
async def register_passkey(
    body: schemas.PasskeyRegistration, signed: SignedInDep, request: Request, keys: PasskeysDep
) -> dict[str, Any]:
    """Keep the passkey the browser made (the ceremony's answer)."""
    label = clean_name(body.label)
    return await keys.register(signed, party(request), body.handle, label, body.credential)


@router.delete(
    "/account/passkeys/{credential_id}", status_code=204, responses=refusals(401, 403, 404)
)
async def remove_passkey(credential_id: str, signed: SignedInDep, keys: PasskeysDep) -> None:
    """Forget one of the account's passkeys."""
    await keys.remove(signed, credential_id)


@router.post(
    "/account/passkeys/sign-in/options",
    response_model=schemas.Ceremony,
    responses=refusals(403, takes_input=False),
    dependencies=[SameSite],
)
async def passkey_sign_in_options(request: Request, keys: PasskeysDep) -> dict[str, Any]:
    """Begin signing in with a passkey: the options for ``navigator.credentials.get``."""
    return await keys.sign_in_options(party(request))


@router.post(
    "/account/passkeys/sign-in",
    response_model=schemas.Account,
    responses=refusals(*BODY, 401, 403),
    dependencies=[SameSite],
)
async def passkey_sign_in(
    body: schemas.PasskeySignIn,
    request: Request,
    response: Response,
    keys: PasskeysDep,
    accounts: AccountsDep,
) -> dict[str, Any]:
    """Sign in with the passkey that answered the ceremony (a new session)."""
    started = await keys.sign_in(
        party(request), body.handle, body.credential, agent_of(request), request.cookies.get(COOKIE)
    )
    return signed_in_as(request, response, started, accounts)
