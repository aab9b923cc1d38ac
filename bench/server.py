"""Server load: scripted players on many tables at once, over WebSockets on loopback.

Starts ``vitrine serve`` on a fresh SQLite file (or ``--database``), opens ``--tables`` 4-player
tables whose every seat is a scripted client, and lets them play whole games.
A client waits ``--think`` seconds (a player's thinking), then sends a random
legal decision.  The latency is from that send to the moment each of the
table's four clients receives the broadcast of the new position (the commit
to the database happens in between).  Clients and server share this machine;
the clients settle their collector as the server does, so their own pauses do
not count as the server's.  The run ends with the server's CPU time per
decision and, on Linux, the share of CPU the host took from this machine
(steal), which on a shared virtual machine can dominate the tail.
Run: ``.venv/bin/python bench/server.py [--tables 200] [--think 1.0]``.
"""

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from vitrine.server.collector import settle_collector

PLAYERS = 4


@dataclass
class Table:
    id: str
    tokens: list[str]
    sent: dict[int, float] = field(default_factory=dict)  # seq answered -> send time


def post(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data, headers, method="POST")
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.loads(r.read())


def open_table(base: str) -> Table:
    seats = [{"kind": "human", "name": f"P{seat}"} for seat in range(PLAYERS)]
    created = post(f"{base}/api/tables", {"seats": seats})
    table = Table(created["table"]["id"], [seat["token"] for seat in created["seats"]])
    post(f"{base}/api/tables/{table.id}/start", token=created["host_token"])
    return table


async def player(
    ws_base: str, table: Table, seat: int, think: float, latencies: list[float], rng: random.Random
) -> int:
    """Play one seat to the end of the game; the number of decisions it sent."""
    url = f"{ws_base}/api/tables/{table.id}/ws"
    sent = 0
    async with websockets.connect(url, max_size=None) as socket:
        await socket.send(json.dumps({"type": "hello", "token": table.tokens[seat]}))
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "error":
                raise SystemExit(f"the server refused a scripted decision: {message['message']}")
            seq = message["table"]["seq"]
            if seq in table.sent:
                latencies.append(time.perf_counter() - table.sent[seq])
            view = message["view"]
            if view["current_player"] is None:
                return sent
            if view["current_player"] == seat:
                await asyncio.sleep(think * rng.random() * 2)  # mean ``think``
                table.sent[seq + 1] = time.perf_counter()
                action = rng.choice(view["legal_actions"])
                await socket.send(json.dumps({"type": "act", "action": action, "seq": seq}))
                sent += 1
    return sent


def cpu_times() -> list[int] | None:
    """The machine's CPU time by kind (Linux's /proc/stat), to tell what the host took."""
    try:
        with open("/proc/stat") as stat:
            return [int(field) for field in stat.readline().split()[1:]]
    except OSError:
        return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# One load generator is one client: the per-client limits are raised for it.
RELAXED = {"VITRINE_CREATE_TABLES": "100000/minute", "VITRINE_WS_MESSAGES": "1000/second"}


def start_server(
    port: int, database: str, settings: dict[str, str] = RELAXED
) -> subprocess.Popen[bytes]:
    """``vitrine serve`` with bots that do not wait, and these ``VITRINE_*`` settings."""
    vitrine = Path(sys.executable).with_name("vitrine")
    command = [str(vitrine), "serve", "--port", str(port), "--bot-delay", "0"]
    process = subprocess.Popen(
        [*command, "--database", database],
        env=os.environ | settings,
        stdout=subprocess.DEVNULL,
    )
    for _ in range(300):
        if process.poll() is not None:
            raise SystemExit("the server did not start")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


async def run(base: str, tables: int, think: float) -> tuple[int, float, list[float]]:
    opened = await asyncio.gather(*(asyncio.to_thread(open_table, base) for _ in range(tables)))
    latencies: list[float] = []
    settle_collector()  # this client's own collector pauses are not the server's latency
    rng = random.Random(1)
    ws_base = base.replace("http://", "ws://")
    start = time.perf_counter()
    counts = await asyncio.gather(
        *(
            player(ws_base, table, seat, think, latencies, random.Random(rng.random()))
            for table in opened
            for seat in range(PLAYERS)
        )
    )
    return sum(counts), time.perf_counter() - start, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per decision")
    parser.add_argument("--port", type=int, default=0, help="0: any free port")
    parser.add_argument("--database", help="database URL (default: a new SQLite file)")
    args = parser.parse_args()
    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        server = start_server(port, database)
        before = cpu_times()
        try:
            decisions, elapsed, latencies = asyncio.run(
                run(f"http://127.0.0.1:{port}", args.tables, args.think)
            )
        finally:
            server.terminate()
            server.wait()
    after = cpu_times()
    # The server is this process's only waited-for child: its CPU, start-up included.
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    server_cpu = used.ru_utime + used.ru_stime
    cuts = statistics.quantiles(latencies, n=100)
    print(f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    kind = database.split(":", 1)[0]
    print(f"{args.tables} tables x {PLAYERS} players, mean think {args.think} s, {kind}")
    print(
        f"{decisions} decisions in {elapsed:.1f} s: {decisions / elapsed:.0f} decisions/s, "
        f"{decisions / 2 / elapsed:.0f} turns/s"
    )
    print(
        f"submit -> broadcast received, {len(latencies)} deliveries: "
        f"p50 {cuts[49] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms, "
        f"max {max(latencies) * 1000:.1f} ms"
    )
    print(
        f"server CPU {server_cpu:.1f} s ({server_cpu / elapsed:.0%} of a core), "
        f"{server_cpu / decisions * 1000:.2f} ms a decision"
    )
    if before is not None and after is not None:
        spent = [end - start for start, end in zip(before, after, strict=True)]
        # On a virtual machine, time the host gave to others ("steal") delays
        # every delivery, whatever the server does: read the figures with it.
        steal = spent[7] / sum(spent) if len(spent) > 7 else 0.0
        idle = (spent[3] + spent[4]) / sum(spent)
        print(f"machine: {idle:.0%} idle, {steal:.0%} taken by the host (steal) during the run")


if __name__ == "__main__":
    main()
