"""The games this server hosts, as the pages know them: each game's facts, its
public data files and its page's files, served from the game's own package.

A game reaches the server only through its plug-in (``vitrine.games``), so a
new game needs no change here.
"""

import re
from importlib import resources
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from vitrine.bots import LEVELS
from vitrine.games import game_names, get_plugin, plugins
from vitrine.kit.plugin import GamePlugin
from vitrine.server.errors import not_found
from vitrine.server.http import refusals
from vitrine.server.schemas import GameInfo

router = APIRouter(prefix="/api")
DATA_FILE = re.compile(r"[a-z_]+\.json")
PAGE_FILE = re.compile(r"[a-z][a-z0-9_-]*\.(?P<kind>js|css|svg)")
PAGE_MEDIA = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}


@router.get("/games", response_model=list[GameInfo])
async def games() -> list[dict[str, Any]]:
    """The games this server hosts, in the order pages list them, and the bot
    levels it offers: what the pages know of the games."""
    return [game_info(plugin) for plugin in plugins()]


def game_info(plugin: GamePlugin) -> dict[str, Any]:
    game = plugin.make_game()
    static = f"/api/games/{plugin.name}/static"
    page = plugin.page
    return {
        "name": plugin.name,
        "titles": dict(plugin.titles),
        "summaries": dict(plugin.summaries),
        "min_players": game.min_players,
        "max_players": game.max_players,
        "levels": list(LEVELS),
        "minutes": None if plugin.minutes is None else list(plugin.minutes),
        "tutorial": plugin.tutorial is not None,
        "page": None
        if page is None
        else {
            "script": f"{static}/{page.script}",
            "stylesheet": f"{static}/{page.stylesheet}",
            "illustration": None if page.illustration is None else f"{static}/{page.illustration}",
        },
    }


@router.get("/games/{name}/data/{file}", response_class=FileResponse, responses=refusals(404))
async def game_data(name: str, file: str) -> FileResponse:
    """A game's public data file (its cards, say), for the game's page renderer."""
    missing = not_found(
        "data_file_not_found", f"data file {file!r} of game {name!r} does not exist", file=file
    )
    if name not in game_names() or not DATA_FILE.fullmatch(file):
        raise missing
    path = resources.files(get_plugin(name).package) / "data" / file
    if not path.is_file():
        raise missing
    return FileResponse(str(path), media_type="application/json")


@router.get("/games/{name}/static/{file}", response_class=FileResponse, responses=refusals(404))
async def game_page_file(name: str, file: str) -> FileResponse:
    """A file of a game's page: its module (``GamePlugin.page``), the modules
    that one imports and its stylesheet, served from the ``web/`` folder of
    the game's package, and nothing else of the package."""
    missing = not_found(
        "page_file_not_found", f"page file {file!r} of game {name!r} does not exist", file=file
    )
    found = PAGE_FILE.fullmatch(file)
    if name not in game_names() or found is None:
        raise missing
    path = resources.files(get_plugin(name).package) / "web" / file
    if not path.is_file():
        raise missing
    return FileResponse(str(path), media_type=PAGE_MEDIA[found["kind"]])
