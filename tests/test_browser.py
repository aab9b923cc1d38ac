"""Two people and a bot play a whole game in headless Chromium, one reloading
mid-game (the browser and server fixtures are in ``browser_fixtures``)."""

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browser_fixtures import SHOTS, seq, turns_by_seat, wait_for_change
from server_process import Served

pytestmark = pytest.mark.timeout(300)  # a hang fails the test instead of stalling CI

ACTIONS = (
    "button.card.legal, button.dest, button.spot.legal, "
    'button[data-action="D"], button[data-action="X"]'
)
PLACES = 'button.spot.legal, button[data-action="D"], button[data-action="X"]'


@pytest.fixture(scope="module")
def served(module_served: Served) -> Served:
    """One server for the module's tests rather than one each (a start costs 2-4 s):
    each plays tables of its own, and the one that reads the list of tables
    compares it with the list before.  The restart test starts its own."""
    return module_served


def act_once(page: Page, undo_first: bool, shot: Path | None = None) -> bool:
    """Make this page's next decision if it has one; True when it did.

    A take is one click (plus the destination for a white card).  A placement
    is a click on a highlighted spot and Enter; ``undo_first`` first picks a
    spot and undoes it with Escape, as a player fixing a misclick would.
    """
    if page.locator(ACTIONS).count() == 0:
        return False
    before = seq(page)
    spot = page.locator(PLACES)
    if spot.count():
        if undo_first:
            spot.last.click()
            page.locator(".spot.chosen").wait_for()
            page.keyboard.press("Escape")
            page.locator(".spot.chosen").wait_for(state="detached")
        spot.first.click()
        page.locator("#confirm").wait_for()
        if shot is not None:
            page.screenshot(path=shot, full_page=True)
        page.keyboard.press("Enter")
    else:
        page.locator(ACTIONS).first.click()
        page.wait_for_function(  # a white card asks for its destination first
            "before => document.querySelector('main')?.dataset.seq !== before"
            " || document.querySelector('button.dest')",
            arg=before,
        )
        destination = page.locator("button.dest")
        if destination.count():
            destination.first.click()
    wait_for_change(page, before)
    return True


def test_two_browsers_and_a_bot_play_a_whole_game(browser: Browser, served: Served) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ana = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    ana.goto(served.url + "/lobby")
    ana.fill("#seat-0-name", "Ana")
    ana.select_option("#seat-1-kind", "human")
    ana.select_option("#seat-2-level", "beginner")
    ana.check("#opt-secret_decade")
    ana.screenshot(path=SHOTS / "1-lobby.png", full_page=True)
    ana.click("#create")
    ana.wait_for_url("**/table/**")
    invite = ana.locator('.invite[data-seat="1"]').inner_text()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    bo = phone.new_page()
    bo.goto(invite)
    bo.fill("#join-name", "Bo")
    bo.click("#join")
    ana.locator("#start:not([disabled])").wait_for()
    ana.screenshot(path=SHOTS / "2-waiting-room.png", full_page=True)
    ana.click("#start")
    ana.locator("main[data-status=playing]").wait_for()

    decisions = {"Ana": 0, "Bo": 0}
    reloaded = False
    deadline = time.monotonic() + 300
    while ana.locator("main[data-status=over]").count() == 0:
        assert time.monotonic() < deadline, "the game did not finish in 5 minutes"
        for name, page in (("Ana", ana), ("Bo", bo)):
            shot = SHOTS / "4-placing.png" if (name, decisions[name]) == ("Ana", 9) else None
            if act_once(page, undo_first=decisions[name] == 3, shot=shot):
                decisions[name] += 1
        if decisions["Bo"] == 6 and not reloaded:
            bo.screenshot(path=SHOTS / "3-phone-mid-game.png", full_page=True)
            bo.reload()
            bo.locator("main[data-status=playing]").wait_for()
            assert "Bo" in bo.locator(".hall").first.inner_text()
            reloaded = True
        time.sleep(0.02)
    bo.locator("main[data-status=over]").wait_for()
    for page, final in ((ana, "5-final-scores.png"), (bo, "6-phone-final-scores.png")):
        page.locator(".final-scores").wait_for()
        page.locator(".final-scores").screenshot(path=SHOTS / final)
        assert page.locator(".final-scores tr").count() >= 10
        assert page.locator("#error").inner_text() == ""
    assert reloaded
    table_id = ana.url.rsplit("/", 1)[-1]
    record = served.call("GET", f"/api/tables/{table_id}/record")
    turns = turns_by_seat(record)
    assert decisions == {"Ana": 2 * turns[0], "Bo": 2 * turns[1]}  # every turn is two clicks here
    assert ana.locator("#log li").count() == 2 * len(record["turns"])
    assert record["players"][:2] == ["Ana", "Bo"]


