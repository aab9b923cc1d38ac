"""Fixtures for the server tests: databases (SQLite and a real PostgreSQL) and clients.

PostgreSQL tests get a fresh database each, created through the admin URL in
``VITRINE_TEST_POSTGRES_URL`` (``scripts/system-parts`` starts a server and
``make test`` sets it), as a copy of one the test process migrated once; the
tests of the migrations take an empty one (``empty_postgres_url``).  Without
a server they are skipped, and fail where every system part is required (CI):
see ``system_parts.py``.
"""

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import argon2
import psycopg
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import server_process
from system_parts import POSTGRES_PART, POSTGRES_VARIABLE, require
from vitrine.server.accounts import passwords
from vitrine.server.app import create_app
from vitrine.server.database import make_engine, migrate
from vitrine.server.settings import Settings

FAST_PLAY = Settings.from_environment(server_process.FAST_PLAY)  # the same, in process
# argon2's cheapest parameters: a hash in microseconds, not a fifth of a second of
# CPU and 64 MiB.  The tests sign up and in hundreds of times in this process, and
# what they test is the accounts, not the hash's cost; a hash still names its
# parameters, so it is checked with them.  Tests of the hashing itself are marked
# ``real_hashing`` and keep the production hasher.
CHEAP_HASHER = argon2.PasswordHasher.from_parameters(argon2.profiles.CHEAPEST)


@pytest.fixture(autouse=True)
def cheap_password_hashing(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-process apps hash passwords with ``CHEAP_HASHER`` (not servers in a
    child process: they hash as in production), unless the test is ``real_hashing``."""
    if request.node.get_closest_marker("real_hashing") is None:
        monkeypatch.setattr(passwords, "HASHER", CHEAP_HASHER)


@contextmanager
def new_postgres_database(template: str | None = None) -> Iterator[str]:
    """A new database (a copy of ``template``, else empty), dropped after."""
    require(POSTGRES_PART)
    admin = os.environ[POSTGRES_VARIABLE]
    name = f"vitrine_test_{secrets.token_hex(6)}"
    copied = "" if template is None else f' TEMPLATE "{template}"'
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"{copied}')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def migrated_postgres() -> Iterator[str]:
    """The name of a database this test process has migrated once, to copy: running
    the migrations takes seconds on PostgreSQL, copying their result a fraction."""
    with new_postgres_database() as url:
        engine = make_engine(url)
        try:
            migrate(engine)
        finally:
            engine.dispose()  # a template is copied only while nobody is connected to it
        yield url.rpartition("/")[2]


@pytest.fixture
def postgres_url(migrated_postgres: str) -> Iterator[str]:
    """A fresh database of its own, already migrated (the app's start finds it at the
    latest revision); ``empty_postgres_url`` for the tests of the migrations."""
    with new_postgres_database(migrated_postgres) as url:
        yield url


@pytest.fixture
def empty_postgres_url() -> Iterator[str]:
    with new_postgres_database() as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'vitrine.sqlite3'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Both databases, for the tests that are about persistence."""
    name = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(name)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database_url(request: pytest.FixtureRequest) -> str:
    """Both databases, with nothing in them yet: for the tests of the migrations."""
    name = "sqlite_url" if request.param == "sqlite" else "empty_postgres_url"
    url: str = request.getfixturevalue(name)
    return url


class Api:
    """A thin test client for the HTTP API, with the tokens it was given."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def create(
        self, seats: list[dict[str, Any]], options: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        response = self.client.post("/api/tables", json={"seats": seats, "options": options or {}})
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def post(self, path: str, token: str | None, body: dict[str, Any] | None = None) -> Any:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        return self.client.post(path, json=body, headers=headers)

    def get(self, path: str, token: str | None = None) -> Any:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        return self.client.get(path, headers=headers)


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=FAST_PLAY)) as test_client:
        yield test_client


@pytest.fixture
def api(client: TestClient) -> Api:
    return Api(client)


@contextmanager
def table_socket(
    client: TestClient, table_id: str, token: str | None = None, deltas: bool = False
) -> Iterator[WebSocketTestSession]:
    """A table's WebSocket, introduced by its first message (a seat token, or none;
    whether it takes deltas)."""
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as socket:
        hello = {"type": "hello"} | ({} if token is None else {"token": token})
        socket.send_json(hello | ({"deltas": True} if deltas else {}))
        yield socket


def state_at_turn(socket: WebSocketTestSession, seat: int) -> dict[str, Any]:
    """The first state message a table's socket receives where ``seat`` is to act."""
    state: dict[str, Any] = socket.receive_json()
    while state["view"]["current_player"] != seat:
        state = socket.receive_json()
    return state
