"""Quick pairing: requests made, paired into started tables, refused, expired,
cancelled, filled with bots after their wait, counted for the lobby; and no
request claimed by two matchers at once (PostgreSQL, two claims racing).

The matcher's rounds are run by the tests (``round``) on the app's own event
loop; time is the pairing's clock, moved on by the tests, never waited for.
"""

import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

import server_fixtures
from account_helpers import ORIGIN, as_, sign_up
from vitrine.server.app import create_app
from vitrine.server.database import make_engine, migrate
from vitrine.server.orm import utcnow
from vitrine.server.pairing.models import PairingRow
from vitrine.server.pairing.service import Pairing, compatibility_key, form_groups
from vitrine.server.pairing.store import WAITING, PairingStore

# The matcher's own rounds are far apart: the tests run them (a request still
# wakes one at once, which pairs no sooner than the test's own would).
SETTINGS = replace(
    server_fixtures.FAST_PLAY,
    sign_ups="1000/minute",
    pairing_requests="1000/minute",
    pairing_round_seconds=3600.0,
    bot_tables=50,
)


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=SETTINGS)) as test_client:
        yield test_client


def pairing(client: TestClient) -> Pairing:
    found: Pairing = client.app.state.pairing  # type: ignore[attr-defined]
    return found


def run_round(client: TestClient) -> int:
    assert client.portal is not None
    made: int = client.portal.call(pairing(client).round)
    return made


def jump(client: TestClient, seconds: float) -> None:
    """Move the pairing's clock on by ``seconds``."""
    now = pairing(client).clock()
    pairing(client).clock = lambda: now + timedelta(seconds=seconds)


def ask(client: TestClient, **body: Any) -> Any:
    return client.post(
        "/api/pairing", json={"game": "exhibition", "players": 2} | body, headers=ORIGIN
    )


def asked(client: TestClient, **body: Any) -> tuple[str, str]:
    """A request made; its id and token."""
    response = ask(client, **body)
    assert response.status_code == 201, response.text
    made = response.json()
    assert made["request"]["status"] == "waiting"
    return made["request"]["id"], made["token"]


