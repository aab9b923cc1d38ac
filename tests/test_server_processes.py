"""Several server processes on one PostgreSQL database: any process serves any table.

Each test starts real ``vitrine serve`` processes (``server_process.Served``)
on one database: a decision made through one is pushed at once to the
sockets of another; concurrent decisions through both are made exactly once
(the others refused as ``stale``, never a 500); a process killed with
SIGKILL loses nothing it answered, and its table's bot moves to a living
process within the lease time; ``--workers`` runs several processes on one
address (or, ``--worker-ports``, each on its own) and starts again one that
dies.  On SQLite one process serves, and
``--workers`` above 1 is refused.  Some tests hold two apps in this process to
a moment no timing reaches reliably: a change announced while a copy is
catching up with an earlier one; a copy nobody watches forgotten at a notice
that arrives while a socket connects to it.
"""

import json
import os
import signal
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
import websockets.sync.client as ws_client
from click.testing import CliRunner
from fastapi.testclient import TestClient

from server_process import Served, answering, call, free_port, lease_owner
from vitrine.cli.main import main
from vitrine.server.app import create_app
from vitrine.server.play.changes import Decision, parse_notice
from vitrine.server.play.store import StoredTable, decision_notice

pytestmark = pytest.mark.timeout(180)  # a hang fails the test instead of stalling CI

LEASE = {"VITRINE_LEASE_SECONDS": "2"}  # bots move within 2.5 s of their process's death
TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def answer(served: Served, path: str, token: str | None, body: dict[str, Any]) -> tuple[int, Any]:
    """A POST's status and body, a refusal included."""
    try:
        return 200, served.call("POST", path, token, body)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def started(served: Served, seats: list[dict[str, Any]]) -> tuple[str, list[str]]:
    created = served.call("POST", "/api/tables", body={"seats": seats})
    table_id = created["table"]["id"]
    served.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    return table_id, [seat["token"] for seat in created["seats"]]


def state(served: Served, table_id: str, token: str | None = None) -> dict[str, Any]:
    found: dict[str, Any] = served.call("GET", f"/api/tables/{table_id}", token)
    return found


@contextmanager
def socket_of(
    served: Served, table_id: str, token: str | None
) -> Iterator[ws_client.ClientConnection]:
    """A socket to ``served`` that has said hello (as a seat, or a spectator)."""
    with ws_client.connect(f"ws://127.0.0.1:{served.port}/api/tables/{table_id}/ws") as socket:
        socket.send(json.dumps({"type": "hello"} | ({} if token is None else {"token": token})))
        yield socket


def next_state(socket: ws_client.ClientConnection, seq: int, within: float = 5) -> dict[str, Any]:
    """The first state message at ``seq`` or beyond, within ``within`` seconds."""
    deadline = time.monotonic() + within
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=deadline - time.monotonic()))
        if message["type"] == "state" and message["table"]["seq"] >= seq:
            return message


@pytest.fixture
def two(postgres_url: str) -> Iterator[tuple[Served, Served]]:
    first, second = Served(postgres_url, settings=LEASE), Served(postgres_url, settings=LEASE)
    yield first, second
    first.stop()
    second.stop()


