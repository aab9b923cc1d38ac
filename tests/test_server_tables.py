"""A table's life around its game: open seats claimed from the lobby, a host
cancelling, idle tables abandoned, chat, rematches, a decision sent twice, a
spot explained before anything is sent, and the score if the game ended now.
The ones about what is stored run on SQLite and PostgreSQL."""

import time
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_fixtures import FAST_PLAY, Api
from test_server_api import open_table, play_out, wait_for_human, wait_for_status
from vitrine.server.app import create_app
from vitrine.server.play.chat import CHAT_LENGTH

pytestmark = pytest.mark.timeout(120)

ABANDON_SOON = replace(FAST_PLAY, abandon_seconds=1.5)
OPEN_SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "human"}]


def create(api: Api, body: dict[str, Any]) -> dict[str, Any]:
    response = api.client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_open_seats_are_claimed_from_the_lobby_and_the_table_starts_itself(
    database_url: str,
) -> None:
    with TestClient(create_app(database_url, bot_delay=0)) as client:
        api = Api(client)
        created = create(api, {"seats": OPEN_SEATS, "seats_open": True})
        table_id = created["table"]["id"]
        listed = api.get("/api/tables").json()
        assert [(t["id"], t["seats_open"]) for t in listed] == [(table_id, True)]
        claim = f"/api/tables/{table_id}/seats/1/claim"
        answer = api.post(claim, None, {"name": "Bo"})
        assert answer.status_code == 200, answer.text
        bo = answer.json()["token"]
        assert answer.json()["you"] == 1
        assert api.get(f"/api/tables/{table_id}", bo).json()["you"] == 1
        # the invitation link once sent for that seat holds it no more
        assert api.get(f"/api/tables/{table_id}", created["seats"][1]["token"]).status_code == 403
        taken = api.post(claim, None, {"name": "Cy"})
        assert (taken.status_code, taken.json()["code"]) == (409, "seat_taken")
        same = api.post(f"/api/tables/{table_id}/seats/2/claim", None, {"name": "bo"})
        assert same.json()["code"] == "names_repeated"
        assert api.get(f"/api/tables/{table_id}").json()["table"]["status"] == "open"
        last = api.post(f"/api/tables/{table_id}/seats/2/claim", None, {"name": "Cy"})
        assert last.status_code == 200
        assert last.json()["table"]["status"] == "playing"  # every seat taken: it starts
        late = api.post(claim, None, {"name": "Di"})
        assert late.json()["code"] == "names_fixed"


def test_invitation_only_seats_cannot_be_claimed(api: Api) -> None:
    created = create(api, {"seats": OPEN_SEATS})
    table_id = created["table"]["id"]
    assert created["table"]["seats_open"] is False
    refused = api.post(f"/api/tables/{table_id}/seats/1/claim", None, {"name": "Bo"})
    assert (refused.status_code, refused.json()["code"]) == (403, "seats_by_invitation")
    missing = create(api, {"seats": OPEN_SEATS, "seats_open": True})["table"]["id"]
    nowhere = api.post(f"/api/tables/{missing}/seats/7/claim", None, {"name": "Bo"})
    assert (nowhere.status_code, nowhere.json()["code"]) == (404, "seat_not_found")
    bot = create(
        api, {"seats": [{"kind": "human"}, {"kind": "bot", "level": "casual"}], "seats_open": True}
    )["table"]["id"]
    assert api.post(f"/api/tables/{bot}/seats/1/claim", None, {"name": "Bo"}).status_code == 409


def test_the_host_cancels_a_table_before_it_starts(api: Api) -> None:
    created = create(api, {"seats": OPEN_SEATS})
    table_id, host = created["table"]["id"], created["host_token"]
    seat = created["seats"][1]["token"]
    refused = api.post(f"/api/tables/{table_id}/cancel", seat)
    assert (refused.status_code, refused.json()["code"]) == (403, "host_cancels")
    cancelled = api.post(f"/api/tables/{table_id}/cancel", host)
    assert cancelled.json()["table"]["status"] == "cancelled"
    assert api.get("/api/tables").json() == []  # gone from the lobby's open tables
    assert [t["id"] for t in api.get("/api/tables?status=cancelled").json()] == [table_id]
    again = api.post(f"/api/tables/{table_id}/join", seat, {"name": "Bo"})
    assert again.json()["code"] == "names_fixed"
    started, *_ = open_table(api)
    late = api.post(f"/api/tables/{started}/cancel", host)
    assert late.status_code == 403  # another table's host
    # A cancelled table says so, whether started or cancelled again, and a started
    # one says it started (issue 41: a second cancel once read "already_started").
    assert api.post(f"/api/tables/{table_id}/start", host).json()["code"] == "table_cancelled"
    twice = api.post(f"/api/tables/{table_id}/cancel", host)
    assert (twice.status_code, twice.json()["code"]) == (409, "table_cancelled")
    assert "cancelled" in twice.json()["detail"]


