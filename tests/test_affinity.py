"""Table affinity: three server processes on one PostgreSQL database behind nginx
(``deploy/front``, ``deploy/nginx.conf``), each table played by one of them.

nginx sends every request and socket that names a table to one process
(consistent hashing on the table's id), so only that process makes the
table's decisions, and the others, which hear of each one, hold no copy to
follow.  Each process's own counts (``GET /api/process``, asked at its own
address, not through nginx) show it: the decisions made by each process are
exactly those of the tables nginx sent it, and no process followed any.
When that process is killed (SIGKILL) mid-game, the players' sockets
reconnect through nginx to one other process, which takes the table's lease
(its bot and clock) once the dead one's expires, and plays the game to its
end; the third process never touches the table.

The players are scripted WebSocket clients (the bench's kind), not
browsers: tests/test_front.py plays through nginx in Chromium.
"""

import json
import time
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
import websockets.sync.client as ws_client
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from server_process import Front, Served, behind_nginx, lease_owner, self_signed
from system_parts import NGINX_PART, require
from test_front import sockets_at

pytestmark = pytest.mark.timeout(240)  # a hang fails the test instead of stalling CI

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
RECONNECT_SECONDS = 10.0  # a socket whose process died is back through nginx by then


class Seat:
    """A player's socket through the front; it connects again (through nginx) when
    its process dies, as a page does."""

    def __init__(self, front: Front, table_id: str, token: str) -> None:
        self.url = front.url.replace("https", "wss", 1) + f"/api/tables/{table_id}/ws"
        self.token = token
        self.reconnects = 0
        self.last: dict[str, Any] | None = None  # the latest state read
        self.socket = self._connect()

    def _connect(self) -> ws_client.ClientConnection:
        deadline = time.monotonic() + RECONNECT_SECONDS
        while True:
            try:
                socket = ws_client.connect(self.url, ssl=self_signed(), open_timeout=5, legacy=True)
                socket.send(json.dumps({"type": "hello", "token": self.token}))
                return socket
            except (OSError, InvalidHandshake, ConnectionClosed):
                assert time.monotonic() < deadline, "a socket could not connect again"
                time.sleep(0.1)

    def state(self, seq: int, within: float = 15) -> dict[str, Any]:
        """The first state at ``seq`` or beyond (each one before it read, so nothing
        piles up); or, if the socket closed meanwhile, the table as it is once the
        socket has connected again (a decision sent may have been lost)."""
        deadline = time.monotonic() + within
        while self.last is None or self.last["table"]["seq"] < seq:
            try:
                text = self.socket.recv(timeout=deadline - time.monotonic())
            except ConnectionClosed:
                self.socket.close()
                self.socket = self._connect()
                self.reconnects += 1
                self.last = None
                seq = 0  # whatever the table is at now
                continue
            message = json.loads(text)
            assert message["type"] != "error", message
            if message["type"] == "state":
                self.last = message
        return self.last

    def act(self, action: str, seq: int) -> None:
        """Send a decision (lost if the socket is closing: ``state`` then says so)."""
        with suppress(ConnectionClosed):
            self.socket.send(json.dumps({"type": "act", "action": action, "seq": seq}))

    def close(self) -> None:
        self.socket.close()


def play(seats: dict[int, Seat], seq: int = 0, until: int | None = None) -> int:
    """Play the humans' seats (position -> socket) from ``seq`` until the game ends
    (or the table reaches ``until``), every seat reading every position; a bot's
    turn is waited for.  The table's seq at the end."""
    while until is None or seq < until:
        states = {position: seat.state(seq) for position, seat in seats.items()}
        at = {state["table"]["seq"] for state in states.values()}
        seq = max(at)
        if len(at) > 1:
            continue  # a seat is behind (or came back): it reads on to the same position
        mover = next(iter(states.values()))["view"]["current_player"]
        if mover is None:
            return seq
        if mover in seats:
            seats[mover].act(states[mover]["view"]["legal_actions"][0], seq)
        seq += 1
    return seq


def tally(backend: Served) -> dict[str, int]:
    """A process's own counts, asked at its own address (not through nginx)."""
    counts: dict[str, int] = backend.call("GET", "/api/process")
    return counts


def started(front: Front, seats: list[dict[str, Any]], **options: Any) -> tuple[str, list[str]]:
    """A table made and started through the front: its id and the seats' tokens."""
    created = front.call("POST", "/api/tables", body={"seats": seats} | options)
    table_id = created["table"]["id"]
    front.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    return table_id, [seat["token"] for seat in created["seats"]]


