"""Rated tables: the result moves the accounts' ratings in the transaction of the
last decision; My games, profiles and leaderboards show them; ``vitrine ratings
rebuild`` finds the stored figures again from the records, to the last bit."""

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import server_fixtures
from account_helpers import ORIGIN, PASSWORD, as_, sign_up
from vitrine.cli.main import main
from vitrine.games import game_names
from vitrine.ratings import INITIAL, shown
from vitrine.server.app import create_app
from vitrine.server.orm import utcnow
from vitrine.server.players import routes as profiles

SETTINGS = replace(server_fixtures.FAST_PLAY, sign_ups="1000/minute", bot_tables=50)


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=SETTINGS)) as client:
        yield client


def rated_table(client: TestClient, game: str, host: str, guests: list[str], bots: int = 0) -> str:
    """A rated table of ``game``: ``host`` creates it at seat 0, each guest
    account takes an invitation, bots fill the rest; started."""
    as_(client, host)
    seats: list[dict[str, Any]] = [{"kind": "human", "me": True}]
    seats += [{"kind": "human"} for _ in guests]
    seats += [{"kind": "bot", "level": "beginner"} for _ in range(bots)]
    created = client.post(
        "/api/tables", json={"game": game, "seats": seats, "rated": True}, headers=ORIGIN
    )
    assert created.status_code == 201, created.text
    table_id: str = created.json()["table"]["id"]
    for position, guest in enumerate(guests, start=1):
        as_(client, guest)
        token = created.json()["seats"][position]["token"]
        joined = client.post(
            f"/api/tables/{table_id}/join",
            json={"name": "x"},
            headers={"Authorization": f"Bearer {token}"} | ORIGIN,
        )
        assert joined.status_code == 200, joined.text
    as_(client, host)
    assert client.post(f"/api/tables/{table_id}/start", headers=ORIGIN).status_code == 200
    return table_id


def play_out(client: TestClient, table_id: str, cookies: list[str]) -> dict[str, Any]:
    """Each account plays its first legal decision whenever it is its turn, by
    its session alone, until the game is over (bots play their own)."""
    for _ in range(5000):
        as_(client, cookies[0])
        table: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if table["table"]["status"] == "over":
            return table
        for cookie in cookies:
            as_(client, cookie)
            mine = client.get(f"/api/tables/{table_id}").json()
            if mine["view"].get("legal_actions") and mine["table"]["status"] == "playing":
                decision = {"action": mine["view"]["legal_actions"][0], "seq": mine["table"]["seq"]}
                client.post(f"/api/tables/{table_id}/actions", json=decision, headers=ORIGIN)
    raise AssertionError("the game did not end")


def rebuild(url: str, *extra: str) -> Any:
    return CliRunner().invoke(main, ["ratings", "rebuild", "--database", url, *extra])


@pytest.mark.parametrize("game", game_names())
def test_a_rated_game_moves_the_ratings_and_a_rebuild_finds_them(
    app_client: TestClient, sqlite_url: str, game: str
) -> None:
    ana, bo = sign_up(app_client, "Ana"), sign_up(app_client, "Bo")
    table_id = rated_table(app_client, game, ana, [bo], bots=1)
    over = play_out(app_client, table_id, [ana, bo])
    assert over["table"]["rated"] is True
    ranks = {s["player"]: s["rank"] for s in over["view"]["scores"]}
    changes = app_client.get(f"/api/tables/{table_id}/ratings").json()
    assert [c["seat"] for c in changes] == [0, 1]  # the bot at seat 2 is not rated
    assert all(c["before"] == shown(INITIAL) and c["provisional"] for c in changes)
    if ranks[0] != ranks[1]:  # the better placed of the two gains, the other loses
        better, worse = sorted(changes, key=lambda c: ranks[c["seat"]])
        assert better["change"] > 0 > worse["change"]
    else:  # a tie between two newcomers moves them alike
        assert changes[0]["change"] == changes[1]["change"]
    # My games, from the session alone: the result and the change.
    as_(app_client, ana)
    mine = app_client.get("/api/account/games").json()
    assert mine["in_progress"] == []
    (entry,) = mine["finished"]
    assert entry["id"] == table_id and entry["seat"] == 0 and entry["rank"] == ranks[0]
    firsts = list(ranks.values()).count(1)
    assert entry["outcome"] == ("lost" if ranks[0] != 1 else "won" if firsts == 1 else "shared")
    assert entry["rating_change"] == {k: changes[0][k] for k in entry["rating_change"]}
    # The profile: one game, its rating and history.
    profile = app_client.get("/api/players/Ana").json()
    (record,) = profile["games"]
    assert record["game"] == game and record["games"] == 1
    assert record["rating"]["rating"] == changes[0]["after"] and record["rating"]["provisional"]
    assert [point["rating"] for point in record["history"]] == [changes[0]["after"]]
    result = rebuild(sqlite_url)
    assert result.exit_code == 0, result.output
    assert "1 rated game(s) replayed, 2 rating(s) recomputed: the stored figures, exactly." in (
        result.output
    )


