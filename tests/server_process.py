"""A real ``vitrine serve`` in a child process, for the restart and browser tests.

These tests need what the in-process client cannot give: a process that can be
killed with SIGKILL, and a port a browser can reach.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

VITRINE = Path(sys.executable).with_name("vitrine")
# Tests play far faster than people: these per-client limits are raised for
# them (each test's settings may say otherwise), and have tests of their own
# at their defaults (test_server_public*.py).
FAST_PLAY = {
    "VITRINE_WS_MESSAGES": "1000/second",
    "VITRINE_CREATE_TABLES": "1000/minute",
    "VITRINE_START_BOT_TABLES": "1000/minute",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # a file, not a pipe (a full pipe would stall the server); closed by stop()
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                str(VITRINE),
                "serve",
                "--port",
                str(self.port),
                "--database",
                database_url,
                "--bot-delay",
                str(bot_delay),
                *extra,
            ],
            stdout=subprocess.DEVNULL,
            stderr=self.log,
            env=os.environ | FAST_PLAY | (settings or {}),
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server died: {self.output()}")
            try:
                self.call("GET", "/api/games")
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def call(
        self, method: str, path: str, token: str | None = None, body: dict[str, Any] | None = None
    ) -> Any:
        """One API call; an HTTP error raises with the server's words."""
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def output(self) -> str:
        """What the server has written to its log so far."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

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
