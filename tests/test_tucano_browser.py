"""Tucano in headless Chromium: chosen in the lobby, played to the end against a bot
with the mouse and the keyboard, the final table read in English and French."""

import time

import pytest
from playwright.sync_api import Browser, Page

from browser_fixtures import SHOTS, seq, wait_for_change
from server_process import Served

pytestmark = pytest.mark.timeout(300)

LEGAL = "button.legal"


def act(page: Page, by_key: bool) -> bool:
    """One decision if this page has one: a click, or Enter on the focused choice."""
    if page.locator(LEGAL).count() == 0:
        return False
    before = seq(page)
    if by_key:
        page.keyboard.press("Enter")
    else:
        page.locator(LEGAL).first.click()
    wait_for_change(page, before)
    return True


def test_a_tucano_game_against_a_bot_from_the_lobby_to_the_scores(
    browser: Browser, served: Served
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(served.url + "/lobby")
    page.select_option("#game", "tucano")
    page.locator("text=Tucano has no variants.").wait_for()
    page.select_option("#count", "2")
    page.locator("#seat-2-kind").wait_for(state="detached")  # the lobby redrew for 2 seats
    page.fill("#seat-0-name", "Ana")
    page.select_option("#seat-1-level", "casual")
    assert page.input_value("#seat-0-name") == "Ana"
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.locator("#start:not([disabled])").wait_for()
    page.click("#start")
    page.locator("main[data-status=playing]").wait_for()
    page.locator("button.column.legal").first.wait_for()
    assert page.locator("button.column.legal").count() == 3
    page.keyboard.press("b")  # the key of a column takes it
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
    decisions = 1
    toucans = 0
    deadline = time.monotonic() + 240
    while page.locator("main[data-status=over]").count() == 0:
        assert time.monotonic() < deadline, "the game did not finish in 4 minutes"
        if page.locator("button.toucan.legal").count():
            toucans += 1
            if toucans == 1:
                page.screenshot(path=SHOTS / "tucano-toucans.png", full_page=True)
        if page.locator("button.joker.legal").count():  # Ana holds the joker: she chooses
            assert "choose the fruit your joker counts as" in page.inner_text(".prompt")
            page.screenshot(path=SHOTS / "tucano-joker.png", full_page=True)
        if act(page, by_key=decisions % 2 == 0):
            decisions += 1
        time.sleep(0.02)
    scores = page.locator(".final-scores")
    scores.wait_for()
    page.screenshot(path=SHOTS / "tucano-final.png", full_page=True)
    assert scores.locator("tbody tr").count() == 13 + 3  # every fruit, the joker, total, rank
    assert "Pomegranate" in scores.inner_text()
    assert page.locator("#error").inner_text() == ""
    assert decisions >= 12
    page.click("button.lang")
    page.locator("text=Scores finaux").wait_for()
    assert "Grenade" in page.locator(".final-scores").inner_text()
    table_id = page.url.rsplit("/", 1)[-1]
    record = served.call("GET", f"/api/tables/{table_id}/record")
    assert record["game"] == "tucano"
    joker = record["turns"][-1].startswith("joker:")  # a choice between two fruits or more
    assert len(record["turns"]) == 24 + joker
    assert record["players"][0] == "Ana"
    # Each hand's heading gives the final total (every card counts), not the face-up points.
    totals = [
        sheet["total"] for sheet in served.call("GET", f"/api/tables/{table_id}")["view"]["scores"]
    ]
    headings = page.locator(".hand h3 .points").all_inner_texts()
    assert [heading.split()[1] for heading in headings] == [str(total) for total in totals]


def test_a_spectator_replays_a_bot_game_turn_by_turn(browser: Browser, served: Served) -> None:
    bots = [{"kind": "bot", "level": "beginner"}] * 3
    created = served.call("POST", "/api/tables", body={"game": "tucano", "seats": bots})
    table_id = created["table"]["id"]
    served.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    page = browser.new_page()
    page.goto(f"{served.url}/table/{table_id}")
    page.locator("main[data-status=over]").wait_for(timeout=60_000)
    assert page.locator(LEGAL).count() == 0
    record = served.call("GET", f"/api/tables/{table_id}/record")
    turns = len(record["turns"])  # 24, and the joker's fruit when its holder chose it
    page.goto(f"{served.url}/replay?table={table_id}")
    step = page.locator("#step")
    step.wait_for()
    assert step.inner_text() == f"Turn {turns} of {turns}"
    page.locator(".final-scores").wait_for()
    for _ in range(turns - 23):
        page.click("#previous")
    page.locator("#step", has_text=f"Turn 23 of {turns}").wait_for()
    page.locator(".final-scores").wait_for(state="detached")
    assert page.locator(".tucano .column").count() == 3
    assert "face down" in page.inner_text(".tucano")
    # The record's turn (not the view's), said in words, its code in the tooltip.
    assert page.get_attribute("#played span", "title") == record["turns"][22]
    assert page.inner_text("#played span") != record["turns"][22]
