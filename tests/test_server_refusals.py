"""Bad input at every endpoint: a precise error, and nothing changes."""

from typing import Any

import pytest

from server_fixtures import Api
from test_server_api import THREE_SEATS, open_table, wait_for_human, wait_for_status
from vitrine.games.exhibition import ExhibitionGame

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI


def detail(response: Any) -> str:
    body = response.json()["detail"]
    return body if isinstance(body, str) else " ".join(str(error) for error in body)


@pytest.mark.parametrize(
    ("body", "status", "words", "code"),
    [
        ({"seats": []}, 422, "at least 1 item", "request_invalid"),
        ({"seats": THREE_SEATS, "colour": "red"}, 422, "colour", "request_invalid"),
        ({"seats": [{"kind": "alien"}]}, 422, "'human', 'bot'", "request_invalid"),
        # a bot's level is in the schema: required, and one of the levels
        ({"seats": [{"kind": "bot"}]}, 422, "seats.0.bot.level: Field required", "request_invalid"),
        (
            {"seats": [{"kind": "bot", "level": "godlike"}]},
            422,
            "'beginner', 'casual', 'strong' or 'expert'",
            "request_invalid",
        ),
        (
            {"seats": [{"kind": "human", "level": "casual"}]},
            422,
            "seats.0.human.level: Extra inputs are not permitted",
            "request_invalid",
        ),
        ({"seats": [{"kind": "human"}] * 6}, 422, "1 to 5 players, got 6 seats", "player_count"),
        ({"seats": THREE_SEATS, "game": "chess"}, 422, "no game 'chess' is", "request_invalid"),
        (
            {"seats": THREE_SEATS, "options": {"variations": ["zoo"]}},
            422,
            "zoo",
            "unknown_variation",
        ),
        (
            {"seats": THREE_SEATS, "options": {"secret_decade": "yes"}},
            422,
            "true or false",
            "secret_decade_form",
        ),
        (
            {"seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "ana "}]},
            422,
            "same name",
            "names_repeated",
        ),
        ({"seats": [{"kind": "human", "name": "   "}]}, 422, "visible character", "name_empty"),
        (
            {"seats": [{"kind": "human", "name": "x" * 30}]},
            422,
            "at most 24 characters",
            "name_too_long",
        ),
        (
            {"seats": THREE_SEATS, "clock_seconds": 0},
            422,
            "greater than or equal to 1",
            "request_invalid",
        ),
        ({"seats": THREE_SEATS, "clock_seconds": "soon"}, 422, "valid integer", "request_invalid"),
    ],
)
def test_creating_a_table_refuses(
    api: Api, body: dict[str, Any], status: int, words: str, code: str
) -> None:
    response = api.client.post("/api/tables", json=body)
    assert response.status_code == status
    assert words in detail(response)
    assert response.json()["code"] == code  # what a page words in its reader's language
    assert api.get("/api/tables").json() == []


def test_creating_a_table_refuses_a_body_that_is_not_json(api: Api) -> None:
    response = api.client.post(
        "/api/tables", content=b"{seats", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422
    assert "JSON decode error" in detail(response)


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("status=bogus", "'over', 'abandoned' or 'cancelled'"),
        ("limit=0", "limit"),
        ("id=" + "&id=".join(f"t{n}" for n in range(101)), "id"),
        ("id=no%20such%20id", "id"),
    ],
)
def test_listing_tables_refuses_bad_queries(api: Api, query: str, words: str) -> None:
    response = api.get(f"/api/tables?{query}")
    assert response.status_code == 422
    assert words in detail(response)


def test_reading_a_table_refuses_unknown_tables_and_tokens(api: Api) -> None:
    table_id, _, _ = open_table(api)
    assert api.get("/api/tables/nope").status_code == 404
    assert detail(api.get("/api/tables/nope")) == "table 'nope' does not exist"
    response = api.get(f"/api/tables/{table_id}", "forged")
    assert response.status_code == 403
    assert "holds no seat" in detail(response)


