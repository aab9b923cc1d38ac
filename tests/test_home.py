"""The front door in headless Chromium: the home page presents every game and
starts one against the computer in two clicks, with no waiting room and no
name to type; the site is an installable app (a manifest, icons, a service
worker that keeps the static shell and never the game state); its typeface
is the pinned package's; the dark theme holds.  And the lengths the home page
quotes are the ones games take."""

import json
import random
import re
import statistics
import struct
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from page_helpers import (
    broken_words,
    clean,
    player_context,
    screenshot,
    scrolls_sideways,
    serious_violations,
)
from server_process import Served
from system_parts import AXE_PART, require
from vitrine.bots import make_bot
from vitrine.games import game_names, get_game, get_plugin

pytestmark = pytest.mark.timeout(300)

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "vitrine" / "web" / "static"
FONT_PACKAGE = ROOT / "node_modules" / "@fontsource-variable" / "atkinson-hyperlegible-next"
FONT = "Atkinson Hyperlegible Next Variable"
SECONDS_PER_DECISION = 12  # what GamePlugin.minutes assumes of a person
HOME_WORDS = {
    "en": {"play": "Play the computer", "friends": "Play with friends"},
    "fr": {"play": "Jouer contre l'ordinateur", "friends": "Jouer entre amis"},
}
PAGE_GAMES = [name for name in game_names() if get_plugin(name).page is not None]


def first_decision(page: Page) -> None:
    """Wait until the page asks this player for a decision (a bot may play first)."""
    page.locator("main[data-status=playing] .action-bar").wait_for()
    page.locator(
        "main[data-status=playing] button.legal, main[data-status=playing] .legal"
    ).first.wait_for()


@pytest.mark.parametrize(
    ("size", "language", "scheme"), [("desktop", "en", "light"), ("phone", "fr", "dark")]
)
@pytest.mark.parametrize("game", PAGE_GAMES)
def test_two_clicks_from_the_home_page_to_the_first_decision(
    module_browser: Browser, module_served: Served, game: str, size: str, language: str, scheme: str
) -> None:
    with player_context(module_browser, size, language, scheme=scheme) as (context, troubles):
        page = context.new_page()
        page.goto(module_served.url + "/")
        page.locator("#play-computer").click()  # one
        page.locator(f".quick-game[data-game={game}]").click()  # two
        page.wait_for_url("**/table/**")
        first_decision(page)
        assert page.locator("#start").count() == 0  # no waiting room
        table_id = page.url.rsplit("/", 1)[-1]
        table = module_served.call("GET", f"/api/tables/{table_id}")["table"]
        assert table["status"] == "playing" and table["game"] == game
        kinds = [seat["kind"] for seat in table["seats"]]
        assert kinds == ["human", "bot"]  # the defaults: one opponent
        # No name typed: a guest name, kept on this device for the next game.
        name = page.evaluate("() => localStorage.getItem('vitrine:name')")
        guest = "Guest " if language == "en" else "Invité "
        assert name.startswith(guest) and table["seats"][0]["name"] == name
        assert page.evaluate("() => document.documentElement.lang") == language
        clean(troubles)


def test_the_home_page_presents_each_game_and_remembers_the_choices(
    module_browser: Browser, module_served: Served
) -> None:
    games = module_served.call("GET", "/api/games")
    for size, language, scheme in (("desktop", "en", "light"), ("phone", "fr", "dark")):
        with player_context(module_browser, size, language, scheme=scheme) as (context, troubles):
            page = context.new_page()
            page.goto(module_served.url + "/")
            page.locator(".game-card").first.wait_for()
            words = HOME_WORDS[language]
            assert page.locator("#play-computer").inner_text() == words["play"]
            assert page.locator("#play-friends").inner_text() == words["friends"]
            assert page.locator("#play-friends").get_attribute("href") == "/lobby"
            cards = page.locator(".game-card")
            assert cards.count() == len(games)
            for game in games:
                card = page.locator(f".game-card[data-game={game['name']}]")
                text = card.inner_text()
                assert game["titles"][language] in text and game["summaries"][language] in text
                low, high = game["minutes"]
                assert f"{low}" in text and f"{high} min" in text
                assert f"{game['max_players']} " in card.locator(".facts").inner_text()
                picture = card.locator("img.illustration")
                assert picture.get_attribute("src") == game["page"]["illustration"]
                assert picture.evaluate("img => img.decode().then(() => img.naturalWidth > 0)")
            assert serious_violations(page) == []
            assert not scrolls_sideways(page)
            assert broken_words(page) == []
            screenshot(page, f"home-{language}-{size}")
            # The chooser: a dialog with every game, and the choices kept for next time.
            page.locator("#play-computer").click()
            dialog = page.locator("#quick-play")
            assert dialog.is_visible() and dialog.locator(".quick-game").count() == len(games)
            page.select_option("#quick-opponents", "2")
            page.select_option("#quick-level", "strong")
            assert serious_violations(page) == []
            screenshot(page, f"home-choose-{language}-{size}")
            page.keyboard.press("Escape")
            assert not dialog.is_visible()
            page.reload()
            page.locator("#play-computer").click()
            assert page.locator("#quick-opponents").input_value() == "2"
            assert page.locator("#quick-level").input_value() == "strong"
            clean(troubles)