def upstreams_of(front: Front, table_id: str) -> set[str]:
    """The processes nginx sent the requests and sockets naming ``table_id`` to."""
    lines = (front.folder / "logs" / "access.log").read_text().splitlines()
    return {
        word.removeprefix("upstream=")
        for line in lines
        if f"/{table_id}" in line
        for word in line.split()
        if word.startswith("upstream=")
    }


def backend_at(backends: list[Served], upstream: str) -> Served:
    return next(b for b in backends if upstream == f"127.0.0.1:{b.port}")


@pytest.fixture
def three(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Front, list[Served]]]:
    require(NGINX_PART)
    with behind_nginx(postgres_url, tmp_path / "nginx", 3) as running:
        yield running


def test_each_tables_decisions_are_made_by_one_process_and_followed_by_none(
    three: tuple[Front, list[Served]],
) -> None:
    front, backends = three
    tables: dict[str, int] = {}  # table -> its decisions
    owners: dict[str, Served] = {}
    seats: list[Seat] = []  # kept open: a table watched stays in its process's memory
    while len(tables) < 4 or len(set(map(id, owners.values()))) < 2:
        assert len(tables) < 20, "nginx sent every table to one process"
        table_id, tokens = started(front, TWO_HUMANS)
        players = {position: Seat(front, table_id, token) for position, token in enumerate(tokens)}
        tables[table_id] = play(players)
        seats.extend(players.values())
        assert front.call("GET", f"/api/tables/{table_id}")["table"]["status"] == "over"
        (upstream,) = upstreams_of(front, table_id)  # its start, sockets and reads: one process
        owners[table_id] = backend_at(backends, upstream)
    counts = {backend.port: tally(backend) for backend in backends}
    for backend in backends:
        mine = [table_id for table_id, owner in owners.items() if owner is backend]
        assert counts[backend.port]["made"] == sum(tables[table_id] for table_id in mine)
        assert counts[backend.port]["followed"] == 0
        # no copy of another's table is kept (one left by the request that made a
        # table, on any process, was forgotten at the table's first notice)
        assert counts[backend.port]["tables"] == len(mine)
    for seat in seats:
        assert seat.reconnects == 0
        seat.close()


def test_a_killed_owners_table_moves_to_one_other_process_and_finishes(
    three: tuple[Front, list[Served]], postgres_url: str
) -> None:
    front, backends = three
    seats_asked = [*TWO_HUMANS, {"kind": "bot", "level": "beginner"}]
    table_id, tokens = started(front, seats_asked, clock_seconds=3600)
    seats = {position: Seat(front, table_id, tokens[position]) for position in (0, 1)}
    seq = play(seats, until=12)
    runner = lease_owner(postgres_url, table_id)
    assert runner is not None
    owner = next(b for b in backends if runner.endswith(f":{b.port}/0"))
    assert sockets_at(owner.port) == 2  # the sockets are where the table is run
    before = {backend.port: tally(backend) for backend in backends if backend is not owner}
    assert all(counts["made"] == counts["followed"] == 0 for counts in before.values())
    shown = [entry["action"] for entry in front.call("GET", f"/api/tables/{table_id}")["log"]]
    assert len(shown) >= seq

    owner.kill()
    killed = time.monotonic()
    seq = play(seats, len(shown), until=len(shown) + 2)  # the sockets come back...
    (heir,) = [b for b in backends if b is not owner and sockets_at(b.port) == 2]
    while not (lease_owner(postgres_url, table_id) or "").endswith(f":{heir.port}/0"):
        assert time.monotonic() - killed < 2 * 1.25 + 3, "the table was not taken over"
        time.sleep(0.1)  # ...to the process that takes the table's bot and clock
    final = play(seats, seq)
    assert all(seat.reconnects == 1 for seat in seats.values())

    table = front.call("GET", f"/api/tables/{table_id}")
    assert table["table"]["status"] == "over"
    log = [entry["action"] for entry in table["log"]]
    assert log[: len(shown)] == shown and len(log) == final  # nothing shown was lost
    (bystander,) = [b for b in backends if b is not owner and b is not heir]
    assert tally(bystander) == {"tables": 0, "made": 0, "followed": 0, "commits": 0}
    counts = tally(heir)
    assert counts["followed"] == 0 and counts["made"] > 0
    assert counts["made"] <= len(log) - len(shown)  # the rest of the game, made there
    assert upstreams_of(front, table_id) == {
        f"127.0.0.1:{owner.port}",
        f"127.0.0.1:{heir.port}",
    }
