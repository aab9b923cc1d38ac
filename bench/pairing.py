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

``--bot-clients N`` loads the same process with N bot clients at once: bot
accounts with ``play`` and ``pair`` tokens (made as ``bench/bot_clients.py``
makes them, before the clock starts), driven here with asyncio.  Each asks
through quick pairing by its token for a game of tucano for two with a day's
clock (a key none of the people's requests has, so bots pair with bots),
spread over the time the people's requests take to send, reads its request
every ``--poll`` seconds until paired, then plays its seat over the table's
socket to the end as ``bench/bot_clients.py`` does (a random legal decision
after ``--think`` seconds on average).  Printed besides: the bots' pairing
latency apart from the people's, the games finished, the decisions per
second and their round trip, the server's CPU time over the run and its
memory, and the host's load average (other work on the machine slows all of
it).

Run: ``.venv/bin/python bench/pairing.py [--requests 500] [--rate 50] [--poll 1]
[--bot-clients 200 --think 0.5]``.
"""

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx2
from sqlalchemy import select

from bot_clients import SETTINGS as BOT_SETTINGS  # bench/bot_clients.py
from bot_clients import Figures, bot_accounts, play, play_report, process_figures
from server import RELAXED, free_port, start_server  # bench/server.py
from vitrine.server.database import make_engine
from vitrine.server.pairing.models import PairingRow
from vitrine.server.play.time_controls import DAY

PASSWORD = "velvet tundra quiver 1951"
BOT_GAME = ("tucano", 2)  # what the bots ask for, with a day's clock (no person's request has it)
PLAYERS = {"exhibition": (2, 3, 4), "tucano": (2, 3, 4), "dontgointhere": (2, 3, 4, 5)}
SETTINGS = (
    RELAXED
    | BOT_SETTINGS
    | {
        "VITRINE_PAIRING_REQUESTS": "1000000/minute",
        "VITRINE_PAIRING_OPEN": "1000000",  # the guests all come from 127.0.0.1
        "VITRINE_SIGN_UPS": "1000000/minute",
    }
)


@dataclass
class Request:
    game: str
    players: int
    rated: bool
    account: int | None  # the index of the account asking; None: a guest (or a bot)
    token: str | None = None  # a bot account's API token: it asks and reads by it
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
    body: dict[str, object] = {
        "game": request.game,
        "players": request.players,
        "rated": request.rated,
    }
    headers = {}
    if request.token is not None:
        body["clock_seconds"] = DAY
        headers = {"Authorization": f"Bearer {request.token}"}
    elif request.account is None:
        body["name"] = f"Guest {number}"
    request.sent = time.perf_counter()
    made = await client.post("/api/pairing", json=body, headers=headers)
    made.raise_for_status()
    answer = made.json()
    if request.account is None and request.token is None:
        headers = {"Authorization": f"Bearer {answer['token']}"}
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


def server_latencies(database: str, bots: bool) -> tuple[list[float], list[float]]:
    """created -> paired, as the server wrote them, of the people's requests (or
    the bots'): of every request, and of each table's last request (its group
    complete: the matcher's own delay)."""
    engine = make_engine(database)
    with engine.connect() as connection:
        rows = connection.execute(
            select(PairingRow.table_id, PairingRow.created_at, PairingRow.paired_at).where(
                PairingRow.status == "paired", PairingRow.bot == bots
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


@dataclass
class Bots:
    """The bot clients' part of a run: their requests and their play's figures."""

    requests: list[Request]
    figures: Figures
    ended: float = 0.0  # when the last game ended


async def bot_client(
    request: Request,
    client: httpx2.AsyncClient,
    arguments: argparse.Namespace,
    figures: Figures,
    rng: random.Random,
    delay: float,
) -> None:
    """One bot: after ``delay``, ask to be paired, then play the table to the end."""
    await asyncio.sleep(delay)
    await ask_and_wait(request, client, arguments.poll, 0)
    assert request.token is not None
    await play(str(client.base_url), request.table, request.token, arguments.think, figures, rng)


async def run(
    arguments: argparse.Namespace, base: str, bot_tokens: list[str]
) -> tuple[list[Request], Bots]:
    rng = random.Random(arguments.seed)
    requests = plan(arguments.requests, arguments.accounts, rng)
    limits = httpx2.Limits(max_connections=400, max_keepalive_connections=400)
    guests = httpx2.AsyncClient(base_url=base, timeout=60, limits=limits)
    members = [await sign_up(base, number) for number in range(arguments.accounts)]
    bots = Bots([Request(*BOT_GAME, False, None, token) for token in bot_tokens], Figures())
    window = arguments.requests / arguments.rate  # the bots ask while the people do

    async def bots_play() -> None:
        await asyncio.gather(
            *(
                bot_client(bot, guests, arguments, bots.figures, rng, k * window / len(bot_tokens))
                for k, bot in enumerate(bots.requests)
            )
        )
        bots.ended = time.perf_counter()

    try:
        tasks = [asyncio.create_task(bots_play())]
        for number, request in enumerate(requests):
            client = guests if request.account is None else members[request.account]
            tasks.append(asyncio.create_task(ask_and_wait(request, client, arguments.poll, number)))
            await asyncio.sleep(1 / arguments.rate)
        await asyncio.gather(*tasks)
    finally:
        for client in [guests, *members]:
            await client.aclose()
    return requests, bots


def bot_report(
    bots: Bots, database: str, server: tuple[float, int, int], cpu_before: float, span: float
) -> None:
    """What the bot clients saw, and the server's CPU (over the whole run of
    ``span`` seconds: the people's requests' work too) and memory."""
    latencies = [bot.seen - bot.sent for bot in bots.requests]
    print(figures("bots' pairing latency, sent -> paired seen", latencies))
    every, completing = server_latencies(database, bots=True)
    print(figures("bots' pairing latency, server's created -> paired", every))
    print(figures("the same, of each table's last request", completing))
    playing = bots.ended - min(bot.seen for bot in bots.requests)
    tables = len(bots.requests) // 2
    print(f"{bots.figures.finished // 2} of {tables} bots' games finished in {playing:.1f} s")
    print(play_report(bots.figures, playing, server, cpu_before, span))


def load() -> str:
    """The host's load average: other work on the machine slows every figure."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--accounts", type=int, default=20, help="accounts among the askers")
    parser.add_argument("--rate", type=float, default=50.0, help="requests sent per second")
    parser.add_argument("--poll", type=float, default=1.0, help="seconds between reads")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--bot-clients", type=int, default=0, help="bots pairing and playing")
    parser.add_argument("--think", type=float, default=0.5, help="a bot's mean seconds a decision")
    arguments = parser.parse_args()
    if arguments.bot_clients % BOT_GAME[1]:
        parser.error(f"--bot-clients: a multiple of {BOT_GAME[1]}, so that every bot is paired")
    print(f"host load average (1, 5, 15 min) at the start: {load()}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "vitrine.sqlite3"
        database = arguments.database or f"sqlite:///{path}"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(port, database, SETTINGS)
        try:
            made = time.perf_counter()
            tokens = bot_accounts(base, arguments.bot_clients, ("play", "pair"))
            if tokens:
                made = time.perf_counter() - made
                print(f"{len(tokens)} bot accounts with tokens (play, pair) in {made:.1f} s")
            started = time.perf_counter()
            cpu_before = process_figures(server.pid)[0]
            requests, bots = asyncio.run(run(arguments, base, tokens))
            span = time.perf_counter() - started
            usage = process_figures(server.pid)
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
        every, completing = server_latencies(database, bots=False)
        print(figures("pairing latency, server's created -> paired", every))
        print(figures("the same, of each table's last request", completing))
        print(
            f"{len(requests) / (ended - first):.1f} requests paired per second "
            f"({ended - first:.1f} s from the first sent to the last paired seen; "
            f"{time.perf_counter() - started:.1f} s with the sign-ups)"
        )
        if tokens:
            bot_report(bots, database, usage, cpu_before, span)
        print(f"host load average (1, 5, 15 min) at the end: {load()}")


if __name__ == "__main__":
    main()
