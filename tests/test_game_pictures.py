"""The pictures the games draw with: each home-page illustration and sprite is
well-formed SVG, every fruit, toucan and the joker of Tucano and Don't Go In
There's curse, die icon and ghost has its symbol, and every picture a page
shows names a symbol of the sprite the server serves (a <use> that names no
symbol draws nothing, silently)."""

import json
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from page_helpers import clean, player_context
from server_process import Served
from vitrine.games import game_names, get_plugin

GAMES = Path(__file__).resolve().parent.parent / "src" / "vitrine" / "games"
SVG = "{http://www.w3.org/2000/svg}"


def symbols(path: Path) -> set[str]:
    root = ET.parse(path).getroot()
    found = {symbol.get("id") for symbol in root.iter(f"{SVG}symbol")}
    assert all(symbol.get("viewBox") for symbol in root.iter(f"{SVG}symbol"))
    return {name for name in found if name}


@pytest.mark.parametrize("game", [g for g in game_names() if get_plugin(g).page is not None])
def test_each_illustration_is_svg_of_the_home_pages_shape(game: str) -> None:
    page = get_plugin(game).page
    assert page is not None and page.illustration is not None
    root = ET.parse(GAMES / game / "web" / page.illustration).getroot()
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 320 180"


def test_every_tucano_card_has_its_picture() -> None:
    cards = json.loads((GAMES / "tucano" / "data" / "cards.json").read_text(encoding="utf-8"))
    needed = {fruit["id"] for fruit in cards["fruits"]} | {cards["joker"]["id"]}
    needed |= {toucan["id"] for toucan in cards["toucans"]}
    assert needed <= symbols(GAMES / "tucano" / "web" / "fruits.svg")


def test_dont_go_in_there_has_its_curse_die_and_ghost() -> None:
    assert {"curse", "die", "ghost"} <= symbols(GAMES / "dontgointhere" / "web" / "icons.svg")


HREFS = """() => [...document.querySelectorAll("svg.icon use")]
  .map((use) => use.getAttribute("href"))"""


@pytest.mark.parametrize(("game", "done"), [("tucano", 12), ("dontgointhere", 10)])
def test_every_picture_on_the_page_is_drawn(
    module_browser: Browser, module_served: Served, game: str, done: int
) -> None:
    """Mid-way through the game's guided game, where many pictures show."""
    decisions = module_served.call("GET", f"/api/games/{game}/tutorial")["decisions"][:done]
    with player_context(module_browser, "desktop", "en") as (context, troubles):
        context.add_init_script(
            f"try {{ localStorage.setItem('vitrine:learn:{game}', "
            f"JSON.stringify({{decisions: {json.dumps(decisions)}}})); }} catch {{}}"
        )
        page = context.new_page()
        page.goto(f"{module_served.url}/learn/{game}")
        page.locator(f"main[data-done='{done}']").wait_for()
        page.wait_for_function("() => document.querySelectorAll('svg.icon use').length > 0")
        hrefs = page.evaluate(HREFS)
        assert len(hrefs) >= 5
        # Each names a symbol of the sprite the server serves at that address.
        sprites: dict[str, set[str]] = {}
        for href in set(hrefs):
            url, _, name = href.partition("#")
            if url not in sprites:
                with urllib.request.urlopen(url) as answer:
                    assert answer.headers["Content-Type"] == "image/svg+xml"
                    root = ET.fromstring(answer.read())
                sprites[url] = {symbol.get("id") or "" for symbol in root.iter(f"{SVG}symbol")}
            assert name in sprites[url], href
        clean(troubles)
