"""A server in public: hostile input refused cleanly, limits, headers, names, memory.

Each test here holds a promise of docs/server.md's "Running it in public";
the ones that need a real uvicorn (timeouts, message sizes, the Server
header, forwarded addresses) are in ``test_server_public_process.py``.
"""

import asyncio
import time
import typing
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from importlib import resources
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_fixtures import FAST_PLAY, Api, state_at_turn, table_socket
from test_server_api import open_table, play_out, wait_for_human
from vitrine.bots import LEVELS
from vitrine.games import game_names, plugins
from vitrine.server import schemas
from vitrine.server.app import create_app
from vitrine.server.errors import ApiError
from vitrine.server.middleware import CONTENT_SECURITY_POLICY
from vitrine.server.ratelimit import ConnectionRate
from vitrine.server.settings import Settings

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI

JSON = {"Content-Type": "application/json"}


def post_raw(api: Api, path: str, text: str, token: str | None = None) -> Any:
    """A body sent as written: JSON's extensions (Infinity, NaN) and escapes kept."""
    headers = JSON | ({} if token is None else {"Authorization": f"Bearer {token}"})
    return api.client.post(path, content=text.encode(), headers=headers)


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e400"])
def test_a_number_json_cannot_hold_is_refused_not_a_server_error(api: Api, number: str) -> None:
    seats = '[{"kind": "human"}, {"kind": "human"}]'
    response = post_raw(api, "/api/tables", f'{{"seats": {seats}, "clock_seconds": {number}}}')
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "request_invalid"
    assert response.json()["params"]["errors"][0]["loc"] == ["body", "clock_seconds"]


def test_a_seq_of_nan_is_refused(api: Api) -> None:
    table_id, _, tokens = open_table(api)
    path = f"/api/tables/{table_id}/actions"
    response = post_raw(api, path, '{"action": "1907", "seq": NaN}', tokens[0])
    assert (response.status_code, response.json()["code"]) == (422, "request_invalid")


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("\\ud800", "request_invalid"),  # a lone surrogate is no text: pydantic refuses it
        ("a\\u0000b", "name_invisible"),
        ("A\\u200bna", "name_invisible"),
        ("Ana\\u202e", "name_invisible"),
        ("\\u3164", "name_invisible"),
    ],
)
def test_names_with_invisible_or_broken_characters_are_refused(
    database_url: str, name: str, code: str
) -> None:
    """A lone surrogate once answered 500, NUL a 500 on PostgreSQL; all are now 422."""
    with TestClient(create_app(database_url, bot_delay=0, settings=FAST_PLAY)) as client:
        api = Api(client)
        seats = f'[{{"kind": "human", "name": "{name}"}}]'
        response = post_raw(api, "/api/tables", f'{{"seats": {seats}}}')
        assert (response.status_code, response.json()["code"]) == (422, code)
        created = api.create([{"kind": "human"}, {"kind": "human", "name": "Bo"}])
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        response = post_raw(api, f"/api/tables/{table_id}/join", f'{{"name": "{name}"}}', token)
        assert (response.status_code, response.json()["code"]) == (422, code)
        seats = api.get(f"/api/tables/{table_id}").json()["table"]["seats"]
        assert seats[0]["name"] is None


@pytest.mark.parametrize(
    "lookalike",
    ["\u0410na", "\uff21\uff4e\uff41", "ANA", " Ana ", "\u0391n\u0430"],
    ids=["cyrillic-A", "fullwidth", "upper", "spaces", "greek-and-cyrillic"],
)
def test_a_name_that_looks_like_another_at_the_table_is_refused(api: Api, lookalike: str) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": lookalike}]
    response = api.client.post("/api/tables", json={"seats": seats})
    assert (response.status_code, response.json()["code"]) == (422, "names_repeated")
    created = api.create([{"kind": "human", "name": "Ana"}, {"kind": "human"}])
    path = f"/api/tables/{created['table']['id']}/join"
    response = api.post(path, created["seats"][1]["token"], {"name": lookalike})
    assert (response.status_code, response.json()["code"]) == (422, "names_repeated")