def read(client: TestClient, request_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = client.get(f"/api/pairing/{request_id}", headers=headers)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def table(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = client.get(f"/api/tables/{table_id}", headers=headers)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def test_two_guests_are_seated_together_and_each_gets_its_seat_token_once(
    client: TestClient,
) -> None:
    first = asked(client, name="Ana")
    second = asked(client, name="Bo")
    run_round(client)
    ana, bo = read(client, *first), read(client, *second)
    assert ana["status"] == bo["status"] == "paired"
    assert ana["table"] == bo["table"] is not None
    assert {ana["seat"], bo["seat"]} == {0, 1}
    assert ana["seat_token"] and bo["seat_token"] and ana["seat_token"] != bo["seat_token"]
    assert read(client, *first)["seat_token"] is None  # handed once
    seen = table(client, ana["table"], ana["seat_token"])
    assert seen["table"]["status"] == "playing"
    assert seen["you"] == ana["seat"]
    assert sorted(s["name"] for s in seen["table"]["seats"]) == ["Ana", "Bo"]
    assert seen["table"]["clock_seconds"] == 60
    # the request's token reads only its own request, and a stranger reads none
    assert (
        client.get(
            f"/api/pairing/{first[0]}", headers={"Authorization": f"Bearer {second[1]}"}
        ).json()["code"]
        == "pairing_not_found"
    )
    assert client.get(f"/api/pairing/{first[0]}").status_code == 404


def test_four_accounts_fill_a_rated_four_player_table(client: TestClient) -> None:
    cookies = [sign_up(client, name) for name in ("Ana", "Bo", "Cy", "Di")]
    ids = []
    for cookie in cookies:
        as_(client, cookie)
        request_id, _ = asked(client, game="tucano", players=4, rated=True)
        ids.append(request_id)
    run_round(client)
    seen = []
    for cookie, request_id in zip(cookies, ids, strict=True):
        as_(client, cookie)
        mine = read(client, request_id)  # by the session alone
        assert mine["status"] == "paired" and mine["seat_token"] is None
        seen.append(mine)
    assert len({mine["table"] for mine in seen}) == 1
    assert sorted(mine["seat"] for mine in seen) == [0, 1, 2, 3]
    as_(client, cookies[2])
    state = table(client, seen[0]["table"])
    assert state["table"]["rated"] and state["table"]["status"] == "playing"
    assert state["you"] == seen[2]["seat"]  # the session acts for its seat
    assert all(seat["account"] for seat in state["table"]["seats"])


def test_incompatible_requests_wait(client: TestClient) -> None:
    cookies = [sign_up(client, name) for name in ("Ana", "Bo")]
    pairs: list[tuple[dict[str, Any], dict[str, Any]]] = [
        ({"game": "exhibition"}, {"game": "tucano"}),
        ({"players": 2}, {"players": 3}),
        ({"clock_seconds": 60}, {"clock_seconds": 86400}),
        ({"rated": True}, {"rated": False}),
        ({"rating_min": 1600}, {}),  # both are at 1500
        ({}, {"rating_max": 1400}),
    ]
    made = []
    for one, other in pairs:
        for cookie, body in zip(cookies, (one, other), strict=True):
            as_(client, cookie)
            made.append((cookie, asked(client, **body)[0]))
        assert run_round(client) == 0
        for cookie, request_id in made:
            as_(client, cookie)
            assert read(client, request_id)["status"] == "waiting"
            assert (
                client.post(f"/api/pairing/{request_id}/cancel", headers=ORIGIN).json()["status"]
                == "cancelled"
            )
        made.clear()
    # the same two, ranges that hold each other: paired
    as_(client, cookies[0])
    asked(client, rating_spread=100)
    as_(client, cookies[1])
    second, _ = asked(client, rating_min=1400, rating_max=1600)
    run_round(client)
    assert read(client, second)["status"] == "paired"


def test_an_account_is_not_paired_with_itself(client: TestClient) -> None:
    sign_up(client, "Ana")
    first, _ = asked(client)
    second, _ = asked(client)
    assert run_round(client) == 0
    assert read(client, first)["status"] == read(client, second)["status"] == "waiting"


def test_guests_pair_only_for_unrated_live_games_without_ranges(client: TestClient) -> None:
    for body in ({"rated": True}, {"clock_seconds": 86400}, {"rating_spread": 100}):
        refused = ask(client, **body)
        assert refused.status_code == 401, refused.text
        assert refused.json()["code"] == "pairing_needs_account"
    assert ask(client, players=6).json()["code"] == "player_count"
    assert ask(client, clock_seconds=61).status_code == 422  # not a clock offered
    assert ask(client, bots_after=45).status_code == 422  # not a wait offered
    sign_up(client, "Ana")
    assert ask(client, rating_min=1600, rating_max=1500).json()["code"] == "rating_range_empty"
    assert ask(client, rating_min=1, rating_spread=5).json()["code"] == "rating_range_twice"


def test_a_request_expires(client: TestClient) -> None:
    request_id, token = asked(client)
    jump(client, SETTINGS.pairing_expiry_seconds - 1)
    assert read(client, request_id, token)["status"] == "waiting"
    jump(client, 2)
    assert read(client, request_id, token)["status"] == "expired"  # before any round
    run_round(client)
    assert read(client, request_id, token)["status"] == "expired"
    late, _ = asked(client)  # made after: no partner for it in the expired one
    assert run_round(client) == 0
    assert read(client, late, _)["status"] == "waiting"
    cancel = client.post(
        f"/api/pairing/{request_id}/cancel", headers={"Authorization": f"Bearer {token}"}
    )
    assert cancel.status_code == 409 and cancel.json()["code"] == "pairing_not_waiting"


def test_bots_fill_the_empty_seats_after_the_wait(client: TestClient) -> None:
    lone, token = asked(
        client, game="tucano", players=4, name="Ana", bots_after=30, bot_level="strong"
    )
    friend, friend_token = asked(client, game="tucano", players=4, name="Bo")  # waits forever
    assert run_round(client) == 0
    jump(client, 29)
    assert run_round(client) == 0
    jump(client, 31)
    run_round(client)
    mine = read(client, lone, token)
    assert mine["status"] == "paired"
    assert read(client, friend, friend_token)["table"] == mine["table"]  # the people found
    seats = table(client, mine["table"])["table"]["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "human", "bot", "bot"]
    assert {seat["level"] for seat in seats if seat["kind"] == "bot"} == {"strong"}


def test_the_next_moment_is_the_soonest_bots_expiry_or_claim(client: TestClient) -> None:
    """What a matcher sleeps until when no request wakes it: the soonest of a
    waiting request's bots falling due, its expiry, a claim's end; none when
    nothing waits."""
    store = pairing(client).store
    start = pairing(client).clock()
    assert store.next_moment(start) is None
    asked(client, game="tucano", players=4)
    expiry = start + timedelta(seconds=SETTINGS.pairing_expiry_seconds)
    moment = store.next_moment(start)
    assert moment is not None and abs((moment - expiry).total_seconds()) < 5
    asked(client, game="tucano", players=3, bots_after=30)
    due = store.next_moment(start)
    assert due is not None and abs((due - start).total_seconds() - 30) < 5
    # Bots already due are a round's to seat, not a moment to wait for.
    assert store.next_moment(due + timedelta(seconds=1)) == moment
    run_round(client)
    assert 25 < pairing(client).pause <= 30  # until the bots, not the hour between rounds


def test_the_matcher_wakes_for_a_moment_not_a_fixed_round(sqlite_url: str) -> None:
    """With rounds an hour apart, a request that expires in a second is marked
    expired about a second later: the matcher slept until that moment."""
    brief = replace(SETTINGS, pairing_expiry_seconds=1.0)
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=brief)) as client:
        request_id, _ = asked(client)
        deadline = time.monotonic() + 10
        while (row := pairing(client).store.get(request_id)) is None or row.status == WAITING:
            assert time.monotonic() < deadline, "the matcher did not wake at the expiry"
            time.sleep(0.05)
        assert row.status == "expired"
        # The round that expired it then asks for the next moment: none, so the longest pause.
        while pairing(client).pause != SETTINGS.pairing_round_seconds:
            assert time.monotonic() < deadline, f"the pause stayed {pairing(client).pause} s"
            time.sleep(0.05)


def test_a_person_has_few_open_requests_and_may_cancel_them(client: TestClient) -> None:
    made = [asked(client, game="dontgointhere", players=5) for _ in range(SETTINGS.pairing_open)]
    refused = ask(client, game="dontgointhere", players=5)
    assert refused.status_code == 409 and refused.json()["code"] == "pairing_open_limit"
    request_id, token = made[0]
    bearer = {"Authorization": f"Bearer {token}"}
    cancelled = client.post(f"/api/pairing/{request_id}/cancel", headers=bearer)
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert read(client, request_id, token)["status"] == "cancelled"
    asked(client, game="dontgointhere", players=5)  # room again


def test_requests_are_rate_limited_per_client(sqlite_url: str) -> None:
    tight = replace(SETTINGS, pairing_requests="2/minute", pairing_open=10)
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=tight)) as client:
        asked(client)
        asked(client)
        refused = ask(client)
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert int(refused.headers["Retry-After"]) > 0