SIGNATURE_JS = (
    "[document.querySelector('main')?.dataset.seq,"
    " document.querySelectorAll('#confirm, .dest, .spot.chosen').length].join('|')"
)


def signature(page: Page) -> str:
    """What changes when a key did something: the position, or the step's own state."""
    value: str = page.evaluate("() => " + SIGNATURE_JS)
    return value


def test_a_solo_game_played_with_the_keyboard_alone(browser: Browser, served: Served) -> None:
    created = served.call("POST", "/api/tables", body={"seats": [{"kind": "human", "name": "Kim"}]})
    table_id = created["table"]["id"]
    served.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    page = browser.new_page()
    page.goto(served.url + created["seats"][0]["link"])
    page.locator("main[data-status=playing]").wait_for()
    presses = 0
    while page.locator("main[data-status=over]").count() == 0:
        assert presses < 400, "the keyboard did not finish the game"
        before = signature(page)
        page.keyboard.press("Enter")
        presses += 1
        page.wait_for_function("before => " + SIGNATURE_JS + " !== before", arg=before)
    assert page.locator("#error").inner_text() == ""
    page.locator(".final-scores").wait_for()
    record = served.call("GET", f"/api/tables/{table_id}/record")
    assert len(record["turns"]) * 2 <= presses


def test_a_spectator_watches_bots_then_replays_and_uploads_the_record(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    bots = [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "casual"}]
    created = served.call("POST", "/api/tables", body={"seats": bots})
    table_id = created["table"]["id"]
    page = browser.new_page(locale="fr-FR")
    page.goto(f"{served.url}/table/{table_id}")
    page.locator("main[data-status=open]").wait_for()
    served.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    page.locator("main[data-status=over]").wait_for(timeout=60_000)
    assert "Vous regardez." in page.inner_text("main")
    assert page.locator(ACTIONS).count() == 0
    page.click("text=Revoir coup par coup")
    step = page.locator("#step")
    step.wait_for()
    last = step.inner_text()
    page.keyboard.press("ArrowLeft")
    assert step.inner_text() != last
    page.screenshot(path=SHOTS / "7-replay-fr.png", full_page=True)
    record = served.call("GET", f"/api/tables/{table_id}/record")
    saved = tmp_path / "record.json"
    saved.write_text(json.dumps(record))
    page.goto(f"{served.url}/replay")
    page.set_input_files("#record-file", saved)
    step.wait_for()
    turns = len(record["turns"])
    assert step.inner_text() == f"Tour {turns} sur {turns}"
    page.click("#previous")
    assert step.inner_text() == f"Tour {turns - 1} sur {turns}"
    # A corrupt record is refused in the page's language, naming the turn at fault.
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(json.dumps({**record, "turns": [*record["turns"][:2], "1999 Z9"]}))
    page.set_input_files("#record-file", corrupt)
    error = page.locator("main p.error")
    error.wait_for()
    page.wait_for_function("() => document.querySelector('main p.error').textContent !== ''")
    assert error.inner_text().startswith("Erreur : Partie : tour 3 (1999 Z9) : « Z9 » n'est pas")
    # So is a record of the wrong shape, by the engine's own code for it.
    malformed = tmp_path / "malformed.json"
    malformed.write_text(json.dumps({**record, "players": "Ana"}))
    page.set_input_files("#record-file", malformed)
    page.locator("main p.error:has-text('Les joueurs')").wait_for()
    assert error.inner_text() == (
        "Erreur : Partie : Les joueurs de la partie doivent être une liste de noms non vides."
    )