def test_names_are_normalised(api: Api) -> None:
    created = api.create([{"kind": "human", "name": "\uff22\uff4f  x"}])
    assert created["table"]["seats"][0]["name"] == "Bo x"
    created = api.create([{"kind": "human", "name": "Il"}, {"kind": "human", "name": "Ana"}])
    assert [s["name"] for s in created["table"]["seats"]] == ["Il", "Ana"]
    seats = [{"kind": "human", "name": "Il"}, {"kind": "human", "name": "ll"}]  # I and l look alike
    assert api.client.post("/api/tables", json={"seats": seats}).status_code == 422


def test_refusals_quote_little_of_a_long_input(api: Api) -> None:
    """A 10 MB action once got a 10 MB reply; an input is now quoted in part, if at all."""
    table_id, _, tokens = open_table(api)
    response = api.post(f"/api/tables/{table_id}/actions", tokens[0], {"action": "7" * 200_000})
    assert (response.status_code, response.json()["code"]) == (422, "request_invalid")
    assert len(response.content) < 2000
    record = {"game": "exhibition", "rules_version": "x" * 200_000, "players": [], "turns": []}
    response = api.client.post("/api/replays", json=record)
    assert response.status_code == 422
    assert len(response.content) < 2000


def test_an_unparseable_body_gets_a_code(api: Api) -> None:
    response = api.client.post(
        "/api/tables",
        content=b"seats=1",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code in (400, 422)
    assert set(response.json()) == {"detail", "code", "params"}
    response = api.client.delete("/api/tables")
    assert (response.status_code, response.json()["code"]) == (405, "method_not_allowed")
    response = api.get("/api/nothing")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


# ---------------------------------------------------------------- bodies and headers


@pytest.fixture
def small_client(sqlite_url: str) -> Iterator[TestClient]:
    settings = Settings(max_body_bytes=1000, body_timeout_seconds=0.5)
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=settings)) as client:
        yield client