def test_joining_refuses(api: Api) -> None:
    created = api.create(THREE_SEATS)
    table_id = created["table"]["id"]
    token = created["seats"][1]["token"]
    path = f"/api/tables/{table_id}/join"
    cases: list[tuple[str | None, dict[str, Any], int, str]] = [
        (None, {"name": "Bo"}, 401, "needs a token"),
        ("forged", {"name": "Bo"}, 403, "holds no seat"),
        (token, {"name": "Bo", "age": 3}, 422, "age"),
        (token, {}, 422, "name"),
        (token, {"name": " "}, 422, "visible character"),
        (token, {"name": "ANA"}, 422, "same name"),
    ]
    for credential, body, status, words in cases:
        response = api.post(path, credential, body)
        assert (response.status_code, words in detail(response)) == (status, True), response.text
    assert api.post("/api/tables/nope/join", token, {"name": "Bo"}).status_code == 404
    seats = api.get(f"/api/tables/{table_id}").json()["table"]["seats"]
    assert [seat["name"] for seat in seats] == ["Ana", None, "Casual bot 3"]
    assert api.post(path, token, {"name": "Bo"}).status_code == 200
    assert api.post(f"/api/tables/{table_id}/start", created["host_token"]).status_code == 200
    response = api.post(path, token, {"name": "Bob"})
    assert response.status_code == 409
    assert "has started" in detail(response)


def test_starting_refuses(api: Api) -> None:
    created = api.create(THREE_SEATS)
    table_id = created["table"]["id"]
    path = f"/api/tables/{table_id}/start"
    assert api.post(path, None).status_code == 401
    response = api.post(path, created["seats"][0]["token"])
    assert response.status_code == 403
    assert "only the host" in detail(response)
    response = api.post(path, created["host_token"])
    assert response.status_code == 409
    assert detail(response) == "seat(s) 1 have not joined yet"
    api.post(f"/api/tables/{table_id}/join", created["seats"][1]["token"], {"name": "Bo"})
    assert api.post(path, created["host_token"]).status_code == 200
    response = api.post(path, created["host_token"])
    assert response.status_code == 409
    assert "already started" in detail(response)


def test_a_decision_before_the_start_is_refused(api: Api) -> None:
    created = api.create(THREE_SEATS)
    table_id = created["table"]["id"]
    token = created["seats"][0]["token"]
    response = api.post(f"/api/tables/{table_id}/actions", token, {"action": "1907"})
    assert response.status_code == 409
    assert "has not started" in detail(response)


def test_decisions_refused_change_nothing(api: Api) -> None:
    table_id, host, tokens = open_table(api)
    table = wait_for_human(api, table_id)
    actor = table["current_player"]
    other = 1 - actor
    before = api.get(f"/api/tables/{table_id}", tokens[actor]).json()
    path = f"/api/tables/{table_id}/actions"
    take = before["view"]["legal_actions"][0]
    cases = [
        (None, {"action": take}, 401, "needs a token"),
        (host, {"action": take}, 403, "holds no seat"),
        (tokens[other], {"action": take}, 409, f"not seat {other}'s turn"),
        (tokens[actor], {"action": "19x7"}, 422, "19x7"),
        (tokens[actor], {"action": ""}, 422, "at least 1 character"),
        (tokens[actor], {"action": take, "seq": table["seq"] + 5}, 409, "has not reached"),
        (tokens[actor], {"action": take, "seq": -1}, 422, "greater than or equal to 0"),
        (tokens[actor], {"action": take, "extra": 1}, 422, "extra"),
        (tokens[actor], {"action": "1907 G1"}, 422, ""),
    ]
    for credential, body, status, words in cases:
        response = api.post(path, credential, body)
        assert response.status_code == status, (body, response.text)
        assert words in detail(response), response.text
    illegal = next(
        f"{year}" for year in range(1900, 2000) if str(year) not in before["view"]["legal_actions"]
    )
    response = api.post(path, tokens[actor], {"action": illegal})
    assert response.status_code == 422
    assert illegal in detail(response)
    assert api.get(f"/api/tables/{table_id}", tokens[actor]).json() == before


