"""The HTTP API: lobby, tables, decisions, records.  The page uses exactly this.

A seat's or the host's token travels as ``Authorization: Bearer <token>``;
without one a request sees what a spectator sees.
"""

import re
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Query, Request
from fastapi.responses import FileResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from vitrine.bots import LEVELS
from vitrine.games import GAMES, get_game
from vitrine.server import schemas
from vitrine.server.errors import ApiError, not_found
from vitrine.server.live import OPEN
from vitrine.server.service import SeatSpec, TableService

router = APIRouter(prefix="/api")
DATA_FILE = re.compile(r"[a-z_]+\.json")
bearer = HTTPBearer(auto_error=False, description="a seat token or the host token")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def service_of(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


Service = Annotated[TableService, Depends(service_of)]


def required(credentials: HTTPAuthorizationCredentials | None) -> str:
    if credentials is None:
        raise ApiError(
            401, "this request needs a token: send 'Authorization: Bearer <token>'", "token_needed"
        )
    return credentials.credentials


def optional(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return None if credentials is None else credentials.credentials


@router.get("/games", response_model=list[schemas.GameInfo])
async def games() -> list[dict[str, Any]]:
    """The games this server hosts and the bot levels it offers."""
    return [
        {
            "name": game.name,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "levels": list(LEVELS),
        }
        for game in map(get_game, GAMES)
    ]


@router.get("/games/{name}/data/{file}", response_class=FileResponse)
async def game_data(name: str, file: str) -> FileResponse:
    """A game's public data file (its cards, say), for the game's page renderer."""
    missing = not_found(
        "data_file_not_found", f"data file {file!r} of game {name!r} does not exist", file=file
    )
    if name not in GAMES or not DATA_FILE.fullmatch(file):
        raise missing
    path = resources.files(f"vitrine.games.{name}") / "data" / file
    if not path.is_file():
        raise missing
    return FileResponse(str(path), media_type="application/json")


@router.post("/tables", status_code=201, response_model=schemas.CreatedTable)
async def create_table(body: schemas.CreateTableRequest, service: Service) -> dict[str, Any]:
    """A new table.  The answer holds the only copies of the host and seat tokens."""
    specs = [SeatSpec(seat.kind, seat.name, seat.level) for seat in body.seats]
    created = await service.create(body.game, body.options, specs, body.clock_seconds, body.hints)
    table_id = created.live.id
    return {
        "table": created.live.summary(),
        "host_token": created.host_token,
        "seats": [
            {"position": position, "token": token, "link": f"/table/{table_id}#seat={token}"}
            for position, token in created.seat_tokens.items()
        ],
    }


@router.get("/tables", response_model=list[schemas.TableInfo])
async def list_tables(
    service: Service,
    status: Annotated[list[Literal["open", "playing", "over"]] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[dict[str, Any]]:
    """The newest tables, open ones by default (the lobby)."""
    return await service.list_tables(status or [OPEN], limit)


@router.get("/tables/{table_id}", response_model=schemas.TableState)
async def get_table(table_id: str, service: Service, credentials: Credentials) -> dict[str, Any]:
    """The table and the caller's view of its game (a spectator's without a token)."""
    live = await service.get(table_id)
    return live.message(service.seat_of(live, optional(credentials)))


@router.post("/tables/{table_id}/join", response_model=schemas.TableState)
async def join(
    table_id: str, body: schemas.JoinRequest, service: Service, credentials: Credentials
) -> dict[str, Any]:
    """Take the seat the token holds, under a display name (before the start)."""
    token = required(credentials)
    live = await service.join(table_id, token, body.name)
    return live.message(service.seat_of(live, token))


@router.post("/tables/{table_id}/start", response_model=schemas.TableState)
async def start(table_id: str, service: Service, credentials: Credentials) -> dict[str, Any]:
    """Deal and start (host only, once every human seat has joined)."""
    live = await service.start(table_id, required(credentials))
    return live.message(None)


@router.post("/tables/{table_id}/actions", response_model=schemas.TableState)
async def act(
    table_id: str, body: schemas.ActionRequest, service: Service, credentials: Credentials
) -> dict[str, Any]:
    """One decision for the token's seat, checked by the engine and committed before it is shown."""
    token = required(credentials)
    live = await service.act(table_id, token, body.action, body.seq)
    return live.message(service.seat_of(live, token))


@router.post("/tables/{table_id}/seats/{position}/bot", response_model=schemas.TableState)
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


@router.post("/tables/{table_id}/leave", response_model=schemas.TableState)
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


@router.get("/tables/{table_id}/record")
async def record(table_id: str, service: Service) -> dict[str, Any]:
    """The game record (JSON, D-12) once the game is over."""
    return await service.record(table_id)


@router.get("/tables/{table_id}/replay", response_model=schemas.Replay)
async def table_replay(table_id: str, service: Service) -> dict[str, Any]:
    """Every turn's position of a finished table, for the replay viewer."""
    return await run_in_threadpool(service.replay_steps, await service.record(table_id))


@router.post("/replays", response_model=schemas.Replay)
async def upload_replay(record: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
    """Every turn's position of an uploaded record, checked turn by turn."""
    return await run_in_threadpool(TableService.replay_steps, record)


@router.post("/tables/{table_id}/hint", response_model=schemas.Hint)
async def table_hint(table_id: str, service: Service, credentials: Credentials) -> dict[str, Any]:
    """The coach's suggestion for the token's seat, now (tables that allow hints)."""
    return await service.hint(table_id, required(credentials))


@router.post("/tables/{table_id}/review", response_model=schemas.ReviewStatus)
async def review_table(table_id: str, service: Service) -> dict[str, Any]:
    """Start the coach's review of a finished table, or get the one kept with it."""
    return await service.start_review(table_id)


@router.post("/reviews", response_model=schemas.ReviewStatus)
async def review_upload(
    record: Annotated[dict[str, Any], Body()], service: Service
) -> dict[str, Any]:
    """Start the coach's review of an uploaded record (the replay viewer's)."""
    return service.start_upload_review(record)


@router.get("/reviews/{key}", response_model=schemas.ReviewStatus)
async def review_status(key: str, service: Service) -> dict[str, Any]:
    """A review's progress, then the review itself."""
    return await service.review_status(key)


@router.get("/reviews/{key}/positions/{index}", response_model=schemas.Position)
async def review_position(key: str, index: int, service: Service) -> dict[str, Any]:
    """Decision ``index`` of a reviewed game, as its seat saw it when deciding."""
    return await service.review_position(key, index)
