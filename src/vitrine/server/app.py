"""The ASGI application: API, WebSocket, pages and static files, around one service."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from vitrine.server import api, realtime
from vitrine.server.database import make_engine, migrate
from vitrine.server.errors import ApiError
from vitrine.server.service import TableService
from vitrine.server.store import Store

STATIC = resources.files("vitrine.web") / "static"
BOT_DELAY = 0.8  # seconds: long enough to see a bot's move land, short enough not to wait


def create_app(
    database_url: str, bot_delay: float = BOT_DELAY, coach_budget: str | None = None
) -> FastAPI:
    """The app for one database; migrations run and running tables resume at start-up.
    ``coach_budget``: the coach's search per decision (None: the expert's own)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(database_url)
        migrate(engine)
        workers = 1 if engine.dialect.name == "sqlite" else 8  # SQLite has one writer anyway
        service = TableService(Store(engine), bot_delay, workers, coach_budget)
        app.state.service = service
        await service.resume()
        try:
            yield
        finally:
            await service.close()
            engine.dispose()

    app = FastAPI(
        title="vitrine",
        summary="Play Exhibition: 20th Century (and more) with friends and bots.",
        lifespan=lifespan,
    )

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.payload(), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def request_error(_request: Request, error: RequestValidationError) -> JSONResponse:
        """FastAPI's own list of what is wrong, with a code like every other refusal."""
        body = {"detail": jsonable_encoder(error.errors()), "code": "request_invalid", "params": {}}
        return JSONResponse(body, status_code=422)

    app.include_router(api.router)
    app.include_router(realtime.router)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    # Every page is the same shell around its own script.
    shell = (STATIC / "page.html").read_text(encoding="utf-8")

    def page(script: str) -> HTMLResponse:
        return HTMLResponse(shell.replace("{script}", script))

    @app.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        return page("lobby")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        return page("table")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> HTMLResponse:
        return page("replay")

    return app
