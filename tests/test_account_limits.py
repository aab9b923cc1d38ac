"""Limits that hold (issue 41): the attacks on the account limits, each made
the way an attacker would: the name in another case, a burst of requests at
once, the password asked again, guesses from one address against the owner
at another, and two server processes (or a restart) on one database.
Nothing gets through."""

import json
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import server_fixtures
from server_process import Served
from vitrine.server.accounts.dependencies import COOKIE
from vitrine.server.app import create_app
from vitrine.server.settings import Settings

ORIGIN = {"Origin": "http://testserver"}
PASSWORD = "velvet tundra quiver 1951"
WRONG = "wrong guess wrong guess"
SETTINGS = replace(
    server_fixtures.FAST_PLAY,
    sign_ups="100/minute",
    failed_sign_ins="100/minute",
    failed_sign_ins_per_address_name="5/minute",
    failed_sign_ins_per_name="30/hour",
    failed_reauths="5/minute",
)


def app_of(url: str, settings: Settings = SETTINGS) -> Any:
    return create_app(url, bot_delay=0, settings=settings)


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(app_of(sqlite_url)) as client:
        yield client


def sign_up(client: TestClient, name: str = "Bo", password: str = PASSWORD) -> Any:
    return client.post("/api/account", json={"name": name, "password": password}, headers=ORIGIN)


def sign_in(client: TestClient, name: str = "Bo", password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"name": name, "password": password}, headers=ORIGIN)


def at_once(count: int, attempt: Callable[[int], int]) -> Counter[int]:
    """``count`` attempts sent together (each on its own thread): their statuses."""
    with ThreadPoolExecutor(count) as pool:
        return Counter(pool.map(attempt, range(count)))


# ------------------------------------------------------------ 1. the name's case


def test_a_name_in_another_case_gets_no_fresh_tries(app_client: TestClient) -> None:
    sign_up(app_client, "Bo")
    app_client.cookies.clear()
    for name in ("Bo", "Nobody"):  # an account, and a name nobody has
        for _ in range(5):
            assert sign_in(app_client, name, WRONG).status_code == 401
        for other in (name.upper(), name.lower(), name.swapcase(), name):
            refused = sign_in(app_client, other, WRONG)
            assert refused.status_code == 429, other
            assert refused.json()["code"] == "sign_in_limited"
    assert sign_in(app_client, "BO").status_code == 429  # even the right password waits


# ------------------------------------------------------------ 2. asking the password again


def test_a_new_password_asks_the_old_one_a_limited_number_of_times(
    app_client: TestClient,
) -> None:
    sign_up(app_client)
    new = "ochre lantern biscuit 77"
    statuses = [
        app_client.patch(
            "/api/account", json={"password": new, "current_password": f"guess {n}"}, headers=ORIGIN
        ).status_code
        for n in range(25)
    ]
    assert statuses[:5] == [401] * 5 and set(statuses[5:]) == {429}
    right = app_client.patch(
        "/api/account", json={"password": new, "current_password": PASSWORD}, headers=ORIGIN
    )
    assert right.status_code == 429 and right.json()["code"] == "password_limited"
    assert int(right.headers["Retry-After"]) >= 1


def test_erasing_the_account_asks_the_password_a_limited_number_of_times(
    app_client: TestClient,
) -> None:
    sign_up(app_client)
    statuses = [
        app_client.request(
            "DELETE", "/api/account", json={"password": f"guess {n}"}, headers=ORIGIN
        ).status_code
        for n in range(25)
    ]
    assert statuses[:5] == [401] * 5 and set(statuses[5:]) == {429}
    right = app_client.request(
        "DELETE", "/api/account", json={"password": PASSWORD}, headers=ORIGIN
    )
    assert right.status_code == 429 and right.json()["code"] == "password_limited"


def test_a_right_password_asked_again_gives_its_count_back(app_client: TestClient) -> None:
    sign_up(app_client)
    for _ in range(8):  # more than the limit: a right password is not a failure
        changed = app_client.patch(
            "/api/account",
            json={"password": PASSWORD + " x", "current_password": PASSWORD},
            headers=ORIGIN,
        )
        assert changed.status_code == 200
        changed = app_client.patch(
            "/api/account",
            json={"password": PASSWORD, "current_password": PASSWORD + " x"},
            headers=ORIGIN,
        )
        assert changed.status_code == 200


# ------------------------------------------------------------ 3 and 4. bursts


def test_a_burst_of_sign_ins_gets_no_more_tries_than_one_after_another(sqlite_url: str) -> None:
    served = Served(sqlite_url, settings={"VITRINE_FAILED_SIGN_INS": "100/minute"})
    try:  # a real server: its requests' hashes run side by side, as they would for an attacker
        assert post(served.url, "/api/account", {"name": "Bo", "password": PASSWORD})[0] == 201

        def guess(_: int) -> int:
            return post(served.url, "/api/session", {"name": "bo", "password": WRONG})[0]

        statuses = at_once(24, guess)
        assert statuses[401] <= 5 and statuses[401] + statuses[429] == 24, statuses
        right = post(served.url, "/api/session", {"name": "Bo", "password": PASSWORD})
        assert right[0] == 429  # the right password, just after
    finally:
        served.stop()


