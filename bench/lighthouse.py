"""Lighthouse on the pages a newcomer meets: the home page, a table in play
against a bot, and a guided game, each on a phone (Lighthouse's default
emulation, throttled) and a desktop.  Prints the performance, accessibility
and best-practices scores (0-100) of each.

Lighthouse is not one of the test tools (it weighs some 200 npm packages);
``npx`` fetches the version pinned below on first use.  Chromium is Debian's.

    .venv/bin/python bench/lighthouse.py [--runs 3]

Each figure is the median of ``--runs`` runs: Lighthouse's performance score
moves with the machine's load.
"""

import argparse
import json
import statistics
import subprocess
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from server import free_port, start_server  # bench/server.py

LIGHTHOUSE = "lighthouse@12.8.2"
CHROMIUM = "/usr/bin/chromium"
CATEGORIES = ("performance", "accessibility", "best-practices")


def call(
    base: str, method: str, path: str, body: object = None, token: str | None = None
) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request) as answer:
        found: dict[str, Any] = json.load(answer)
        return found


def table_in_play(base: str) -> str:
    """A table of one person against a bot, started: the page a first game opens."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "casual"}]
    created = call(base, "POST", "/api/tables", {"seats": seats})
    table = created["table"]["id"]
    call(base, "POST", f"/api/tables/{table}/start", token=created["host_token"])
    return f"/table/{table}"


def scores(url: str, desktop: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [
            "npx",
            "--yes",
            LIGHTHOUSE,
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-path={CHROMIUM}",
            "--chrome-flags=--headless=new --no-sandbox",
        ]
        if desktop:
            command.append("--preset=desktop")
        subprocess.run(command, check=True, env={"CHROME_PATH": CHROMIUM, "PATH": "/usr/bin:/bin"})
        categories = json.loads(report.read_text())["categories"]
        return {name: 100 * categories[name]["score"] for name in CATEGORIES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, f"sqlite:///{folder}/lighthouse.sqlite3")
        try:
            base = f"http://127.0.0.1:{port}"
            pages = {"home": "/", "table": table_in_play(base), "learn": "/learn/exhibition"}
            print(f"{'page':8} {'device':8} " + " ".join(f"{name:>15}" for name in CATEGORIES))
            for name, path in pages.items():
                for device in ("phone", "desktop"):
                    found = [scores(base + path, device == "desktop") for _ in range(runs)]
                    medians = [statistics.median(run[c] for run in found) for c in CATEGORIES]
                    print(f"{name:8} {device:8} " + " ".join(f"{m:>15.0f}" for m in medians))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