def test_a_decision_through_one_process_reaches_the_sockets_of_another(
    two: tuple[Served, Served],
) -> None:
    a, b = two
    table_id, tokens = started(a, TWO_HUMANS)
    with socket_of(b, table_id, tokens[1]) as bo, socket_of(b, table_id, None) as spectator:
        next_state(bo, 0)
        next_state(spectator, 0)
        for seq in range(6):  # three decisions each way: A answers, B pushes, and back
            served = a if seq % 2 == 0 else b
            table = state(served, table_id)["table"]
            seat = table["current_player"]
            view = state(served, table_id, tokens[seat])["view"]
            sent = time.monotonic()
            body = {"action": view["legal_actions"][0], "seq": seq}
            assert answer(served, f"/api/tables/{table_id}/actions", tokens[seat], body)[0] == 200
            for socket in (bo, spectator):
                pushed = next_state(socket, seq + 1)
                assert pushed["table"]["seq"] == seq + 1
                assert pushed["log"][-1]["action"] == body["action"]
            assert time.monotonic() - sent < 2
            assert state(b if served is a else a, table_id)["table"]["seq"] == seq + 1


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_concurrent_decisions_through_every_process_are_made_once(
    database: str, request: pytest.FixtureRequest
) -> None:
    """16 submissions at once of the decision due now (through two processes on
    PostgreSQL), and 16 of different decisions: one is made, the same one sent
    again is answered as made, the others are stale; never a 500."""
    url = request.getfixturevalue("sqlite_url" if database == "sqlite" else "postgres_url")
    servers = [Served(url)] if database == "sqlite" else [Served(url), Served(url)]
    try:
        table_id, tokens = started(servers[0], TWO_HUMANS)
        for seq in (0, 1):
            seat = state(servers[0], table_id)["table"]["current_player"]
            legal = state(servers[0], table_id, tokens[seat])["view"]["legal_actions"]
            actions = [legal[0]] * 16 if seq == 0 else [legal[i % len(legal)] for i in range(16)]

            def send(i: int, seq: int = seq, seat: int = seat, actions: list[str] = actions) -> Any:
                body = {"action": actions[i], "seq": seq}
                served = servers[i % len(servers)]
                return answer(served, f"/api/tables/{table_id}/actions", tokens[seat], body)

            with ThreadPoolExecutor(16) as pool:
                answers = list(pool.map(send, range(16)))
            log = state(servers[-1], table_id)["log"]
            assert len(log) == seq + 1, answers
            made = log[seq]["action"]
            for (status, body), action in zip(answers, actions, strict=True):
                if action == made:
                    assert status == 200, body
                else:
                    assert (status, body["code"]) == (409, "stale"), body
    finally:
        for served in servers:
            served.stop()


def test_a_bot_moves_to_a_living_process_when_its_process_is_killed(
    two: tuple[Served, Served], postgres_url: str
) -> None:
    a, b = two
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "beginner"}]
    table_id, tokens = started(a, seats)  # A started it: A runs its bot
    owner = lease_owner(postgres_url, table_id)
    assert owner is not None and owner.endswith(f":{a.port}/0")
    table = state(b, table_id)["table"]
    while table["current_player"] != 0:
        time.sleep(0.05)
        table = state(b, table_id)["table"]
    a.kill()
    killed = time.monotonic()
    while table["current_player"] == 0:  # Ana's turn (a take, then a place) through B
        view = state(b, table_id, tokens[0])["view"]
        body = {"action": view["legal_actions"][0], "seq": table["seq"]}
        assert answer(b, f"/api/tables/{table_id}/actions", tokens[0], body)[0] == 200
        table = state(b, table_id)["table"]
    with socket_of(b, table_id, tokens[0]) as ana:
        while next_state(ana, table["seq"], within=10)["log"][-1]["seat"] != 1:
            pass  # the bot's answer comes once B has taken the table over
    assert time.monotonic() - killed < 2 * 1.25 + 3  # the lease time and a quarter, and slack
    owner = lease_owner(postgres_url, table_id)
    assert owner is not None and owner.endswith(f":{b.port}/0")


def workers_of(pid: int) -> list[int]:
    """The worker processes a ``vitrine serve --workers`` runs (spawned: they run
    multiprocessing's spawn entry point; its resource tracker, another child, runs
    another one; the coach's pool, started later, belongs to the workers)."""
    found = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except FileNotFoundError:  # gone meanwhile
            continue
        if b"multiprocessing.spawn" in command:
            found.append(int(child))
    return found


