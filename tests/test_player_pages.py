"""The pages of a player in headless Chromium, against a real server: a rated
game made in the lobby by one account and joined by another through its
invitation, played to the end on the pages, the rating changes in both result
banners, then My games on another device (a new browser signed in there) with
the game, its result and rating change, and its review; a profile with its
rating chart (uPlot) and the chart's points in words; a leaderboard; axe, the
phone's width, the dark theme and whole words on each new page, in English
and French.

Pages are opened at ``localhost`` (as in test_account_browser.py): the
session cookie is a secure one, which a browser keeps on a secure context.
"""

import json
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from sqlalchemy import create_engine, text

from browser_fixtures import SHOTS, seq, wait_for_change
from page_helpers import (
    PHONE,
    broken_words,
    clean,
    player_context,
    scrolls_sideways,
    serious_violations,
    signed_up,
)
from server_process import Served
from vitrine.server.orm import utcnow

pytestmark = pytest.mark.timeout(400)
ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "vitrine" / "web" / "static"
UPLOT = ROOT / "node_modules" / "uplot"
PASSWORD = "velvet tundra quiver 1951"
LEGAL = "main button.legal"


@pytest.fixture(scope="module")
def players_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    path = tmp_path_factory.mktemp("players") / "vitrine.sqlite3"
    limits = {"VITRINE_SIGN_UPS": "1000/minute", "VITRINE_FAILED_SIGN_INS": "1000/minute"}
    server = Served(f"sqlite:///{path}", bot_delay=0.02, settings=limits)
    yield server
    server.stop()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def sign_in(page: Page, served: Served, name: str, query: str = "") -> None:
    page.goto(served.site + "/account" + query)
    page.locator("main[data-state=signed-out]").wait_for()
    page.fill("#sign-in-name", name)
    page.fill("#sign-in-password", PASSWORD)
    page.click("#sign-in button[type=submit]")


