"""The guided first game's routes: the tutorial, and the position its decisions reach
(``service.py``), rate limited per client."""

from typing import Any

from fastapi import APIRouter
from starlette.concurrency import run_in_threadpool

from vitrine.server.http import BODY, Client, refusals
from vitrine.server.learn.schemas import Position, PositionRequest, TutorialInfo
from vitrine.server.learn.service import position, tutorial_of
from vitrine.server.names import clean_name
from vitrine.server.ratelimit import RateLimit, moving_window
from vitrine.server.settings import Settings


def learn_router(settings: Settings) -> APIRouter:
    router = APIRouter(prefix="/api")
    asking = RateLimit("tutorial_positions", settings.tutorial_positions, moving_window())

    @router.get("/games/{name}/tutorial", response_model=TutorialInfo, responses=refusals(404))
    async def tutorial(name: str) -> dict[str, Any]:
        """The game's guided first game: the learner's decisions in order and the
        lessons, each in English and French."""
        return tutorial_of(name).to_dict()

    @router.post(
        "/games/{name}/tutorial/position",
        response_model=Position,
        responses=refusals(*BODY, 404, 429),
    )
    async def tutorial_position(name: str, body: PositionRequest, client: Client) -> dict[str, Any]:
        """The learner's view after their decisions so far (the opponent's answers
        included, in ``log``), and the check of ``check`` if asked."""
        found = tutorial_of(name)
        learner = clean_name(body.name)
        asking.hit(client)
        return await run_in_threadpool(position, name, found, learner, body.decisions, body.check)

    return router