def test_a_body_over_the_limit_is_refused_before_it_is_read(small_client: TestClient) -> None:
    big = b'{"seats": [' + b" " * 2000 + b"]}"
    response = small_client.post("/api/tables", content=big, headers=JSON)
    assert (response.status_code, response.json()["code"]) == (413, "body_too_large")
    assert response.json()["params"] == {"max": 1000}
    assert response.headers["connection"] == "close"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"seats": ['
        for _ in range(100):
            yield b" " * 100

    response = small_client.post("/api/tables", content=chunks(), headers=JSON)
    assert (response.status_code, response.json()["code"]) == (413, "body_too_large")
    ok = small_client.post("/api/tables", json={"seats": [{"kind": "human"}]})
    assert ok.status_code == 201


def test_every_response_carries_the_security_headers(api: Api) -> None:
    table_id, _, _ = open_table(api)
    page = api.get("/api/games").json()[0]["page"]
    paths = ["/", f"/table/{table_id}", "/replay", "/static/common.js", "/api/games", "/nope"]
    paths += [page["script"], page["stylesheet"]]
    for path in paths:
        headers = api.get(path).headers
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY, path
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert api.get("/docs").status_code == 404  # its CDN scripts would break the policy


def test_the_pages_hold_no_inline_script_and_no_token_in_a_url() -> None:
    """What lets the strict CSP hold, and keeps tokens out of logs, in the pages' source."""
    from vitrine.server.pages import STATIC

    shell = (STATIC / "page.html").read_text()
    assert "<script>" not in shell and " on" not in shell.replace(" one", "")
    assert "style=" not in shell
    game_pages = [
        resources.files(plugin.package) / "web" / plugin.page.script
        for plugin in plugins()
        if plugin.page is not None
    ]
    assert game_pages
    for script in [*(p for p in STATIC.iterdir() if p.name.endswith(".js")), *game_pages]:
        text = script.read_text()
        assert "?token" not in text and "innerHTML" not in text and "eval(" not in text, script


# ---------------------------------------------------------------- the schema tells the truth


def test_the_schema_lists_the_games_and_levels_the_server_has(api: Api) -> None:
    document = api.get("/openapi.json").json()
    request = document["components"]["schemas"]["CreateTableRequest"]["properties"]
    assert tuple(request["game"]["enum"]) == game_names()
    assert typing.get_args(schemas.Level) == tuple(LEVELS)
    refused = api.post("/api/tables", None, {"game": "chess", "seats": [{"kind": "human"}]})
    assert refused.status_code == 422
    assert "no game 'chess' is installed here" in refused.json()["detail"]
    default = api.post("/api/tables", None, {"seats": [{"kind": "human"}]}).json()
    assert default["table"]["game"] == game_names()[0]


def test_every_route_documents_its_refusals(api: Api) -> None:
    document = api.get("/openapi.json").json()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            takes_input = "parameters" in operation or "requestBody" in operation
            assert ("422" in statuses) == takes_input, (method, path)
            for status in statuses - {"200", "201", "202", "204"}:  # the successes
                schema = operation["responses"][status]["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/Refusal"}, (method, path, status)
            if "requestBody" in operation:
                assert {"408", "413"} <= statuses, (method, path)
    table = document["paths"]["/api/tables/{table_id}"]["get"]
    assert {} in table["security"]  # the token is optional there


# ---------------------------------------------------------------- memory after the database


def failing_writes(client: TestClient) -> None:
    store = client.app.state.service.store  # type: ignore[attr-defined]

    def refuse(*_args: Any) -> None:
        raise RuntimeError("the database refused the write")

    store.update_seat = refuse


def test_a_join_the_database_refuses_leaves_the_table_as_it_was(sqlite_url: str) -> None:
    """Once, the name was set before the write: after the 500 the host could start,
    and after a restart the players were ['', 'Bo']."""
    with TestClient(
        create_app(sqlite_url, bot_delay=0, settings=FAST_PLAY), raise_server_exceptions=False
    ) as client:
        api = Api(client)
        created = api.create([{"kind": "human"}, {"kind": "human", "name": "Bo"}])
        table_id, host = created["table"]["id"], created["host_token"]
        failing_writes(client)
        join = api.post(f"/api/tables/{table_id}/join", created["seats"][0]["token"], {"name": "A"})
        assert join.status_code == 500
        assert api.get(f"/api/tables/{table_id}").json()["table"]["seats"][0]["name"] is None
        assert api.post(f"/api/tables/{table_id}/start", host).json()["code"] == "seats_waiting"


def test_a_hand_over_the_database_refuses_leaves_the_seat_as_it_was(sqlite_url: str) -> None:
    with TestClient(
        create_app(sqlite_url, bot_delay=0, settings=FAST_PLAY), raise_server_exceptions=False
    ) as client:
        api = Api(client)
        table_id, host, _ = open_table(api)
        failing_writes(client)
        assert api.post(f"/api/tables/{table_id}/seats/1/bot", host).status_code == 500
        seat = api.get(f"/api/tables/{table_id}").json()["table"]["seats"][1]
        assert (seat["substituted"], seat["level"]) == (False, None)


# ---------------------------------------------------------------- abuse


@pytest.fixture
def default_client(sqlite_url: str) -> Iterator[TestClient]:
    """The limits at their defaults, as a public server has them."""
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=Settings())) as client:
        yield client


def test_creating_tables_past_the_limit_is_refused_with_retry_after(
    default_client: TestClient,
) -> None:
    body = {"seats": [{"kind": "human"}]}
    answers = [default_client.post("/api/tables", json=body) for _ in range(11)]
    assert [a.status_code for a in answers] == [201] * 10 + [429]
    refusal = answers[-1]
    assert refusal.json()["code"] == "rate_limited"
    wait = int(refusal.headers["retry-after"])
    assert 0 < wait <= 60
    assert refusal.json()["params"] == {"what": "create_tables", "retry_after": wait}