def test_an_idle_table_is_abandoned_and_its_record_says_so(database_url: str) -> None:
    with TestClient(create_app(database_url, bot_delay=0, settings=ABANDON_SOON)) as client:
        api = Api(client)
        table_id, _, tokens = open_table(api)
        waiting = create(api, {"seats": OPEN_SEATS})["table"]["id"]
        table = wait_for_status(api, table_id, "abandoned")  # a human never played
        wait_for_status(api, waiting, "abandoned")
        assert table["current_player"] in (0, 1)
        token = tokens[table["current_player"]]
        view = api.get(f"/api/tables/{table_id}", token).json()["view"]
        late = api.post(
            f"/api/tables/{table_id}/actions", token, {"action": view["legal_actions"][0]}
        )
        assert (late.status_code, late.json()["code"]) == (409, "table_closed")
        record = api.get(f"/api/tables/{table_id}/record").json()
        assert record["ending"] == "abandoned"
        replay = api.client.post("/api/replays", json=record).json()
        assert replay["ending"] == "abandoned"
        listed = api.get("/api/tables?status=abandoned").json()
        assert {t["id"] for t in listed} == {table_id, waiting}
    with TestClient(create_app(database_url, bot_delay=0, settings=ABANDON_SOON)) as client:
        table = Api(client).get(f"/api/tables/{table_id}").json()["table"]
        assert table["status"] == "abandoned"  # kept across a restart


def test_a_decision_sent_twice_is_made_once_without_an_error(api: Api) -> None:
    table_id, _, tokens = open_table(api)
    table = wait_for_human(api, table_id)
    token = tokens[table["current_player"]]
    view = api.get(f"/api/tables/{table_id}", token).json()["view"]
    body = {"action": view["legal_actions"][0], "seq": table["seq"]}
    first = api.post(f"/api/tables/{table_id}/actions", token, body)
    second = api.post(f"/api/tables/{table_id}/actions", token, body)
    assert (first.status_code, second.status_code) == (200, 200)
    log = api.get(f"/api/tables/{table_id}").json()["log"]
    assert [entry["action"] for entry in log].count(body["action"]) == 1
    other = {"action": view["legal_actions"][-1], "seq": table["seq"]}
    if other["action"] != body["action"]:  # a different decision at that position is stale
        stale = api.post(f"/api/tables/{table_id}/actions", token, other)
        assert stale.json()["code"] == "stale"


def test_a_spot_is_explained_before_anything_is_sent(api: Api) -> None:
    table_id, _, tokens = open_table(api)
    table = wait_for_human(api, table_id)
    token = tokens[table["current_player"]]
    path = f"/api/tables/{table_id}/check"
    view = api.get(f"/api/tables/{table_id}", token).json()["view"]
    assert api.post(path, token, {"action": view["legal_actions"][0]}).json()["legal"] is True
    answer = api.post(path, token, {"action": "G1"}).json()  # a spot before any take
    assert answer["legal"] is False
    assert answer["code"] and answer["detail"]
    other = tokens[1 - table["current_player"]]
    assert api.post(path, other, {"action": "G1"}).json()["code"] == "not_your_turn"
    assert api.post(path, None, {"action": "G1"}).status_code == 401
    assert api.get(f"/api/tables/{table_id}").json()["table"]["seq"] == table["seq"]


