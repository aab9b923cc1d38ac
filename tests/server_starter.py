"""A warm starter for ``vitrine serve``: one process per test process that has
imported what a server imports, and forks a server for each ``Served``.

A ``vitrine serve`` started afresh spends two to three seconds of CPU importing
FastAPI, SQLAlchemy, Alembic and the app before it listens, and the suite
starts dozens.  The starter pays that once: each server is a fork of it that
runs the same command line (``vitrine.cli.main``, as the ``vitrine`` script
does) with the environment, working folder and log the test gives, as a
preloading server (gunicorn's ``--preload``) starts its workers.  The starter
only imports: it starts no thread, event loop, engine or connection, so a fork
holds nothing a fresh process would not.  ``--workers`` still spawns fresh
interpreters, as in production.

The test process talks to it over a socket pair: a request (the command line,
environment and folder, with the log's descriptor and one end of a new socket
pair for that server) answers the server's pid on that pair, and later its exit
status (as ``Popen.returncode``: negative for a signal), once the starter has
reaped it.  ``server_process.Forked`` is the test process's side.
"""

import contextlib
import importlib
import json
import os
import select
import signal
import socket
import sys
import traceback
from typing import Any

# What `vitrine serve` imports before it listens (a module missing here, moved or
# renamed, is only not preloaded: the server imports it itself).
PRELOAD = (
    "vitrine.cli.main",
    "vitrine.cli.serve",
    "vitrine.games",
    "vitrine.review",
    "vitrine.server.app",
    "vitrine.server.database",
    "vitrine.server.processes",
    "vitrine.server.settings",
    "uvicorn",
    "uvicorn.loops.uvloop",
    "uvicorn.protocols.http.httptools_impl",
    "uvicorn.protocols.websockets.websockets_impl",
    "uvicorn.lifespan.on",
    "uvloop",
)


def preload() -> None:
    for name in PRELOAD:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def run_child(request: dict[str, Any], log: int, inherited: list[int]) -> None:
    """In the forked server: its standard streams, folder, environment and command
    line, then ``vitrine``'s main; never returns."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(log, 2)
        for fd in {null, log, *inherited}:
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = list(request["argv"])
        from vitrine.cli.main import main

        main.main(args=sys.argv[1:], prog_name="vitrine")
        code = 0
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)


def serve(control: socket.socket) -> None:
    """Fork a server for each request on ``control`` until it closes or the test
    process that started the starter is gone."""
    parent = os.getppid()
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    watchers: dict[int, socket.socket] = {}
    while True:
        ready, _, _ = select.select([control.fileno(), wake_read], [], [], 1.0)
        if wake_read in ready:
            while True:
                try:
                    if not os.read(wake_read, 512):
                        break
                except BlockingIOError:
                    break
        while watchers:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            watcher = watchers.pop(pid, None)
            if watcher is not None:
                returncode = os.waitstatus_to_exitcode(status)
                with contextlib.suppress(OSError):
                    watcher.send(json.dumps({"returncode": returncode}).encode())
                watcher.close()
        if os.getppid() != parent:
            return
        if control.fileno() not in ready:
            continue
        message, fds, _, _ = socket.recv_fds(control, 1 << 20, 2)
        if not message:
            return  # the test process is done with us
        log, answer = fds
        watcher = socket.socket(fileno=answer)
        inherited = [control.fileno(), wake_read, wake_write, watcher.fileno()]
        inherited += [other.fileno() for other in watchers.values()]
        pid = os.fork()
        if pid == 0:
            run_child(json.loads(message), log, inherited)
        os.close(log)
        watchers[pid] = watcher
        watcher.send(json.dumps({"pid": pid}).encode())


def main(fd: int) -> None:
    preload()
    serve(socket.socket(fileno=fd))


if __name__ == "__main__":
    main(int(sys.argv[1]))
