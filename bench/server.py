"""Server load: scripted players on many tables at once, over WebSockets on loopback.

Starts ``vitrine serve`` on a fresh SQLite file (or ``--database``), opens ``--tables`` 4-player
tables whose every seat is a scripted client, and lets them play whole games.
A client waits ``--think`` seconds (a player's thinking), then sends a random
legal decision.  The latency is from that send to the moment each of the
table's four clients receives the broadcast of the new position (the commit
to the database happens in between).  Clients and server share this machine;
the clients settle their collector as the server does, so their own pauses do
not count as the server's.  The run ends with the servers' CPU time per
decision (the front's included, with ``--front``), the decisions the servers
wrote per commit (the group commit, ``server/tables/writer.py``, from each
server's ``GET /api/process``) and, on Linux, the share of CPU the host took
from this machine (steal), which on a shared virtual machine can dominate the
tail.

``--processes N`` starts N server processes on one PostgreSQL database (on
ports ``--port``, ``--port`` + 1, ...).  Without a front, the seats of each
table are spread over the processes (seat k on process k mod N), so most
broadcasts cross from one process to another through PostgreSQL, and every
process applies every decision.  With ``--front`` the bench starts nginx
before them (``deploy/front``: TLS, each table's requests and sockets to one
process) and the clients go through it: each decision is applied by one
process, so the servers' CPU per decision should stay near one process's
whatever N; ``--url`` sends them to a front started by hand instead (e.g.
``deploy/front DIR 8443 127.0.0.1:9001 127.0.0.1:9002`` with ``--processes 2
--port 9001``).

``--seconds S`` stops after S seconds, the games unfinished: the figures are
those of that time (for loads this machine cannot play to the end soon).

The latencies are given for the whole run, and again without the decisions sent
in the first ``--warmup`` seconds (10 by default), when every socket connects
and every table makes its first decision at once: the steady figures, with the
decisions per second of that part, and the servers' CPU per decision over that
part alone (read from /proc, start-up and table creation left out).

The clients take deltas (docs/server.md); ``--whole`` has them ask for whole
messages instead, as every client did before deltas.  ``--server-source``
runs the servers from another checkout's ``src/`` (say, a worktree of the
commit before a change) with these clients, so that before and after are
measured by one bench: ``--server-source ../before/src --whole``.

Run: ``.venv/bin/python bench/server.py [--tables 200] [--think 1.0]``;
``... --processes 2 --front --database postgresql://...`` through nginx.
"""

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import websockets

from vitrine.server.collector import settle_collector
from vitrine.server.play.pictures import apply_delta

PLAYERS = 4
FRONT = Path(__file__).resolve().parent.parent / "deploy" / "front"


@cache
def self_signed() -> ssl.SSLContext:
    """The bench trusts the front's self-signed certificate: no authority is loaded,
    and one context serves every connection (4,000 sockets must not each load the
    system's certificates)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


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
    context = self_signed() if url.startswith("https:") else None
    with urllib.request.urlopen(request, timeout=30, context=context) as r:
        return json.loads(r.read())


def open_table(base: str) -> Table:
    seats = [{"kind": "human", "name": f"P{seat}"} for seat in range(PLAYERS)]
    created = post(f"{base}/api/tables", {"seats": seats})
    table = Table(created["table"]["id"], [seat["token"] for seat in created["seats"]])
    post(f"{base}/api/tables/{table.id}/start", token=created["host_token"])
    return table


async def player(
    ws_base: str,
    table: Table,
    seat: int,
    think: float,
    latencies: list[tuple[float, float]],
    rng: random.Random,
    deltas: bool,
) -> None:
    """Play one seat to the end of the game (``table.sent`` keeps its decisions),
    taking deltas or whole messages."""
    url = f"{ws_base}/api/tables/{table.id}/ws"
    context = self_signed() if url.startswith("wss:") else None
    async with websockets.connect(url, max_size=None, ssl=context, open_timeout=60) as socket:
        hello = {"type": "hello", "token": table.tokens[seat]} | (
            {"deltas": True} if deltas else {}
        )
        await socket.send(json.dumps(hello))
        message: dict[str, Any] = {}
        async for text in socket:
            received = orjson.loads(text)  # the clients' CPU is taken from the servers' cores
            if received["type"] == "error":
                raise SystemExit(f"the server refused a scripted decision: {received['message']}")
            # A delta always follows this client's last message: it reads every one.
            message = apply_delta(message, received) if received["type"] == "delta" else received
            seq = message["table"]["seq"]
            if seq in table.sent:
                sent = table.sent[seq]
                latencies.append((sent, time.perf_counter() - sent))
            view = message["view"]
            if view["current_player"] is None:
                return
            if view["current_player"] == seat:
                await asyncio.sleep(think * rng.random() * 2)  # mean ``think``
                table.sent[seq + 1] = time.perf_counter()
                action = rng.choice(view["legal_actions"])
                await socket.send(json.dumps({"type": "act", "action": action, "seq": seq}))


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


# One load generator is one client: the per-client limits are raised for it,
# and its thousands of sockets, opened at once, may take long to say hello.
RELAXED = {
    "VITRINE_CREATE_TABLES": "100000/minute",
    "VITRINE_WS_MESSAGES": "1000/second",
    "VITRINE_WS_HELLO_SECONDS": "300",
}


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


def start_front(folder: str, port: int, backends: list[int]) -> subprocess.Popen[bytes]:
    """nginx before the servers (``deploy/front``), answering on ``port``."""
    command = ["bash", str(FRONT), folder, str(port), *(f"127.0.0.1:{b}" for b in backends)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    for _ in range(300):
        if process.poll() is not None:
            raise SystemExit("nginx did not start")
        try:
            urllib.request.urlopen(
                f"https://127.0.0.1:{port}/api/games", timeout=1, context=self_signed()
            )
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("nginx did not start")


@dataclass
class Played:
    """What a run measured: when each decision was sent, each delivery's (send, latency)."""

    start: float
    elapsed: float
    sent: list[float]
    latencies: list[tuple[float, float]]
    ended: bool  # every game ended (else the run was stopped after ``--seconds``)


