"""``vitrine serve``: one server process, or several on one listening socket.

Several processes share the work of one machine (one Python process uses one
core): ``--workers N`` binds the address once and starts N processes that
accept from it, the kernel handing each new connection to one of them; with
``--worker-ports`` each worker has a port of its own (the port + its number),
so that a front can send each table to one process (table affinity).  Any
of them serves any table, because the database is the truth and every
process hears of every change (PostgreSQL only: ``play/changes.py``,
``play/following.py``).
A worker that dies is started again under its name (``host:port/N``), and
takes back at once the tables it was running; meanwhile the others serve
everyone who reconnects.
A worker whose parent is killed (SIGKILL, no time to stop it) stops
itself within a second or so, rather than serve on unwatched.

Processes on other machines (or under other ports) join the same way: each
is a ``vitrine serve`` on the same database, behind one proxy (docs/deploy.md).
"""

import logging
import multiprocessing
import os
import signal
import socket
import threading
import time
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any

from vitrine.server.settings import Settings

log = logging.getLogger(__name__)
RESTART_PAUSE = 1.0  # seconds before a dead worker is started again
STOP_WAIT = 15.0  # seconds a worker has to finish its requests when the server stops
PARENT_CHECK = 1.0  # seconds between a worker's looks at whether its parent lives


@dataclass(frozen=True)
class ServeOptions:
    """What every worker needs to build its app (picklable: workers are spawned)."""

    database_url: str
    host: str
    port: int
    bot_delay: float
    coach_budget: str | None


def server_id(options: ServeOptions, worker: int) -> str:
    """A process's lasting name in the leases: restarted, it is the same process."""
    return f"{socket.gethostname()}:{options.port}/{worker}"


def serve_here(
    options: ServeOptions, settings: Settings, worker: int = 0, sockets: list[Any] | None = None
) -> None:
    """Run server process number ``worker`` in this one, until it is stopped."""
    import uvicorn  # the server's dependencies load only for this command

    from vitrine.server.app import create_app
    from vitrine.server.collector import settle_collector
    from vitrine.server.transport import uvicorn_options

    app = create_app(
        options.database_url,
        options.bot_delay,
        settings,
        options.coach_budget,
        server_id=server_id(options, worker),
    )
    settle_collector()
    # Compressing each message for each connection cost a fifth of the server's
    # time in bench/server.py, for messages of a few kilobytes: off.
    config = uvicorn.Config(
        app,
        host=options.host,
        port=options.port,
        log_level="warning",
        ws_per_message_deflate=False,
        **uvicorn_options(settings),
    )
    uvicorn.Server(config).run(sockets=sockets)


def _end_with(parent: int) -> None:
    """Stop this worker (SIGTERM: it finishes its requests) once ``parent`` is gone,
    killed with no time to stop it: a worker must not serve on alone, unwatched."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os.kill(os.getpid(), signal.SIGTERM)


def _worker(options: ServeOptions, worker: int, listening: socket.socket) -> None:
    """A worker process: the settings again from the environment it inherited."""
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()
    serve_here(options, Settings.from_environment(), worker, [listening])


def serve_workers(options: ServeOptions, workers: int, own_ports: bool = False) -> None:
    """Bind once, run ``workers`` processes on the socket, start again any that dies,
    and stop them all on SIGTERM or SIGINT.  ``own_ports``: bind once per worker,
    worker N on the port + N, so that a front can send each table to one process
    (table affinity, docs/deploy.md); a worker started again is on its own port again."""
    ports = [options.port + index if own_ports else options.port for index in range(workers)]
    listening = {
        port: socket.create_server((options.host, port), backlog=2048)
        for port in dict.fromkeys(ports)
    }
    context = multiprocessing.get_context("spawn")  # the parent holds no event loop to copy
    stopping = False

    def start(index: int) -> BaseProcess:
        process = context.Process(target=_worker, args=(options, index, listening[ports[index]]))
        process.start()
        return process

    def stop(_signal: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    running = {index: start(index) for index in range(workers)}
    try:
        while not stopping:
            time.sleep(0.2)
            for index, process in list(running.items()):
                if not process.is_alive() and not stopping:
                    log.warning("worker %d ended (%s): starting it again", index, process.exitcode)
                    time.sleep(RESTART_PAUSE)
                    running[index] = start(index)
    finally:
        for process in running.values():
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn finishes its requests, then the app stops
        deadline = time.monotonic() + STOP_WAIT
        for process in running.values():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
        for bound in listening.values():
            bound.close()
