"""A real ``vitrine serve`` in a child process, for the restart and browser tests,
and the TLS front (``deploy/front``: nginx) before several of them.

These tests need what the in-process client cannot give: a process that can be
killed with SIGKILL, and a port a browser can reach.  Each server is forked
from a warm starter (``server_starter.py``) that has imported what a server
imports, once per test process, rather than a fresh ``vitrine`` that spends
seconds importing (a server whose PYTHONPATH differs from the starter's starts
afresh; ``VITRINE_TEST_FRESH_SERVERS=1`` starts every one afresh).
"""

import atexit
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import psycopg

VITRINE = Path(sys.executable).with_name("vitrine")
FRONT = Path(__file__).resolve().parent.parent / "deploy" / "front"
# Tests play far faster than people: these per-client limits are raised for
# them (each test's settings may say otherwise), and have tests of their own
# at their defaults (test_server_public*.py).
FAST_PLAY = {
    "VITRINE_WS_MESSAGES": "1000/second",
    "VITRINE_CREATE_TABLES": "1000/minute",
    "VITRINE_START_BOT_TABLES": "1000/minute",
}


TESTS = Path(__file__).resolve().parent
FRESH_VARIABLE = "VITRINE_TEST_FRESH_SERVERS"


class Starter:
    """The test process's warm starter (``server_starter.py``) and its socket."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed with the process)
        code = f"import sys; sys.path.insert(0, {str(TESTS)!r}); import server_starter; "
        code += "server_starter.main(int(sys.argv[1]))"
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        theirs.close()
        self.control = ours
        self.lock = threading.Lock()
        self.owner = os.getpid()
        self.python = python_variables(os.environ)

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def close(self) -> None:
        self.control.close()  # the starter ends when its socket does
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def python_variables(env: Mapping[str, str]) -> dict[str, str]:
    """What decides what a Python process imports (PYTHONPATH and its kin)."""
    return {name: value for name, value in env.items() if name.startswith("PYTHON")}


_starter: Starter | None = None


def starter() -> Starter:
    global _starter
    if _starter is None or _starter.owner != os.getpid() or _starter.process.poll() is not None:
        _starter = Starter()
        atexit.register(_starter.close)
    return _starter


def forkable(env: Mapping[str, str]) -> bool:
    """Whether a server with this environment may be forked from the starter: not
    where it is asked to start afresh, nor where it would import from elsewhere than
    the starter did (a test that installs a game plug-in on PYTHONPATH)."""
    if os.environ.get(FRESH_VARIABLE) == "1":
        return False
    return python_variables(env) == starter().python


class Forked:
    """A command run by a fork of the warm starter: what ``Served`` uses of a
    ``Popen`` (``args``, ``pid``, ``poll``, ``wait``, ``send_signal``, ``terminate``)."""

    def __init__(self, args: list[str], env: dict[str, str], log: IO[bytes]) -> None:
        self.args = args
        self.returncode: int | None = None
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        chosen = starter()
        request = {"argv": args, "env": env, "cwd": os.getcwd()}
        with chosen.lock:
            socket.send_fds(
                chosen.control, [json.dumps(request).encode()], [log.fileno(), theirs.fileno()]
            )
        theirs.close()
        self.answers = ours
        self.answers.settimeout(30)
        started = self.answers.recv(4096)
        if not started:
            raise RuntimeError(f"the warm starter failed: {chosen.output()}")
        self.pid: int = json.loads(started)["pid"]

    def _ended(self, answer: bytes) -> int:
        if not answer:
            raise RuntimeError(f"the warm starter died before server {self.pid} ended")
        self.returncode = int(json.loads(answer)["returncode"])
        self.answers.close()
        return self.returncode

    def poll(self) -> int | None:
        if self.returncode is None:
            self.answers.setblocking(False)
            try:
                return self._ended(self.answers.recv(4096))
            except BlockingIOError:
                return None
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            self.answers.settimeout(timeout)
            try:
                return self._ended(self.answers.recv(4096))
            except TimeoutError:
                raise subprocess.TimeoutExpired(self.args, timeout or 0) from None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def call(
    base: str,
    method: str,
    path: str,
    token: str | None = None,
    body: dict[str, Any] | None = None,
    context: ssl.SSLContext | None = None,
) -> Any:
    """One API call to the server at ``base``; an HTTP error raises with the server's words."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, headers, method=method)
    with urllib.request.urlopen(request, timeout=30, context=context) as response:
        return json.loads(response.read())


