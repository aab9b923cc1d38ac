"""The table page takes deltas, and one that misses a delta asks for the whole table again."""

import json
import re
from typing import Any

from playwright.sync_api import Browser, WebSocketRoute

from browser_fixtures import seq
from server_process import Served


def test_a_page_that_misses_a_delta_resyncs_and_shows_the_table_as_it_is(
    browser: Browser, served: Served
) -> None:
    """A spectator's page watches two bots play; one delta from the server is lost
    on the way (the test's proxy drops it).  The page cannot apply the next one,
    says ``resync``, gets the whole table and goes on: at the end it shows the
    game as the server has it, taking deltas all along."""
    bots = [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "casual"}]
    created = served.call("POST", "/api/tables", body={"seats": bots})
    table_id = created["table"]["id"]
    from_server: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    from_page: list[dict[str, Any]] = []

    def proxy(page_socket: WebSocketRoute) -> None:
        server = page_socket.connect_to_server()

        def to_server(message: str | bytes) -> None:
            from_page.append(json.loads(message))
            server.send(message)

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data["type"] == "delta" and data["n"] >= 4 and not dropped:
                dropped.append(data)
                return
            from_server.append(data)
            page_socket.send(message)

        page_socket.on_message(to_server)
        server.on_message(to_page)

    page = browser.new_page()
    page.route_web_socket(re.compile(r".*/ws$"), proxy)
    page.goto(f"{served.url}/table/{table_id}")
    page.locator("main[data-status=open]").wait_for()
    served.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    page.locator("main[data-status=over]").wait_for(timeout=60_000)
    table = served.call("GET", f"/api/tables/{table_id}")["table"]
    assert seq(page) == str(table["seq"])
    assert page.locator(".final-scores").count() == 1
    assert dropped, "no delta was dropped: the test proves nothing"
    assert from_page[0]["deltas"] is True
    assert [m["type"] for m in from_page].count("resync") == 1
    kinds = [m["type"] for m in from_server]
    assert kinds[0] == "state" and kinds.count("state") == 2  # on connecting, and the resync
    assert kinds.count("delta") > 10