def test_handing_a_seat_to_a_bot_refuses(api: Api) -> None:
    created = api.create(THREE_SEATS)
    table_id, host = created["table"]["id"], created["host_token"]
    path = f"/api/tables/{table_id}/seats"
    response = api.post(f"{path}/1/bot", host)
    assert response.status_code == 409
    assert "not being played" in detail(response)
    api.post(f"/api/tables/{table_id}/join", created["seats"][1]["token"], {"name": "Bo"})
    api.post(f"/api/tables/{table_id}/start", host)
    assert api.post(f"{path}/1/bot", created["seats"][0]["token"]).status_code == 403
    assert api.post(f"{path}/7/bot", host).status_code == 404
    response = api.post(f"{path}/1/bot", host, {"level": "godlike"})
    assert response.status_code == 422
    assert "level: Input should be 'beginner'" in detail(response)
    response = api.post(f"{path}/2/bot", host)
    assert response.status_code == 409
    assert "already played by a bot" in detail(response)


def test_a_leaver_is_handed_to_a_bot_and_the_table_finishes(api: Api) -> None:
    table_id, host, tokens = open_table(api)
    assert api.post(f"/api/tables/{table_id}/seats/1/bot", host).status_code == 200
    response = api.post(f"/api/tables/{table_id}/seats/0/bot", host, {"level": "beginner"})
    assert response.status_code == 200
    table = wait_for_status(api, table_id, "over")
    assert [seat["substituted"] for seat in table["seats"]] == [True, True, False]
    record = api.get(f"/api/tables/{table_id}/record").json()
    assert record["substitutes"] == [
        {"seat": 0, "turns_before": 0, "level": "beginner", "why": "host"},
        {"seat": 1, "turns_before": 0, "level": "casual", "why": "host"},
    ]
    replay = api.post("/api/replays", None, record).json()
    assert replay["substitutes"] == record["substitutes"]
    response = api.post(f"/api/tables/{table_id}/actions", tokens[0], {"action": "1907"})
    assert response.status_code == 409
    assert detail(response) == "seat 0 has been handed to a bot"


def test_records_and_replays_refuse(api: Api) -> None:
    table_id, _, _ = open_table(api)
    assert api.get("/api/tables/nope/record").status_code == 404
    assert api.get(f"/api/tables/{table_id}/replay").status_code == 409
    cases: list[tuple[Any, str]] = [
        ([1, 2], "Input should be a valid dictionary"),
        ({"game": "chess", "rules_version": "1", "players": ["A"], "turns": []}, "unknown game"),
        ({"game": "exhibition", "players": ["A"], "turns": []}, "lacks the field 'rules_version'"),
    ]
    for body, words in cases:
        response = api.client.post("/api/replays", json=body)
        assert response.status_code == 422
        assert words in detail(response)


def test_a_record_with_an_illegal_turn_is_refused_naming_it(api: Api) -> None:
    game = ExhibitionGame()
    first = game.start(["A", "B"], seed=1).legal_turns()[0]
    record: dict[str, Any] = {
        "game": "exhibition",
        "rules_version": game.rules_version,
        "seed": 1,
        "players": ["A", "B"],
        "turns": [first, "1999 Z9"],
    }
    response = api.client.post("/api/replays", json=record)
    assert response.status_code == 422
    assert "turn 2" in detail(response)
    record["turns"] = record["turns"][:1]
    replay = api.client.post("/api/replays", json=record).json()
    assert len(replay["steps"]) == 2


def test_game_data_refuses_unknown_games_and_files(api: Api) -> None:
    assert api.get("/api/games/exhibition/data/cards.json").json()["cards"]
    for path in ("chess/data/cards.json", "exhibition/data/nope.json", "exhibition/data/x.py"):
        response = api.get(f"/api/games/{path}")
        assert response.status_code == 404
        assert "does not exist" in detail(response)