def answering(
    process: "subprocess.Popen[bytes] | Forked",
    ask: Callable[[str, str], Any],
    death: Callable[[], str],
) -> None:
    """Wait until ``process`` answers ``ask("GET", "/api/games")``; raise with ``death()``'s
    words if it dies first, or if it does not answer in 30 s."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(death())
        try:
            ask("GET", "/api/games")
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{process.args!r} did not answer in 30 s")


def lease_owner(database_url: str, table_id: str) -> str | None:
    """The process that runs ``table_id`` (its bots and clock), if one does."""
    with psycopg.connect(database_url) as connection:
        row = connection.execute(
            "SELECT owner FROM table_leases WHERE table_id = %s", (table_id,)
        ).fetchone()
    return None if row is None else str(row[0])


class Served:
    """One server process on one database; ``kill`` is SIGKILL, no goodbye."""

    def __init__(
        self,
        database_url: str,
        bot_delay: float = 0.05,
        port: int = 0,
        settings: dict[str, str] | None = None,
        extra: tuple[str, ...] = (),
    ) -> None:
        """``settings``: ``VITRINE_*`` variables for the server (see ``server/settings.py``);
        ``extra``: more ``vitrine serve`` options."""
        self.database_url = database_url
        self.bot_delay = bot_delay
        self.settings = settings
        self.extra = extra
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # What a browser opens: "localhost" is a secure context (passkeys, push) by name.
        self.site = f"http://localhost:{self.port}"
        # a file, not a pipe (a full pipe would stall the server); closed by stop()
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        command = [
            str(VITRINE),
            "serve",
            "--port",
            str(self.port),
            "--database",
            database_url,
            "--bot-delay",
            str(bot_delay),
            *extra,
        ]
        env = dict(os.environ | FAST_PLAY | (settings or {}))
        self.process: subprocess.Popen[bytes] | Forked
        if forkable(env):
            self.process = Forked(command, env, self.log)
        else:
            self.process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=self.log, env=env
            )
        answering(self.process, self.call, lambda: f"the server died: {self.output()}")

    def call(
        self, method: str, path: str, token: str | None = None, body: dict[str, Any] | None = None
    ) -> Any:
        """One API call; an HTTP error raises with the server's words."""
        return call(self.url, method, path, token, body)

    def output(self) -> str:
        """What the server has written to its log so far."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def again(self) -> "Served":
        """A new server process on the same database, with the same settings (once this
        one has stopped): what it knows, it reads back from the database."""
        return Served(self.database_url, self.bot_delay, settings=self.settings, extra=self.extra)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


def self_signed() -> ssl.SSLContext:
    """A client that trusts the front's self-signed certificate, as a tester does."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class Front:
    """nginx before ``backends`` (``deploy/front``): TLS on a free port, every file
    under ``folder``; each table's HTTP and WebSocket go to one backend (table
    affinity), the rest anywhere."""

    def __init__(self, folder: Path, backends: list[Served]) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            ["bash", str(FRONT), str(folder), str(self.port)]
            + [f"127.0.0.1:{backend.port}" for backend in backends],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        errors = self.process.stderr
        assert errors is not None
        answering(self.process, self.call, lambda: f"nginx died: {errors.read().decode()}")

    def call(
        self, method: str, path: str, token: str | None = None, body: dict[str, Any] | None = None
    ) -> Any:
        return call(self.url, method, path, token, body, self_signed())

    def upstreams(self) -> set[str]:
        """The backends that answered some request, from nginx's access log."""
        log = (self.folder / "logs" / "access.log").read_text()
        return {
            word.removeprefix("upstream=") for word in log.split() if word.startswith("upstream=")
        }

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


# Processes behind nginx: the front names the client, and a killed process's
# leases expire within seconds, not the default's minute.
BEHIND_NGINX = {"VITRINE_TRUSTED_PROXIES": "127.0.0.1", "VITRINE_LEASE_SECONDS": "2"}


@contextmanager
def behind_nginx(
    database_url: str, folder: Path, count: int
) -> Iterator[tuple[Front, list[Served]]]:
    """``count`` server processes on one database with nginx before them (its files
    under ``folder``), all stopped after."""
    backends = [Served(database_url, settings=BEHIND_NGINX) for _ in range(count)]
    front = Front(folder, backends)
    try:
        yield front, backends
    finally:
        front.stop()
        for backend in backends:
            backend.stop()
