"""The HTTP API: a whole game through it, on SQLite and PostgreSQL, and refusals."""

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_fixtures import Api
from vitrine.server.app import create_app

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI

THREE_SEATS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "human"},
    {"kind": "bot", "level": "casual"},
]


def open_table(api: Api, options: dict[str, Any] | None = None) -> tuple[str, str, list[str]]:
    """A 3-seat table (Ana, Bo, a bot), joined and started: (id, host token, seat tokens)."""
    created = api.create(THREE_SEATS, options)
    table_id = created["table"]["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    assert api.post(f"/api/tables/{table_id}/join", tokens[1], {"name": "Bo"}).status_code == 200
    assert api.post(f"/api/tables/{table_id}/start", created["host_token"]).status_code == 200
    return table_id, created["host_token"], tokens


def wait_until(api: Api, table_id: str, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The table once ``done`` holds for it (bots play meanwhile)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        table: dict[str, Any] = api.get(f"/api/tables/{table_id}").json()["table"]
        if done(table):
            return table
        time.sleep(0.01)
    raise AssertionError("the bots did not move")


def wait_for_human(api: Api, table_id: str) -> dict[str, Any]:
    """The table once a human (seat 0 or 1) is to act or the game is over."""
    return wait_until(
        api, table_id, lambda table: table["status"] == "over" or table["current_player"] in (0, 1)
    )


def wait_for_status(api: Api, table_id: str, status: str) -> dict[str, Any]:
    return wait_until(api, table_id, lambda table: table["status"] == status)


def play_out(api: Api, table_id: str, tokens: list[str]) -> list[str]:
    """Play both humans' first legal decision until the end; every response body seen."""
    bodies: list[str] = []
    while True:
        table = wait_for_human(api, table_id)
        if table["status"] == "over":
            return bodies
        token = tokens[table["current_player"]]
        view = api.get(f"/api/tables/{table_id}", token).json()["view"]
        action = view["legal_actions"][0]
        response = api.post(
            f"/api/tables/{table_id}/actions", token, {"action": action, "seq": table["seq"]}
        )
        assert response.status_code == 200, response.text
        bodies.append(response.text)


def test_a_whole_game_is_stored_and_resumes_on_both_databases(database_url: str) -> None:
    with TestClient(create_app(database_url, bot_delay=0)) as client:
        api = Api(client)
        table_id, _, tokens = open_table(api, {"secret_decade": True, "variations": []})
        # a few decisions, then the server goes away and comes back
        table = wait_for_human(api, table_id)
        token = tokens[table["current_player"]]
        action = api.get(f"/api/tables/{table_id}", token).json()["view"]["legal_actions"][0]
        assert (
            api.post(f"/api/tables/{table_id}/actions", token, {"action": action}).status_code
            == 200
        )
        before = api.get(f"/api/tables/{table_id}", tokens[0]).json()
    with TestClient(create_app(database_url, bot_delay=0)) as client:
        api = Api(client)
        after = api.get(f"/api/tables/{table_id}", tokens[0]).json()
        assert after["view"]["turns"][: len(before["view"]["turns"])] == before["view"]["turns"]
        play_out(api, table_id, tokens)
        final = api.get(f"/api/tables/{table_id}").json()
        assert final["table"]["status"] == "over"
        assert len(final["view"]["scores"]) == 3
        record = api.get(f"/api/tables/{table_id}/record").json()
        assert record["players"] == ["Ana", "Bo", "Casual bot 3"]
        assert record["turns"] == final["view"]["turns"]
        replay = api.get(f"/api/tables/{table_id}/replay").json()
        assert len(replay["steps"]) == len(record["turns"]) + 1
        assert replay["steps"][-1]["scores"] == final["view"]["scores"]


def test_views_hide_the_stock_and_other_secret_decades(api: Api) -> None:
    table_id, host, tokens = open_table(api, {"secret_decade": True})
    for token in (*tokens, host, None):
        body = api.get(f"/api/tables/{table_id}", token if token != host else None).text
        assert '"seed"' not in body and '"stock"' not in body and '"deck"' not in body
    mine = api.get(f"/api/tables/{table_id}", tokens[0]).json()["view"]["secret_decades"]
    assert mine[0] is not None and mine[1] is None and mine[2] is None
    spectator = api.get(f"/api/tables/{table_id}").json()["view"]["secret_decades"]
    assert spectator == [None, None, None]
    response = api.get(f"/api/tables/{table_id}/record")
    assert response.status_code == 409
    assert "once the game is over" in response.json()["detail"]


def test_the_lobby_lists_open_tables_without_secrets(api: Api) -> None:
    created = api.create(THREE_SEATS)
    listed = api.get("/api/tables").json()
    assert [table["id"] for table in listed] == [created["table"]["id"]]
    assert "token" not in json.dumps(listed)
    assert api.get("/api/tables?status=playing").json() == []
    games = api.get("/api/games").json()
    assert games[0]["name"] == "exhibition" and "expert" in games[0]["levels"]


def test_the_lobby_lists_public_tables_and_a_browser_finds_its_own_by_id(api: Api) -> None:
    """One person against bots, by invitation, is that person's own game: not
    in the public lists, yet found by its id (the lobby's "Your tables")."""
    shared, _, _ = open_table(api)  # two people and a bot
    alone = api.create([{"kind": "human", "name": "Kim"}, {"kind": "bot", "level": "casual"}])
    own = alone["table"]["id"]
    assert api.post(f"/api/tables/{own}/start", alone["host_token"]).status_code == 200
    listed = [t["id"] for t in api.get("/api/tables?status=playing&status=over").json()]
    assert shared in listed and own not in listed
    found = api.get(f"/api/tables?id={own}&id={shared}&id=unknown").json()
    assert {t["id"] for t in found} == {own, shared}
