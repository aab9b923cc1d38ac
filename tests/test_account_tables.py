"""Accounts at the tables: a signed-in person creates, joins, plays and hosts as
themselves, from any browser their session is in, while tokens keep working."""

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import server_fixtures
from account_helpers import ORIGIN, as_, sign_up
from vitrine.server.app import create_app

SETTINGS = replace(server_fixtures.FAST_PLAY, sign_ups="100/minute")
TWO_HUMANS: list[dict[str, Any]] = [{"kind": "human", "me": True}, {"kind": "human"}]


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=SETTINGS)) as client:
        yield client


def create(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    response = client.post("/api/tables", json={"seats": seats}, headers=ORIGIN)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_a_signed_in_creator_sits_hosts_and_plays_by_the_session(
    app_client: TestClient,
) -> None:
    ana = sign_up(app_client, "Ana")
    created = create(app_client, TWO_HUMANS)
    table_id = created["table"]["id"]
    seats = created["table"]["seats"]
    assert seats[0]["name"] == "Ana" and seats[0]["account"] and not seats[1]["account"]
    guest_token = created["seats"][1]["token"]
    as_(app_client, None)
    joined = app_client.post(
        f"/api/tables/{table_id}/join",
        json={"name": "Bo"},
        headers={"Authorization": f"Bearer {guest_token}"},
    )
    assert joined.status_code == 200
    # Another browser of Ana's: no token at all, the session alone.
    as_(app_client, ana)
    started = app_client.post(f"/api/tables/{table_id}/start", headers=ORIGIN)
    assert started.status_code == 200, started.text  # the host, by the session
    table = app_client.get(f"/api/tables/{table_id}").json()
    assert table["you"] == 0  # Ana's seat, by the session
    view = table["view"]
    if view["current_player"] != 0:  # the guest plays first: by the token
        decision = {"action": view["legal_actions"][0], "seq": table["table"]["seq"]}
        as_(app_client, None)
        headers = {"Authorization": f"Bearer {guest_token}"}
        moved = app_client.post(f"/api/tables/{table_id}/actions", json=decision, headers=headers)
        assert moved.status_code == 200
        as_(app_client, ana)
        table = app_client.get(f"/api/tables/{table_id}").json()
        view = table["view"]
    assert view["current_player"] == 0 and view["legal_actions"]  # Ana's own view
    decision = {"action": view["legal_actions"][0], "seq": table["table"]["seq"]}
    played = app_client.post(f"/api/tables/{table_id}/actions", json=decision, headers=ORIGIN)
    assert played.status_code == 200, played.text
    assert played.json()["table"]["seq"] == decision["seq"] + 1


def test_a_session_acts_only_from_this_site_and_only_for_its_own_seats(
    app_client: TestClient,
) -> None:
    ana = sign_up(app_client, "Ana")
    created = create(
        app_client, [{"kind": "human", "me": True}, {"kind": "bot", "level": "beginner"}]
    )
    table_id = created["table"]["id"]
    start = app_client.post(
        f"/api/tables/{table_id}/start", headers={"Origin": "https://evil.example"}
    )
    assert start.status_code == 403 and start.json()["code"] == "origin_refused"
    assert app_client.post(f"/api/tables/{table_id}/start").json()["code"] == "origin_refused"
    cy = sign_up(app_client, "Cy")
    assert app_client.get(f"/api/tables/{table_id}").json()["you"] is None  # Cy watches
    refused = app_client.post(f"/api/tables/{table_id}/start", headers=ORIGIN)
    assert refused.status_code == 403 and refused.json()["code"] == "host_starts"
    # A client cannot pass for an account by sending its id as a token.
    as_(app_client, ana)
    account_id = app_client.get("/api/account").json()["id"]
    as_(app_client, cy)
    forged = app_client.post(
        f"/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {account_id}"}
    )
    assert forged.status_code == 403


def test_creating_as_me_needs_a_session(app_client: TestClient) -> None:
    response = app_client.post("/api/tables", json={"seats": TWO_HUMANS}, headers=ORIGIN)
    assert response.status_code == 401 and response.json()["code"] == "sign_in_needed"
    sign_up(app_client, "Ana")
    twice = app_client.post(
        "/api/tables",
        json={"seats": [{"kind": "human", "me": True}, {"kind": "human", "me": True}]},
        headers=ORIGIN,
    )
    assert twice.json()["code"] == "me_twice"


def test_an_invitation_taken_signed_in_is_the_accounts_seat_once(app_client: TestClient) -> None:
    sign_up(app_client, "Ana")
    created = create(
        app_client, [{"kind": "human", "me": True}, {"kind": "human"}, {"kind": "human"}]
    )
    table_id = created["table"]["id"]
    bo = sign_up(app_client, "Bo")
    first = {"Authorization": f"Bearer {created['seats'][1]['token']}"} | ORIGIN
    joined = app_client.post(f"/api/tables/{table_id}/join", json={"name": "typed"}, headers=first)
    assert joined.status_code == 200
    seat = joined.json()["table"]["seats"][1]
    assert seat["name"] == "Bo" and seat["account"]  # the account's name, not the typed one
    second = {"Authorization": f"Bearer {created['seats'][2]['token']}"} | ORIGIN
    again = app_client.post(f"/api/tables/{table_id}/join", json={"name": "x"}, headers=second)
    assert again.status_code == 409 and again.json()["code"] == "account_seated"
    as_(app_client, bo)
    assert app_client.get(f"/api/tables/{table_id}").json()["you"] == 1


def test_the_socket_of_a_signed_in_page_holds_its_seat(app_client: TestClient) -> None:
    sign_up(app_client, "Ana")
    created = create(
        app_client, [{"kind": "human", "me": True}, {"kind": "bot", "level": "beginner"}]
    )
    table_id = created["table"]["id"]
    app_client.post(f"/api/tables/{table_id}/start", headers=ORIGIN)
    with app_client.websocket_connect(f"/api/tables/{table_id}/ws", headers=ORIGIN) as socket:
        socket.send_json({"type": "hello"})
        state = socket.receive_json()
        assert state["type"] == "state"
        http = app_client.get(f"/api/tables/{table_id}").json()
        assert state["you"] == http["you"] == 0  # the seat's own view, not a spectator's
        assert state["view"] == http["view"]


def test_an_open_seat_claimed_signed_in_is_the_accounts(app_client: TestClient) -> None:
    sign_up(app_client, "Ana")
    created = app_client.post(
        "/api/tables",
        json={"seats": [*TWO_HUMANS, {"kind": "human"}], "seats_open": True},
        headers=ORIGIN,
    ).json()
    table_id = created["table"]["id"]
    sign_up(app_client, "Bo")
    claim = app_client.post(
        f"/api/tables/{table_id}/seats/1/claim", json={"name": "typed"}, headers=ORIGIN
    )
    assert claim.status_code == 200 and claim.json()["you"] == 1
    assert (
        claim.json()["table"]["seats"][1] | {"name": "Bo", "account": True}
        == claim.json()["table"]["seats"][1]
    )
    twice = app_client.post(
        f"/api/tables/{table_id}/seats/2/claim", json={"name": "x"}, headers=ORIGIN
    )
    assert twice.status_code == 409 and twice.json()["code"] == "account_seated"