def signed(n: int) -> str:
    """As the pages write a change: "+15", "\u22123" (a true minus sign), "±0"."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "±0"


def act_here(page: Page) -> bool:
    """One decision on this page if it has one to make: its first legal choice, clicked."""
    if page.locator(LEGAL).count() == 0 or page.locator("main[data-status=playing]").count() == 0:
        return False
    before = seq(page)
    try:
        page.locator(LEGAL).first.click(timeout=2000)
        wait_for_change(page, before)
    except PlaywrightError:  # the other page's decision redrew this one first
        return False
    return True


def looks_right(page: Page, name: str) -> None:
    """axe clean, no sideways scroll, whole words; a screenshot to look at."""
    # The page's words leave the header's alone.
    assert page.inner_text(".top nav a[href='/lobby']") in ("Lobby", "Salon"), name
    assert serious_violations(page) == [], name
    assert not scrolls_sideways(page), name
    assert broken_words(page) == [], name
    shot(page, name)


# ------------------------------------------------------------------ the issue's scenario


def test_a_rated_game_from_the_lobby_to_my_games_on_another_device(
    module_browser: Browser, players_served: Served
) -> None:
    served = players_served
    with (
        player_context(module_browser, "desktop", "en") as (ana_context, ana_troubles),
        player_context(module_browser, "phone", "fr", scheme="dark") as (bo_context, bo_troubles),
    ):
        ana, bo = ana_context.new_page(), bo_context.new_page()
        signed_up(ana, served.site, "Anatole")
        signed_up(bo, served.site, "Bohdana")
        # Ana makes a rated two-player Tucano table from the lobby, with the Rated box.
        ana.goto(served.site + "/lobby")
        ana.locator("#rated").wait_for()
        ana.select_option("#game", "tucano")
        ana.locator("text=Tucano has no variants.").wait_for()
        ana.select_option("#count", "2")
        ana.locator("#seat-2-kind").wait_for(state="detached")
        assert "Anatole" in ana.inner_text("#seat-0-me")  # her seat is her account's
        ana.select_option("#seat-1-kind", "human")
        assert "bots are not rated" in ana.inner_text("#rated-hint")
        assert serious_violations(ana) == []
        shot(ana, "player-lobby-rated-en-desktop")
        ana.check("#rated")
        ana.click("#create")
        ana.wait_for_url("**/table/**")
        table_id = ana.url.rsplit("/", 1)[-1]
        ana.locator("#rated").wait_for()
        assert "rated" in ana.inner_text("#rated-note")
        invitation = ana.inner_text('.invite[data-seat="1"]').replace("127.0.0.1", "localhost")
        # Bo takes the invitation, signed in: one click joins under the account's name.
        bo.goto(invitation)
        bo.locator("#join-account").click()
        bo.locator("#joined").wait_for()
        assert "Bohdana" in bo.inner_text("#joined")
        ana.locator("#start:not([disabled])").click()
        for page in (ana, bo):
            page.locator("main[data-status=playing]").wait_for()
        # Every decision on the pages, each player at their own.
        played = {"ana": 0, "bo": 0}
        deadline = time.monotonic() + 240
        while ana.locator("main[data-status=over]").count() == 0:
            assert time.monotonic() < deadline, "the game did not end in 4 minutes"
            for who, page in (("ana", ana), ("bo", bo)):
                if act_here(page):
                    played[who] += 1
            time.sleep(0.02)
        assert played["ana"] >= 1 and played["bo"] >= 1, played
        # Both see their rating move in the result banner.
        changes = served.call("GET", f"/api/tables/{table_id}/ratings")
        assert [change["name"] for change in changes] == ["Anatole", "Bohdana"]
        for page, change, words in (
            (ana, changes[0], "Your rating: "),
            (bo, changes[1], "Votre classement : "),
        ):
            line = page.locator("#your-rating")
            line.wait_for()
            assert line.inner_text() == (
                f"{words}{change['before']} → {change['after']}? ({signed(change['change'])})"
            )
            assert change["provisional"]  # a first rated game
        # A seat's name leads to the account's profile.
        assert bo.get_attribute(".seats a.player-link >> nth=0", "href") == "/player/Anatole"
        for page, name in ((ana, "en-desktop"), (bo, "fr-phone-dark")):
            assert serious_violations(page) == [], name
            assert not scrolls_sideways(page), name
            shot(page, f"player-rated-result-{name}")
        clean(ana_troubles)
        clean(bo_troubles)
        mine = changes[0]
    # Another device: a new browser, signed in there, finds the game in My games.
    with player_context(module_browser, "desktop", "en") as (context, troubles):
        page = context.new_page()
        page.goto(served.site + "/games")
        page.locator("main[data-state=signed-out] #sign-in-to-games").click()
        page.locator("main[data-state=signed-out]").wait_for()
        page.fill("#sign-in-name", "Anatole")
        page.fill("#sign-in-password", PASSWORD)
        page.click("#sign-in button[type=submit]")
        page.wait_for_url("**/games")
        page.locator("main[data-state=signed-in]").wait_for()
        line = page.locator(f'#finished li[data-table="{table_id}"]')
        words = line.inner_text()
        won = served.call("GET", f"/api/tables/{table_id}")["view"]["scores"][0]["rank"] == 1
        assert ("You won" if won else "You lost") in words or "You shared the win" in words
        assert "rank " in words and " of 2" in words
        assert f"rating {signed(mine['change'])} → {mine['after']}?" in words
        assert line.locator("a.replay-link").get_attribute("href") == f"/replay?table={table_id}"
        assert page.inner_text("#games-link").startswith("My games")
        looks_right(page, "player-my-games-en-desktop")
        line.locator("a.review-link").click()
        page.wait_for_url(f"**/table/{table_id}")
        page.locator("main[data-status=over] #your-rating").wait_for()  # her seat, by the cookie
        page.locator("#banner-review").click()
        page.locator("#review").wait_for()
        clean(troubles)


# ------------------------------------------------------------------ profile and leaderboard


def rated_history(served: Served, name: str, others: list[str]) -> None:
    """Settled ratings for ``name`` and ``others`` in Tucano, written into the
    database as test_rated_tables.py does, so the leaderboard lists them."""
    engine = create_engine(served.database_url)
    with engine.begin() as connection:
        ids: dict[str, str] = dict(connection.execute(text("SELECT name, id FROM accounts")).all())
        for index, player in enumerate([name, *others]):
            connection.execute(
                text(
                    "INSERT INTO ratings (game, account_id, mu, sigma, games, updated_at)"
                    " VALUES ('tucano', :id, :mu, 2.0, 20, :at)"
                ),
                {"id": ids[player], "mu": 30.0 - index, "at": utcnow() - timedelta(days=index)},
            )
    engine.dispose()


@pytest.fixture(scope="module")
def settled(players_served: Served, module_browser: Browser) -> str:
    """A player with a rated game behind them (its history drawn) and a settled
    Tucano rating, among two others."""
    served = players_served
    with player_context(module_browser, "desktop", "en") as (context, _):
        page = context.new_page()
        for name in ("Émeline", "Ulrich", "Zoé Marchetti-Lefèvre"):
            signed_up(page, served.site, name)
            page.click("#sign-out")
            page.locator("main[data-state=signed-out]").wait_for()
    # One rated Exhibition game against another account, played through the API.
    play_rated(module_browser, served, "Émeline", "Ulrich")
    rated_history(served, "Émeline", ["Ulrich", "Zoé Marchetti-Lefèvre"])
    return "Émeline"


def play_rated(browser: Browser, served: Served, host: str, guest: str) -> None:
    """A rated two-player Exhibition table between two accounts, played through the
    API (``context.request``) by each one's session, in a context of its own: each
    signs in once, not at every change of turn."""
    origin = {"Origin": served.site}
    contexts = {name: browser.new_context() for name in (host, guest)}
    try:
        requests = {name: context.request for name, context in contexts.items()}
        for name, request in requests.items():
            answer = request.post(
                served.site + "/api/session",
                data={"name": name, "password": PASSWORD},
                headers=origin,
            )
            assert answer.ok, answer.text()
        seats = [{"kind": "human", "me": True}, {"kind": "human"}]
        created = (
            requests[host]
            .post(
                served.site + "/api/tables",
                data={"game": "exhibition", "seats": seats, "rated": True},
                headers=origin,
            )
            .json()
        )
        table_id = created["table"]["id"]
        token = created["seats"][1]["token"]
        joined = requests[guest].post(
            served.site + f"/api/tables/{table_id}/join",
            data={"name": guest},
            headers={**origin, "Authorization": f"Bearer {token}"},
        )
        assert joined.ok, joined.text()
        started = requests[host].post(served.site + f"/api/tables/{table_id}/start", headers=origin)
        assert started.ok, started.text()
        for _ in range(2000):
            state = requests[host].get(served.site + f"/api/tables/{table_id}").json()
            if state["table"]["status"] == "over":
                break
            request = requests[[host, guest][state["table"]["current_player"]]]
            mine = request.get(served.site + f"/api/tables/{table_id}").json()
            action = mine["view"]["legal_actions"][0]
            body = {"action": action, "seq": mine["table"]["seq"]}
            answer = request.post(
                served.site + f"/api/tables/{table_id}/actions", data=body, headers=origin
            )
            assert answer.ok, answer.text()
        else:
            raise AssertionError("the rated game did not end")
        for request in requests.values():
            request.delete(served.site + "/api/session", headers=origin)
    finally:
        for context in contexts.values():
            context.close()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("size", "scheme"), [("desktop", "light"), ("phone", "dark")])
def test_a_profile_draws_the_rating_and_says_its_points(
    module_browser: Browser,
    players_served: Served,
    settled: str,
    language: str,
    size: str,
    scheme: str,
) -> None:
    profile = players_served.call("GET", "/api/players/%C3%89meline")
    exhibition = next(game for game in profile["games"] if game["game"] == "exhibition")
    with player_context(module_browser, size, language, scheme=scheme) as (context, troubles):
        page = context.new_page()
        page.goto(players_served.site + "/player/%C3%89meline")
        page.locator("main[data-state=shown]").wait_for()
        assert page.inner_text("#player-name") == settled
        spoken = {
            "en": {"en": "Plays in English", "fr": "Plays in French"},
            "fr": {"en": "Joue en anglais", "fr": "Joue en français"},
        }
        assert page.inner_text("#player-language") == spoken[language][profile["language"]]
        chart = page.locator("#game-exhibition .chart canvas")
        chart.wait_for()
        box = chart.bounding_box()
        assert box is not None and box["width"] > 150 and box["height"] > 100
        # The chart's text alternative: a summary, and every point in a table.
        summary = page.inner_text("#game-exhibition .chart-summary")
        assert str(exhibition["history"][-1]["rating"]) in summary
        cells = page.locator("#game-exhibition .chart-points td:nth-child(2)").all_text_contents()
        assert cells == [str(point["rating"]) for point in exhibition["history"]]
        assert page.get_attribute("#game-exhibition .chart", "aria-hidden") == "true"
        # Its colours are the palette's, in this theme.
        stroke = page.evaluate(
            "() => getComputedStyle(document.documentElement).getPropertyValue('--link').trim()"
        )
        assert stroke == ("#8cc4ff" if scheme == "dark" else "#0b57a4")
        page.click("#game-exhibition .chart-points summary")
        if size == "phone":
            assert page.viewport_size == PHONE
        assert page.locator("#recent li").count() >= 1
        looks_right(page, f"player-profile-{language}-{size}-{scheme}")
        # A leaderboard from the profile.
        page.click("#game-tucano a[href='/leaderboard/tucano']")
        page.locator("main.leaderboard[data-state=shown] #leaders").wait_for()
        names = page.locator("#leaders tbody th a").all_text_contents()
        assert names == [settled, "Ulrich", "Zoé Marchetti-Lefèvre"]
        assert page.get_attribute("#leaders tbody th a >> nth=0", "href") == "/player/%C3%89meline"
        explain = page.inner_text("#explain")
        assert "90" in explain
        looks_right(page, f"player-leaderboard-{language}-{size}-{scheme}")
        page.click(".game-choice a[href='/leaderboard/exhibition']")
        page.locator("main.leaderboard[data-state=shown] #nobody").wait_for()
        clean(troubles)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_name_nobody_has_and_a_guests_my_games(
    module_browser: Browser, players_served: Served, language: str
) -> None:
    words = {
        "en": ("No player is called “Nemo”.", "Sign in"),
        "fr": ("Aucun joueur ne s'appelle « Nemo ».", "Se connecter"),
    }[language]
    with player_context(module_browser, "phone", language) as (context, troubles):
        page = context.new_page()
        page.goto(players_served.site + "/player/Nemo")
        page.locator("main[data-state=not-found]").wait_for()
        assert page.inner_text("#not-found") == words[0]
        looks_right(page, f"player-not-found-{language}-phone")
        page.goto(players_served.site + "/games")
        page.locator("main[data-state=signed-out]").wait_for()
        assert page.locator("#games-link").is_hidden()  # a guest's header has no My games
        assert page.inner_text("#sign-in-to-games").startswith(words[1])
        href = page.get_attribute("#sign-in-to-games", "href")
        assert href == "/account?next=/games"
        looks_right(page, f"player-my-games-signed-out-{language}-phone")
        page.goto(players_served.site + "/leaderboard/chess")
        page.locator("main[data-state=refused] #refused").wait_for()
        clean(troubles)


def test_my_games_counts_the_games_waiting_and_pages_the_finished(
    module_browser: Browser, players_served: Served
) -> None:
    """A game waiting for the person comes first, marked, and the header counts it."""
    served = players_served
    with player_context(module_browser, "phone", "fr", scheme="dark") as (context, troubles):
        page = context.new_page()
        signed_up(page, served.site, "Octave")
        origin = {"Origin": served.site}
        seats = [{"kind": "human", "me": True}, {"kind": "bot", "level": "beginner"}]
        created = context.request.post(
            served.site + "/api/tables",
            data={"game": "tucano", "seats": seats},
            headers=origin,
        ).json()
        table_id = created["table"]["id"]
        context.request.post(served.site + f"/api/tables/{table_id}/start", headers=origin)
        deadline = time.monotonic() + 30
        while served.call("GET", f"/api/tables/{table_id}")["table"]["current_player"] != 0:
            assert time.monotonic() < deadline, "the bot did not play"
            time.sleep(0.05)
        page.goto(served.site + "/games")
        page.locator("main[data-state=signed-in]").wait_for()
        waiting = page.locator(f'#your-turn li[data-table="{table_id}"]')
        waiting.wait_for()
        assert "À vous de jouer" in waiting.inner_text()
        page.locator("#games-link", has_text="Mes parties (1)").wait_for()
        assert "1 partie vous attend" in (page.text_content("#games-link") or "")
        looks_right(page, "player-my-games-fr-phone-dark")
        waiting.locator("a.button").click()
        page.wait_for_url(f"**/table/{table_id}")
        page.locator("main[data-status=playing]").wait_for()
        page.locator(LEGAL).first.wait_for()  # her seat, by her session alone
        clean(troubles)


def test_the_chart_library_is_the_pinned_packages_own() -> None:
    """`make vendor` copied uPlot from the package package.json pins, unchanged."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["uplot"]
    assert lock["packages"]["node_modules/uplot"]["version"] == pinned
    if not UPLOT.is_dir():
        pytest.skip("node_modules/uplot is not installed (npm ci)")
    vendor = STATIC / "vendor"
    for name in ("uPlot.esm.js", "uPlot.min.css"):
        assert (vendor / name).read_bytes() == (UPLOT / "dist" / name).read_bytes()
    assert (vendor / "uPlot-LICENSE.txt").read_bytes() == (UPLOT / "LICENSE").read_bytes()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_guest_at_a_rated_table_is_told_to_sign_in(
    module_browser: Browser, players_served: Served, language: str
) -> None:
    served = players_served
    words = {
        "en": "This table is rated: sign in to take a seat",
        "fr": "Cette table est classée : connectez-vous pour prendre une place",
    }[language]
    with player_context(module_browser, "desktop", "en") as (host_context, _):
        page = host_context.new_page()
        signed_up(page, served.site, f"Hôte {language}")
        origin = {"Origin": served.site}
        seats = [{"kind": "human", "me": True}, {"kind": "human"}]
        created = host_context.request.post(
            served.site + "/api/tables",
            data={"game": "tucano", "seats": seats, "rated": True},
            headers=origin,
        ).json()
    link = served.site + created["seats"][1]["link"]
    with player_context(module_browser, "phone", language) as (context, troubles):
        page = context.new_page()
        page.goto(link)
        page.locator("#rated-note a").wait_for()
        href = page.get_attribute("#rated-note a", "href")
        assert href == f"/account?next=%2Ftable%2F{created['table']['id']}"
        page.fill("#join-name", "Invité")
        page.click("#join")
        page.locator("#error", has_text=words).wait_for()
        assert serious_violations(page) == []
        assert not scrolls_sideways(page)
        assert broken_words(page) == []
        shot(page, f"player-rated-guest-{language}-phone")
        clean(troubles)