def test_a_request_is_read_at_a_polling_pace(sqlite_url: str) -> None:
    """Reads are counted per request, so a client hammering its request (or a
    stranger guessing at one) is refused before the database is asked."""
    tight = replace(SETTINGS, pairing_reads="3/minute")
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=tight)) as client:
        request_id, token = asked(client)
        for _ in range(3):
            read(client, request_id, token)
        headers = {"Authorization": f"Bearer {token}"}
        refused = client.get(f"/api/pairing/{request_id}", headers=headers)
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert refused.json()["params"]["what"] == "pairing_reads"
        assert int(refused.headers["Retry-After"]) > 0
        other_id, other_token = asked(client)  # another request is counted apart
        assert read(client, other_id, other_token)["status"] == "waiting"


def test_the_lobby_counts_the_people_looking_per_game(client: TestClient) -> None:
    assert client.get("/api/pairing/looking").json() == {"people": {}}
    asked(client, game="tucano", players=3)
    asked(client, game="tucano", players=4)
    sign_up(client, "Ana")
    asked(client, game="dontgointhere", players=5)
    asked(client, game="dontgointhere", players=4)  # one account, counted once
    assert client.get("/api/pairing/looking").json() == {
        "people": {"tucano": 2, "dontgointhere": 1}
    }
    jump(client, SETTINGS.pairing_expiry_seconds + 1)
    assert client.get("/api/pairing/looking").json() == {"people": {}}


