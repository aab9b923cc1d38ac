"""The notification routes: the signed-in person's choices, e-mail address and push
subscriptions, and the unsubscribe link any mail client may follow.

Writes a session authenticates pass its Origin check (``signed_in``);
confirming an address and unsubscribing need no sign-in (the token is the
authority: single-use and hashed for the former, signed for the latter), so
they are only refused from another site's page (``same_site``).
"""

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials

from vitrine.server.accounts.dependencies import same_site, signed_in
from vitrine.server.accounts.store import SignedIn
from vitrine.server.http import BODY, bearer, refusals
from vitrine.server.notifications import schemas
from vitrine.server.notifications.kinds import CHANNELS, KINDS
from vitrine.server.notifications.service import Notifications

router = APIRouter(prefix="/api")
SignedInDep = Annotated[SignedIn, Depends(signed_in)]
SameSite = Depends(same_site)


def notifications_of(request: Request) -> Notifications:
    notifications: Notifications = request.app.state.notifications
    return notifications


NotificationsDep = Annotated[Notifications, Depends(notifications_of)]


@router.get(
    "/notifications",
    response_model=schemas.NotificationSettings,
    responses=refusals(401, takes_input=False),
)
async def get_settings(signed: SignedInDep, notes: NotificationsDep) -> dict[str, Any]:
    """What the account is told and how: its choices, e-mail address, push key."""
    return await notes.overview(signed.account.id)


@router.put(
    "/notifications/choices",
    response_model=schemas.NotificationSettings,
    responses=refusals(*BODY, 401, 403, 429),
)
async def set_choices(
    body: schemas.Choices, signed: SignedInDep, notes: NotificationsDep
) -> dict[str, Any]:
    """Turn each kind on or off by each channel (all of them at once)."""
    chosen = [
        (kind, channel)
        for kind in KINDS
        for channel in CHANNELS
        if getattr(getattr(body, kind), channel)
    ]
    await notes.choose(signed.account.id, chosen)
    return await notes.overview(signed.account.id)


@router.put(
    "/account/email",
    response_model=schemas.EmailState,
    status_code=202,
    responses=refusals(*BODY, 401, 403, 409, 429, 503),
)
async def set_email(
    body: schemas.EmailRequest, signed: SignedInDep, notes: NotificationsDep
) -> dict[str, Any]:
    """Give the account an e-mail address: a link to confirm it is mailed to it, and
    no notification is mailed there before it is confirmed."""
    await notes.set_email(signed.account.id, body.address, signed.account.language)
    return {"address": body.address.strip(), "verified": False}


@router.delete("/account/email", status_code=204, responses=refusals(401, 403, takes_input=False))
async def remove_email(signed: SignedInDep, notes: NotificationsDep) -> None:
    """Forget the account's e-mail address (its mails stop)."""
    await notes.remove_email(signed.account.id)


@router.post(
    "/account/email/verify",
    response_model=schemas.EmailState,
    responses=refusals(*BODY, 403),
    dependencies=[SameSite],
)
async def verify_email(body: schemas.VerifyRequest, notes: NotificationsDep) -> dict[str, Any]:
    """Confirm an address with the token its mail carried (once, within a day)."""
    return await notes.verify_email(body.token)


@router.post(
    "/notifications/push",
    status_code=204,
    responses=refusals(*BODY, 401, 403, 409, 429),
)
async def subscribe(
    body: schemas.PushSubscription, signed: SignedInDep, notes: NotificationsDep
) -> None:
    """Keep this browser's push subscription for the account."""
    await notes.subscribe(signed.account.id, body.endpoint, body.keys.p256dh, body.keys.auth)


@router.delete("/notifications/push", status_code=204, responses=refusals(401, 403, 404))
async def unsubscribe_push(
    endpoint: Annotated[str, Query(max_length=1000)],
    signed: SignedInDep,
    notes: NotificationsDep,
) -> None:
    """Forget one of the account's push subscriptions (by its endpoint)."""
    await notes.unsubscribe_push(signed.account.id, endpoint)


@router.post(
    "/notifications/unsubscribe",
    response_model=schemas.Unsubscribed,
    responses=refusals(403),
    dependencies=[SameSite],
    openapi_extra={"security": [{}]},  # the token is in the query or the Authorization header
)
async def unsubscribe(
    notes: NotificationsDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    token: Annotated[str | None, Query(max_length=300)] = None,
) -> dict[str, Any]:
    """One-click unsubscribe (RFC 8058): turn off the kind and channel the token names.
    A mail client posts here with ``List-Unsubscribe=One-Click`` and the token in
    the query, as the mail's header gives it; the page sends it as a bearer token,
    out of the URL (and so of the logs).  No sign-in."""
    return await notes.unsubscribe(token or (credentials and credentials.credentials) or "")
