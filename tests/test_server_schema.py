"""The OpenAPI document tells the truth: Schemathesis, every check, against a live server.

A real ``vitrine serve`` (uvicorn, SQLite) with rate limits raised so the
fuzzer is not merely told to wait; two real tables whose ids and tokens go to
Schemathesis (``tests/schemathesis.toml``), so requests reach the game and
not only "no such table".  A fixed seed and enough examples per operation to
visit each of them; any failure (a server error, a status or body the
document does not list, a schema mismatch) fails the test.  About 25 s.

The budget (``EXAMPLES``) bounds the fuzzing and stateful phases only: the
coverage phase, which sends each operation the boundary and invalid values
its schema implies, runs whole whatever it is.  At 30 examples the fuzzing
phase took 70 s of this test's 93 (a loaded machine, 2760 cases); at 10 it
takes 26 s, with every one of the 68 operations still fuzzed (1982 cases).
With a fixed seed a larger budget is only a larger fixed set of cases, so
runs by hand with ``st`` are where a wider search belongs.
"""

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_process import Served

pytestmark = pytest.mark.timeout(400)

CONFIG = Path(__file__).with_name("schemathesis.toml")
SCHEMATHESIS = Path(sys.executable).with_name("st")
SEED, EXAMPLES = 1, 10
HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "human", "name": "Cy"}]
BOTS = [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "beginner"}]
OPERATIONS = 69
PASSWORD = "velvet tundra quiver 1951"