def test_a_game_with_more_opponents_starts_with_that_many_bots(
    module_browser: Browser, module_served: Served
) -> None:
    with player_context(module_browser, "desktop", "en") as (context, troubles):
        context.add_init_script(
            "try { localStorage.setItem('vitrine:quick',"
            " JSON.stringify({opponents: 4, level: 'beginner'}));"
            " localStorage.setItem('vitrine:name', 'Ana'); } catch {}  // about:blank has none"
        )
        page = context.new_page()
        page.goto(module_served.url + "/")
        # Tucano seats at most four: four opponents become three.
        page.locator(".game-card[data-game=tucano] button.play").click()
        page.wait_for_url("**/table/**")
        first_decision(page)
        table = module_served.call("GET", f"/api/tables/{page.url.rsplit('/', 1)[-1]}")["table"]
        assert table["seats"][0]["name"] == "Ana"
        assert [s.get("level") for s in table["seats"][1:]] == ["beginner"] * 3
        clean(troubles)


def test_each_page_names_every_module_it_imports_for_the_browser_to_fetch_at_once(
    module_served: Served,
) -> None:
    """The shell lists a page's shared modules (modulepreload), so the browser
    asks for them together rather than discovering one import after another."""
    with urllib.request.urlopen(module_served.url + "/table/anything") as answer:
        shell = answer.read().decode()
    preloaded = re.findall(r'<link rel="modulepreload" href="/static/([\w-]+\.js)">', shell)
    assert {"common.js", "review.js", "table-words.js", "table-result.js"} <= set(preloaded)
    assert len(preloaded) == len(set(preloaded))
    assert '<script type="module" src="/static/table.js">' in shell
    with urllib.request.urlopen(module_served.url + "/") as answer:
        home = answer.read().decode()
    assert 'href="/static/play.js"' in home and 'href="/static/review.js"' not in home


def png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


def test_the_manifest_names_the_site_in_the_readers_language_with_its_icons(
    module_served: Served,
) -> None:
    for language, name in (("en", "vitrine: card games"), ("fr", "vitrine : jeux de cartes")):
        request = urllib.request.Request(
            module_served.url + "/manifest.webmanifest",
            headers={"Accept-Language": f"{language};q=1, de;q=0.5"},
        )
        with urllib.request.urlopen(request) as answer:
            assert answer.headers["Content-Type"] == "application/manifest+json"
            manifest = json.load(answer)
        assert manifest["name"] == name and manifest["lang"] == language
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes
        assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
        for icon in manifest["icons"]:
            file = STATIC / icon["src"].removeprefix("/static/")
            if icon["type"] == "image/png":
                side = int(icon["sizes"].split("x")[0])
                assert png_size(file) == (side, side), icon


