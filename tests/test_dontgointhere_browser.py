"""A whole game of Don't Go In There against a bot in headless Chromium,
with the types chosen in the lobby, every decision made by clicking or by
the keyboard."""

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browser_fixtures import SHOTS, seq, turns_by_seat, wait_for_change
from server_process import Served

pytestmark = pytest.mark.timeout(300)

LEGAL = ".dontgointhere button.legal"
TYPES = ("AM", "CA", "MI", "TO", "TW")


def act_once(page: Page, by_keyboard: bool) -> bool:
    """Make the page's next decision if it has one (the last highlighted
    choice, so meeples go to various rooms); True when it did."""
    choices = page.locator(LEGAL)
    if choices.count() == 0:
        return False
    before = seq(page)
    if by_keyboard:
        choices.last.focus()
        page.keyboard.press("Enter")
    else:
        choices.last.click()
    wait_for_change(page, before)
    return True


def test_a_whole_game_against_a_bot(browser: Browser, served: Served, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(served.url + "/lobby")
    page.select_option("#game", "dontgointhere")
    page.locator("#opt-type-AM").wait_for()
    page.select_option("#count", "2")
    # A function, not an expression: Playwright evals an expression again at each poll,
    # which the pages' Content-Security-Policy refuses (a function is evaluated once).
    page.wait_for_function("() => document.querySelectorAll('.seat-editor').length === 2")
    page.fill("#seat-0-name", "Ana")
    page.select_option("#seat-1-level", "beginner")
    for code in TYPES:
        page.check(f"#opt-type-{code}")
    assert page.input_value("#seat-0-name") == "Ana"
    assert page.is_checked(f"#opt-type-{TYPES[0]}")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.locator("#start:not([disabled])").click()
    page.locator("main[data-status=playing]").wait_for()
    page.locator(".dg-room").first.wait_for()
    assert page.locator(".dg-room").count() == 3
    assert "hidden" in page.locator(".dg-tableau").nth(1).inner_text()
    page.screenshot(path=SHOTS / "dontgointhere-1-table.png", full_page=True)
    decisions = 0
    deadline = time.monotonic() + 240
    while page.locator("main[data-status=over]").count() == 0:
        assert time.monotonic() < deadline, "the game did not finish in 4 minutes"
        if act_once(page, by_keyboard=decisions % 2 == 1):
            decisions += 1
            if decisions == 12:
                page.screenshot(path=SHOTS / "dontgointhere-2-mid-game.png", full_page=True)
        time.sleep(0.02)
    page.locator(".final-scores").wait_for()
    page.locator(".final-scores").screenshot(path=SHOTS / "dontgointhere-3-final-scores.png")
    rows = page.locator(".final-scores tr").all_inner_texts()
    assert any(row.startswith("Ghost penalty") for row in rows)
    assert any(row.startswith("Rank") for row in rows)
    assert page.locator("#error").inner_text() == ""
    table = page.url.rsplit("/", 1)[-1]
    record = served.call("GET", f"/api/tables/{table}/record")
    assert decisions == turns_by_seat(record)[0]  # every click was one recorded turn (G-3)
    tableaus = served.call("GET", f"/api/tables/{table}")["view"]["tableaus"]
    dispelled = sum(len(tableau["dispelled"]) for tableau in tableaus)
    held = sum(len(tableau["held"]) for tableau in tableaus)
    assert page.locator(".dg-chip.dg-flipped").count() == dispelled
    assert page.locator(".dg-chip").count() == held + dispelled
    page.click(".lang")
    assert "Scores finaux" in page.locator(".final-scores").inner_text()
    page.goto(f"{served.url}/replay?table={table}")
    page.locator(".final-scores").wait_for()
    last = page.locator("#step").inner_text()
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    page.locator(".dg-room").first.wait_for()
    assert page.locator(".final-scores").count() == 0
    assert page.locator("#step").inner_text() != last
    # A corrupt record is refused in the page's language (French by now), naming the turn.
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(json.dumps({**record, "turns": [*record["turns"][:2], "Z9"]}))
    page.set_input_files("#record-file", corrupt)
    page.locator("main p.error:has-text('Il n')").wait_for()
    assert "Il n'y a pas de pièce Z" in page.locator("main p.error").inner_text()
