"""Bot clients under load: many bot accounts, each playing through its API token.

Starts ``vitrine serve`` on a fresh SQLite file (or ``--database``), signs up
``--bots`` accounts, marks each a bot and makes it a ``play`` token (through
the account routes, as an owner would), then pairs them as the API offers:
bot 2k challenges bot 2k+1 (``POST /api/tables`` with a seat ``{"kind":
"human", "account": ...}``, by its token) and bot 2k+1 reads its challenges
and accepts.  Every bot then opens its table's socket with its token in the
hello and plays a random legal decision whenever the state says it is its
turn, after ``--think`` seconds on average, until its game ends.

Prints the games finished, the decisions per second, the decision's round
trip (from the send to the arrival, at the sender, of the state it led to:
the engine, the commit and the broadcast), and the server's CPU time and
memory (its resident set at the end and at its peak, from /proc).
``bench/pairing.py --bot-clients N`` drives the same bots through quick
pairing instead, alongside people's requests, with this module's pieces.

Run: ``.venv/bin/python bench/bot_clients.py [--bots 200] [--think 0.5] [--rated]``.
"""

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from server import RELAXED, free_port, start_server  # bench/server.py

PASSWORD = "velvet tundra quiver 1951"
SETTINGS = RELAXED | {
    "VITRINE_SIGN_UPS": "100000/minute",
    "VITRINE_API_TOKEN_REQUESTS": "100000/minute",
}


def call(base: str, method: str, path: str, body: Any = None, **headers: str) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data, {"Content-Type": "application/json", **headers}, method=method
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read() or b"null")


def bot_account(base: str, name: str, scopes: tuple[str, ...] = ("play",)) -> str:
    """Sign up ``name``, mark it a bot, make it a token of ``scopes``: the token."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # its cookie
    origin = {"Origin": base}

    def session(method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} | origin
        request = urllib.request.Request(base + path, data, headers, method=method)
        with opener.open(request, timeout=120) as response:
            return json.loads(response.read() or b"null")

    session("POST", "/api/account", {"name": name, "password": PASSWORD})
    session("POST", "/api/account/bot")
    made = session("POST", "/api/account/tokens", {"label": "bench", "scopes": list(scopes)})
    token: str = made["token"]
    return token


def bot_accounts(base: str, count: int, scopes: tuple[str, ...] = ("play",)) -> list[str]:
    """``count`` bot accounts ``bench0`` ... with tokens, eight sign-ups at a time
    (each is an argon2id hash: CPU and memory): their tokens."""
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(lambda i: bot_account(base, f"bench{i}", scopes), range(count)))


@dataclass
class Figures:
    round_trips: list[float] = field(default_factory=list)
    decisions: int = 0
    finished: int = 0


async def play(
    base: str, table_id: str, token: str, think: float, figures: Figures, rng: random.Random
) -> None:
    """Play the token's seat at ``table_id`` to the end."""
    url = base.replace("http", "ws", 1) + f"/api/tables/{table_id}/ws"
    sent_at: dict[int, float] = {}  # the seq a decision answered -> when it was sent
    async with websockets.connect(url, max_size=None, open_timeout=120) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "error":
                continue  # stale: the next state follows
            table, view = message["table"], message["view"]
            for seq in [s for s in sent_at if s < table["seq"]]:
                figures.round_trips.append(time.perf_counter() - sent_at.pop(seq))
            if table["status"] != "playing":
                figures.finished += table["status"] == "over"
                return
            if table["current_player"] == message["you"] and table["seq"] not in sent_at:
                if think:
                    await asyncio.sleep(think * rng.random() * 2)
                sent_at[table["seq"]] = time.perf_counter()
                figures.decisions += 1
                action = rng.choice(view["legal_actions"])
                await socket.send(
                    json.dumps({"type": "act", "action": action, "seq": table["seq"]})
                )


def process_figures(pid: int) -> tuple[float, int, int]:
    """The process's CPU seconds, resident and peak resident memory (KiB)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    status = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return ticks / 100, int(status["VmRSS"].split()[0]), int(status["VmHWM"].split()[0])


def play_report(
    figures: Figures,
    elapsed: float,
    server: tuple[float, int, int],
    cpu_before: float,
    span: float | None = None,
) -> str:
    """The play's figures: decisions per second over the ``elapsed`` seconds of
    play, their round trip, and the server's (``process_figures``, taken at the
    end) CPU time since ``cpu_before``, over ``span`` seconds (the play's by
    default), and memory."""
    cpu, rss, peak = server
    span = span or elapsed
    cuts = statistics.quantiles(figures.round_trips, n=100, method="inclusive")
    used = cpu - cpu_before
    return (
        f"{figures.decisions} decisions: {figures.decisions / elapsed:.0f} decisions/s; "
        f"round trip p50 {cuts[49] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms, "
        f"max {max(figures.round_trips) * 1000:.1f} ms\n"
        f"server CPU {used:.1f} s in {span:.1f} s ({used / span:.0%} of a core, "
        f"{used / figures.decisions * 1000:.2f} ms a decision); "
        f"memory {rss / 1024:.0f} MiB resident, {peak / 1024:.0f} MiB at its peak"
    )


def pair(base: str, tokens: list[str], game: str, rated: bool) -> list[str]:
    """Bot 2k challenges bot 2k+1, which accepts: the tables."""
    tables = []
    for k in range(0, len(tokens) - 1, 2):
        seats = [{"kind": "human", "me": True}, {"kind": "human", "account": f"bench{k + 1}"}]
        made = call(
            base,
            "POST",
            "/api/tables",
            {"game": game, "seats": seats, "rated": rated},
            Authorization=f"Bearer {tokens[k]}",
        )
        bearer = {"Authorization": f"Bearer {tokens[k + 1]}"}
        (challenge,) = call(base, "GET", "/api/account/challenges", **bearer)["received"]
        call(base, "POST", f"/api/challenges/{challenge['table']['id']}/accept", **bearer)
        tables.append(made["table"]["id"])
    return tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", type=int, default=200)
    parser.add_argument("--game", default="tucano")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds per decision")
    parser.add_argument("--rated", action="store_true")
    parser.add_argument("--database", default=None)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    database = args.database or f"sqlite:///{folder}/bench.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(port, database, SETTINGS)
    try:
        began = time.perf_counter()
        tokens = bot_accounts(base, args.bots)
        tables = pair(base, tokens, args.game, args.rated)
        print(
            f"{args.bots} bot accounts with tokens, {len(tables)} challenges accepted "
            f"in {time.perf_counter() - began:.1f} s"
        )
        figures, rng = Figures(), random.Random(1)
        cpu_before = process_figures(server.pid)[0]
        start = time.perf_counter()

        async def everyone() -> None:
            await asyncio.gather(
                *(
                    play(base, tables[k // 2], token, args.think, figures, rng)
                    for k, token in enumerate(tokens[: 2 * len(tables)])
                )
            )

        asyncio.run(everyone())
        elapsed = time.perf_counter() - start
        print(f"{figures.finished // 2} of {len(tables)} games finished in {elapsed:.1f} s")
        print(play_report(figures, elapsed, process_figures(server.pid), cpu_before))
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
