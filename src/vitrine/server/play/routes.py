"""The tables' HTTP routes: lobby, tables, decisions (a game after its play and
the coach: ``review/routes.py``).

A seat's or the host's token travels as ``Authorization: Bearer <token>``;
without one a request sees what a spectator sees.  An API token (a bot
account's, ``vitrine_...``) travels the same way and acts as its account's
session would, on the routes that declare its ``play`` scope (``PLAY``).
"""

import re
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import StringConstraints

from vitrine.server.accounts.dependencies import accounts_of, sign_in_needed, signed_in_or_none
from vitrine.server.accounts.scopes import PLAY
from vitrine.server.accounts.store import SignedIn
from vitrine.server.accounts.tokens import is_api_token
from vitrine.server.errors import ApiError, not_found
from vitrine.server.http import BODY, TOKEN, Client, bearer, refusals
from vitrine.server.play import schemas
from vitrine.server.play.challenges import challenges_of
from vitrine.server.play.live import OPEN, AccountCredential
from vitrine.server.play.service import Member, SeatSpec, TableService

router = APIRouter(prefix="/api")
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_IDS = 100  # tables one lobby request may name


async def credential_of(
    request: Request, token: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> str | None:
    """Who acts: the seat or host token sent, else the signed-in account (for the
    seats it holds and the tables it created), else nobody (a spectator).  The
    session is read only without a token: a decision sent with its seat's token
    costs no session lookup.  An API token acts as its account's session."""
    if token is not None and not is_api_token(token.credentials):
        return token.credentials
    signed = await signed_in_or_none(request)
    return None if signed is None else AccountCredential(signed.account.id)


Credentials = Annotated[str | None, Depends(credential_of)]


def member_of(
    signed: Annotated[SignedIn | None, Depends(signed_in_or_none)],
) -> Member | None:
    """The signed-in person, as the seat they take knows them."""
    if signed is None or signed.account.name is None:
        return None
    return Member(signed.account.id, signed.account.name, signed.account.bot)


MemberDep = Annotated[Member | None, Depends(member_of)]


def service_of(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


Service = Annotated[TableService, Depends(service_of)]


def required(credentials: str | None) -> str:
    if credentials is None:
        raise ApiError(
            401,
            "this request needs a token (send 'Authorization: Bearer <token>') or a signed-in "
            "account that holds a seat here",
            "token_needed",
        )
    return credentials


@router.get("/process", response_model=schemas.ProcessTally)
async def process_tally(service: Service) -> dict[str, int]:
    """This one process's counts, not the site's: asked of each process at its own
    address, they show where tables are played (behind a front with table
    affinity, each table's decisions are made by one process and followed by none;
    docs/deploy.md).  Counts only: nothing of any table or person."""
    tally = service.core.tally
    return {
        "tables": len(service.tables),
        "made": tally.made,
        "followed": tally.followed,
        "commits": service.core.decisions.commits,
    }


@router.post(
    "/tables",
    status_code=201,
    response_model=schemas.CreatedTable,
    responses=refusals(*BODY, *TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def create_table(
    body: schemas.CreateTableRequest,
    request: Request,
    service: Service,
    client: Client,
    member: MemberDep,
) -> dict[str, Any]:
    """A new table.  The answer holds the only copies of the host and seat tokens.
    A signed-in creator is also its host by their session, and sits at the seat
    marked ``me``.  A seat with an ``account`` is reserved for that account: a
    challenge, which it accepts or declines (``/api/account/challenges``)."""
    reserved = {
        position: await reserved_for(request, seat.account)
        for position, seat in enumerate(body.seats)
        if isinstance(seat, schemas.HumanSeat) and seat.account is not None
    }
    specs = [
        SeatSpec(seat.kind, seat.name, seat.level, False)
        if isinstance(seat, schemas.BotSeat)
        else SeatSpec(seat.kind, seat.name, None, seat.me, reserved.get(position))
        for position, seat in enumerate(body.seats)
    ]
    if member is None and (body.rated or reserved or any(spec.me for spec in specs)):
        raise sign_in_needed()
    created = await service.create(
        body.game,
        body.options,
        specs,
        body.clock_seconds,
        client,
        body.seats_open,
        body.hints,
        member,
        body.rated,
        on_timeout=body.on_timeout,
    )
    table_id = created.live.id
    if reserved:
        assert member is not None
        await challenges_of(request).made(created.live, member)
    return {
        "table": created.live.summary(),
        "host_token": created.host_token,
        "seats": [
            {"position": position, "token": token, "link": f"/table/{table_id}#seat={token}"}
            for position, token in created.seat_tokens.items()
        ],
    }


async def reserved_for(request: Request, name: str) -> Member:
    """The account a challenge names (a current or old name, or a look-alike)."""
    account = await accounts_of(request).resolve(name)
    if account is None or account.name is None:
        raise not_found("player_not_found", f"no player is called {name!r}", name=name)
    return Member(account.id, account.name, account.bot)


@router.get("/tables", response_model=list[schemas.TableInfo], responses=refusals())
async def list_tables(
    service: Service,
    status: Annotated[
        list[Literal["open", "playing", "over", "abandoned", "cancelled"]] | None, Query()
    ] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    table_id: Annotated[
        list[Annotated[str, StringConstraints(pattern=TABLE_ID.pattern)]] | None,
        Query(alias="id", max_length=MAX_IDS),
    ] = None,
) -> list[dict[str, Any]]:
    """The newest public tables, open ones by default (the lobby): those anyone
    may join or more than one person plays.  With ``id`` (at most 100), those
    tables whatever their status, public or not: a browser's own tables."""
    if table_id:
        return await service.tables_with_ids(table_id)
    return await service.list_tables(status or [OPEN], limit)


@router.get(
    "/tables/{table_id}",
    response_model=schemas.TableState,
    responses=refusals(*TOKEN, 404),
    dependencies=[PLAY],
    openapi_extra={"security": [{}]},  # the token is optional: without one, a spectator's view
)
async def get_table(table_id: str, service: Service, credentials: Credentials) -> dict[str, Any]:
    """The table and the caller's view of its game (a spectator's without a token)."""
    live, seat = await service.seated(table_id, credentials, reading=True)
    return live.message(seat)


@router.post(
    "/tables/{table_id}/join",
    response_model=schemas.TableState,
    responses=refusals(*BODY, *TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def join(
    request: Request,
    table_id: str,
    body: schemas.JoinRequest,
    service: Service,
    credentials: Credentials,
    member: MemberDep,
) -> dict[str, Any]:
    """Take the seat the token holds, under a display name (before the start); a
    signed-in person takes it as themselves, under their account's name."""
    token = required(credentials)
    challenges = challenges_of(request)
    if member is not None and await challenges.pending_for(table_id, member):
        live = await challenges.accept(table_id, member)  # the seat reserved for it
    else:
        live = await service.join(table_id, token, body.name, member)
    return live.message(service.seat_of(live, token))


@router.post(
    "/tables/{table_id}/seats/{position}/claim",
    response_model=schemas.ClaimedSeat,
    responses=refusals(*BODY, *TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def claim(
    table_id: str, position: int, body: schemas.JoinRequest, service: Service, member: MemberDep
) -> dict[str, Any]:
    """Take an empty seat of a table whose seats are open to anyone; the answer
    holds the seat's token, the only copy.  A signed-in person takes it as themselves."""
    live, token = await service.claim(table_id, position, body.name, member)
    return {**live.message(position), "token": token}


@router.post(
    "/tables/{table_id}/cancel",
    response_model=schemas.TableState,
    responses=refusals(*TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def cancel(table_id: str, service: Service, credentials: Credentials) -> dict[str, Any]:
    """Call a table off before it starts (host only)."""
    live = await service.cancel(table_id, required(credentials))
    return live.message(None)


@router.post(
    "/tables/{table_id}/start",
    response_model=schemas.TableState,
    responses=refusals(*TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def start(
    table_id: str, service: Service, credentials: Credentials, client: Client
) -> dict[str, Any]:
    """Deal and start (host only, once every human seat has joined)."""
    live = await service.start(table_id, required(credentials), client)
    return live.message(None)


@router.post(
    "/tables/{table_id}/actions",
    response_model=schemas.TableState,
    responses=refusals(*BODY, *TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def act(
    table_id: str, body: schemas.ActionRequest, service: Service, credentials: Credentials
) -> dict[str, Any]:
    """One decision for the token's seat, checked by the engine and committed before it is shown."""
    token = required(credentials)
    live = await service.act(table_id, token, body.action, body.seq)
    return live.message(service.seat_of(live, token))


@router.post(
    "/tables/{table_id}/check",
    response_model=schemas.Check,
    responses=refusals(*BODY, *TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def check(
    table_id: str, body: schemas.CheckRequest, service: Service, credentials: Credentials
) -> dict[str, Any]:
    """Would this decision be accepted now?  If not, the engine's refusal (code,
    params, words), so a page can say why a spot is not open.  Changes nothing."""
    return await service.check(table_id, required(credentials), body.action)


@router.get(
    "/tables/{table_id}/provisional",
    response_model=list[schemas.ProvisionalScore],
    responses=refusals(*TOKEN, 404, 409),
    dependencies=[PLAY],
    openapi_extra={"security": [{}]},  # the token is optional: without one, a spectator's view
)
async def provisional(
    table_id: str, service: Service, credentials: Credentials
) -> list[dict[str, Any]]:
    """Each seat's score if the game ended now, as the caller may see it."""
    return await service.provisional(table_id, credentials)


@router.post(
    "/tables/{table_id}/chat",
    response_model=schemas.TableState,
    responses=refusals(*BODY, *TOKEN, 404),
    dependencies=[PLAY],
)
async def chat(
    table_id: str, body: schemas.ChatRequest, service: Service, credentials: Credentials
) -> dict[str, Any]:
    """A line of table chat from a seated player (at most 300 characters, rate-limited)."""
    token = required(credentials)
    live = await service.say(table_id, token, body.text)
    return live.message(service.seat_of(live, token))


@router.post(
    "/tables/{table_id}/rematch",
    response_model=schemas.TableState,
    responses=refusals(*TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def rematch(
    table_id: str, service: Service, credentials: Credentials, client: Client
) -> dict[str, Any]:
    """Offer (or accept) a rematch of a finished table: the new table, same seats."""
    token = required(credentials)
    live = await service.rematch(table_id, token, client)
    return live.message(live.seat_for(token))


@router.post(
    "/tables/{table_id}/seats/{position}/bot",
    response_model=schemas.TableState,
    responses=refusals(*BODY, *TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def hand_to_bot(
    table_id: str,
    position: int,
    service: Service,
    credentials: Credentials,
    body: schemas.HandToBotRequest | None = None,
) -> dict[str, Any]:
    """Hand a leaver's seat to a bot (host only) so the table can finish."""
    level = (body or schemas.HandToBotRequest()).level
    live = await service.hand_to_bot(table_id, required(credentials), position, level)
    return live.message(None)


@router.post(
    "/tables/{table_id}/leave",
    response_model=schemas.TableState,
    responses=refusals(*BODY, *TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def leave(
    table_id: str,
    service: Service,
    credentials: Credentials,
    body: schemas.HandToBotRequest | None = None,
) -> dict[str, Any]:
    """Leave a game: a bot plays the token's seat to the end, and the table says so."""
    token = required(credentials)
    level = (body or schemas.HandToBotRequest()).level
    live = await service.hand_to_bot(table_id, token, None, level)
    return live.message(service.seat_of(live, token))
