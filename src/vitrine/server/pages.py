"""The pages: every page is one HTML shell around its own script, and what makes
the site an installable app (the web manifest and the service worker).

The shell and the worker are read once; the worker carries a digest of the
static files, so a server with new pages installs a new worker in every
browser and the old copies are dropped (see web/static/sw.js).
"""

import hashlib
import re
from importlib import resources
from importlib.resources.abc import Traversable

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

STATIC = resources.files("vitrine.web") / "static"
IMPORT = re.compile(r'(?:\bfrom|^import)\s*"/static/([\w-]+\.js)"', re.M)
PAGES = {
    "/": "home",
    "/lobby": "lobby",
    "/replay": "replay",
    "/learn": "learn",
    "/account": "account",
    "/games": "games",
    "/leaderboard": "leaderboard",
}

# The manifest's words, by the language the browser asks for first.
MANIFEST_WORDS = {
    "en": {
        "name": "vitrine: card games",
        "description": "Card games to play well: against the computer at four levels or "
        "with friends, and a coach that reviews your games.",
    },
    "fr": {
        "name": "vitrine : jeux de cartes",
        "description": "Des jeux de cartes à bien jouer : contre l'ordinateur à quatre niveaux "
        "ou entre amis, et un coach qui analyse vos parties.",
    },
}
ICONS = [
    {"src": "/static/logo.svg", "sizes": "any", "type": "image/svg+xml"},
    {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png"},
    {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png"},
    {
        "src": "/static/icon-maskable-512.png",
        "sizes": "512x512",
        "type": "image/png",
        "purpose": "maskable",
    },
]


def static_digest(folder: Traversable = STATIC) -> str:
    """A short digest of every static file's name and bytes, in a stable order."""
    digest = hashlib.sha256()
    pending = [folder]
    while pending:
        for entry in sorted(pending.pop().iterdir(), key=lambda e: e.name):
            if entry.is_dir():
                pending.append(entry)
            elif entry.name != "sw.js":
                digest.update(entry.name.encode() + b"\0" + entry.read_bytes())
    return digest.hexdigest()[:16]


def imported(script: str) -> list[str]:
    """Every shared module a page's script imports, directly or not, read from
    the files once: the shell names them for the browser to fetch at once
    (modulepreload), not one import after another."""
    found: list[str] = []
    pending = [f"{script}.js"]
    while pending:
        module = pending.pop()
        for name in IMPORT.findall((STATIC / module).read_text(encoding="utf-8")):
            if name not in found:
                found.append(name)
                pending.append(name)
    return found


def language_of(request: Request) -> str:
    """French when the browser puts it before English in Accept-Language, else English."""
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in MANIFEST_WORDS:
            return code
    return "en"


def pages_router() -> APIRouter:
    router = APIRouter(include_in_schema=False)
    shell = (STATIC / "page.html").read_text(encoding="utf-8")
    worker = (STATIC / "sw.js").read_text(encoding="utf-8").replace("{version}", static_digest())

    def page_html(script: str) -> str:
        preload = "".join(
            f'<link rel="modulepreload" href="/static/{name}">\n  ' for name in imported(script)
        )
        return shell.replace("{preload}", preload).replace("{script}", script)

    shells = {script: page_html(script) for script in {*PAGES.values(), "table", "player"}}

    def page(script: str) -> HTMLResponse:
        return HTMLResponse(shells[script])

    for path, script in PAGES.items():
        router.add_api_route(path, lambda script=script: page(script), methods=["GET"])

    @router.get("/table/{table_id}")
    async def table_page(table_id: str) -> HTMLResponse:
        return page("table")

    @router.get("/player/{name}")
    async def player_page(name: str) -> HTMLResponse:
        return page("player")

    @router.get("/leaderboard/{game}")
    async def leaderboard_page(game: str) -> HTMLResponse:
        return page("leaderboard")

    @router.get("/learn/{game}")
    async def learn_page(game: str) -> HTMLResponse:
        return page("learn")

    @router.get("/manifest.webmanifest")
    async def manifest(request: Request) -> JSONResponse:
        language = language_of(request)
        body = {
            **MANIFEST_WORDS[language],
            "short_name": "vitrine",
            "lang": language,
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#f7f5f0",
            "theme_color": "#12343b",
            "icons": ICONS,
        }
        headers = {"Vary": "Accept-Language"}
        return JSONResponse(body, media_type="application/manifest+json", headers=headers)

    @router.get("/sw.js")
    async def service_worker() -> Response:
        # Always asked again: browsers compare it byte for byte to find an upgrade.
        headers = {"Cache-Control": "no-cache"}
        return Response(worker, media_type="text/javascript", headers=headers)

    return router
