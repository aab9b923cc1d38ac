"""A game after its play, and the coach: a finished table's record and replay, an
uploaded record's replay, hints at a table that allows them, and the coach's
reviews of a table or an uploaded record, with their progress and positions.
The tables' tokens and dependencies are theirs (``play/routes.py``).
"""

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Request
from starlette.concurrency import run_in_threadpool

from vitrine.server.http import BODY, refusals
from vitrine.server.play.routes import Credentials, Service, required
from vitrine.server.play.service import TableService
from vitrine.server.review import schemas
from vitrine.server.review.service import Reviews

router = APIRouter(prefix="/api")


def reviews_of(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


ReviewsDep = Annotated[Reviews, Depends(reviews_of)]


@router.get("/tables/{table_id}/record", responses=refusals(404, 409))
async def record(table_id: str, service: Service) -> dict[str, Any]:
    """The game record (JSON, D-12) once the game is over."""
    return await service.record(table_id)


@router.get(
    "/tables/{table_id}/replay", response_model=schemas.Replay, responses=refusals(404, 409)
)
async def table_replay(table_id: str, service: Service) -> dict[str, Any]:
    """Every turn's position of a finished table, for the replay viewer."""
    return await run_in_threadpool(service.replay_steps, await service.record(table_id))


@router.post("/replays", response_model=schemas.Replay, responses=refusals(*BODY))
async def upload_replay(record: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
    """Every turn's position of an uploaded record, checked turn by turn."""
    return await run_in_threadpool(TableService.replay_steps, record)


@router.post(
    "/tables/{table_id}/hint", response_model=schemas.Hint, responses=refusals(401, 403, 404, 409)
)
async def table_hint(
    table_id: str, reviews: ReviewsDep, credentials: Credentials
) -> dict[str, Any]:
    """The coach's suggestion for the token's seat, now (tables that allow hints)."""
    return await reviews.hint(table_id, required(credentials))


@router.post(
    "/tables/{table_id}/review",
    response_model=schemas.ReviewStatus,
    responses=refusals(404, 409, 503),
)
async def review_table(table_id: str, reviews: ReviewsDep) -> dict[str, Any]:
    """Start the coach's review of a finished table, or get the one kept with it."""
    return await reviews.start_review(table_id)


@router.post("/reviews", response_model=schemas.ReviewStatus, responses=refusals(*BODY, 503))
async def review_upload(
    record: Annotated[dict[str, Any], Body()], reviews: ReviewsDep
) -> dict[str, Any]:
    """Start the coach's review of an uploaded record (the replay viewer's)."""
    return await reviews.start_upload_review(record)


@router.get("/reviews/{key}", response_model=schemas.ReviewStatus, responses=refusals(404))
async def review_status(key: str, reviews: ReviewsDep) -> dict[str, Any]:
    """A review's progress, then the review itself."""
    return await reviews.review_status(key)


@router.get(
    "/reviews/{key}/positions/{index}", response_model=schemas.Position, responses=refusals(404)
)
async def review_position(key: str, index: int, reviews: ReviewsDep) -> dict[str, Any]:
    """Decision ``index`` of a reviewed game, as its seat saw it when deciding."""
    return await reviews.review_position(key, index)
