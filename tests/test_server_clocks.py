"""Turn clocks: a human whose clock runs out loses the seat to a bot, and the table finishes."""

from datetime import datetime

import pytest
from fastapi.testclient import TestClient

from server_fixtures import Api
from test_server_api import wait_until
from vitrine.server.app import create_app

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def start_clocked(api: Api, seconds: int) -> tuple[str, list[str]]:
    response = api.client.post("/api/tables", json={"seats": TWO_HUMANS, "clock_seconds": seconds})
    assert response.status_code == 201, response.text
    created = response.json()
    table_id = created["table"]["id"]
    assert api.post(f"/api/tables/{table_id}/start", created["host_token"]).status_code == 200
    return table_id, [seat["token"] for seat in created["seats"]]


def test_seats_whose_clock_runs_out_go_to_bots_and_the_game_ends(api: Api) -> None:
    table_id, _ = start_clocked(api, 1)
    table = api.get(f"/api/tables/{table_id}").json()["table"]
    assert table["clock_seconds"] == 1 and table["deadline"] is not None
    table = wait_until(api, table_id, lambda table: table["status"] == "over")
    assert [seat["substituted"] for seat in table["seats"]] == [True, True]
    assert [seat["level"] for seat in table["seats"]] == ["casual", "casual"]
    assert table["deadline"] is None
    record = api.get(f"/api/tables/{table_id}/record").json()
    substitutes = record["substitutes"]  # the record says the bots finished the game
    assert [(s["seat"], s["why"], s["level"]) for s in substitutes] == [
        (0, "timeout", "casual"),
        (1, "timeout", "casual"),
    ]
    # seat 0 timed out on the first decision; seat 1 on its first, after seat 0's bot played
    assert [s["turns_before"] for s in substitutes] == [0, 1]


def test_a_decision_in_time_restarts_the_clock(api: Api) -> None:
    table_id, tokens = start_clocked(api, 60)
    first = api.get(f"/api/tables/{table_id}", tokens[0]).json()
    action = first["view"]["legal_actions"][0]
    after = api.post(f"/api/tables/{table_id}/actions", tokens[0], {"action": action}).json()
    assert datetime.fromisoformat(after["table"]["deadline"]) > datetime.fromisoformat(
        first["table"]["deadline"]
    )
    assert not after["table"]["seats"][0]["substituted"]


def test_a_restart_keeps_the_deadline(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        table_id, _ = start_clocked(Api(client), 600)
        before = client.get(f"/api/tables/{table_id}").json()["table"]["deadline"]
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        assert client.get(f"/api/tables/{table_id}").json()["table"]["deadline"] == before