def test_a_refused_creation_does_not_count(default_client: TestClient) -> None:
    bad = {"seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "ana"}]}
    for _ in range(12):
        assert default_client.post("/api/tables", json=bad).status_code == 422
    assert (
        default_client.post("/api/tables", json={"seats": [{"kind": "human"}]}).status_code == 201
    )


def start_bot_table(client: TestClient) -> Any:
    bots = [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "beginner"}]
    created = client.post("/api/tables", json={"seats": bots}).json()
    headers = {"Authorization": f"Bearer {created['host_token']}"}
    return client.post(f"/api/tables/{created['table']['id']}/start", headers=headers)


def test_tables_of_bots_alone_are_limited(sqlite_url: str) -> None:
    """Per client (start_bot_tables), and all together (bot_tables)."""
    settings = Settings(bot_tables=1, start_bot_tables="2/minute")
    with TestClient(create_app(sqlite_url, bot_delay=10, settings=settings)) as client:
        assert start_bot_table(client).status_code == 200
        busy = start_bot_table(client)  # the first still plays (a bot waits 10 s a move)
        assert (busy.status_code, busy.json()["code"]) == (429, "bot_tables_busy")
        assert busy.headers["retry-after"] == "30"
    settings = Settings(bot_tables=5, start_bot_tables="2/minute")
    with TestClient(create_app(sqlite_url, bot_delay=10, settings=settings)) as client:
        assert [start_bot_table(client).status_code for _ in range(3)] == [200, 200, 429]


def test_a_socket_past_its_message_rate_is_refused_and_changes_nothing(sqlite_url: str) -> None:
    """Five messages a second: the sixth at once is refused with the wait, nothing is
    made of it, and once the bucket has drained the socket is heard again."""
    settings = replace(FAST_PLAY, ws_messages="5/second;600/minute")
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=settings)) as client:
        api = Api(client)
        table_id, _, tokens = open_table(api)
        with table_socket(client, table_id, tokens[0]) as socket:
            state = state_at_turn(socket, 0)
            seq = state["table"]["seq"]
            for _ in range(5):
                socket.send_text("not json")
            assert [socket.receive_json()["code"] for _ in range(5)] == ["message_not_json"] * 5
            action = state["view"]["legal_actions"][0]
            socket.send_json({"type": "act", "action": action, "seq": seq})
            refusal = socket.receive_json()
            assert (refusal["status"], refusal["code"]) == (429, "rate_limited")
            assert refusal["params"] == {"what": "ws_messages", "retry_after": 1}
            assert api.get(f"/api/tables/{table_id}").json()["table"]["seq"] == seq
            time.sleep(0.25)  # one message drains in 0.2 s
            socket.send_json({"type": "act", "action": action, "seq": seq})
            assert socket.receive_json()["table"]["seq"] == seq + 1


def test_a_connections_rate_holds_every_window_and_counts_no_refusal() -> None:
    async def scenario() -> list[tuple[int, str, int] | None]:
        rate = ConnectionRate("ws_messages", "2/second;3/minute")
        waits: list[tuple[int, str, int] | None] = []
        for pause in (0, 0, 0, 0.6, 0, 0.6):
            await asyncio.sleep(pause)
            try:
                await rate.hit()
                waits.append(None)
            except ApiError as refusal:
                waits.append((refusal.status, refusal.code, refusal.params["retry_after"]))
        return waits

    # Two at once, the third refused by the second's window (a message drains in
    # 0.5 s: wait 1 s); after 0.6 s one more fits both; then the minute's three are
    # spent (one drains in 20 s), with the second's window full or not.
    first, minute = (429, "rate_limited", 1), (429, "rate_limited", 20)
    assert asyncio.run(scenario()) == [None, None, first, None, minute, minute]