def test_workers_share_one_address_and_a_dead_one_starts_again(postgres_url: str) -> None:
    served = Served(postgres_url, extra=("--workers", "2"))
    try:
        workers = workers_of(served.process.pid)
        assert len(workers) == 2
        table_id, tokens = started(served, TWO_HUMANS)
        os.kill(workers[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while len(alive := workers_of(served.process.pid)) != 2 or workers[0] in alive:
            assert time.monotonic() < deadline, "the dead worker was not started again"
            time.sleep(0.2)
        seat = state(served, table_id)["table"]["current_player"]
        view = state(served, table_id, tokens[seat])["view"]
        body = {"action": view["legal_actions"][0], "seq": 0}
        assert answer(served, f"/api/tables/{table_id}/actions", tokens[seat], body)[0] == 200
    finally:
        served.stop()


def free_pair() -> int:
    """A port whose next one is free too."""
    while True:
        port = free_port()
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
        return port


def test_workers_on_ports_of_their_own_are_each_one_process(postgres_url: str) -> None:
    """``--worker-ports``: worker N on the port + N, what a front with table affinity
    needs; a decision through one port is made by that worker alone, and a worker
    that dies comes back on its own port."""
    served = Served(postgres_url, port=free_pair(), extra=("--workers", "2", "--worker-ports"))
    second = f"http://127.0.0.1:{served.port + 1}"
    try:
        table_id, tokens = started(served, TWO_HUMANS)
        seat = state(served, table_id)["table"]["current_player"]
        view = state(served, table_id, tokens[seat])["view"]
        body = {"action": view["legal_actions"][0], "seq": 0}
        assert answer(served, f"/api/tables/{table_id}/actions", tokens[seat], body)[0] == 200
        assert served.call("GET", "/api/process")["made"] == 1
        assert call(second, "GET", "/api/process")["made"] == 0
        for worker in workers_of(served.process.pid):
            os.kill(worker, signal.SIGKILL)
        answering(served.process, lambda method, path: call(second, method, path), served.output)
        answering(served.process, served.call, served.output)
        assert served.call("GET", "/api/process")["made"] == 0  # started again
    finally:
        served.stop()


def running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended and not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_end_when_their_parent_is_killed(postgres_url: str) -> None:
    served = Served(postgres_url, extra=("--workers", "2"))
    try:
        workers = workers_of(served.process.pid)
        assert len(workers) == 2
        served.kill()  # SIGKILL: the parent cannot stop them
        deadline = time.monotonic() + 30
        while any(running(pid) for pid in workers):
            assert time.monotonic() < deadline, "a worker outlived its parent"
            time.sleep(0.2)
    finally:
        served.stop()


def test_sqlite_refuses_more_than_one_process(sqlite_url: str) -> None:
    result = CliRunner().invoke(main, ["serve", "--workers", "2", "--database", sqlite_url])
    assert result.exit_code == 2
    assert "more than one process needs PostgreSQL" in result.output


@dataclass
class TwoApps:
    """Two apps on one database, as two processes would be (in this one, each with
    its event loop in a thread of its own), and a started table that B holds a copy of."""

    a: TestClient
    b: TestClient
    table_id: str
    tokens: list[str]

    @property
    def a_service(self) -> Any:
        return self.a.app.state.service  # type: ignore[attr-defined]

    @property
    def b_service(self) -> Any:
        return self.b.app.state.service  # type: ignore[attr-defined]

    def on_b(self, call: Any, *args: Any) -> Any:
        """Run ``call`` in B's event loop, as B's own code runs."""
        assert self.b.portal is not None
        return self.b.portal.call(call, *args)

    def decide(self) -> tuple[int, Decision]:
        """A decision through A by whoever is to play: the table's version after it,
        and the decision as A's notice carries it."""
        table_id, a = self.table_id, self.a
        table = a.get(f"/api/tables/{table_id}").json()["table"]
        headers = {"Authorization": f"Bearer {self.tokens[table['current_player']]}"}
        view = a.get(f"/api/tables/{table_id}", headers=headers).json()["view"]
        body = {"action": view["legal_actions"][0], "seq": table["seq"]}
        assert a.post(f"/api/tables/{table_id}/actions", json=body, headers=headers).is_success
        copy = self.a_service.tables[table_id]
        seat, text = copy.log[-1]
        return copy.version, Decision(seat, text, copy.turn_since)


@contextmanager
def two_apps_unwatched(database_url: str) -> Iterator[TwoApps]:
    """Two apps and a table started through A, which nobody watches on B."""
    with (
        TestClient(create_app(database_url, bot_delay=0)) as a,
        TestClient(create_app(database_url, bot_delay=0)) as b,
    ):
        created = a.post("/api/tables", json={"seats": TWO_HUMANS}).json()
        table_id, host = created["table"]["id"], created["host_token"]
        a.post(f"/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {host}"})
        yield TwoApps(a, b, table_id, [seat["token"] for seat in created["seats"]])


@contextmanager
def two_apps(database_url: str) -> Iterator[TwoApps]:
    # B holds a copy from the start, which a spectator there watches (a copy
    # nobody watches or runs is forgotten at a notice, not followed)
    with two_apps_unwatched(database_url) as apps, watching(apps.b, apps.table_id):
        yield apps


@contextmanager
def watching(client: TestClient, table_id: str) -> Iterator[None]:
    """A spectator's socket on ``table_id`` through ``client``, once subscribed."""
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as spectator:
        spectator.send_json({"type": "hello"})
        spectator.receive_json()  # the table as it is: the spectator is subscribed
        yield


def test_a_change_announced_while_catching_up_is_caught_up_with_too(sqlite_url: str) -> None:
    """B hears of decision 1 and reads it; while it reads, A makes decision 2 and B
    hears of that too (as when a NOTIFY arrives during a catch-up): B's copy must
    end with both, though the read it made saw only the first."""
    with two_apps(sqlite_url) as apps:
        b_service, table_id = apps.b_service, apps.table_id
        read = b_service.store.load_table
        reads: list[StoredTable | None] = []

        def read_then_hear_more(*args: Any) -> StoredTable | None:
            stored: StoredTable | None = read(*args)
            if not reads:  # the first catch-up: decision 2 comes while it reads
                apps.on_b(b_service.following.heard, table_id, apps.decide()[0])
            reads.append(stored)
            return stored

        b_service.store.load_table = read_then_hear_more
        apps.on_b(b_service.following.heard, table_id, apps.decide()[0])
        copy = b_service.tables[table_id]
        deadline = time.monotonic() + 10
        while copy.follower is None or not copy.follower.done():
            assert time.monotonic() < deadline, "B never finished catching up"
            time.sleep(0.05)
        assert len(reads) == 2 and reads[0] is not None and len(reads[0].log) == 1
        assert len(copy.log) == 2  # the decision heard of mid-read is had too


def test_a_notice_carries_a_decision_that_ends_nothing_and_only_that() -> None:
    at = datetime(2026, 12, 1, 20, 50, 5, 123456, tzinfo=UTC)
    assert parse_notice(f"t1 7 {decision_notice(1, '1950@2', at)}") == (
        "t1",
        7,
        Decision(1, "1950@2", at),
    )
    assert parse_notice("t1 8") == ("t1", 8, None)  # any other change: read the table


def test_a_decision_announced_with_its_notice_is_applied_without_reading(
    sqlite_url: str,
) -> None:
    """B's copy is one version behind: the decision in A's notice brings it level
    with no read of the table; a notice that skips a version makes B read."""
    with two_apps(sqlite_url) as apps:
        a_service, b_service, table_id = apps.a_service, apps.b_service, apps.table_id
        decide = apps.decide

        def caught_up(version: int) -> None:
            copy = b_service.tables[table_id]
            deadline = time.monotonic() + 10
            while copy.version < version or copy.follower is None or not copy.follower.done():
                assert time.monotonic() < deadline, "B never caught up"
                time.sleep(0.05)

        read = b_service.store.load_table
        reads: list[int] = []

        def counted(*args: Any) -> StoredTable | None:
            reads.append(1)
            stored: StoredTable | None = read(*args)
            return stored

        b_service.store.load_table = counted
        version, decision = decide()
        apps.on_b(b_service.following.heard, table_id, version, decision)
        caught_up(version)
        assert reads == []  # applied from the notice
        b_copy, a_copy = b_service.tables[table_id], a_service.tables[table_id]
        assert b_copy.log == a_copy.log and b_copy.turn_since == a_copy.turn_since
        assert b_copy.state.view(0) == a_copy.state.view(0)
        decide()  # B never hears of this one
        version, decision = decide()
        apps.on_b(b_service.following.heard, table_id, version, decision)
        caught_up(version)
        assert reads == [1]  # a gap: read from the database
        assert b_copy.log == a_copy.log and len(b_copy.log) == 3


def test_a_copy_nobody_watches_is_forgotten_at_a_notice_not_followed(
    postgres_url: str,
) -> None:
    """B holds a copy of a table nobody watches there: A's decision makes B forget
    it (B would follow it for nobody).  A socket that connects to B while B forgets
    it (the notice arrives during its read) watches the copy B holds, which B
    then follows: never a copy forgotten, which nobody would bring up to date."""
    with two_apps_unwatched(postgres_url) as apps:
        b, table_id, b_service = apps.b, apps.table_id, apps.b_service
        b.get(f"/api/tables/{table_id}")  # B holds a copy, which nobody watches

        def forgotten() -> None:
            deadline = time.monotonic() + 10
            while table_id in b_service.tables:
                assert time.monotonic() < deadline, "B kept following a copy nobody watches"
                time.sleep(0.02)

        apps.decide()
        forgotten()
        assert b_service.core.tally.followed == 0
        b.get(f"/api/tables/{table_id}")  # read again: B holds a copy at seq 1
        read = b_service.store.versions
        decided: list[int] = []

        def decided_while_read(table_ids: list[str]) -> dict[str, int]:
            if not decided:  # the socket's first read: a decision, and B forgets its copy
                decided.append(apps.decide()[0])
                forgotten()
            versions: dict[str, int] = read(table_ids)
            return versions

        b_service.store.versions = decided_while_read
        with b.websocket_connect(f"/api/tables/{table_id}/ws") as spectator:
            spectator.send_json({"type": "hello"})
            assert spectator.receive_json()["table"]["seq"] == 2
            assert b_service.tables[table_id].subscribers  # the copy B holds is watched
            apps.decide()
            assert spectator.receive_json()["table"]["seq"] == 3  # and followed
        assert decided and b_service.core.tally.followed == 1


def listeners(postgres_url: str) -> set[int]:
    """The backends of the processes' listening connections (to this test's
    database: other tests beside it listen to theirs)."""
    with psycopg.connect(postgres_url) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity"
            " WHERE query LIKE 'LISTEN %' AND datname = current_database()"
        ).fetchall()
    return {pid for (pid,) in rows}


def test_a_lost_listening_connection_comes_back_and_misses_nothing(postgres_url: str) -> None:
    """B's listening connection is cut (its backend terminated) and a decision made
    meanwhile: B listens again, catches up with what it did not hear, and hears
    what comes next."""
    with two_apps(postgres_url) as apps:
        spectator = apps.b.websocket_connect(f"/api/tables/{apps.table_id}/ws")
        with spectator:
            spectator.send_json({"type": "hello"})
            assert spectator.receive_json()["table"]["seq"] == 0
            apps.decide()
            assert spectator.receive_json()["table"]["seq"] == 1
            before = listeners(postgres_url)
            assert len(before) == 2  # A's and B's
            with psycopg.connect(postgres_url) as connection:
                for pid in before:
                    connection.execute("SELECT pg_terminate_backend(%s)", (pid,))
            apps.decide()  # perhaps unheard: B compares its copies once it listens again
            assert spectator.receive_json()["table"]["seq"] == 2
            deadline = time.monotonic() + 10
            while len(now := listeners(postgres_url)) != 2 or now & before:
                assert time.monotonic() < deadline, "the processes did not listen again"
                time.sleep(0.05)
            apps.decide()
            assert spectator.receive_json()["table"]["seq"] == 3
