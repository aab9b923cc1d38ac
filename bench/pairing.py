"""Quick pairing under load: ``--requests`` pairing requests against one ``vitrine
serve`` on 127.0.0.1, each polled until it is paired.

The server runs on a fresh SQLite file (or ``--database``), its per-client
limits raised (one load generator is one client).  The requests come in
whole groups of compatible requests (a game, a player count, rated or not),
shuffled, so every one can be paired and none waits on bots: a mix of the
three games and their player counts, guests' unrated requests and
``--accounts`` accounts' (half of their groups rated).  They arrive at
``--rate`` per second; each is then read every ``--poll`` seconds until it
says paired.

Printed: the pairing latency, from the moment a request is sent to the moment
its client sees it paired (p50, p99, max; it includes up to one polling
interval), the same from the server's own times (created -> paired, read from
the database afterwards), which includes the wait for partners
to arrive, and so again for the request that completed each table (the
matcher's own delay), the tables made, and the requests per
second over the whole run (first request sent -> last pairing seen).  A
benchmark, not a test: the figures depend on the machine and its load.

Run: ``.venv/bin/python bench/pairing.py [--requests 500] [--rate 50] [--poll 1]``.
"""

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx2
from sqlalchemy import select

from server import RELAXED, free_port, start_server  # bench/server.py
from vitrine.server.database import make_engine
from vitrine.server.models import PairingRow

PASSWORD = "velvet tundra quiver 1951"
PLAYERS = {"exhibition": (2, 3, 4), "tucano": (2, 3, 4), "dontgointhere": (2, 3, 4, 5)}
SETTINGS = RELAXED | {
    "VITRINE_PAIRING_REQUESTS": "1000000/minute",
    "VITRINE_PAIRING_OPEN": "1000000",  # the guests all come from 127.0.0.1
    "VITRINE_SIGN_UPS": "1000000/minute",
}


@dataclass
class Request:
    game: str
    players: int
    rated: bool
    account: int | None  # the index of the account asking; None: a guest
    sent: float = 0.0
    seen: float = 0.0
    table: str = ""


def plan(total: int, accounts: int, rng: random.Random) -> list[Request]:
    """``total`` requests in whole compatible groups, shuffled; about a fifth of the
    groups are accounts' (distinct accounts in a group), half of those rated."""
    requests: list[Request] = []
    turn = 0
    while len(requests) < total:
        game = rng.choice(list(PLAYERS))
        room = total - len(requests)
        counts = [n for n in PLAYERS[game] if n <= room] or [room]
        players = rng.choice(counts)
        if accounts >= players and rng.random() < 0.2:
            rated = rng.random() < 0.5
            members = [(turn + i) % accounts for i in range(players)]
            turn += players
            requests += [Request(game, players, rated, member) for member in members]
        else:
            requests += [Request(game, players, False, None) for _ in range(players)]
    rng.shuffle(requests)
    return requests


async def sign_up(base: str, number: int) -> httpx2.AsyncClient:
    """A new account's client, holding its session."""
    client = httpx2.AsyncClient(base_url=base, headers={"Origin": base}, timeout=60)
    made = await client.post("/api/account", json={"name": f"Bench {number}", "password": PASSWORD})
    made.raise_for_status()
    return client


async def ask_and_wait(
    request: Request, client: httpx2.AsyncClient, poll: float, number: int
) -> None:
    body = {"game": request.game, "players": request.players, "rated": request.rated}
    if request.account is None:
        body["name"] = f"Guest {number}"
    request.sent = time.perf_counter()
    made = await client.post("/api/pairing", json=body)
    made.raise_for_status()
    answer = made.json()
    headers = {"Authorization": f"Bearer {answer['token']}"} if request.account is None else {}
    path = f"/api/pairing/{answer['request']['id']}"
    while True:
        await asyncio.sleep(poll)
        read = await client.get(path, headers=headers)
        read.raise_for_status()
        state = read.json()
        if state["status"] == "paired":
            request.seen = time.perf_counter()
            request.table = state["table"]
            return
        if state["status"] != "waiting":
            raise SystemExit(f"a request ended {state['status']}: {state}")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def figures(name: str, latencies: list[float]) -> str:
    return (
        f"{name}: p50 {percentile(latencies, 0.5) * 1000:.0f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms "
        f"(mean {statistics.fmean(latencies) * 1000:.0f} ms)"
    )


def server_latencies(database: str) -> tuple[list[float], list[float]]:
    """created -> paired, as the server wrote them: of every request, and of each
    table's last request (its group complete: the matcher's own delay)."""
    engine = make_engine(database)
    with engine.connect() as connection:
        rows = connection.execute(
            select(PairingRow.table_id, PairingRow.created_at, PairingRow.paired_at).where(
                PairingRow.status == "paired"
            )
        ).all()
    engine.dispose()
    every: list[float] = []
    last: dict[str, float] = {}
    for table, created, paired in rows:
        assert table is not None and paired is not None  # a paired request has both
        waited = (paired - created).total_seconds()
        every.append(waited)
        last[table] = min(last.get(table, waited), waited)
    return every, list(last.values())


async def run(arguments: argparse.Namespace, base: str) -> list[Request]:
    rng = random.Random(arguments.seed)
    requests = plan(arguments.requests, arguments.accounts, rng)
    limits = httpx2.Limits(max_connections=200, max_keepalive_connections=200)
    guests = httpx2.AsyncClient(base_url=base, timeout=60, limits=limits)
    members = [await sign_up(base, number) for number in range(arguments.accounts)]
    try:
        tasks = []
        for number, request in enumerate(requests):
            client = guests if request.account is None else members[request.account]
            tasks.append(asyncio.create_task(ask_and_wait(request, client, arguments.poll, number)))
            await asyncio.sleep(1 / arguments.rate)
        await asyncio.gather(*tasks)
    finally:
        for client in [guests, *members]:
            await client.aclose()
    return requests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--accounts", type=int, default=20, help="accounts among the askers")
    parser.add_argument("--rate", type=float, default=50.0, help="requests sent per second")
    parser.add_argument("--poll", type=float, default=1.0, help="seconds between reads")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "vitrine.sqlite3"
        database = arguments.database or f"sqlite:///{path}"
        port = free_port()
        server = start_server(port, database, SETTINGS)
        try:
            started = time.perf_counter()
            requests = asyncio.run(run(arguments, f"http://127.0.0.1:{port}"))
            ended = max(request.seen for request in requests)
            first = min(request.sent for request in requests)
        finally:
            server.terminate()
            server.wait()
        tables = {request.table for request in requests}
        guests = sum(request.account is None for request in requests)
        print(
            f"{len(requests)} requests ({guests} guests', {len(requests) - guests} accounts', "
            f"{sum(r.rated for r in requests)} rated), {len(tables)} tables, "
            f"sent at {arguments.rate:g}/s, read every {arguments.poll:g} s"
        )
        print(figures("pairing latency, sent -> paired seen", [r.seen - r.sent for r in requests]))
        every, completing = server_latencies(database)
        print(figures("pairing latency, server's created -> paired", every))
        print(figures("the same, of each table's last request", completing))
        print(
            f"{len(requests) / (ended - first):.1f} requests paired per second "
            f"({ended - first:.1f} s from the first sent to the last paired seen; "
            f"{time.perf_counter() - started:.1f} s with the sign-ups)"
        )


if __name__ == "__main__":
    main()
