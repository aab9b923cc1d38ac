"""The quick-pairing routes (``service.py``): ask, read, cancel, and who is looking.

An account acts by its session (``member_of``, the same dependency the table
routes use: whatever signs an account in there signs it in here); a guest by
the request's token, sent as ``Authorization: Bearer <token>``, which only the
answer that made the request holds.  A client polls its request about once
a second until it is paired (docs/server.md).
"""

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.security import HTTPAuthorizationCredentials

from vitrine.server.accounts.dependencies import signed_in_or_none
from vitrine.server.accounts.scopes import requires_scope
from vitrine.server.accounts.tokens import is_api_token
from vitrine.server.http import BODY, Client, bearer, refusals
from vitrine.server.pairing.schemas import CreatedPairing, Looking, PairingAsk, PairingInfo
from vitrine.server.pairing.service import Ask, Pairing
from vitrine.server.play.routes import MemberDep

router = APIRouter(prefix="/api/pairing", tags=["pairing"])


def pairing_of(request: Request) -> Pairing:
    pairing: Pairing = request.app.state.pairing
    return pairing


PairingDep = Annotated[Pairing, Depends(pairing_of)]
PAIR = requires_scope("pair")  # a bot's API token with the pair scope may ask, read and cancel


async def holder_of(
    request: Request, token: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> tuple[str | None, str | None]:
    """The request's token if one is sent, else the signed-in account's id (by its
    session, or by an API token: a bot reads its own requests)."""
    if token is not None and not is_api_token(token.credentials):
        return token.credentials, None
    signed = await signed_in_or_none(request)
    return None, None if signed is None else signed.account.id


Holder = Annotated[tuple[str | None, str | None], Depends(holder_of)]


@router.post(
    "",
    status_code=201,
    response_model=CreatedPairing,
    responses=refusals(*BODY, 401, 403, 409, 429),
    dependencies=[PAIR],
)
async def ask(
    body: PairingAsk, pairing: PairingDep, client: Client, member: MemberDep
) -> dict[str, Any]:
    """Ask to be paired for a game.  The answer holds the request's token, its only copy."""
    row, token = await pairing.ask(
        Ask(
            body.game,
            body.players,
            body.clock_seconds,
            body.rated,
            body.name,
            body.rating_min,
            body.rating_max,
            body.rating_spread,
            body.bots_after,
            body.bot_level,
        ),
        member,
        client,
    )
    return {"request": pairing.describe(row, None), "token": token}


@router.get("/looking", response_model=Looking, responses=refusals(takes_input=False))
async def looking(pairing: PairingDep) -> dict[str, Any]:
    """How many people are looking for a game now, per game (the lobby shows it)."""
    return {"people": await pairing.looking()}


@router.get(
    "/{request_id}",
    response_model=PairingInfo,
    responses=refusals(401, 403, 404, 429),
    openapi_extra={"security": [{}]},  # a signed-in account reads its own without a token
    dependencies=[PAIR],
)
async def read(request_id: str, pairing: PairingDep, holder: Holder) -> dict[str, Any]:
    """The request now: waiting, paired (its table and seat; a guest's seat token,
    once), expired or cancelled.  Poll it about once a second."""
    return await pairing.read(request_id, *holder)


@router.post(
    "/{request_id}/cancel",
    response_model=PairingInfo,
    responses=refusals(401, 403, 404, 409, 429),
    openapi_extra={"security": [{}]},
    dependencies=[PAIR],
)
async def cancel(request_id: str, pairing: PairingDep, holder: Holder) -> dict[str, Any]:
    """Cancel a waiting request (a paired one stays paired)."""
    return await pairing.cancel(request_id, *holder)