def test_an_unknown_table_or_a_forged_link_says_so(browser: Browser, served: Served) -> None:
    page = browser.new_page()
    page.goto(f"{served.url}/table/nope")
    page.locator("#error:has-text('does not exist')").wait_for()
    created = served.call("POST", "/api/tables", body={"seats": [{"kind": "human"}]})
    page.goto(f"{served.url}/table/{created['table']['id']}#seat=forged")
    page.locator("#error:has-text('holds no seat')").wait_for()
    french = browser.new_page(locale="fr-FR")
    french.goto(f"{served.url}/table/nope")
    french.locator('#error:has-text("Cette table n\'existe pas.")').wait_for()


def test_a_refusal_in_the_lobby_is_worded_in_french(browser: Browser, served: Served) -> None:
    before = served.call("GET", "/api/tables")
    page = browser.new_page(locale="fr-FR")
    page.goto(served.url + "/lobby")
    page.locator("#create").wait_for()
    page.select_option("#count", "2")
    page.select_option("#seat-1-kind", "human")
    page.fill("#seat-1-name", "ana")  # drawn by the newest render, after which no other draws
    page.fill("#seat-0-name", "Ana")
    page.click("#create")
    page.locator("p.error:has-text('Deux places ont le même nom')").wait_for()
    assert served.call("GET", "/api/tables") == before  # nothing was created


def test_a_player_who_leaves_is_replaced_by_a_bot(browser: Browser, served: Served) -> None:
    seats = [{"kind": "human", "name": "Kim"}, {"kind": "bot", "level": "beginner"}]
    created = served.call("POST", "/api/tables", body={"seats": seats})
    served.call("POST", f"/api/tables/{created['table']['id']}/start", created["host_token"])
    page = browser.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(served.url + created["seats"][0]["link"])
    page.click("#leave")
    page.locator("main[data-status=over]").wait_for(timeout=60_000)
    assert page.inner_text("#finished-by-bot") == "Finished by a bot: Kim"
    table_id = created["table"]["id"]
    record = served.call("GET", f"/api/tables/{table_id}/record")
    assert record["substitutes"] == [
        {"seat": 0, "turns_before": 0, "level": "casual", "why": "left"}
    ]
    page.goto(f"{served.url}/replay?table={table_id}")
    assert page.locator("p.substitute").inner_text() == (
        "Kim's seat was played by a bot (casual) from turn 1: the player left."
    )


def test_the_page_catches_up_after_the_server_is_killed_and_restarted(
    browser: Browser, sqlite_url: str
) -> None:
    served = Served(sqlite_url, bot_delay=0.05)
    try:
        seats = [{"kind": "human", "name": "Kim"}, {"kind": "bot", "level": "beginner"}]
        created = served.call("POST", "/api/tables", body={"seats": seats})
        served.call("POST", f"/api/tables/{created['table']['id']}/start", created["host_token"])
        page = browser.new_page()
        page.goto(served.url + created["seats"][0]["link"])
        page.locator("main[data-status=playing]").wait_for()
        assert act_once(page, undo_first=False)  # the take
        before = seq(page)
        served.kill()
        served.stop()
        page.locator("text=Reconnecting…").wait_for()
        served = Served(sqlite_url, bot_delay=0.05, port=served.port)
        page.locator("text=Reconnecting…").wait_for(state="detached")
        assert seq(page) == before
        assert act_once(page, undo_first=False)  # the placement, on the restarted server
        assert int(seq(page)) > int(before)
    finally:
        served.stop()
