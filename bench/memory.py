"""Server memory: many live tables, four idle sockets each, in one ``vitrine serve`` process.

Starts one ``vitrine serve`` on 127.0.0.1 with a fresh SQLite file, creates
``--tables`` 4-seat tables of human seats and starts each (``POST .../start``):
they are *playing* tables, not open ones, because a playing table is the
heavier and the truer case.  Its copy in memory (``server/live.py``,
``LiveTable``) holds the game's position, the log, the seats and the
rows they came from; an open table holds only its rows.  Then four WebSockets
per table say hello with their seat's token (``server/realtime.py``) and stay
open, idle: each connection gets the whole picture once, and a
``--active`` share of the tables (1 % by default) makes one decision, so some
copies also hold a log and a broadcast.  The clients never ping; uvicorn
pings every socket every 20 s (its default) and the clients answer, so a
``--hold`` of 30 s sees a round of pings, and the count of sockets still open
at the end says none was dropped.

Printed: the server's resident memory (``VmRSS`` of ``/proc/PID/status``) and
its peak (``VmHWM``) before any table, after the tables, after every socket,
and after ``--hold`` seconds with the sockets idle; the memory per table
(tables against none) and per socket (sockets against the tables alone); the
time to create the tables and to connect the sockets; the clients' own RSS;
the file-descriptor limits.  RSS is what the kernel gives the process: it
counts memory Python freed but kept in its arenas (the pictures encoded for
the first messages), not the kernel's own socket buffers.

What keeps the figure honest: a copy nobody watches leaves memory after
``VITRINE_IDLE_SECONDS`` (``tables/idle.py``); with a socket attached it
stays.  The bench sets that time to a day, so that no copy leaves between its
creation and its sockets however slowly the tables are made: the figure
after the tables is every table in memory, and the one after the sockets is
every table watched.  The per-client limits (table creations, connections at
once, the time to say hello) are lifted for this one client, as
``bench/server.py`` does.

File descriptors: the server holds one per socket, so it needs
``RLIMIT_NOFILE`` of 4 per table and some spare (``SERVER_SPARE``).  The bench
raises its own soft limit to that, which the server (and the clients)
inherit; where the hard limit is lower it says which is needed and the most
tables that fit, and stops (``ulimit -Hn`` as root, ``LimitNOFILE=`` in a systemd unit,
``--ulimit nofile=`` for a container).  The sockets are spread over several
client processes (``--clients``; by default as few as the limit allows), each
connecting from its own loopback address (127.0.0.2, 127.0.0.3, ...), so that
40,000 connections to one port do not run out of the ~28,000 local ports
Linux gives one source address.

Linux only (``/proc``).  Run: ``.venv/bin/python bench/memory.py [--tables 10000]``.
"""

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import platform
import random
import resource
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib.metadata import version
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from pathlib import Path
from typing import Any

import orjson
import uvicorn
import websockets
from websockets.asyncio.client import ClientConnection

from server import PLAYERS, RELAXED, Table, free_port, open_table, start_server  # bench/server.py

SERVER_SPARE = 128  # descriptors the server holds besides its sockets (it uses ~13: database, ...)
CLIENT_SPARE = 256  # and each client process besides its sockets
MOST_PER_CLIENT = 12_000  # sockets one client process opens at most
CONNECTING = 100  # handshakes a client process has under way at once
SETTLE = 5.0  # seconds left to the server to send what it owes before a reading


@dataclass
class Memory:
    """One reading of a process's ``/proc/PID/status``, in KiB."""

    rss: int
    peak: int  # VmHWM: the most resident it has been
    descriptors: int

    @classmethod
    def of(cls, pid: int) -> "Memory":
        fields = {}
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            fields[name] = value.split()[0] if value.split() else "0"
        descriptors = len(os.listdir(f"/proc/{pid}/fd"))
        return cls(int(fields["VmRSS"]), int(fields["VmHWM"]), descriptors)

    def line(self, what: str) -> str:
        return (
            f"server RSS {what}: {self.rss / 1024:8.1f} MiB "
            f"(peak {self.peak / 1024:.1f} MiB, {self.descriptors} descriptors)"
        )