def test_the_lobby_lists_real_tables_after_a_flood(sqlite_url: str) -> None:
    """One client's flood shows a few of its tables; many clients' flood cannot push
    out a table someone has open (its creator waits on its page)."""
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=FAST_PLAY)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        api = Api(client)
        waited = api.create([{"kind": "human", "name": "Ana"}, {"kind": "human"}])["table"]["id"]
        unwatched = api.create([{"kind": "human", "name": "Bo"}, {"kind": "human"}])["table"]["id"]

        def listed() -> list[str]:
            return [table["id"] for table in api.get("/api/tables?limit=50").json()]

        with table_socket(client, waited) as socket:
            socket.receive_json()
            two = [_human(), _human()]  # public tables: more than one person plays at each
            for _ in range(60):  # one client
                portal(client).call(service.create, "exhibition", {}, two, None, "one")
            assert {waited, unwatched} <= set(listed())
            assert len(listed()) == 2 + Settings().lobby_per_creator
            for flooder in range(40):  # many clients, three tables each
                for _ in range(3):
                    create = service.create
                    portal(client).call(create, "exhibition", {}, two, None, str(flooder))
            assert waited in listed()
            assert len(listed()) == 50


def _human() -> Any:
    from vitrine.server.play.service import SeatSpec

    return SeatSpec("human")


def test_an_idle_table_leaves_memory_and_comes_back(sqlite_url: str) -> None:
    settings = Settings(idle_seconds=0.2)
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=settings)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        api = Api(client)
        created = api.create([{"kind": "human", "name": "Ana"}, {"kind": "human"}])
        table_id = created["table"]["id"]
        with table_socket(client, table_id) as socket:  # watched: kept
            socket.receive_json()
            time.sleep(0.5)
            assert table_id in service.tables
        deadline = time.monotonic() + 5
        while table_id in service.tables and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table_id not in service.tables
        token = created["seats"][1]["token"]
        assert api.post(f"/api/tables/{table_id}/join", token, {"name": "Bo"}).status_code == 200
        assert table_id in service.tables


def test_settings_come_from_the_environment() -> None:
    settings = Settings.from_environment(
        {"VITRINE_MAX_BODY_BYTES": "65536", "VITRINE_TRUSTED_PROXIES": "10.0.0.1, 127.0.0.1"}
    )
    assert settings.max_body_bytes == 65536
    assert settings.trusted_proxies == ("10.0.0.1", "127.0.0.1")
    with pytest.raises(ValueError, match="VITRINE_CREATE_TABLES"):
        Settings.from_environment({"VITRINE_CREATE_TABLES": "lots"})
    with pytest.raises(ValueError, match="VITRINE_IDLE_SECONDS"):
        Settings.from_environment({"VITRINE_IDLE_SECONDS": "0"})


# ---------------------------------------------------------------- promises the tests missed


def test_a_decision_answering_an_older_position_is_refused(api: Api) -> None:
    """A replayed message (seq behind the table) must not be applied again."""
    table_id, _, tokens = open_table(api)
    table = wait_for_human(api, table_id)
    while table["seq"] == 0:  # the bot acts first sometimes; a seq behind needs seq > 0
        seat = table["current_player"]
        view = api.get(f"/api/tables/{table_id}", tokens[seat]).json()["view"]
        api.post(
            f"/api/tables/{table_id}/actions", tokens[seat], {"action": view["legal_actions"][0]}
        )
        table = wait_for_human(api, table_id)
    seat = table["current_player"]
    view = api.get(f"/api/tables/{table_id}", tokens[seat]).json()["view"]
    body = {"action": view["legal_actions"][0], "seq": table["seq"] - 1}
    response = api.post(f"/api/tables/{table_id}/actions", tokens[seat], body)
    assert (response.status_code, response.json()["code"]) == (409, "stale")
    assert response.json()["params"] == {"seq": table["seq"] - 1, "at": table["seq"]}
    # A position the table has not reached is not "stale" (issue 41's wording defect).
    ahead = {"action": view["legal_actions"][0], "seq": table["seq"] + 5}
    response = api.post(f"/api/tables/{table_id}/actions", tokens[seat], ahead)
    assert (response.status_code, response.json()["code"]) == (409, "seq_ahead")
    assert response.json()["params"] == {"seq": table["seq"] + 5, "at": table["seq"]}
    assert "stale" not in response.json()["detail"]