def tree_cpu(pid: int) -> float:
    """The CPU seconds a process and its live descendants (nginx's workers) have
    used so far (Linux's /proc; 0 elsewhere)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        used = (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
        children = [
            int(child)
            for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()
        ]
    except OSError:
        return 0.0
    return used + sum(tree_cpu(child) for child in children)


@dataclass
class Steady:
    """The servers' (and the front's) CPU once the warm-up is over, and at the end."""

    pids: list[int]
    warmup: float
    begin: tuple[float, float] | None = None  # (time, CPU seconds)
    end: tuple[float, float] | None = None

    def cpu(self) -> float:
        return sum(tree_cpu(pid) for pid in self.pids)

    async def read_after(self, start: float) -> None:
        await asyncio.sleep(max(0.0, start + self.warmup - time.perf_counter()))
        self.begin = (time.perf_counter(), self.cpu())


async def run(
    bases: list[str],
    tables: int,
    think: float,
    seconds: float | None,
    deltas: bool,
    steady: Steady,
) -> Played:
    """Play until every game ends, or for ``seconds``; seat k of every table talks to
    ``bases[k % len(bases)]``.  ``steady`` reads the servers' CPU at its time."""
    opened = await asyncio.gather(
        *(asyncio.to_thread(open_table, bases[i % len(bases)]) for i in range(tables))
    )
    latencies: list[tuple[float, float]] = []
    settle_collector()  # this client's own collector pauses are not the server's latency
    rng = random.Random(1)
    start = time.perf_counter()
    games = asyncio.gather(
        *(
            player(
                bases[seat % len(bases)].replace("http", "ws", 1),
                table,
                seat,
                think,
                latencies,
                random.Random(rng.random()),
                deltas,
            )
            for table in opened
            for seat in range(PLAYERS)
        )
    )
    reading = asyncio.create_task(steady.read_after(start))
    try:
        await asyncio.wait_for(games, seconds)
        ended = True
    except TimeoutError:  # the players are cancelled: the figures are those of the time given
        ended = False
    steady.end = (time.perf_counter(), steady.cpu())
    reading.cancel()
    sent = [at for table in opened for at in table.sent.values()]
    return Played(start, time.perf_counter() - start, sent, latencies, ended)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per decision")
    parser.add_argument("--port", type=int, default=0, help="the first server's; 0: free ports")
    parser.add_argument("--database", help="database URL (default: a new SQLite file)")
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (more than 1: PostgreSQL)"
    )
    parser.add_argument("--front", action="store_true", help="start nginx before them")
    parser.add_argument("--url", help="send the clients there (a front started by hand)")
    parser.add_argument(
        "--seconds", type=float, help="stop after this long, games unfinished (default: never)"
    )
    parser.add_argument(
        "--server-source",
        help="run the servers from this source folder (another checkout's src/), with "
        "these clients: before and after a change, on one bench",
    )
    parser.add_argument(
        "--whole",
        action="store_true",
        help="clients ask for whole messages rather than deltas (as before deltas existed)",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="seconds at the start whose decisions are left out of the steady figures",
    )
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    ports = [args.port + i if args.port else free_port() for i in range(args.processes)]
    with tempfile.TemporaryDirectory() as folder, ExitStack() as running:
        database = args.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        if args.processes > 1 and not database.startswith("postgres"):
            raise SystemExit("--processes above 1 needs --database postgresql://...")
        # Behind a front, the front is trusted to name the client, as in a deployment.
        settings = RELAXED | {"VITRINE_TRUSTED_PROXIES": "127.0.0.1"}
        pids = []
        for port in ports:
            server_source = {"PYTHONPATH": args.server_source} if args.server_source else {}
            server = start_server(port, database, settings | server_source)
            running.callback(server.wait)
            running.callback(server.terminate)
            pids.append(server.pid)
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        if args.front:
            front_port = free_port()
            front = start_front(str(Path(folder) / "nginx"), front_port, ports)
            running.callback(front.wait)
            running.callback(front.terminate)
            bases = [f"https://127.0.0.1:{front_port}"]
            pids.append(front.pid)
        if args.url:
            bases = [args.url.rstrip("/")]
        before = cpu_times()
        steady_cpu = Steady(pids, args.warmup)
        played = asyncio.run(
            run(bases, args.tables, args.think, args.seconds, not args.whole, steady_cpu)
        )
        tallies = [process_tally(port) for port in ports]
    after = cpu_times()
    # The servers (and the front) are this process's only waited-for children:
    # their CPU, start-up included.
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    server_cpu = used.ru_utime + used.ru_stime
    print(f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    kind = database.split(":", 1)[0]
    way = "through " + bases[0] if args.front or args.url else "seats spread over the processes"
    processes = f"{args.processes} process{'es' if args.processes > 1 else ''}"
    print(f"{args.tables} tables x {PLAYERS} players, mean think {args.think} s, {kind}")
    load = f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    print(f"{processes}, {way}; {load}")
    if not played.ended:
        print(f"stopped after {args.seconds:.0f} s, the games unfinished")
    decisions, elapsed = len(played.sent), played.elapsed
    print(
        f"{decisions} decisions in {elapsed:.1f} s: {decisions / elapsed:.0f} decisions/s, "
        f"{decisions / 2 / elapsed:.0f} turns/s"
    )
    report("whole run", [latency for _, latency in played.latencies])
    # The first seconds are a storm no server sees in steady use: every socket
    # connects (a TLS handshake each through a front) and every table's first
    # decision comes at once.
    since = played.start + args.warmup
    steady = sum(at >= since for at in played.sent) / max(elapsed - args.warmup, 1e-9)
    report(
        f"after {args.warmup:.0f} s ({steady:.0f} decisions/s)",
        [latency for at, latency in played.latencies if at >= since],
    )
    print(
        f"servers' CPU {server_cpu:.1f} s ({server_cpu / elapsed:.0%} of a core), "
        f"{server_cpu / decisions * 1000:.2f} ms a decision (start-up and table creation included)"
    )
    if steady_cpu.begin is not None and steady_cpu.end is not None and not args.url:
        seconds = steady_cpu.end[0] - steady_cpu.begin[0]
        cpu = steady_cpu.end[1] - steady_cpu.begin[1]
        made = sum(at >= steady_cpu.begin[0] for at in played.sent)
        print(
            f"servers' CPU after {args.warmup:.0f} s: {cpu:.1f} s in {seconds:.0f} s "
            f"({cpu / seconds:.0%} of a core) for {made} decisions: "
            f"{cpu / max(made, 1) * 1000:.2f} ms a decision"
        )
    made, commits = (sum(tally.get(key, 0) for tally in tallies) for key in ("made", "commits"))
    if commits:  # a server from before the group commit does not count them
        print(
            f"the servers made {made} decisions; those that ended nothing were written "
            f"in {commits} commits ({made / commits:.1f} decisions a commit)"
        )
    if before is not None and after is not None:
        spent = [end - start for start, end in zip(before, after, strict=True)]
        # On a virtual machine, time the host gave to others ("steal") delays
        # every delivery, whatever the server does: read the figures with it.
        steal = spent[7] / sum(spent) if len(spent) > 7 else 0.0
        idle = (spent[3] + spent[4]) / sum(spent)
        print(f"machine: {idle:.0%} idle, {steal:.0%} taken by the host (steal) during the run")


def process_tally(port: int) -> dict[str, int]:
    """A server's own counts (GET /api/process): decisions made, commits."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/process", timeout=30) as answer:
        tally: dict[str, int] = json.load(answer)
        return tally


def report(what: str, latencies: list[float]) -> None:
    """The latency from a decision's send to its broadcast's arrival, at one client."""
    if len(latencies) < 2:
        raise SystemExit("too few broadcasts came back to measure (all sockets connecting?)")
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"submit -> broadcast received, {what}, {len(latencies)} deliveries: "
        f"p50 {cuts[49] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms, "
        f"max {max(latencies) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