def raise_descriptors(needed: int) -> tuple[int, int, int]:
    """Raise this process's soft ``RLIMIT_NOFILE`` to at least ``needed`` (children inherit
    it); (soft before, soft now, hard).  Stop with what to do where the hard limit is lower."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed:
        raise SystemExit(
            f"the server needs RLIMIT_NOFILE >= {needed} (4 per table + {SERVER_SPARE}); "
            f"the hard limit here is {hard}: raise it where it is set (ulimit -Hn {needed}; "
            f"systemd LimitNOFILE={needed}; docker --ulimit nofile={needed}), or run at most "
            f"--tables {(hard - SERVER_SPARE) // PLAYERS}"
        )
    now = max(soft, needed)
    if now != soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (now, hard))
    return soft, now, hard


@dataclass
class Seated:
    """One client's socket at one seat, and the first picture the server sent it."""

    socket: ClientConnection
    seat: int
    first: dict[str, Any]


async def connect(
    ws_base: str, local: str, table_id: str, seat: int, token: str, gate: asyncio.Semaphore
) -> Seated:
    async with gate:
        socket = await websockets.connect(
            f"{ws_base}/api/tables/{table_id}/ws",
            local_addr=(local, 0),
            ping_interval=None,  # idle: the client sends nothing
            open_timeout=600,
            max_size=None,
            compression=None,  # the server compresses nothing (processes.py)
        )
        await socket.send(json.dumps({"type": "hello", "token": token}))
        first = orjson.loads(await socket.recv())
    if first["type"] != "state":
        raise SystemExit(f"the server refused a socket: {first}")
    return Seated(socket, seat, first)


def rss_kib() -> int:
    return Memory.of(os.getpid()).rss


async def hold(
    ws_base: str,
    local: str,
    seats: list[tuple[str, int, str]],
    active: list[str],
    pipe: Connection,
) -> None:
    """Open every socket and tell the bench; on its word, make the ``active`` tables'
    decisions; on its next, say how many sockets are still open; then wait to be ended."""
    gate = asyncio.Semaphore(CONNECTING)
    start = time.perf_counter()
    opened = await asyncio.gather(
        *(connect(ws_base, local, table, seat, token, gate) for table, seat, token in seats)
    )
    pipe.send(("connected", time.perf_counter() - start, rss_kib()))
    await asyncio.to_thread(pipe.recv)
    rng, deciding, made = random.Random(local), set(active), 0
    for seated in opened:
        table, view = seated.first["table"], seated.first["view"]
        if table["id"] in deciding and view["current_player"] == seated.seat:
            action = rng.choice(view["legal_actions"])
            await seated.socket.send(json.dumps({"type": "act", "action": action}))
            made += 1
    pipe.send(("decided", made))
    await asyncio.to_thread(pipe.recv)
    still = sum(seated.socket.close_code is None for seated in opened)
    pipe.send(("open", still, rss_kib()))
    await asyncio.to_thread(pipe.recv)  # the bench ends this process


def client(
    ws_base: str,
    local: str,
    seats: list[tuple[str, int, str]],
    active: list[str],
    pipe: Connection,
) -> None:
    """One client process: its sockets on one asyncio loop."""
    asyncio.run(hold(ws_base, local, seats, active, pipe))