def test_the_service_worker_keeps_the_shell_and_never_the_game_state(
    module_browser: Browser, module_served: Served
) -> None:
    # A plain context: the page's own policy (the server sends it), and no
    # routing, which would hide the worker's requests from it.
    context = module_browser.new_context(viewport={"width": 1366, "height": 800})
    try:
        page = context.new_page()
        page.goto(module_served.url + "/")
        page.evaluate("() => navigator.serviceWorker.ready")
        page.reload()  # now the worker answers this page
        page.locator(".game-card").first.wait_for()
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        # Chromium's own verdict: the site installs (manifest, icons, worker), but for
        # the test's private context, which no site can be installed from.
        devtools = context.new_cdp_session(page)
        errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
        page.locator("#play-computer").click()
        page.locator(".quick-game").first.click()
        page.wait_for_url("**/table/**")
        first_decision(page)
        kept = page.evaluate(
            """async () => {
              const names = await caches.keys();
              const urls = [];
              for (const name of names) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) urls.push(request.url);
              }
              return {names, urls};
            }"""
        )
        assert len(kept["names"]) == 1 and kept["names"][0].startswith("vitrine-shell-")
        paths = {url.removeprefix(module_served.url) for url in kept["urls"]}
        assert {"/", "/static/style.css", "/static/common.js"} <= paths
        # Pages, static files, the games' list and page files; never a table, a record or a review.
        data = [p for p in paths if p.startswith("/api/") and not p.startswith("/api/games")]
        assert data == [], data
        # Offline, the home page still opens from what the worker kept.
        context.set_offline(True)
        page.goto(module_served.url + "/")
        page.locator(".game-card").first.wait_for()
        assert page.locator("#play-computer").is_visible()
    finally:
        context.close()


def test_the_typeface_is_the_pinned_packages_and_the_pages_use_it(
    module_browser: Browser, module_served: Served
) -> None:
    require(AXE_PART)  # the npm packages come together (npm ci)
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    pinned = lock["packages"]["node_modules/@fontsource-variable/atkinson-hyperlegible-next"]
    assert pinned["license"] == "OFL-1.1"
    served = sorted(path.name for path in (STATIC / "fonts").glob("*.woff2"))
    assert served, "no font file"
    for name in served:  # `make fonts` copied them, unchanged
        assert (STATIC / "fonts" / name).read_bytes() == (
            FONT_PACKAGE / "files" / name
        ).read_bytes()
    assert (STATIC / "fonts" / "OFL.txt").read_bytes() == (FONT_PACKAGE / "LICENSE").read_bytes()
    with player_context(module_browser, "desktop", "fr") as (context, troubles):
        page = context.new_page()
        page.goto(module_served.url + "/")
        page.locator(".game-card").first.wait_for()
        page.evaluate("() => document.fonts.ready")
        assert page.evaluate(f"() => document.fonts.check('16px \"{FONT}\"', 'XXᵉ siècle')")
        family = page.evaluate("() => getComputedStyle(document.querySelector('h1')).fontFamily")
        assert family.startswith(f'"{FONT}"')
        clean(troubles)


def test_the_dark_theme_follows_the_device(module_browser: Browser, module_served: Served) -> None:
    backgrounds = {}
    for scheme in ("light", "dark"):
        with player_context(module_browser, "desktop", "en", scheme=scheme) as (context, troubles):
            page = context.new_page()
            page.goto(module_served.url + "/")
            page.locator(".game-card").first.wait_for()
            backgrounds[scheme] = page.evaluate(
                "() => [getComputedStyle(document.documentElement).backgroundColor,"
                " getComputedStyle(document.querySelector('.game-card')).backgroundColor]"
            )
            assert serious_violations(page) == []
            clean(troubles)
    assert backgrounds["light"] == ["rgb(247, 245, 240)", "rgb(255, 255, 255)"]
    assert backgrounds["dark"] == ["rgb(18, 22, 25)", "rgb(29, 35, 39)"]


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_the_length_the_home_page_quotes_is_what_games_take(game: str) -> None:
    """Decisions with a choice, every seat's, at the fewest and the most players
    (greedy bots, 8 games each), at 12 s a decision, fall in the quoted range
    give or take a quarter."""
    plugin = get_plugin(game)
    assert plugin.minutes is not None
    low, high = plugin.minutes
    rules = get_game(game)
    bot = make_bot("greedy")
    for players in (max(2, rules.min_players), rules.max_players):
        lengths = []
        for seed in range(8):
            rng = random.Random(seed)
            state = rules.new_game([f"P{n}" for n in range(players)], {}, seed)
            choices = 0
            while not state.is_over:
                view = state.view(state.current_player)
                choices += len(view["legal_actions"]) > 1
                state.apply_action(bot.choose(rules, view, rng))
            lengths.append(choices * SECONDS_PER_DECISION / 60)
        minutes = statistics.mean(lengths)
        assert low * 0.75 <= minutes <= high * 1.25, (players, minutes)
