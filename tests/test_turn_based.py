"""Turn-based tables: days per decision, jumped by a fake clock, kept across a restart;
a missed deadline handled as the table chose; whose turn it is, counted per account."""

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import server_fixtures
from account_helpers import ORIGIN, as_, sign_up
from fake_clock import FakeClock
from vitrine.engine.errors import RecordError
from vitrine.engine.record import Record
from vitrine.server.app import create_app
from vitrine.server.database import alembic_config, make_engine, migrate

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI

DAY = timedelta(days=1)
SETTINGS = replace(server_fixtures.FAST_PLAY, sign_ups="1000/minute")


@contextmanager
def served(url: str, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(create_app(url, bot_delay=0, settings=SETTINGS, clock=clock)) as client:
        yield client


def two_players(
    client: TestClient, days: int, on_timeout: str, rated: bool = False
) -> tuple[str, list[str]]:
    """A started two-day (``days``) table of Ana (seat 0, its host) and Bo; their cookies."""
    ana, bo = sign_up(client, "Ana"), sign_up(client, "Bo")
    as_(client, ana)
    body = {
        "seats": [{"kind": "human", "me": True}, {"kind": "human"}],
        "clock_seconds": days * 86400,
        "on_timeout": on_timeout,
        "rated": rated,
    }
    created = client.post("/api/tables", json=body, headers=ORIGIN)
    assert created.status_code == 201, created.text
    table = created.json()
    table_id = table["table"]["id"]
    assert (table["table"]["clock_seconds"], table["table"]["on_timeout"]) == (
        days * 86400,
        on_timeout,
    )
    as_(client, bo)
    bearer = {"Authorization": f"Bearer {table['seats'][1]['token']}"}
    joined = client.post(
        f"/api/tables/{table_id}/join", json={"name": "x"}, headers=bearer | ORIGIN
    )
    assert joined.status_code == 200, joined.text
    as_(client, ana)
    assert client.post(f"/api/tables/{table_id}/start", headers=ORIGIN).status_code == 200
    return table_id, [ana, bo]


def seen_by(client: TestClient, cookie: str, table_id: str) -> dict[str, Any]:
    as_(client, cookie)
    state: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return state


def turns(client: TestClient, cookie: str) -> dict[str, Any]:
    as_(client, cookie)
    answer = client.get("/api/account/turns")
    assert answer.status_code == 200, answer.text
    counted: dict[str, Any] = answer.json()
    return counted


def decide(client: TestClient, cookies: list[str], table_id: str) -> dict[str, Any]:
    """The seat to act plays its first legal decision, by its session."""
    to_act = seen_by(client, cookies[0], table_id)["view"]["current_player"]
    state = seen_by(client, cookies[to_act], table_id)
    decision = {"action": state["view"]["legal_actions"][0], "seq": state["table"]["seq"]}
    answer = client.post(f"/api/tables/{table_id}/actions", json=decision, headers=ORIGIN)
    assert answer.status_code == 200, answer.text
    after: dict[str, Any] = answer.json()
    return after


def until(
    client: TestClient,
    cookie: str,
    table_id: str,
    done: Callable[[dict[str, Any]], bool],
    clock: FakeClock | None = None,
) -> dict[str, Any]:
    """The table once ``done`` says so; ``clock``: moved on three days at each look
    (every deadline to come passes)."""
    for _ in range(2000):
        state = seen_by(client, cookie, table_id)
        if done(state):
            return state
        if clock is not None:
            clock.advance(3 * DAY)
        time.sleep(0.01)
    raise AssertionError("the table never got there")


def deadline_of(state: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(state["table"]["deadline"])


@pytest.mark.parametrize("on_timeout", ["bot", "end"])
def test_a_turn_based_game_across_days_and_a_restart(database_url: str, on_timeout: str) -> None:
    """On SQLite and PostgreSQL (whose decision is one statement that also writes whose
    turn it is): days jumped between decisions, a restart, then the deadline missed."""
    sqlite_url = database_url
    clock = FakeClock()
    with served(sqlite_url, clock) as client:
        table_id, cookies = two_players(client, 2, on_timeout)
        first = seen_by(client, cookies[0], table_id)
        assert deadline_of(first) == clock.now() + 2 * DAY
        to_act = first["view"]["current_player"]
        assert turns(client, cookies[to_act]) == {"count": 1, "tables": [table_id]}
        assert turns(client, cookies[1 - to_act])["count"] == 0
        for _ in range(3):  # a decision a day and a half after the last: never late
            clock.advance(DAY * 1.5)
            after = decide(client, cookies, table_id)
            assert after["table"]["status"] == "playing"
            assert not any(seat["substituted"] for seat in after["table"]["seats"])
            assert deadline_of(after) == clock.now() + 2 * DAY  # each decision moves it on
            to_act = after["table"]["current_player"]
            assert turns(client, cookies[to_act])["count"] == 1
            assert turns(client, cookies[1 - to_act])["count"] == 0
        kept = deadline_of(after)
    restarted = FakeClock(clock.now() + DAY)  # a day later, on the same database
    with served(sqlite_url, restarted) as client:
        state = seen_by(client, cookies[0], table_id)
        assert deadline_of(state) == kept and state["table"]["status"] == "playing"
        assert turns(client, cookies[to_act])["count"] == 1
        restarted.advance(DAY - timedelta(seconds=1))  # a second before the deadline
        time.sleep(0.2)
        assert seen_by(client, cookies[0], table_id)["table"]["status"] == "playing"
        restarted.advance(timedelta(seconds=2))  # the re-armed clock fires, no waiting
        if on_timeout == "bot":
            missed_seat = until(
                client, cookies[0], table_id, lambda s: s["table"]["seats"][to_act]["substituted"]
            )
            assert missed_seat["table"]["seats"][to_act]["level"] == "casual"
            assert turns(client, cookies[to_act])["count"] == 0  # a bot plays it now
            over = until(
                client, cookies[0], table_id, lambda s: s["table"]["status"] == "over", restarted
            )
            assert over["view"]["scores"]  # the bot finished the game
            record = client.get(f"/api/tables/{table_id}/record").json()
            timeouts = {s["seat"]: s for s in record["substitutes"] if s["why"] == "timeout"}
            assert timeouts[to_act]["turns_before"] == min(
                s["turns_before"] for s in timeouts.values()
            )
            assert "ending" not in record
        else:
            over = until(client, cookies[0], table_id, lambda s: s["table"]["status"] == "over")
            assert over["table"]["timed_out"] == to_act
            assert not any(seat["substituted"] for seat in over["table"]["seats"])
            assert over["table"]["deadline"] is None
            record = client.get(f"/api/tables/{table_id}/record").json()
            assert (record["ending"], record["timed_out"]) == ("timeout", to_act)
            assert len(over["log"]) == 3  # the game stopped where the deadline passed
            replay = client.get(f"/api/tables/{table_id}/replay")  # the replayer reads it
            assert replay.status_code == 200, replay.text
            assert (replay.json()["ending"], replay.json()["timed_out"]) == ("timeout", to_act)
            refused = client.post(
                f"/api/tables/{table_id}/actions", json={"action": "x"}, headers=ORIGIN
            )
            assert refused.json()["code"] in {"game_over", "token_no_seat"}
            review = client.post(f"/api/tables/{table_id}/review", headers=ORIGIN)
            assert review.status_code in (200, 202), review.text  # reviewed as played
        for cookie in cookies:
            assert turns(client, cookie)["count"] == 0


def test_a_missed_deadline_that_ends_a_rated_game_ranks_its_seat_last(sqlite_url: str) -> None:
    clock = FakeClock()
    with served(sqlite_url, clock) as client:
        table_id, cookies = two_players(client, 1, "end", rated=True)
        decide(client, cookies, table_id)  # one decision, then the other seat lets the day pass
        to_act = seen_by(client, cookies[0], table_id)["view"]["current_player"]
        clock.advance(DAY + timedelta(seconds=1))
        over = until(client, cookies[0], table_id, lambda s: s["table"]["status"] == "over")
        assert over["table"]["timed_out"] == to_act
        as_(client, cookies[0])
        mine = client.get("/api/account/games").json()["finished"][0]
        assert mine["id"] == table_id
        changes = {c["seat"]: c for c in client.get(f"/api/tables/{table_id}/ratings").json()}
        winner, loser = changes[1 - to_act], changes[to_act]
        assert winner["after"] > winner["before"] > loser["after"]
        as_(client, cookies[to_act])
        lost = client.get("/api/account/games").json()["finished"][0]
        assert (lost["rank"], lost["outcome"]) == (2, "lost")


@pytest.mark.parametrize(
    ("seconds", "status", "code"),
    [
        (60, 201, None),
        (3600, 201, None),
        (86400 * 14, 201, None),
        (86400 * 5, 201, None),
        (7200, 422, "clock_choice"),
        (86400 * 4, 422, "clock_choice"),
        (86400 * 15, 422, "request_invalid"),
    ],
)
def test_clocks_are_live_or_whole_turn_based_days(
    api: server_fixtures.Api, seconds: int, status: int, code: str | None
) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    answer = api.client.post("/api/tables", json={"seats": seats, "clock_seconds": seconds})
    assert answer.status_code == status, answer.text
    if code is not None:
        assert answer.json()["code"] == code


def test_on_timeout_is_bot_or_end(api: server_fixtures.Api) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    answer = api.client.post("/api/tables", json={"seats": seats, "on_timeout": "later"})
    assert answer.status_code == 422 and answer.json()["code"] == "request_invalid"
    made = api.client.post("/api/tables", json={"seats": seats, "clock_seconds": 60})
    assert made.json()["table"]["on_timeout"] == "bot"  # the default: as clocks always did


def test_a_guest_has_no_turns_to_count(api: server_fixtures.Api) -> None:
    answer = api.client.get("/api/account/turns")
    assert answer.status_code == 401 and answer.json()["code"] == "sign_in_needed"


def test_the_upgrade_fills_whose_turn_it_is_at_older_tables(sqlite_url: str) -> None:
    """A 24 h table of before revision 0011, an account to act: it counts for them at once."""
    clock = FakeClock()
    with served(sqlite_url, clock) as client:
        table_id, cookies = two_players(client, 1, "bot")
        decide(client, cookies, table_id)
        to_act = seen_by(client, cookies[0], table_id)["view"]["current_player"]
    engine = make_engine(sqlite_url)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0010")
    migrate(engine)
    engine.dispose()
    raw = create_engine(sqlite_url)
    with raw.connect() as connection:
        row = connection.execute(
            text("SELECT on_timeout, turn_account_id FROM game_tables WHERE id = :id"),
            {"id": table_id},
        ).one()
        account = connection.execute(
            text("SELECT account_id FROM seats WHERE table_id = :id AND position = :p"),
            {"id": table_id, "p": to_act},
        ).scalar_one()
    raw.dispose()
    assert tuple(row) == ("bot", account)


def test_a_deadline_moves_to_another_process_with_the_lease(postgres_url: str) -> None:
    """Two processes on one database, one time: A starts the table and runs its clock;
    a decision goes through B; A stops, B takes the lease over and re-arms the clock
    from the database, and it is B that hands the seat to a bot when the days pass."""
    clock = FakeClock()
    leases = replace(SETTINGS, lease_seconds=1.0)
    b_app = create_app(postgres_url, bot_delay=0, settings=leases, clock=clock)
    with TestClient(b_app) as b:
        with TestClient(create_app(postgres_url, bot_delay=0, settings=leases, clock=clock)) as a:
            table_id, cookies = two_players(a, 3, "bot")
            assert a.app.state.service.tables[table_id].leased  # type: ignore[attr-defined]
            clock.advance(DAY * 2)
            b.cookies.update(a.cookies)
            after = decide(b, cookies, table_id)  # through B
            assert deadline_of(after) == clock.now() + 3 * DAY
            to_act = after["table"]["current_player"]
        service = b_app.state.service
        for _ in range(200):  # A handed its leases over as it stopped: B takes the table
            if table_id in service.tables and service.tables[table_id].leased:
                break
            time.sleep(0.02)
        assert service.tables[table_id].leased
        assert deadline_of(seen_by(b, cookies[0], table_id)) == clock.now() + 3 * DAY
        clock.advance(3 * DAY + timedelta(seconds=1))
        missed = until(
            b, cookies[0], table_id, lambda s: s["table"]["seats"][to_act]["substituted"]
        )
        assert missed["table"]["seats"][to_act]["level"] == "casual"


def test_a_record_ended_by_a_missed_deadline_names_its_seat() -> None:
    base = {"game": "tucano", "rules_version": "x", "players": ["Ana", "Bo"], "turns": []}
    kept = Record.from_dict(base | {"ending": "timeout", "timed_out": 1})
    assert kept.timed_out == 1 and kept.to_dict()["timed_out"] == 1
    for wrong in (
        {"ending": "timeout"},
        {"ending": "timeout", "timed_out": 2},
        {"ending": "timeout", "timed_out": True},
        {"timed_out": 0},
        {"ending": "abandoned", "timed_out": 0},
    ):
        with pytest.raises(RecordError) as refused:
            Record.from_dict(base | wrong)
        assert refused.value.code == "record_timed_out"


def test_asking_how_many_games_wait_is_rate_limited_per_account(sqlite_url: str) -> None:
    limited = replace(SETTINGS, turn_checks="3/minute")
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=limited)) as client:
        ana, bo = sign_up(client, "Ana"), sign_up(client, "Bo")
        as_(client, ana)
        assert [client.get("/api/account/turns").status_code for _ in range(4)] == [200] * 3 + [429]
        assert client.get("/api/account/turns").json()["code"] == "rate_limited"
        as_(client, bo)  # another account counts on its own
        assert client.get("/api/account/turns").status_code == 200