def session_cookie(server: Served, name: str) -> str:
    """A new account's session cookie, for the fuzzer's signed-in requests."""
    request = urllib.request.Request(
        server.url + "/api/account",
        json.dumps({"name": name, "password": PASSWORD}).encode(),
        {"Content-Type": "application/json", "Origin": server.url},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        cookie: str = response.headers["set-cookie"].split(";")[0].split("=", 1)[1]
        return cookie


def as_cookie(server: Served, cookie: str, method: str, path: str, body: Any = None) -> Any:
    """One call signed in by ``cookie``, from this site's page."""
    request = urllib.request.Request(
        server.url + path,
        None if body is None else json.dumps(body).encode(),
        {
            "Content-Type": "application/json",
            "Origin": server.url,
            "Cookie": f"vitrine_session={cookie}",
        },
        method=method,
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def bot_and_challenge(server: Served) -> dict[str, str]:
    """A bot account (its cookie and a play token) and a table that challenges it."""
    bot = session_cookie(server, "Fuzzbot")
    as_cookie(server, bot, "POST", "/api/account/bot")
    token = as_cookie(
        server, bot, "POST", "/api/account/tokens", {"label": "fuzz", "scopes": ["play"]}
    )["token"]
    seats = [{"kind": "human", "me": True}, {"kind": "human", "account": "Fuzzbot"}]
    challenger = session_cookie(server, "Challenger")
    table = as_cookie(server, challenger, "POST", "/api/tables", {"game": "tucano", "seats": seats})
    return {
        "VITRINE_ST_BOT_COOKIE": bot,
        "VITRINE_ST_BOT_TOKEN": token,
        "VITRINE_ST_CHALLENGE_TABLE": table["table"]["id"],
        "VITRINE_ST_MARKED_COOKIE": session_cookie(server, "Marked"),
    }


@pytest.fixture
def fuzzed(sqlite_url: str) -> Iterator[Served]:
    relaxed = {
        "VITRINE_CREATE_TABLES": "100000/minute",
        "VITRINE_START_BOT_TABLES": "100000/minute",
        "VITRINE_SIGN_UPS": "100000/minute",
        "VITRINE_FAILED_SIGN_INS": "100000/minute",
        "VITRINE_FAILED_SIGN_INS_PER_NAME": "100000/minute",
        "VITRINE_NOTIFICATION_CHANGES": "100000/minute",
        "VITRINE_BOT_TABLES": "20",
        "VITRINE_PAIRING_REQUESTS": "100000/minute",
        "VITRINE_PAIRING_OPEN": "100000",
    }
    server = Served(sqlite_url, bot_delay=0.01, settings=relaxed)
    yield server
    server.stop()


def test_schemathesis_finds_nothing(fuzzed: Served, tmp_path: Path) -> None:
    waiting = fuzzed.call("POST", "/api/tables", body={"seats": HUMANS})
    playing = fuzzed.call("POST", "/api/tables", body={"seats": HUMANS})
    playing_id = playing["table"]["id"]
    fuzzed.call(
        "POST", f"/api/tables/{playing_id}/join", playing["seats"][1]["token"], {"name": "Bo"}
    )
    fuzzed.call("POST", f"/api/tables/{playing_id}/start", playing["host_token"])
    claimable = fuzzed.call("POST", "/api/tables", body={"seats": HUMANS, "seats_open": True})
    cancellable = fuzzed.call("POST", "/api/tables", body={"seats": HUMANS})
    over = fuzzed.call("POST", "/api/tables", body={"seats": BOTS})
    over_id = over["table"]["id"]
    fuzzed.call("POST", f"/api/tables/{over_id}/start", over["host_token"])
    deadline = time.monotonic() + 120
    while fuzzed.call("GET", f"/api/tables/{over_id}")["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end in 120 s"
        time.sleep(0.2)
    asked = fuzzed.call("POST", "/api/pairing", body={"game": "dontgointhere", "players": 5})
    tables = {
        "VITRINE_ST_PAIRING_REQUEST": asked["request"]["id"],
        "VITRINE_ST_PAIRING_TOKEN": asked["token"],
        "VITRINE_ST_OPEN_TABLE": waiting["table"]["id"],
        "VITRINE_ST_OPEN_SEAT": waiting["seats"][1]["token"],
        "VITRINE_ST_OPEN_HOST": waiting["host_token"],
        "VITRINE_ST_PLAYING_TABLE": playing_id,
        "VITRINE_ST_PLAYING_SEAT": playing["seats"][0]["token"],
        "VITRINE_ST_LEAVING_SEAT": playing["seats"][2]["token"],
        "VITRINE_ST_PLAYING_HOST": playing["host_token"],
        "VITRINE_ST_CLAIM_TABLE": claimable["table"]["id"],
        "VITRINE_ST_CANCEL_TABLE": cancellable["table"]["id"],
        "VITRINE_ST_CANCEL_HOST": cancellable["host_token"],
        "VITRINE_ST_OVER_TABLE": over_id,
        "VITRINE_ST_OVER_HOST": over["host_token"],
        # Signed in: one account for what reads and changes, one per way a session ends.
        "VITRINE_ST_ORIGIN": fuzzed.url,
        "VITRINE_ST_COOKIE": session_cookie(fuzzed, "Fuzzed"),
        "VITRINE_ST_ENDING_COOKIE": session_cookie(fuzzed, "Ending"),
        "VITRINE_ST_ENDING_ONE_COOKIE": session_cookie(fuzzed, "Ending one"),
        "VITRINE_ST_SIGNED_OUT_COOKIE": session_cookie(fuzzed, "Signed out"),
        "VITRINE_ST_DELETED_COOKIE": session_cookie(fuzzed, "Deleted"),
        **bot_and_challenge(fuzzed),
    }
    command = [
        str(SCHEMATHESIS),
        "--config-file",
        str(CONFIG),
        "run",
        f"{fuzzed.url}/openapi.json",
        "--checks",
        "all",
        "--seed",
        str(SEED),
        "--max-examples",
        str(EXAMPLES),
        "--no-color",
    ]
    run = subprocess.run(
        command,
        cwd=tmp_path,  # its reports and cache stay out of the repository
        env=os.environ | tables,
        capture_output=True,
        text=True,
        timeout=360,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    assert f"Tested: {OPERATIONS}" in report and " passed" in report, report
    assert "failure" not in report.split("SUMMARY")[-1].lower(), report
    # The signed-in routes were reached (the hint is refused: the table allows none).
    _, _, failed_auth = report.partition("Authentication failed")
    failed_auth = failed_auth.split("Missing test data")[0]
    assert "/api/account" not in failed_auth and "/api/session" not in failed_auth, report
    assert "Traceback" not in fuzzed.output()
