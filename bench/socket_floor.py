"""The floor under a decision's cost: a socket server that does nothing but relay.

A decision at a 4-player table is one WebSocket message in and four out
(each seat's message), plus the game, the database and the view.  This bench
measures the first part alone, with no game, no database and no vitrine
code: a server that answers every message a socket sends by sending a
700-byte text to each of the four sockets of its group, and clients shaped
as ``bench/server.py``'s (``--groups`` groups of four sockets, one of which
sends a message after a random pause of mean ``--think`` seconds).  Printed:
the server's CPU per relayed message (from /proc, after ``--warmup``
seconds), for two servers:

- ``fastapi``: FastAPI on uvicorn (its default WebSocket protocol), as
  ``vitrine serve`` runs, without vitrine's middleware;
- ``websockets``: the ``websockets`` library's own asyncio server, no ASGI;

each on the standard library's event loop and on uvloop (``--loops``), which
``vitrine serve`` runs on where it is installed (a dependency but on Windows).

What vitrine spends per decision beyond this floor is its own (compare
``bench/server.py``'s "servers' CPU after 10 s").

Run: ``.venv/bin/python bench/socket_floor.py [--groups 300] [--seconds 20]``.
"""

import argparse
import asyncio
import contextlib
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.server import serve as serve_websockets

PAYLOAD = '{"type":"delta","n":1,"base":0,"x":"' + "a" * 660 + '"}'


def fastapi_app() -> Any:
    from fastapi import FastAPI, WebSocket, WebSocketDisconnect

    app = FastAPI()
    groups: dict[str, set[asyncio.Queue[str]]] = {}

    @app.websocket("/ws/{group}")
    async def relay(websocket: WebSocket, group: str) -> None:
        await websocket.accept()
        queue: asyncio.Queue[str] = asyncio.Queue()
        members = groups.setdefault(group, set())
        members.add(queue)

        async def send() -> None:
            while True:
                await websocket.send_text(await queue.get())

        sender = asyncio.create_task(send())
        try:
            while True:
                await websocket.receive_text()
                for member in members:
                    member.put_nowait(PAYLOAD)
        except WebSocketDisconnect:
            pass
        finally:
            members.discard(queue)
            sender.cancel()

    return app


async def websockets_server(port: int) -> None:
    groups: dict[str, set[Any]] = {}

    async def relay(socket: Any) -> None:
        members = groups.setdefault(socket.request.path, set())
        members.add(socket)
        try:
            async for _ in socket:
                for member in members:
                    with contextlib.suppress(websockets.ConnectionClosed):  # it left meanwhile
                        await member.send(PAYLOAD)
        except websockets.ConnectionClosed:  # the clients stop by cancelling: 1011
            pass
        finally:
            members.discard(socket)

    async with serve_websockets(relay, "127.0.0.1", port):
        await asyncio.get_running_loop().create_future()


def serve(kind: str, port: int, loop: str) -> None:
    if kind == "fastapi":
        import uvicorn

        uvicorn.run(fastapi_app(), host="127.0.0.1", port=port, log_level="warning", loop=loop)
    elif loop == "uvloop":
        import uvloop

        uvloop.run(websockets_server(port))
    else:
        asyncio.run(websockets_server(port))


def process_cpu(pid: int) -> float:
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


async def clients(
    port: int, groups: int, think: float, warmup: float, seconds: float, pid: int
) -> tuple[float, int, float]:
    """Play the clients; the server's CPU, the messages sent and the seconds measured."""
    sent = [0]

    async def member(group: int, seat: int, rng: random.Random) -> None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{group}") as socket:
            reading = asyncio.create_task(drain(socket))
            try:
                while seat == 0:
                    await asyncio.sleep(think * rng.random() * 2)
                    await socket.send('{"type":"act","action":"1907","seq":1}')
                    sent[0] += 1
                await reading
            finally:
                reading.cancel()

    async def drain(socket: Any) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for _ in socket:
                pass

    tasks = [
        asyncio.create_task(member(g, s, random.Random(g * 4 + s)))
        for g in range(groups)
        for s in range(4)
    ]
    await asyncio.sleep(warmup)
    cpu, count, start = process_cpu(pid), sent[0], time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, count = process_cpu(pid) - cpu, sent[0] - count
    elapsed = time.perf_counter() - start
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return cpu, count, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--groups", type=int, default=300)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--port", type=int, default=8799)
    parser.add_argument(
        "--loops", nargs="+", choices=("asyncio", "uvloop"), default=["asyncio", "uvloop"]
    )
    parser.add_argument("--serve", choices=("fastapi", "websockets"), help=argparse.SUPPRESS)
    parser.add_argument("--loop", choices=("asyncio", "uvloop"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.port, args.loop)
        return
    for kind, loop in [(kind, loop) for kind in ("fastapi", "websockets") for loop in args.loops]:
        command = [
            sys.executable,
            __file__,
            "--serve",
            kind,
            "--loop",
            loop,
            "--port",
            str(args.port),
        ]
        server = subprocess.Popen(command)
        try:
            time.sleep(3)  # started (a relay with no route to probe)
            run = clients(args.port, args.groups, args.think, args.warmup, args.seconds, server.pid)
            cpu, count, elapsed = asyncio.run(run)
        finally:
            server.terminate()
            server.wait()
        print(
            f"{kind} on {loop}: {count} messages in {elapsed:.0f} s, each relayed to 4 sockets: "
            f"server CPU {cpu:.1f} s, {cpu / max(count, 1) * 1000:.3f} ms a message"
        )


if __name__ == "__main__":
    main()