def test_a_games_page_files_are_served_and_nothing_else_of_its_package(api: Api) -> None:
    page = api.get("/api/games").json()[0]["page"]
    script, stylesheet = api.get(page["script"]), api.get(page["stylesheet"])
    assert "export function" in script.text
    assert script.headers["content-type"].startswith("text/javascript")
    assert stylesheet.headers["content-type"].startswith("text/css")
    for path in (
        "chess/static/chess.js",
        "exhibition/static/plugin.py",
        "exhibition/static/cards.json",
        "tucano/static/x.js",
        "tucano/static/Tucano.js",
    ):
        response = api.get(f"/api/games/{path}")
        assert (response.status_code, response.json()["code"]) == (404, "page_file_not_found")
    assert api.get("/api/games/exhibition/static/..%2Fplugin.py").status_code == 404


def test_a_seat_position_must_be_a_number(api: Api) -> None:
    table_id, host, _ = open_table(api)
    response = api.post(f"/api/tables/{table_id}/seats/first/bot", host)
    assert response.status_code == 422
    assert "valid integer" in detail(response)


def test_the_openapi_document_lists_every_route(api: Api) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    assert set(paths) == {
        "/api/games",
        "/api/games/{name}/data/{file}",
        "/api/games/{name}/static/{file}",
        "/api/games/{name}/tutorial",
        "/api/games/{name}/tutorial/position",
        "/api/process",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/start",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/seats/{position}/bot",
        "/api/tables/{table_id}/seats/{position}/claim",
        "/api/tables/{table_id}/leave",
        "/api/tables/{table_id}/cancel",
        "/api/tables/{table_id}/check",
        "/api/tables/{table_id}/provisional",
        "/api/tables/{table_id}/chat",
        "/api/tables/{table_id}/rematch",
        "/api/tables/{table_id}/record",
        "/api/tables/{table_id}/replay",
        "/api/replays",
        "/api/tables/{table_id}/hint",
        "/api/tables/{table_id}/review",
        "/api/reviews",
        "/api/reviews/{key}",
        "/api/reviews/{key}/positions/{index}",
        "/api/account",
        "/api/account/export",
        "/api/account/sessions",
        "/api/account/sessions/{handle}",
        "/api/account/passkeys",
        "/api/account/passkeys/options",
        "/api/account/passkeys/{credential_id}",
        "/api/account/passkeys/sign-in/options",
        "/api/account/passkeys/sign-in",
        "/api/session",
        "/api/account/games",
        "/api/account/turns",
        "/api/players/{name}",
        "/api/leaderboard/{game}",
        "/api/tables/{table_id}/ratings",
        # the bot API
        "/api/account/bot",
        "/api/account/tokens",
        "/api/account/tokens/{token_id}",
        "/api/account/challenges",
        "/api/challenges/{table_id}/accept",
        "/api/challenges/{table_id}/decline",
        "/api/leaderboard/{game}/bots",
        # quick pairing
        "/api/pairing",
        "/api/pairing/looking",
        "/api/pairing/{request_id}",
        "/api/pairing/{request_id}/cancel",
        # notifications
        "/api/notifications",
        "/api/notifications/choices",
        "/api/notifications/push",
        "/api/notifications/unsubscribe",
        "/api/account/email",
        "/api/account/email/verify",
    }


def test_a_player_may_leave_and_a_bot_plays_on(api: Api) -> None:
    created = api.create(THREE_SEATS)
    table_id = created["table"]["id"]
    bo = created["seats"][1]["token"]
    path = f"/api/tables/{table_id}/leave"
    response = api.post(path, bo)
    assert response.status_code == 409
    assert "not being played" in detail(response)
    api.post(f"/api/tables/{table_id}/join", bo, {"name": "Bo"})
    api.post(f"/api/tables/{table_id}/start", created["host_token"])
    assert api.post(path, None).status_code == 401
    assert api.post(path, "forged").status_code == 403
    assert api.post(path, bo, {"level": "godlike"}).status_code == 422
    answer = api.post(path, bo, {"level": "beginner"})
    assert answer.status_code == 200
    assert answer.json()["table"]["seats"][1]["substituted"]
    assert answer.json()["table"]["seats"][1]["level"] == "beginner"
    response = api.post(path, bo)
    assert response.status_code == 409
    assert "already played by a bot" in detail(response)
