"""The ASGI application: the one place that assembles the capabilities.

The core (settings, database, middleware, errors, transport, pages) knows no
capability; each capability knows the core and those below it
(docs/server.md, "The map"); only this module sits above them all, builds
each one's service, hands a lower one what an upper one adds to it (the
ratings an ending moves, the watchers of a table's changes, a challenge's
listeners) and includes every capability's routes.
"""

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from vitrine.server import games
from vitrine.server.accounts import routes as account_routes
from vitrine.server.accounts import token_routes
from vitrine.server.accounts.passkeys import Passkeys
from vitrine.server.accounts.service import Accounts
from vitrine.server.accounts.tokens import Tokens
from vitrine.server.database import make_engine, migrate
from vitrine.server.errors import ApiError, writable
from vitrine.server.learn.routes import learn_router
from vitrine.server.middleware import PublicHttp
from vitrine.server.notifications import routes as notification_routes
from vitrine.server.notifications.service import Notifications
from vitrine.server.pages import STATIC, pages_router
from vitrine.server.pairing import routes as pairing_routes
from vitrine.server.pairing.service import Pairing
from vitrine.server.play import challenge_routes, realtime
from vitrine.server.play import routes as table_routes
from vitrine.server.play.challenges import Challenges
from vitrine.server.play.changes import changes_for
from vitrine.server.play.service import TableService
from vitrine.server.play.store import Store
from vitrine.server.players import routes as player_routes
from vitrine.server.players import turns
from vitrine.server.players.standings import record_ratings
from vitrine.server.players.store import ProfileStore
from vitrine.server.proxies import FORWARDED, ForwardedHeader
from vitrine.server.review import routes as review_routes
from vitrine.server.review.coaching import Coaching
from vitrine.server.review.service import Reviews
from vitrine.server.review.store import ReviewStore
from vitrine.server.settings import Settings
from vitrine.server.timekeeping import Clock

BOT_DELAY = 0.8  # seconds: long enough to see a bot's move land, short enough not to wait
DB_THREADS = 8  # the service's threads for a server database, each with its own connection


# Starlette's own refusals (no such route, a method a route lacks, a body it
# could not parse), given a code like every other refusal.
HTTP_CODES = {400: "request_unparseable", 404: "not_found", 405: "method_not_allowed"}


def methods_at(app: FastAPI, path: str) -> list[str]:
    """Every method some route answers at ``path``, for a 405's Allow header."""
    methods: set[str] = set()
    for route in app.routes:
        if isinstance(route, APIRoute) and route.path_regex.fullmatch(path):
            methods |= route.methods or set()
    return sorted(methods)


def table_game(service: TableService) -> Callable[[str], Awaitable[str]]:
    """How the notifications learn which game a table plays."""

    async def game_of(table_id: str) -> str:
        return (await service.core.get(table_id)).row.game

    return game_of


def create_app(
    database_url: str,
    bot_delay: float = BOT_DELAY,
    settings: Settings | None = None,
    coach_budget: str | None = None,
    server_id: str | None = None,
    clock: Clock | None = None,
) -> FastAPI:
    """The app for one database; migrations run and running tables resume at start-up.

    ``settings`` defaults to the environment's (``VITRINE_*``, else the defaults);
    ``coach_budget`` is the coach's search per decision (None: the expert's own);
    ``server_id`` names this process among those serving the database (its
    leases), the same across restarts where it can be (``vitrine serve``);
    ``clock``: the time the tables' deadlines follow (tests jump it by days).
    """
    settings = settings or Settings.from_environment()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(database_url, connections=DB_THREADS)
        migrate(engine)
        workers = 1 if engine.dialect.name == "sqlite" else DB_THREADS  # SQLite: one writer
        service = TableService(
            Store(engine, recorder=record_ratings),  # a rated game's end moves its ratings
            bot_delay,
            workers,
            settings,
            changes=changes_for(engine),
            server_id=server_id,
            clock=clock,
        )
        app.state.service = service
        coaching = Coaching(
            ReviewStore(engine),
            service.core.db,
            service.core.server_id,
            settings.lease_seconds,
            coach_budget,
        )
        app.state.reviews = reviews = Reviews(service, coaching)
        app.state.accounts = Accounts(engine, settings)
        app.state.passkeys = Passkeys(app.state.accounts)
        app.state.profiles = ProfileStore(engine)
        app.state.tokens = Tokens(engine, settings)  # the bot API
        app.state.challenges = Challenges(engine, service)
        app.state.notifications = notifications = Notifications(
            engine, settings, service.core.server_id, table_game(service)
        )
        await notifications.start()
        service.core.watchers.append(notifications.table_changed)
        app.state.challenges.listeners.append(notifications.invited)  # a challenge invites
        await service.resume()
        app.state.pairing = Pairing(service)
        service.core.spawn(app.state.pairing.run())  # quick pairing's matcher, in every process
        try:
            yield
        finally:
            await reviews.close()
            await service.close()
            await notifications.close()
            engine.dispose()

    # No /docs or /redoc: they load their scripts from a CDN, which the pages'
    # Content-Security-Policy (and a server that depends on nobody) forbids.
    # The document itself is at /openapi.json.
    app = FastAPI(
        title="vitrine",
        summary="Play Exhibition: 20th Century (and more) with friends and bots.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(PublicHttp, settings=settings)
    if settings.proxy_headers == FORWARDED and settings.trusted_proxies:
        app.add_middleware(ForwardedHeader, proxies=settings.trusted_proxies)  # before all

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.payload(), status_code=error.status, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def request_error(_request: Request, error: RequestValidationError) -> JSONResponse:
        """What is wrong, field by field, without the input itself: an echo of a
        10 MB field would be a 10 MB reply, and an infinite number or a lone
        surrogate cannot be written as JSON at all."""
        errors = [
            {"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in error.errors()
        ]
        words = "; ".join(
            f"{'.'.join(map(str, e['loc'][1:])) or e['loc'][0]}: {e['msg']}" for e in errors[:5]
        )
        refusal = ApiError(422, words, "request_invalid", {"errors": errors[:20]})
        return JSONResponse(refusal.payload(), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        code = HTTP_CODES.get(error.status_code, f"http_{error.status_code}")
        body = {"detail": writable(str(error.detail)), "code": code, "params": {}}
        headers = dict(error.headers or {})
        if error.status_code == 405:  # Starlette names the first route's methods only
            headers["Allow"] = ", ".join(methods_at(app, request.url.path))
        return JSONResponse(body, status_code=error.status_code, headers=headers)

    app.state.settings = settings
    app.include_router(games.router)
    app.include_router(table_routes.router)
    app.include_router(review_routes.router)
    app.include_router(account_routes.router)
    app.include_router(pairing_routes.router)
    app.include_router(notification_routes.router)
    app.include_router(player_routes.router)
    app.include_router(token_routes.router)
    app.include_router(challenge_routes.router)
    app.include_router(turns.router)  # whose turn: the count every header shows
    app.include_router(realtime.router)
    app.include_router(learn_router(settings))
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(pages_router())
    return app
