"""The real front: two players in Chromium over https, through nginx, to two server
processes on one PostgreSQL database, the table's own killed mid-game.

``deploy/front`` starts Debian's nginx unprivileged (its own prefix, a free
high port, a certificate openssl makes) with ``deploy/nginx.conf``, the
configuration a deployment uses: every request and socket that names a
table goes to one process (table affinity), the others are spread.  Both
players' sockets are on the process that runs the table (its clock's
lease), which is killed with SIGKILL.  Both pages reconnect through nginx
to the other process, the clock moves there, the game finishes, both
players see every decision, and nothing either was shown before the kill
is lost.  (tests/test_affinity.py holds three processes to it with scripted
players: which process makes each decision, and which follows none.)
"""

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from browser_fixtures import seq
from server_process import Front, Served, behind_nginx, lease_owner
from system_parts import NGINX_PART, require
from test_browser import act_once

pytestmark = pytest.mark.timeout(300)  # a hang fails the test instead of stalling CI


def sockets_at(port: int) -> int:
    """Established TCP connections to a local server port (nginx's, to a backend)."""
    count = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if int(local.split(":")[1], 16) == port and state == "01":
            count += 1
    return count


@pytest.fixture
def front(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Front, list[Served]]]:
    require(NGINX_PART)
    with behind_nginx(postgres_url, tmp_path / "nginx", 2) as running:
        yield running


def sockets_on(backend: Served, count: int) -> None:
    """Wait until ``count`` sockets are open to ``backend`` (and only sockets: the
    pages' HTTP requests answered)."""
    deadline = time.monotonic() + 10
    while sockets_at(backend.port) != count:
        assert time.monotonic() < deadline, f"{count} sockets never reached {backend.url}"
        time.sleep(0.1)


def test_a_game_through_nginx_survives_a_killed_process(
    browser: Browser, front: tuple[Front, list[Served]], postgres_url: str
) -> None:
    nginx, backends = front
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    created = nginx.call("POST", "/api/tables", body={"seats": seats, "clock_seconds": 3600})
    table_id = created["table"]["id"]
    nginx.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    pages = []
    for seat in created["seats"]:
        page = browser.new_context(ignore_https_errors=True).new_page()
        page.goto(nginx.url + seat["link"])
        page.locator("main[data-status=playing]").wait_for()
        pages.append(page)
    runner = lease_owner(postgres_url, table_id)  # the process running the clock
    assert runner is not None
    doomed = next(b for b in backends if runner.endswith(f":{b.port}/0"))
    survivor = next(b for b in backends if b is not doomed)
    sockets_on(doomed, 2)  # it holds both players' sockets

    decisions = 0
    shown: list[str] = []
    deadline = time.monotonic() + 240
    while pages[0].locator("main[data-status=over]").count() == 0:
        assert time.monotonic() < deadline, "the game did not finish in 4 minutes"
        for page in pages:
            if act_once(page, undo_first=False):
                decisions += 1
        if decisions >= 8 and doomed.process.poll() is None:
            shown = [
                entry["action"] for entry in nginx.call("GET", f"/api/tables/{table_id}")["log"]
            ]
            assert int(seq(pages[0])) == int(seq(pages[1])) == len(shown)
            doomed.kill()
            taken = time.monotonic()
            while not (lease_owner(postgres_url, table_id) or "").endswith(f":{survivor.port}/0"):
                assert time.monotonic() - taken < 6, "the clock did not move to the living process"
                time.sleep(0.1)
            sockets_on(survivor, 2)  # the orphaned pages reconnect through nginx
            for page in pages:
                page.wait_for_function("() => document.querySelector('#status').textContent === ''")
    assert shown, "the process was never killed"
    pages[1].locator("main[data-status=over]").wait_for()
    record = nginx.call("GET", f"/api/tables/{table_id}/record")
    final = [entry["action"] for entry in nginx.call("GET", f"/api/tables/{table_id}")["log"]]
    assert final[: len(shown)] == shown  # nothing shown before the kill is lost
    assert len(final) == decisions  # every decision sent was made, once
    for page in pages:
        assert page.locator("#log li").count() == len(final)  # both saw every decision
        assert page.locator("#error").inner_text() == ""
    assert record["players"] == ["Ana", "Bo"]
    assert {f"127.0.0.1:{backend.port}" for backend in backends} <= nginx.upstreams()
