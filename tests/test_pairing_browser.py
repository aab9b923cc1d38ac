"""The lobby's quick game in headless Chromium against a real server: two
guests, one on a desktop in English and one on a phone in French (the dark
theme), each asks
by keyboard and both land at the same started table; a third waits (the
people looking are counted, a reload waits on) and cancels; the home page's
link leads to the form.  axe, the phone's width and whole words on the form
and the wait, with no script error or policy refusal.
"""

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from page_helpers import (
    broken_words,
    clean,
    module_browser,  # noqa: F401 (a fixture)
    player_context,
    scrolls_sideways,
    serious_violations,
)
from server_process import Served

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def pairing_served(sqlite_url: str) -> Iterator[Served]:
    server = Served(sqlite_url, bot_delay=0.05, settings={"VITRINE_PAIRING_REQUESTS": "100/minute"})
    yield server
    server.stop()


def checked(page: Page) -> None:
    assert serious_violations(page) == []
    assert not scrolls_sideways(page)
    assert broken_words(page) == []


def ask_by_keyboard(
    page: Page, url: str, game: str, players: str, name: str, *, waits: bool = True
) -> None:
    """Fill the quick game's form and send it by keyboard.  A request that
    ``waits`` shows the cancel button; one that completes a group may be
    paired, and its page sent to the table, before the button is ever seen."""
    page.goto(url + "/lobby")
    page.wait_for_selector("#quick-find")
    page.select_option("#quick-game", game)
    page.select_option("#quick-players", players)
    page.fill("#quick-name", name)
    checked(page)
    page.focus("#quick-find")
    page.keyboard.press("Enter")
    if waits:
        page.wait_for_selector("#quick-cancel")


def test_two_guests_meet_at_a_table_and_a_third_cancels(
    module_browser: Browser,  # noqa: F811
    pairing_served: Served,
) -> None:
    url = pairing_served.url
    with (
        player_context(module_browser, "desktop", "en") as (desktop, desktop_troubles),
        player_context(module_browser, "phone", "fr", scheme="dark") as (phone, phone_troubles),
    ):
        ana, bo = desktop.new_page(), phone.new_page()
        ask_by_keyboard(ana, url, "exhibition", "2", "Ana")
        expect(ana.locator("#quick-status")).to_contain_text("Looking for a game of")
        assert ana.evaluate("document.activeElement.id") == "quick-cancel"
        checked(ana)
        ask_by_keyboard(bo, url, "exhibition", "2", "Bo", waits=False)
        for page in (ana, bo):
            page.wait_for_url(re.compile(r"/table/[A-Za-z0-9_-]+$"), timeout=15000)
            page.wait_for_selector("main[data-status=playing]")
        assert ana.url == bo.url
        assert ana.evaluate("sessionStorage.getItem('vitrine-pairing')") is None

        cy = phone.new_page()
        ask_by_keyboard(cy, url, "tucano", "4", "Cy")
        expect(cy.locator("#quick-status")).to_contain_text("Recherche d'une partie de")
        cy.reload()  # the wait goes on, and the people looking are counted
        cy.wait_for_selector("#quick-cancel")
        expect(cy.locator("#quick-looking li[data-game=tucano]")).to_have_text(
            re.compile(r"Tucano : 1 personne cherche")
        )
        checked(cy)
        cy.focus("#quick-cancel")
        cy.keyboard.press("Enter")
        expect(cy.locator("#quick-status")).to_have_text("Demande annulée.")
        cy.wait_for_selector("#quick-find")
        checked(cy)

        home = desktop.new_page()
        home.goto(url + "/")
        home.click("#quick-pairing")
        home.wait_for_url(url + "/lobby#quick")
        expect(home.locator("#quick-game")).to_be_focused()
        clean(desktop_troubles)
        clean(phone_troubles)