def expect(pipes: list[Connection], kind: str) -> list[tuple[Any, ...]]:
    """Every client's next report, which must be ``kind``."""
    answers = [pipe.recv() for pipe in pipes]
    for answer in answers:
        if answer[0] != kind:
            raise SystemExit(f"a client said {answer!r}, not {kind!r}")
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--clients", type=int, help="client processes (default: as few as fit)")
    parser.add_argument(
        "--active", type=float, default=0.01, help="share of tables making one decision"
    )
    parser.add_argument("--hold", type=float, default=30.0, help="seconds the sockets stay idle")
    parser.add_argument("--creators", type=int, default=8, help="threads creating tables")
    args = parser.parse_args()
    sockets = PLAYERS * args.tables
    before_limit, limit, hard = raise_descriptors(sockets + SERVER_SPARE)
    clients = args.clients or math.ceil(sockets / min(MOST_PER_CLIENT, limit - CLIENT_SPARE))
    if math.ceil(sockets / clients) + CLIENT_SPARE > limit:
        raise SystemExit(f"{clients} clients need more than {limit} descriptors each: add some")
    load_before = os.getloadavg()[0]
    settings = RELAXED | {
        "VITRINE_CREATE_TABLES": f"{args.tables * 10}/minute",
        "VITRINE_MAX_CONNECTIONS": str(sockets + SERVER_SPARE),
        "VITRINE_WS_HELLO_SECONDS": "600",
        "VITRINE_IDLE_SECONDS": "86400",  # no copy leaves memory during the run
    }
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    processes: list[SpawnProcess] = []
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        server = start_server(port, f"sqlite:///{database}", settings)
        try:
            time.sleep(SETTLE)
            empty = Memory.of(server.pid)
            start = time.perf_counter()
            with ThreadPoolExecutor(args.creators) as pool:
                tables: list[Table] = list(pool.map(open_table, [base] * args.tables))
            created = time.perf_counter() - start
            time.sleep(SETTLE)
            with_tables = Memory.of(server.pid)
            seats = [(t.id, seat, t.tokens[seat]) for t in tables for seat in range(PLAYERS)]
            deciding = random.Random(1).sample(
                [t.id for t in tables], round(args.tables * args.active)
            )
            context = multiprocessing.get_context("spawn")
            pipes = []
            share = math.ceil(len(seats) / clients)
            start = time.perf_counter()
            for index in range(clients):
                mine, theirs = context.Pipe()
                part = seats[index * share : (index + 1) * share]
                process = context.Process(
                    target=client,
                    args=(f"ws://127.0.0.1:{port}", f"127.0.0.{index + 2}", part, deciding, theirs),
                )
                process.start()
                theirs.close()  # a client that dies is then an EOFError here, not a hang
                processes.append(process)
                pipes.append(mine)
            connected = expect(pipes, "connected")
            connecting = time.perf_counter() - start
            time.sleep(SETTLE)
            with_sockets = Memory.of(server.pid)
            for pipe in pipes:
                pipe.send("decide")
            decisions = sum(answer[1] for answer in expect(pipes, "decided"))
            time.sleep(args.hold)
            held = Memory.of(server.pid)
            for pipe in pipes:
                pipe.send("count")
            counted = expect(pipes, "open")
            stored = sum(path.stat().st_size for path in Path(folder).glob("bench.sqlite3*"))
        finally:
            for process in processes:
                process.terminate()
                process.join()
            server.terminate()
            server.wait()
    still_open = sum(answer[1] for answer in counted)
    client_rss = [answer[2] for answer in counted]
    bench_rss = rss_kib()  # this process: the tables' tokens, the server's readings
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores; uvicorn {uvicorn.__version__} (its WebSocket layer: auto), "
        f"websockets {version('websockets')}"
    )
    print(
        f"{args.tables} playing tables x {PLAYERS} human seats, one process, SQLite; "
        f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    )
    print(
        f"RLIMIT_NOFILE: soft {before_limit} -> {limit} (hard {hard}); the server needs "
        f">= {sockets + SERVER_SPARE}; {clients} client process(es) of <= {share} sockets"
    )
    print(empty.line("before any table   "))
    print(with_tables.line("after the tables   "))
    print(with_sockets.line("after every socket "))
    print(held.line(f"after {args.hold:.0f} s idle     "))
    per_table = (with_tables.rss - empty.rss) / args.tables
    per_socket = (with_sockets.rss - with_tables.rss) / sockets
    watched = (with_sockets.rss - empty.rss) / args.tables
    print(
        f"per table {per_table:.1f} KiB, per socket {per_socket:.1f} KiB; "
        f"a watched table with its 4 sockets {watched:.1f} KiB"
    )
    print(
        f"created {args.tables} tables (create + start) in {created:.1f} s "
        f"({args.tables / created:.0f}/s, {args.creators} threads); "
        f"connected {sockets} sockets in {connecting:.1f} s ({sockets / connecting:.0f}/s)"
    )
    slowest = max(answer[1] for answer in connected)
    print(
        f"{decisions} decisions made ({args.active:.0%} of tables); "
        f"sockets open at the end: {still_open} of {sockets}; slowest client {slowest:.1f} s"
    )
    print(
        f"clients' RSS: {sum(client_rss) / 1024:.1f} MiB in {clients} process(es) "
        f"({sum(client_rss) / sockets:.1f} KiB a socket), the bench's own "
        f"{bench_rss / 1024:.1f} MiB; SQLite files {stored / 2**20:.1f} MiB"
    )


if __name__ == "__main__":
    main()
