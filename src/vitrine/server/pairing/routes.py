"""The quick-pairing routes (``pairing.py``): ask, read, cancel, and who is looking.

An account acts by its session (``member_of``, the same dependency the table
routes use: whatever signs an account in there signs it in here); a guest by
the request's token, sent as ``Authorization: Bearer <token>``, which only the
answer that made the request holds.  A client polls its request about once
a second until it is paired (docs/server.md).
"""

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import AfterValidator, BaseModel, Field, StrictBool

from vitrine.server import schemas
from vitrine.server.accounts.dependencies import signed_in_or_none
from vitrine.server.accounts.scopes import requires_scope
from vitrine.server.accounts.tokens import is_api_token
from vitrine.server.http import BODY, Client, bearer, refusals
from vitrine.server.pairing.service import BOT_WAITS, CLOCKS, Ask, Pairing
from vitrine.server.play.routes import MemberDep
from vitrine.server.schemas import GameName, Level, Strict

router = APIRouter(prefix="/api/pairing", tags=["pairing"])
RATING_LIMIT = 10_000  # past any rating the model gives


def one_of(choices: tuple[int, ...]) -> Any:
    """A number among ``choices``, said so in the OpenAPI document."""

    def check(value: int) -> int:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(map(str, choices))}")
        return value

    return [AfterValidator(check), Field(json_schema_extra={"enum": list(choices)})]


class PairingAsk(Strict):
    """A game to be paired for.  Refused with a code: a player count the game does
    not take (``player_count``); a guest asking for a rated or turn-based game or
    a rating range (``pairing_needs_account``); a range given twice
    (``rating_range_twice``) or holding no rating (``rating_range_empty``); more
    open requests than a person may have (``pairing_open_limit``)."""

    game: GameName
    players: int = Field(ge=1, le=16, description="the table's seats, people and bots")
    clock_seconds: Annotated[int, *one_of(CLOCKS)] = Field(
        default=CLOCKS[0],
        description="seconds per decision: 60 plays live, a day or more turn-based (accounts only)",
    )
    rated: StrictBool = Field(default=False, description="the result moves ratings (accounts only)")
    name: str | None = Field(
        default=None,
        max_length=schemas.NAME_FIELD,
        description="a guest's name at the table (an account sits under its own)",
    )
    rating_min: int | None = Field(default=None, ge=0, le=RATING_LIMIT)
    rating_max: int | None = Field(default=None, ge=0, le=RATING_LIMIT)
    rating_spread: int | None = Field(
        default=None, ge=0, le=RATING_LIMIT, description="the range as ± around one's own rating"
    )
    bots_after: Annotated[int, *one_of(BOT_WAITS)] | None = Field(
        default=None,
        description="seconds after which the seats nobody took go to bots; none: never",
    )
    bot_level: Level = Field(default="casual", description="the bots' strength")


class PairingInfo(BaseModel):
    id: str
    game: str
    players: int
    clock_seconds: int
    rated: bool
    status: Literal["waiting", "paired", "expired", "cancelled"]
    rating: int | None = Field(description="the asker's rating in this game when asked")
    rating_min: int | None
    rating_max: int | None
    bots_after: int | None
    bot_level: str | None
    created_at: datetime
    expires_at: datetime
    table: str | None = Field(description="the table, once paired")
    seat: int | None = Field(description="the asker's seat at it")
    seat_token: str | None = Field(
        description="a guest's seat token: in the first read after the pairing only"
    )


class CreatedPairing(BaseModel):
    request: PairingInfo
    token: str = Field(description="reads and cancels the request: its only copy")


class Looking(BaseModel):
    people: dict[str, int] = Field(description="per game, the people looking for one now")


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
