"""The strict Content-Security-Policy holds in a real browser: no page breaks a rule.

Chromium reports every refused script, style or connection on the console;
this test opens each page (the lobby, a table of each game played to its
end with its score chart, the replay viewer) and fails on any such report,
or any page error.
"""

import pytest
from playwright.sync_api import Browser, ConsoleMessage

from server_process import Served
from vitrine.games import game_names

pytestmark = pytest.mark.timeout(240)


def test_no_page_breaks_the_content_security_policy(browser: Browser, served: Served) -> None:
    page = browser.new_page()
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or message.type == "error":
            problems.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))
    page.goto(served.url + "/")
    page.locator("main").wait_for()
    for game in game_names():
        bots = [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "beginner"}]
        created = served.call("POST", "/api/tables", body={"game": game, "seats": bots})
        table_id = created["table"]["id"]
        page.goto(f"{served.url}/table/{table_id}")
        page.locator("main[data-status=open]").wait_for()
        served.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
        page.locator("main[data-status=over]").wait_for(timeout=120_000)
        page.goto(f"{served.url}/replay?table={table_id}")
        page.locator("#step").wait_for()
    assert problems == []
