"""Whose turn, in headless Chromium against a real server, in English and French, on
a desktop and a phone: a signed-in player with a turn-based game waiting sees the
count in every page's header, in the tab's title and as the favicon's badge, the
game first in My games with its clock and deadline; after she plays, the count
drops without a reload.  axe, the phone's width and whole words on each page."""

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from browser_fixtures import seq, wait_for_change
from page_helpers import (
    SIZES,
    broken_words,
    clean,
    player_context,
    scrolls_sideways,
    serious_violations,
    signed_up,
)
from server_process import Served

pytestmark = pytest.mark.timeout(300)
LEGAL = "main button.legal"
WORDS = {
    "en": {
        "games": "My games (1)",
        "waiting": "1 game waiting for you",
        "in": "in 2 days",
        "clock": "2 days per decision (turn-based), then the game ends",
    },
    "fr": {
        "games": "Mes parties (1)",
        "waiting": "1 partie vous attend",
        "in": "après-demain",
        "clock": "2 jours par décision (tour par tour), puis la partie s'arrête",
    },
}


@pytest.fixture(scope="module")
def turns_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    path = tmp_path_factory.mktemp("turns") / "vitrine.sqlite3"
    server = Served(
        f"sqlite:///{path}", bot_delay=0.02, settings={"VITRINE_SIGN_UPS": "1000/minute"}
    )
    yield server
    server.stop()


def looks_right(page: Page, name: str) -> None:
    assert serious_violations(page) == [], name
    assert not scrolls_sideways(page), name
    assert broken_words(page) == [], name


def to_act(served: Served, table_id: str) -> int:
    current: int = served.call("GET", f"/api/tables/{table_id}")["table"]["current_player"]
    return current


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_games_waiting_show_in_the_header_title_and_favicon(
    module_browser: Browser, turns_served: Served, language: str, size: str
) -> None:
    served, words = turns_served, WORDS[language]
    with player_context(module_browser, size, language) as (context, troubles):
        page = context.new_page()
        signed_up(page, served.site, f"Turn {language} {size}")
        origin = {"Origin": served.site}
        seats = [{"kind": "human", "me": True}, {"kind": "human", "name": "Guest"}]
        body = {"game": "tucano", "seats": seats, "clock_seconds": 2 * 86400, "on_timeout": "end"}
        created = context.request.post(served.site + "/api/tables", data=body, headers=origin)
        table_id, guest = created.json()["table"]["id"], created.json()["seats"][1]["token"]
        context.request.post(served.site + f"/api/tables/{table_id}/start", headers=origin)
        while to_act(served, table_id) == 1:  # the guest plays until it is her turn
            state = served.call("GET", f"/api/tables/{table_id}", guest)
            served.call(
                "POST",
                f"/api/tables/{table_id}/actions",
                guest,
                {"action": state["view"]["legal_actions"][0], "seq": state["table"]["seq"]},
            )

        page.goto(served.site + "/lobby")  # any page: the header counts the game waiting
        page.locator("#games-link", has_text=words["games"]).wait_for()
        assert words["waiting"] in (page.text_content("#games-link") or "")
        page.wait_for_function("document.title.startsWith('(1) ')")
        page.wait_for_function(
            "document.querySelector(\"link[rel~='icon']\").href.startsWith('data:image/png')"
        )
        looks_right(page, f"turns-lobby-{language}-{size}")

        page.goto(served.site + "/games")
        page.locator("main[data-state=signed-in]").wait_for()
        first = page.locator("#your-turn li").first
        first.wait_for()
        assert first.get_attribute("data-table") == table_id  # My games: it comes first
        line = first.inner_text()
        assert words["clock"] in line and words["in"] in line, line
        looks_right(page, f"turns-my-games-{language}-{size}")

        first.locator("a.button").click()
        page.wait_for_url(f"**/table/{table_id}")
        page.locator("main[data-status=playing]").wait_for()
        page.locator("#deadline", has_text=words["in"]).wait_for()
        assert words["clock"] in page.inner_text("#context")
        looks_right(page, f"turns-table-{language}-{size}")
        deadline = time.monotonic() + 30
        while to_act(served, table_id) == 0:  # she plays her turn (a decision or a few)
            assert time.monotonic() < deadline, "her turn never ended"
            page.locator(LEGAL).first.wait_for()
            before = seq(page)
            page.locator(LEGAL).first.click()
            wait_for_change(page, before)
        # Her turn is over: the count drops, in the header and the title, unreloaded.
        page.locator("#games-link", has_text=words["games"]).wait_for(state="detached")
        page.wait_for_function("!document.title.startsWith('(')")
        assert "(1)" not in (page.text_content("#games-link") or "")
        clean(troubles)


def test_the_lobby_asks_what_a_missed_deadline_does_only_with_a_clock(
    module_browser: Browser, turns_served: Served
) -> None:
    """No clock, no question; choosing a clock by keyboard asks it, and the keyboard
    stays on the clock's list though the form is drawn anew."""
    with player_context(module_browser, "phone", "fr") as (context, troubles):
        page = context.new_page()
        page.goto(turns_served.site + "/lobby")
        page.locator("#clock").wait_for()
        assert page.locator("#on-timeout").count() == 0
        page.focus("#clock")
        page.keyboard.press("ArrowDown")  # "no clock" -> the live 60 s clock
        page.locator("#on-timeout").wait_for()
        assert page.evaluate("document.activeElement.id") == "clock"
        assert page.input_value("#clock") == "60"
        page.select_option("#clock", "")
        page.locator("#on-timeout").wait_for(state="detached")
        looks_right(page, "lobby")
        clean(troubles)
