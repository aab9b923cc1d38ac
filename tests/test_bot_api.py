"""The bot API: bot accounts (marked for good, before any game), API tokens
(shown once, stored hashed, scoped, rate-limited, revocable), challenges
(accepted or declined by the challenged account alone), and the labels and
leaderboards that keep bots apart from people."""

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import server_fixtures
from account_helpers import ORIGIN, as_, sign_up
from vitrine.server.accounts.tokens import token_digest
from vitrine.server.app import create_app

SETTINGS = replace(
    server_fixtures.FAST_PLAY, sign_ups="1000/minute", api_token_requests="1000/minute"
)


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=SETTINGS)) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_bot(client: TestClient, name: str, scopes: tuple[str, ...] = ("play",)) -> str:
    """Sign up ``name``, mark it a bot and make it a token; the token."""
    sign_up(client, name)
    assert client.post("/api/account/bot", headers=ORIGIN).json()["bot"] is True
    made = client.post(
        "/api/account/tokens", json={"label": "engine", "scopes": list(scopes)}, headers=ORIGIN
    )
    assert made.status_code == 201, made.text
    token: str = made.json()["token"]
    client.cookies.clear()
    return token


def challenge(
    client: TestClient, cookie: str, name: str, game: str = "tucano", rated: bool = True
) -> str:
    """``cookie``'s account makes a table of ``game`` reserving seat 1 for ``name``."""
    as_(client, cookie)
    seats = [{"kind": "human", "me": True}, {"kind": "human", "account": name}]
    made = client.post(
        "/api/tables", json={"game": game, "seats": seats, "rated": rated}, headers=ORIGIN
    )
    assert made.status_code == 201, made.text
    assert [seat["position"] for seat in made.json()["seats"]] == [0]  # no token for seat 1
    client.cookies.clear()
    return str(made.json()["table"]["id"])


# ------------------------------------------------------------ marking


def test_an_account_becomes_a_bot_for_good_and_only_before_it_plays(
    app_client: TestClient,
) -> None:
    sign_up(app_client, "Ana")
    assert app_client.get("/api/account").json()["bot"] is False
    marked = app_client.post("/api/account/bot", headers=ORIGIN)
    assert marked.status_code == 200 and marked.json()["bot"] is True
    again = app_client.post("/api/account/bot", headers=ORIGIN)
    assert again.status_code == 409 and again.json()["code"] == "account_is_bot"
    # No route turns it back: the account change takes no such field.
    undo = app_client.patch("/api/account", json={"bot": False}, headers=ORIGIN)
    assert undo.status_code == 422
    assert app_client.get("/api/account").json()["bot"] is True
    # A person who has taken a seat (here: created a table sitting at it) is refused.
    bo = sign_up(app_client, "Bo")
    seats = [{"kind": "human", "me": True}, {"kind": "bot", "level": "beginner"}]
    created = app_client.post(
        "/api/tables", json={"game": "tucano", "seats": seats}, headers=ORIGIN
    )
    assert created.status_code == 201
    refused = app_client.post("/api/account/bot", headers=ORIGIN)
    assert refused.status_code == 409 and refused.json()["code"] == "account_has_played"
    as_(app_client, bo)
    assert app_client.get("/api/account").json()["bot"] is False


def test_a_challenged_account_may_still_become_a_bot(app_client: TestClient) -> None:
    ana = sign_up(app_client, "Ana")
    cy = sign_up(app_client, "Cy")
    challenge(app_client, ana, "Cy")
    as_(app_client, cy)
    assert app_client.post("/api/account/bot", headers=ORIGIN).status_code == 200


# ------------------------------------------------------------ tokens