# ------------------------------------------------------------ several matchers


def waiting_row(number: int, now: datetime) -> PairingRow:
    return PairingRow(
        id=f"r{number:04d}",
        key=compatibility_key("exhibition", 2, 60, False),
        game="exhibition",
        players=2,
        clock_seconds=60,
        rated=False,
        status=WAITING,
        person=f"guest:{number}",
        name="Guest",
        created_at=now + timedelta(microseconds=number),
        expires_at=now + timedelta(hours=1),
        token_handed=False,
    )


def test_two_matchers_at_once_never_claim_one_request_twice(postgres_url: str) -> None:
    """Two claims of one key race on PostgreSQL, each holding its rows while it
    decides (a slow grouper): every request is claimed once, and between them
    they claim every one (the second skips the first's rows, not waits)."""
    engine = make_engine(postgres_url, connections=4)
    migrate(engine)
    store = PairingStore(engine)
    now = utcnow()
    rows = [waiting_row(number, now) for number in range(40)]
    for row in rows:
        store.add(row, most_open=1)
    claimed: dict[str, list[list[PairingRow]]] = {}
    both_in = threading.Barrier(2)

    def slow_groups(found: Sequence[PairingRow], at: datetime) -> list[list[PairingRow]]:
        both_in.wait(timeout=10)  # each has read its rows before either commits
        time.sleep(0.2)
        return form_groups(found, at)

    def claim(name: str) -> None:
        key = rows[0].key
        claimed[name] = store.claim(key, now, name, now + timedelta(seconds=30), 30, slow_groups)

    threads = [threading.Thread(target=claim, args=(name,)) for name in ("one", "two")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    ids = [row.id for groups in claimed.values() for group in groups for row in group]
    assert len(ids) == len(set(ids)) == 40  # each once; the limit of 30 made both claim
    assert all(claimed.values())
    assert all(len(group) == 2 for groups in claimed.values() for group in groups)
    engine.dispose()


def test_two_server_processes_pair_a_pool_once(postgres_url: str) -> None:
    """Two apps (two processes' worth of matchers) on one PostgreSQL database pair
    30 guests' requests: 15 tables, every request in exactly one."""
    quick = replace(SETTINGS, pairing_round_seconds=0.05, pairing_open=100)
    with (
        TestClient(create_app(postgres_url, bot_delay=0, settings=quick)) as one,
        TestClient(create_app(postgres_url, bot_delay=0, settings=quick)) as two,
    ):
        made = [asked(one if n % 2 else two, name=f"P{n}") for n in range(30)]
        deadline = time.monotonic() + 30
        found = [read(one, *request) for request in made]
        while any(mine["status"] != "paired" for mine in found):
            assert time.monotonic() < deadline, found
            time.sleep(0.1)
            found = [
                read(two, *request) if not mine["table"] else mine
                for mine, request in zip(found, made, strict=True)
            ]
        tables: dict[str, list[int]] = {}
        for mine in found:
            tables.setdefault(mine["table"], []).append(mine["seat"])
        assert len(tables) == 15 and all(sorted(s) == [0, 1] for s in tables.values())