def test_the_chat_is_bounded_kept_and_read_by_spectators(database_url: str) -> None:
    with TestClient(create_app(database_url, bot_delay=0)) as client:
        api = Api(client)
        table_id, _, tokens = open_table(api)
        path = f"/api/tables/{table_id}/chat"
        said = api.post(path, tokens[0], {"text": "  <b>hello</b>\u202e  there \n"})
        assert said.status_code == 200, said.text
        assert said.json()["chat"] == [
            {"seat": 0, "text": "<b>hello</b> there", "at": said.json()["chat"][0]["at"]}
        ]
        too_long = api.post(path, tokens[1], {"text": "x" * (CHAT_LENGTH + 1)})
        assert (too_long.status_code, too_long.json()["code"]) == (422, "chat_too_long")
        assert api.post(path, tokens[1], {"text": " \u200b "}).json()["code"] == "chat_empty"
        assert api.post(path, None, {"text": "hi"}).status_code == 401
        for n in range(5):
            assert api.post(path, tokens[1], {"text": f"line {n}"}).status_code == 200
        flood = api.post(path, tokens[1], {"text": "one too many"})
        assert (flood.status_code, flood.json()["code"]) == (429, "chat_rate")
        assert flood.json()["params"]["retry_after"] >= 1
        assert int(flood.headers["Retry-After"]) >= 1
        assert api.post(path, tokens[0], {"text": "my turn to speak"}).status_code == 200
        spectator = api.get(f"/api/tables/{table_id}").json()
        assert [line["text"] for line in spectator["chat"]][-1] == "my turn to speak"
        assert len(spectator["chat"]) == 7
    with TestClient(create_app(database_url, bot_delay=0)) as client:
        kept = Api(client).get(f"/api/tables/{table_id}").json()["chat"]
        assert [line["seat"] for line in kept] == [0, 1, 1, 1, 1, 1, 0]


def test_a_rematch_keeps_the_seats_and_starts_once_the_humans_confirm(database_url: str) -> None:
    with TestClient(create_app(database_url, bot_delay=0)) as client:
        api = Api(client)
        table_id, host, tokens = open_table(api)
        early = api.post(f"/api/tables/{table_id}/rematch", tokens[0])
        assert (early.status_code, early.json()["code"]) == (409, "rematch_not_over")
        play_out(api, table_id, tokens)
        offered = api.post(f"/api/tables/{table_id}/rematch", tokens[1])
        assert offered.status_code == 200, offered.text
        new = offered.json()["table"]
        assert (new["status"], new["rematch_of"], offered.json()["you"]) == ("open", table_id, 1)
        assert [s["name"] for s in new["seats"]] == [None, "Bo", "Casual bot 3"]
        assert api.get(f"/api/tables/{table_id}").json()["table"]["rematch"] == new["id"]
        accepted = api.post(f"/api/tables/{table_id}/rematch", tokens[0]).json()
        assert accepted["table"]["id"] == new["id"]  # one rematch, not two
        assert accepted["table"]["status"] == "playing"
        assert [s["name"] for s in accepted["table"]["seats"]] == ["Ana", "Bo", "Casual bot 3"]
        # the same tokens hold the same seats, and the host is still the host
        assert api.get(f"/api/tables/{new['id']}", tokens[0]).json()["you"] == 0
        assert api.post(f"/api/tables/{new['id']}/seats/1/bot", host).status_code == 200
        assert api.post(f"/api/tables/{table_id}/rematch", "forged").status_code == 403


def test_a_table_of_bots_is_rematched_by_its_host(api: Api) -> None:
    bots = [{"kind": "bot", "level": "beginner"}] * 2
    created = create(api, {"seats": bots})
    table_id, host = created["table"]["id"], created["host_token"]
    api.post(f"/api/tables/{table_id}/start", host)
    wait_for_status(api, table_id, "over")
    again = api.post(f"/api/tables/{table_id}/rematch", host).json()["table"]
    assert again["status"] in ("playing", "over")


def test_the_provisional_score_hides_other_players_secrets(api: Api) -> None:
    table_id, _, tokens = open_table(api, {"secret_decade": True, "variations": []})
    assert api.get(f"/api/tables/{table_id}/provisional").status_code == 200
    deadline = time.monotonic() + 30
    while True:  # play until Ana holds cards
        table = wait_for_human(api, table_id)
        token = tokens[table["current_player"]]
        view = api.get(f"/api/tables/{table_id}", token).json()["view"]
        if sum(1 for label in view["halls"][0].values() if label) >= 2:
            break
        api.post(
            f"/api/tables/{table_id}/actions",
            token,
            {"action": view["legal_actions"][0], "seq": table["seq"]},
        )
        assert time.monotonic() < deadline
    mine = api.get(f"/api/tables/{table_id}/provisional", tokens[0]).json()
    watching = api.get(f"/api/tables/{table_id}/provisional").json()
    assert mine[0]["categories"]["secret_decade"] is not None
    assert mine[1]["categories"]["secret_decade"] is None
    assert all(sheet["categories"]["secret_decade"] is None for sheet in watching)
    assert mine[0]["categories"]["chain"] >= 1
    assert mine[0]["total"] == sum(v for v in mine[0]["categories"].values() if v is not None)