def test_a_token_is_shown_once_stored_hashed_and_listed_with_its_last_use(
    app_client: TestClient, sqlite_url: str
) -> None:
    sign_up(app_client, "Robo")
    refused = app_client.post(
        "/api/account/tokens", json={"label": "x", "scopes": ["play"]}, headers=ORIGIN
    )
    assert refused.status_code == 409 and refused.json()["code"] == "token_needs_bot"
    app_client.post("/api/account/bot", headers=ORIGIN)
    made = app_client.post(
        "/api/account/tokens", json={"label": "engine", "scopes": ["play"]}, headers=ORIGIN
    ).json()
    token = made["token"]
    assert token.startswith("vitrine_") and len(token) > 40 and made["used_at"] is None
    listed = app_client.get("/api/account/tokens").json()
    assert listed == [{k: v for k, v in made.items() if k != "token"}]  # never the token again
    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        dump = "\n".join(
            str(row)
            for table in ("api_tokens", "accounts", "account_sessions")
            for row in connection.execute(text(f"SELECT * FROM {table}"))
        )
        stored = connection.execute(text("SELECT token_hash FROM api_tokens")).scalar_one()
    engine.dispose()
    assert token not in dump and token[8:] not in dump
    assert stored == token_digest(token)
    app_client.cookies.clear()
    me = app_client.get("/api/account", headers=bearer(token))
    assert me.status_code == 200 and me.json()["name"] == "Robo"
    as_(app_client, None)
    sign_in = app_client.post(
        "/api/session",
        json={"name": "Robo", "password": "velvet tundra quiver 1951"},
        headers=ORIGIN,
    )
    assert sign_in.status_code == 200
    (used,) = app_client.get("/api/account/tokens").json()
    assert used["used_at"] is not None


def test_a_revoked_token_is_refused_at_once(app_client: TestClient) -> None:
    token = make_bot(app_client, "Robo")
    assert app_client.get("/api/account", headers=bearer(token)).status_code == 200
    app_client.post(
        "/api/session",
        json={"name": "Robo", "password": "velvet tundra quiver 1951"},
        headers=ORIGIN,
    )
    (listed,) = app_client.get("/api/account/tokens").json()
    assert (
        app_client.delete(f"/api/account/tokens/{listed['id']}", headers=ORIGIN).status_code == 204
    )
    app_client.cookies.clear()
    gone = app_client.get("/api/account", headers=bearer(token))
    assert gone.status_code == 401 and gone.json()["code"] == "token_invalid"
    games = app_client.get("/api/account/games", headers=bearer(token))
    assert games.status_code == 401 and games.json()["code"] == "token_invalid"


def test_a_token_is_refused_where_its_scopes_do_not_reach(app_client: TestClient) -> None:
    pair_only = make_bot(app_client, "Robo", ("pair",))
    # Reading its own account: any scope.
    assert app_client.get("/api/account", headers=bearer(pair_only)).status_code == 200
    # Playing needs "play".
    games = app_client.get("/api/account/games", headers=bearer(pair_only))
    assert games.status_code == 403 and games.json()["code"] == "token_scope"
    assert games.json()["params"] == {"needed": ["play"], "held": ["pair"]}
    # The account's own management is for sessions: no token, whatever its scopes.
    play = make_bot(app_client, "Robi", ("play", "pair"))
    for method, path, body in (
        ("POST", "/api/account/tokens", {"label": "more", "scopes": ["play"]}),
        ("GET", "/api/account/tokens", None),
        ("GET", "/api/account/sessions", None),
        ("DELETE", "/api/account", {"password": "velvet tundra quiver 1951"}),
        ("PATCH", "/api/account", {"language": "fr"}),
    ):
        refused = app_client.request(method, path, json=body, headers=bearer(play))
        assert refused.status_code == 403, (path, refused.text)
        assert refused.json()["code"] == "token_scope" and refused.json()["params"]["needed"] == []
    # A seat token still works as a Bearer token, beside API tokens.
    created = app_client.post(
        "/api/tables", json={"game": "tucano", "seats": [{"kind": "human"}, {"kind": "human"}]}
    ).json()
    seat = created["seats"][0]["token"]
    assert (
        app_client.get(f"/api/tables/{created['table']['id']}", headers=bearer(seat)).json()["you"]
        == 0
    )


def test_a_token_needs_no_origin_but_a_cookie_cannot_make_tokens_cross_site(
    app_client: TestClient,
) -> None:
    token = make_bot(app_client, "Robo")
    made = app_client.post(
        "/api/tables",
        json={"game": "tucano", "seats": [{"kind": "human", "me": True}, {"kind": "human"}]},
        headers=bearer(token),  # no Origin: a program, not a page
    )
    assert made.status_code == 201, made.text
    assert (
        made.json()["table"]["seats"][0] | {"name": "Robo", "bot": True}
        == made.json()["table"]["seats"][0]
    )
    app_client.post(
        "/api/session",
        json={"name": "Robo", "password": "velvet tundra quiver 1951"},
        headers=ORIGIN,
    )
    for origin in ({"Origin": "https://evil.example"}, {}):
        forged = app_client.post(
            "/api/account/tokens", json={"label": "x", "scopes": ["play"]}, headers=origin
        )
        assert forged.status_code == 403 and forged.json()["code"] == "origin_refused"
    assert len(app_client.get("/api/account/tokens").json()) == 1