def test_a_rebuild_finds_a_rating_changed_otherwise_and_repairs_it(
    app_client: TestClient, sqlite_url: str
) -> None:
    ana, bo, cy = (sign_up(app_client, name) for name in ("Ana", "Bo", "Cy"))
    for host, guest in ((ana, bo), (bo, cy), (cy, ana)):
        play_out(app_client, rated_table(app_client, "tucano", host, [guest]), [host, guest])
    assert rebuild(sqlite_url).exit_code == 0
    engine = create_engine(sqlite_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE ratings SET mu = mu + 1e-12 WHERE rowid = 1"))
    found = rebuild(sqlite_url)
    assert found.exit_code == 1 and "differences found" in found.output
    assert rebuild(sqlite_url, "--write").exit_code == 0
    again = rebuild(sqlite_url)
    assert again.exit_code == 0 and "3 rated game(s) replayed" in again.output
    engine.dispose()


def test_a_player_who_leaves_a_rated_game_is_ranked_last(app_client: TestClient) -> None:
    ana, bo = sign_up(app_client, "Ana"), sign_up(app_client, "Bo")
    table_id = rated_table(app_client, "tucano", ana, [bo])
    as_(app_client, bo)
    left = app_client.post(f"/api/tables/{table_id}/leave", headers=ORIGIN)
    assert left.status_code == 200, left.text
    play_out(app_client, table_id, [ana])
    changes = {c["seat"]: c for c in app_client.get(f"/api/tables/{table_id}/ratings").json()}
    assert changes[0]["change"] > 0 > changes[1]["change"]  # whatever the scores said


def test_rated_tables_are_for_accounts_only(app_client: TestClient) -> None:
    as_(app_client, None)
    guest = app_client.post(
        "/api/tables",
        json={"seats": [{"kind": "human"}, {"kind": "human"}], "rated": True},
        headers=ORIGIN,
    )
    assert guest.json()["code"] == "sign_in_needed"
    ana = sign_up(app_client, "Ana")
    without_me = app_client.post(
        "/api/tables",
        json={"seats": [{"kind": "human"}, {"kind": "human"}], "rated": True},
        headers=ORIGIN,
    )
    assert without_me.json()["code"] == "rated_without_me"
    created = app_client.post(
        "/api/tables",
        json={
            "seats": [{"kind": "human", "me": True}, {"kind": "human", "name": "Bo"}],
            "rated": True,
        },
        headers=ORIGIN,
    ).json()
    table_id = created["table"]["id"]
    start = app_client.post(f"/api/tables/{table_id}/start", headers=ORIGIN)
    assert start.status_code == 409 and start.json()["code"] == "rated_needs_accounts"
    assert start.json()["params"]["seats"] == [1]
    as_(app_client, None)
    token = created["seats"][1]["token"]
    joined = app_client.post(
        f"/api/tables/{table_id}/join",
        json={"name": "Bo"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert joined.status_code == 401 and joined.json()["code"] == "rated_needs_account"
    as_(app_client, ana)
    mine = app_client.get("/api/account/games").json()["in_progress"]
    assert [game["id"] for game in mine] == [table_id] and mine[0]["your_turn"] is False


def test_my_games_put_the_games_waiting_for_me_first(app_client: TestClient) -> None:
    ana, bo = sign_up(app_client, "Ana"), sign_up(app_client, "Bo")
    first = rated_table(app_client, "exhibition", ana, [bo])
    second = rated_table(app_client, "exhibition", bo, [ana])
    as_(app_client, ana)
    games = app_client.get("/api/account/games").json()["in_progress"]
    assert {game["id"] for game in games} == {first, second}
    waiting = [game["your_turn"] for game in games]
    assert waiting == sorted(waiting, reverse=True)  # those waiting for Ana first
    for game in games:
        table = app_client.get(f"/api/tables/{game['id']}").json()
        assert game["your_turn"] == (table["view"]["current_player"] == game["seat"])


def test_the_leaderboard_lists_settled_active_living_accounts(
    app_client: TestClient, sqlite_url: str
) -> None:
    names = ["Ana", "Bo", "Cy", "Di"]
    for name in names:
        sign_up(app_client, name)
    as_(app_client, None)
    engine = create_engine(sqlite_url)
    now = utcnow()
    rows = {  # name: (mu, sigma, last played)
        "Ana": (30.0, 2.0, now),
        "Bo": (28.0, 2.0, now - timedelta(days=10)),
        "Cy": (40.0, 6.0, now),  # provisional
        "Di": (35.0, 2.0, now - timedelta(days=91)),  # inactive
    }
    with engine.begin() as connection:
        ids: dict[str, str] = dict(connection.execute(text("SELECT name, id FROM accounts")).all())
        for name, (mu, sigma, at) in rows.items():
            connection.execute(
                text(
                    "INSERT INTO ratings (game, account_id, mu, sigma, games, updated_at)"
                    " VALUES ('tucano', :id, :mu, :sigma, 20, :at)"
                ),
                {"id": ids[name], "mu": mu, "sigma": sigma, "at": at},
            )
    board = app_client.get("/api/leaderboard/tucano").json()
    assert [(p["rank"], p["name"]) for p in board["players"]] == [(1, "Ana"), (2, "Bo")]
    assert board["players"][0]["rating"] > board["players"][1]["rating"]
    assert app_client.get("/api/leaderboard/chess").json()["code"] == "game_not_found"
    # A deleted account leaves the board, and has no profile.
    as_(app_client, None)
    app_client.post("/api/session", json={"name": "Ana", "password": PASSWORD}, headers=ORIGIN)
    deleted = app_client.request(
        "DELETE", "/api/account", json={"password": PASSWORD}, headers=ORIGIN
    )
    assert deleted.status_code == 204
    board = app_client.get("/api/leaderboard/tucano").json()
    assert [p["name"] for p in board["players"]] == ["Bo"]
    assert app_client.get("/api/players/Ana").json()["code"] == "player_not_found"
    engine.dispose()


def test_an_account_at_a_table_not_over_is_not_deleted(app_client: TestClient) -> None:
    ana, bo = sign_up(app_client, "Ana"), sign_up(app_client, "Bo")
    table_id = rated_table(app_client, "tucano", ana, [bo])
    as_(app_client, ana)
    refused = app_client.request(
        "DELETE", "/api/account", json={"password": PASSWORD}, headers=ORIGIN
    )
    assert refused.status_code == 409 and refused.json()["code"] == "account_playing"
    assert refused.json()["params"]["tables"] == [table_id]
    assert app_client.get("/api/account").status_code == 200


def test_a_deleted_players_finished_seat_shows_no_name(
    app_client: TestClient, tmp_path: Path
) -> None:
    ana, bo = sign_up(app_client, "Ana"), sign_up(app_client, "Bo")
    table_id = rated_table(app_client, "tucano", ana, [bo])
    play_out(app_client, table_id, [ana, bo])
    as_(app_client, bo)
    assert (
        app_client.request(
            "DELETE", "/api/account", json={"password": PASSWORD}, headers=ORIGIN
        ).status_code
        == 204
    )
    seat = app_client.get(f"/api/tables/{table_id}").json()["table"]["seats"][1]
    assert seat["name"] is None and seat["account"] is True
    assert app_client.get(f"/api/tables/{table_id}/record").status_code == 200


def test_the_export_holds_every_game_with_its_record(app_client: TestClient) -> None:
    ana, bo = sign_up(app_client, "Ana"), sign_up(app_client, "Bo")
    finished = rated_table(app_client, "tucano", ana, [bo])
    over = play_out(app_client, finished, [ana, bo])
    waiting = rated_table(app_client, "tucano", bo, [ana])
    as_(app_client, ana)
    games = {g["table"]["id"]: g for g in app_client.get("/api/account/export").json()["games"]}
    assert set(games) == {finished, waiting}
    record = games[finished]["record"]
    assert over["table"]["status"] == "over" and games[finished]["seat"] == 0
    assert record == app_client.get(f"/api/tables/{finished}/record").json()
    assert record["players"][0] == "Ana" and record["turns"]
    assert games[waiting]["seat"] == 1 and games[waiting]["record"] is None


def test_ratings_move_on_postgresql_too(postgres_url: str) -> None:
    """The end of a rated game locks and writes the ratings on PostgreSQL as on
    SQLite, and the rebuild finds them there too."""
    with TestClient(create_app(postgres_url, bot_delay=0, settings=SETTINGS)) as client:
        ana, bo = sign_up(client, "Ana"), sign_up(client, "Bo")
        table_id = rated_table(client, "tucano", ana, [bo])
        play_out(client, table_id, [ana, bo])
        assert len(client.get(f"/api/tables/{table_id}/ratings").json()) == 2
    result = rebuild(postgres_url)
    assert result.exit_code == 0 and "the stored figures, exactly" in result.output


def test_my_finished_games_come_a_page_at_a_time(
    app_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The newest first, ``page_size`` a page, then an empty page; games in
    progress on the first page only."""
    monkeypatch.setattr(profiles, "PAGE", 1)
    ana, bo = sign_up(app_client, "Ana"), sign_up(app_client, "Bo")
    older = rated_table(app_client, "tucano", ana, [bo])
    play_out(app_client, older, [ana, bo])
    newer = rated_table(app_client, "tucano", bo, [ana])
    play_out(app_client, newer, [ana, bo])
    playing = rated_table(app_client, "tucano", ana, [bo])
    as_(app_client, ana)
    pages = [app_client.get(f"/api/account/games?page={n}").json() for n in range(3)]
    assert [[g["id"] for g in p["finished"]] for p in pages] == [[newer], [older], []]
    assert [g["id"] for g in pages[0]["in_progress"]] == [playing]
    assert pages[1]["in_progress"] == [] and pages[1]["page_size"] == 1
