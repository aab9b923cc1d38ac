"""SQLite is served by one process: a second ``vitrine serve`` on the same file
refuses to start, saying why and what to use instead; once the first has
stopped (or was killed), the file is free again."""

import subprocess
import sys
from pathlib import Path

import pytest

from server_process import Served, free_port

pytestmark = pytest.mark.timeout(120)
VITRINE = Path(sys.executable).with_name("vitrine")


def second_server(database_url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(VITRINE), "serve", "--port", str(free_port()), "--database", database_url],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_second_server_on_one_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'vitrine.sqlite3'}"
    first = Served(url)
    try:
        refused = second_server(url)
        assert refused.returncode == 1
        assert "another vitrine serve already serves the SQLite file" in refused.stderr
        assert "postgresql://" in refused.stderr and "Traceback" not in refused.stderr
        assert first.call("GET", "/api/games")  # the first serves on
        other = f"sqlite:///{tmp_path / 'other.sqlite3'}"  # another file is another server's
        beside = Served(other)
        beside.stop()
    finally:
        first.kill()  # killed: the system lets go of its hold
    again = Served(url)
    assert again.call("GET", "/api/games")
    again.stop()