def test_a_burst_of_sign_ups_opens_no_more_accounts_than_the_limit(sqlite_url: str) -> None:
    settings = replace(SETTINGS, sign_ups="5/hour")
    with TestClient(app_of(sqlite_url, settings)) as client:

        def attempt(number: int) -> int:
            status: int = sign_up(client, f"Player {number}").status_code
            return status

        statuses = at_once(12, attempt)
    assert statuses == Counter({201: 5, 429: 7}), statuses
    with create_engine(sqlite_url).connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM accounts")).scalar() == 5


# ------------------------------------------------------------ 5. caches


def test_personal_answers_are_never_stored_by_a_cache(app_client: TestClient) -> None:
    sign_up(app_client)
    for path in (
        "/api/account",
        "/api/account/export",
        "/api/account/sessions",
        "/api/account/passkeys",
        "/api/account/tokens",
        "/api/account/games",
        "/api/notifications",
    ):
        answer = app_client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers.get("cache-control") == "no-store", path


# ------------------------------------------------------------ 6. a new password, a new session


def test_a_new_password_gives_the_session_that_changed_it_a_new_id(
    app_client: TestClient,
) -> None:
    sign_up(app_client)
    before = app_client.cookies[COOKIE]
    changed = app_client.patch(
        "/api/account",
        json={"password": "ochre lantern biscuit 77", "current_password": PASSWORD},
        headers=ORIGIN,
    )
    assert changed.status_code == 200
    after = app_client.cookies[COOKIE]
    assert after != before
    assert app_client.get("/api/account").status_code == 200
    app_client.cookies.clear()
    app_client.cookies.set(COOKIE, before, domain="testserver.local")
    assert app_client.get("/api/account").status_code == 401


# ------------------------------------------------------------ 7. targeted lockout


def test_guesses_from_one_address_do_not_lock_the_owner_out_at_another(sqlite_url: str) -> None:
    settings = replace(SETTINGS, failed_sign_ins_per_name="9/minute")
    app = app_of(sqlite_url, settings)
    with TestClient(app) as owner:
        sign_up(owner)
        owner.cookies.clear()
        stranger = TestClient(app, client=("203.0.113.7", 4000))
        for _ in range(5):
            assert sign_in(stranger, "Bo", WRONG).status_code == 401
        assert sign_in(stranger, "Bo", WRONG).status_code == 429
        assert sign_in(stranger, "bo").status_code == 429  # the stranger waits
        assert sign_in(owner, "Bo").status_code == 200  # the owner does not
        # many addresses together spend the name's slower budget (9 here)
        for number in range(4):
            other = TestClient(app, client=(f"198.51.100.{number}", 4000))
            assert sign_in(other, "BO", WRONG).status_code == 401
        last = TestClient(app, client=("192.0.2.1", 4000))
        assert sign_in(last, "bo", WRONG).status_code == 429


# ------------------------------------------------------------ 8. every process, every restart


def test_failures_outlive_a_restart(sqlite_url: str) -> None:
    with TestClient(app_of(sqlite_url)) as client:
        sign_up(client)
        client.cookies.clear()
        for _ in range(5):
            assert sign_in(client, "Bo", WRONG).status_code == 401
    with TestClient(app_of(sqlite_url)) as again:  # a new server on the same database
        assert sign_in(again, "Bo").status_code == 429


def test_unknown_api_tokens_are_limited_per_client(sqlite_url: str) -> None:
    settings = replace(SETTINGS, api_token_failures="3/minute")
    with TestClient(app_of(sqlite_url, settings)) as client:
        headers = {"Authorization": "Bearer vitrine_" + "x" * 43}
        statuses = [client.get("/api/account", headers=headers).status_code for _ in range(6)]
    assert statuses == [401] * 3 + [429] * 3


def post(base: str, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    request = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_two_processes_on_postgresql_count_one_limit(postgres_url: str) -> None:
    limits = {
        "VITRINE_FAILED_SIGN_INS": "100/minute",
        "VITRINE_FAILED_SIGN_INS_PER_ADDRESS_NAME": "5/minute",
        "VITRINE_SIGN_UPS": "4/hour",
    }
    first = Served(postgres_url, settings=limits)
    second = Served(postgres_url, settings=limits)
    try:
        servers = (first.url, second.url)
        assert post(first.url, "/api/account", {"name": "Bo", "password": PASSWORD})[0] == 201

        def guess(number: int) -> int:
            return post(servers[number % 2], "/api/session", {"name": "bO", "password": WRONG})[0]

        statuses = at_once(16, guess)
        assert statuses[401] <= 5 and statuses[401] + statuses[429] == 16, statuses
        for base in servers:  # the right password waits on both
            assert post(base, "/api/session", {"name": "Bo", "password": PASSWORD})[0] == 429

        def open_one(number: int) -> int:
            body = {"name": f"Player {number}", "password": PASSWORD}
            return post(servers[number % 2], "/api/account", body)[0]

        opened = at_once(10, open_one)  # Bo's took one of the four
        assert opened == Counter({201: 3, 429: 7}), opened
    finally:
        first.stop()
        second.stop()