def test_a_decision_after_the_end_is_refused_as_game_over(api: Api) -> None:
    table_id, _, tokens = open_table(api)
    play_out(api, table_id, tokens)
    response = api.post(f"/api/tables/{table_id}/actions", tokens[0], {"action": "1907"})
    assert (response.status_code, response.json()["code"]) == (409, "game_over")


def test_the_deadline_is_the_last_decision_plus_the_clock(api: Api) -> None:
    two = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    created = api.client.post("/api/tables", json={"seats": two, "clock_seconds": 600}).json()
    table_id, tokens = created["table"]["id"], [s["token"] for s in created["seats"]]
    before = datetime.now(UTC)
    started = api.post(f"/api/tables/{table_id}/start", created["host_token"]).json()
    after = datetime.now(UTC)
    deadline = datetime.fromisoformat(started["table"]["deadline"])
    assert before + timedelta(seconds=600) <= deadline <= after + timedelta(seconds=600)
    seat = started["table"]["current_player"]
    action = api.get(f"/api/tables/{table_id}", tokens[seat]).json()["view"]["legal_actions"][0]
    before = datetime.now(UTC)
    answer = api.post(f"/api/tables/{table_id}/actions", tokens[seat], {"action": action}).json()
    after = datetime.now(UTC)
    deadline = datetime.fromisoformat(answer["table"]["deadline"])
    assert before + timedelta(seconds=600) <= deadline <= after + timedelta(seconds=600)


def test_a_clock_that_fires_after_the_player_acted_takes_no_seat(client: TestClient) -> None:
    """The clock armed for position n fires late, once the player has answered it."""
    api = Api(client)
    two = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    created = api.client.post("/api/tables", json={"seats": two, "clock_seconds": 600}).json()
    table_id, tokens = created["table"]["id"], [s["token"] for s in created["seats"]]
    started = api.post(f"/api/tables/{table_id}/start", created["host_token"]).json()
    seat, seq = started["table"]["current_player"], started["table"]["seq"]
    action = api.get(f"/api/tables/{table_id}", tokens[seat]).json()["view"]["legal_actions"][0]
    api.post(f"/api/tables/{table_id}/actions", tokens[seat], {"action": action})
    service = client.app.state.service  # type: ignore[attr-defined]
    live = service.tables[table_id]
    past = datetime.now(UTC) - timedelta(seconds=1)
    portal(client).call(service.runner.run_clock, live, seq, past)  # the old clock, firing now
    seats = api.get(f"/api/tables/{table_id}").json()["table"]["seats"]
    assert [s["substituted"] for s in seats] == [False, False]


def portal(client: TestClient) -> Any:
    """The running app's event loop, to call the service on it directly."""
    assert client.portal is not None, "the client must be started (used as a context manager)"
    return client.portal


def test_every_setting_is_documented_with_its_default() -> None:
    from dataclasses import fields
    from pathlib import Path

    docs = (Path(__file__).resolve().parent.parent / "docs" / "server.md").read_text()
    rows = {
        cells[1].strip("` "): cells[2].strip()
        for line in docs.splitlines()
        if line.startswith("| `VITRINE_") and (cells := line.split("|"))
    }
    defaults = Settings()
    for field in fields(Settings):
        value = getattr(defaults, field.name)
        if value in ((), ""):
            shown = "none"
        elif isinstance(value, tuple):
            shown = ",".join(value)
        else:
            shown = f"{value:g}" if isinstance(value, float) else str(value)
        assert rows.get(f"VITRINE_{field.name.upper()}") == shown, field.name