def test_a_token_is_rate_limited_with_retry_after(sqlite_url: str) -> None:
    settings = replace(SETTINGS, api_token_requests="3/minute")
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=settings)) as client:
        token = make_bot(client, "Robo")
        for _ in range(3):
            assert client.get("/api/account", headers=bearer(token)).status_code == 200
        limited = client.get("/api/account", headers=bearer(token))
        assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
        other = make_bot(client, "Robi")  # another token has its own count
        assert client.get("/api/account", headers=bearer(other)).status_code == 200


def test_the_socket_hello_takes_a_token(app_client: TestClient) -> None:
    token = make_bot(app_client, "Robo")
    ana = sign_up(app_client, "Ana")
    table_id = challenge(app_client, ana, "Robo", rated=False)
    accepted = app_client.post(f"/api/challenges/{table_id}/accept", headers=bearer(token))
    assert accepted.status_code == 200 and accepted.json()["you"] == 1
    with app_client.websocket_connect(f"/api/tables/{table_id}/ws") as socket:
        socket.send_json({"type": "hello", "token": token})
        state = socket.receive_json()
        assert state["type"] == "state" and state["you"] == 1
    with app_client.websocket_connect(f"/api/tables/{table_id}/ws") as socket:
        socket.send_json({"type": "hello", "token": "vitrine_not-a-token"})
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["code"] == "token_invalid"


# ------------------------------------------------------------ challenges


def test_a_challenge_accepted_starts_the_table(app_client: TestClient) -> None:
    token = make_bot(app_client, "Robo")
    ana = sign_up(app_client, "Ana")
    table_id = challenge(app_client, ana, "Robo")
    table = app_client.get(f"/api/tables/{table_id}").json()["table"]
    assert table["status"] == "open" and table["seats"][1]["reserved"] is True
    # Nobody else takes a reserved seat, nor starts the table without it.
    as_(app_client, ana)
    assert app_client.post(f"/api/tables/{table_id}/start", headers=ORIGIN).status_code == 409
    received = app_client.get("/api/account/challenges", headers=bearer(token)).json()
    assert received["sent"] == []
    (mine,) = received["received"]
    assert (mine["by"], mine["account"], mine["status"], mine["seat"]) == (
        "Ana",
        "Robo",
        "pending",
        1,
    )
    accepted = app_client.post(f"/api/challenges/{table_id}/accept", headers=bearer(token))
    assert accepted.status_code == 200, accepted.text
    table = accepted.json()["table"]
    assert table["status"] == "playing" and table["rated"] is True
    assert table["seats"][1] | {"name": "Robo", "bot": True, "account": True} == table["seats"][1]
    twice = app_client.post(f"/api/challenges/{table_id}/accept", headers=bearer(token))
    assert twice.status_code == 409 and twice.json()["code"] == "challenge_answered"
    as_(app_client, ana)
    (sent,) = app_client.get("/api/account/challenges").json()["sent"]
    assert sent["status"] == "accepted"


def test_joining_the_reserved_seat_accepts_the_challenge(app_client: TestClient) -> None:
    """A person challenged may take the seat by the pages' plain join: that is an
    acceptance, so the table starts and the challenger sees it accepted."""
    ana = sign_up(app_client, "Ana")
    bo = sign_up(app_client, "Bo")
    table_id = challenge(app_client, ana, "Bo")
    as_(app_client, bo)
    joined = app_client.post(f"/api/tables/{table_id}/join", json={"name": ""}, headers=ORIGIN)
    assert joined.status_code == 200, joined.text
    assert joined.json()["table"]["status"] == "playing" and joined.json()["you"] == 1
    as_(app_client, ana)
    (sent,) = app_client.get("/api/account/challenges").json()["sent"]
    assert sent["status"] == "accepted"


def test_a_challenge_made_is_told_to_the_listeners(app_client: TestClient) -> None:
    """``Challenges.made`` is where notifications of part B plug in."""
    told: list[tuple[str, str, str]] = []

    async def invited(account_id: str, table_id: str, by_name: str) -> None:
        told.append((account_id, table_id, by_name))

    app_client.app.state.challenges.listeners.append(invited)  # type: ignore[attr-defined]
    ana = sign_up(app_client, "Ana")
    sign_up(app_client, "Bo")
    bo_id = app_client.get("/api/account").json()["id"]
    table_id = challenge(app_client, ana, "Bo", rated=False)
    assert told == [(bo_id, table_id, "Ana")]


