"""A server killed with SIGKILL loses no accepted decision, and its tables go on."""

import time
import urllib.error
from typing import Any

import pytest

from server_process import Served

pytestmark = pytest.mark.timeout(180)  # a hang fails the test instead of stalling CI


def current(served: Served, table_id: str, token: str) -> dict[str, Any]:
    state: dict[str, Any] = served.call("GET", f"/api/tables/{table_id}", token)
    return state


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_killed_server_resumes_every_table(database: str, request: pytest.FixtureRequest) -> None:
    url = request.getfixturevalue("sqlite_url" if database == "sqlite" else "postgres_url")
    served = Served(url)
    try:
        created = served.call(
            "POST",
            "/api/tables",
            body={
                "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "beginner"}]
            },
        )
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        served.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
        accepted: list[str] = []
        for _ in range(6):  # Ana's decisions, the bot answering in between
            deadline = time.monotonic() + 10
            state = current(served, table_id, token)
            while state["view"]["current_player"] != 0 and time.monotonic() < deadline:
                time.sleep(0.02)
                state = current(served, table_id, token)
            action = state["view"]["legal_actions"][0]
            answer = served.call(
                "POST",
                f"/api/tables/{table_id}/actions",
                token,
                {"action": action, "seq": state["table"]["seq"]},
            )
            accepted = [entry["action"] for entry in answer["log"]]
        served.kill()
        with pytest.raises(urllib.error.URLError):
            served.call("GET", "/api/games")
        served.stop()
        served = Served(url)
        log = [entry["action"] for entry in current(served, table_id, token)["log"]]
        assert log[: len(accepted)] == accepted
        while (state := current(served, table_id, token))["table"]["status"] != "over":
            if state["view"]["current_player"] == 0:
                served.call(
                    "POST",
                    f"/api/tables/{table_id}/actions",
                    token,
                    {"action": state["view"]["legal_actions"][-1]},
                )
            else:
                time.sleep(0.02)  # the resumed bot plays on by itself
        assert state["view"]["scores"]
    finally:
        served.stop()
