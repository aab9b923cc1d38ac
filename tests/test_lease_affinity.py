"""A table's lease follows its watchers: the process that runs a table's clock and
bots is the one its sockets are on (table affinity, docs/deploy.md).

Two apps on one database, as two processes would be, with leases long enough
that no round of renewals runs by itself: each test runs the rounds itself,
in the order it means.  A table is started on A (A runs its clock) and
watched on B (where the front sends its sockets): A gives the lease up at its
next round and B takes it at its own; meanwhile A leaves it to B.  A mark
A wrote itself (its own watcher, gone a moment) never makes it give up, and
a table nobody watches stays where it runs, or goes to any process.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from vitrine.server.app import create_app
from vitrine.server.play.models import LeaseRow
from vitrine.server.settings import Settings

LONG_LEASES = Settings(lease_seconds=3600)  # no round runs by itself during a test
TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def service(client: TestClient) -> Any:
    return client.app.state.service  # type: ignore[attr-defined]


def lease_round(client: TestClient) -> None:
    """One round of the process's leases, on its own event loop."""
    assert client.portal is not None
    client.portal.call(service(client).runner.lease_round)


def runner_of(client: TestClient, table_id: str) -> str | None:
    with Session(service(client).store.engine) as session:
        return session.scalar(select(LeaseRow.owner).where(LeaseRow.table_id == table_id))


@contextmanager
def watching(client: TestClient, table_id: str) -> Iterator[None]:
    """A spectator's socket on ``client``, subscribed while the block runs."""
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as socket:
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["type"] == "state"  # subscribed
        yield


@pytest.fixture
def apps(sqlite_url: str) -> Iterator[tuple[TestClient, TestClient, str]]:
    """A and B, and a table with a clock that A started (A runs it)."""
    with (
        TestClient(create_app(sqlite_url, 0, LONG_LEASES, server_id="A")) as a,
        TestClient(create_app(sqlite_url, 0, LONG_LEASES, server_id="B")) as b,
    ):
        created = a.post("/api/tables", json={"seats": TWO_HUMANS, "clock_seconds": 3600}).json()
        table_id = created["table"]["id"]
        headers = {"Authorization": f"Bearer {created['host_token']}"}
        assert a.post(f"/api/tables/{table_id}/start", headers=headers).is_success
        assert runner_of(a, table_id) == "A"
        yield a, b, table_id


def test_a_lease_moves_to_the_process_its_watchers_are_on(
    apps: tuple[TestClient, TestClient, str],
) -> None:
    a, b, table_id = apps
    with watching(b, table_id):
        lease_round(b)  # A holds it: B takes nothing yet
        assert runner_of(a, table_id) == "A"
        lease_round(a)  # watched on B only: A gives it up...
        assert runner_of(a, table_id) is None
        assert not service(a).tables[table_id].leased
        assert service(a).tables[table_id].clock_task.cancelled()
        lease_round(a)  # ...and leaves it to B, though nobody runs it
        assert runner_of(a, table_id) is None
        lease_round(b)  # B, where it is watched, takes it
        assert runner_of(a, table_id) == "B"
        assert service(b).tables[table_id].leased
        assert service(b).tables[table_id].clock_task is not None


def test_a_process_keeps_a_lease_its_own_watcher_left_a_moment_ago(
    apps: tuple[TestClient, TestClient, str],
) -> None:
    a, _, table_id = apps
    with watching(a, table_id):
        lease_round(a)  # A marks the table watched, until a lease time from now
    live = service(a).tables[table_id]
    while live.subscribers:  # the socket's end reaches the server
        a.get("/api/games")
    lease_round(a)  # the live mark is A's own (a page reloading): A keeps the table
    assert runner_of(a, table_id) == "A"
    assert live.leased


def test_a_table_nobody_watches_stays_where_it_runs_and_any_process_takes_it_over(
    apps: tuple[TestClient, TestClient, str],
) -> None:
    a, b, table_id = apps
    lease_round(a)
    assert runner_of(a, table_id) == "A"  # watched nowhere: A keeps it
    assert a.portal is not None
    a.portal.call(service(a).runner.hand_over)  # A stops: its leases are free at once
    lease_round(b)  # watched nowhere: B takes it
    assert runner_of(a, table_id) == "B"