def test_a_challenge_declined_calls_the_table_off(app_client: TestClient) -> None:
    ana = sign_up(app_client, "Ana")
    bo = sign_up(app_client, "Bo")
    table_id = challenge(app_client, ana, "Bo", rated=False)
    as_(app_client, bo)
    declined = app_client.post(f"/api/challenges/{table_id}/decline", headers=ORIGIN)
    assert declined.status_code == 200 and declined.json()["table"]["status"] == "cancelled"
    as_(app_client, ana)
    (sent,) = app_client.get("/api/account/challenges").json()["sent"]
    assert (sent["status"], sent["account"]) == ("declined", "Bo")


def test_only_the_challenged_account_answers(app_client: TestClient) -> None:
    ana = sign_up(app_client, "Ana")
    sign_up(app_client, "Bo")
    cy = sign_up(app_client, "Cy")
    table_id = challenge(app_client, ana, "Bo")
    for cookie in (cy, ana):
        as_(app_client, cookie)
        for answer in ("accept", "decline"):
            refused = app_client.post(f"/api/challenges/{table_id}/{answer}", headers=ORIGIN)
            assert refused.status_code == 403 and refused.json()["code"] == "challenge_not_yours"
    as_(app_client, cy)  # nor by claiming the reserved seat
    claim = app_client.post(
        f"/api/tables/{table_id}/seats/1/claim", json={"name": "x"}, headers=ORIGIN
    )
    assert claim.status_code in (403, 409)
    none = app_client.post("/api/challenges/nosuchtable/accept", headers=ORIGIN)
    assert none.status_code == 404 and none.json()["code"] == "challenge_not_found"
    as_(app_client, ana)
    unknown = app_client.post(
        "/api/tables",
        json={
            "game": "tucano",
            "seats": [{"kind": "human", "me": True}, {"kind": "human", "account": "Nobody"}],
        },
        headers=ORIGIN,
    )
    assert unknown.status_code == 404 and unknown.json()["code"] == "player_not_found"
    myself = app_client.post(
        "/api/tables",
        json={
            "game": "tucano",
            "seats": [{"kind": "human", "me": True}, {"kind": "human", "account": "Ana"}],
        },
        headers=ORIGIN,
    )
    assert myself.status_code == 422 and myself.json()["code"] == "challenge_seat"


# ------------------------------------------------------------ labels and leaderboards


def test_a_bot_plays_rated_and_stands_on_the_bots_board_not_the_peoples(
    app_client: TestClient,
) -> None:
    token = make_bot(app_client, "Robo")
    ana = sign_up(app_client, "Ana")
    table_id = challenge(app_client, ana, "Robo")
    app_client.post(f"/api/challenges/{table_id}/accept", headers=bearer(token))
    play_by_token_and_cookie(app_client, table_id, ana, token)
    bots = app_client.get("/api/leaderboard/tucano/bots").json()["players"]
    assert [leader["name"] for leader in bots] == ["Robo"] and bots[0]["provisional"] is True
    assert app_client.get("/api/leaderboard/tucano").json()["players"] == []
    profile = app_client.get("/api/players/Robo").json()
    assert profile["bot"] is True and profile["games"][0]["rating"] is not None
    assert app_client.get("/api/players/Ana").json()["bot"] is False
    as_(app_client, ana)
    (game,) = app_client.get("/api/account/games").json()["finished"]
    assert [seat["bot"] for seat in game["seats"]] == [False, True]
    assert app_client.get("/api/tables", params={"id": table_id}).json()[0]["seats"][1]["bot"]


def play_by_token_and_cookie(
    client: TestClient, table_id: str, cookie: str, token: str
) -> dict[str, Any]:
    """The person (by cookie) and the bot (by token) each play their first legal decision."""
    for _ in range(3000):
        for auth in ("cookie", "token"):
            if auth == "cookie":
                as_(client, cookie)
                headers = ORIGIN
            else:
                client.cookies.clear()
                headers = bearer(token)
            mine: dict[str, Any] = client.get(f"/api/tables/{table_id}", headers=headers).json()
            if mine["table"]["status"] == "over":
                return mine
            if mine["view"].get("legal_actions") and mine["table"]["current_player"] == mine["you"]:
                decision = {"action": mine["view"]["legal_actions"][0], "seq": mine["table"]["seq"]}
                client.post(f"/api/tables/{table_id}/actions", json=decision, headers=headers)
    raise AssertionError("the game did not end")
