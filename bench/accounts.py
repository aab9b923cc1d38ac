"""Accounts under attack, measured: what a password costs, and what a brute force gets.

1. argon2id (the server's parameters, ``passwords.HASHER``): the time of one
   hash and one check in this process, median of ``--hashes``.
2. A scripted brute force against ``vitrine serve`` on 127.0.0.1 (SQLite,
   the default limits, 127.0.0.1 a trusted proxy so one process can speak
   for several clients through X-Forwarded-For):
   - one client guessing one account's password: answers until the first
     429, the time it took, and the Retry-After it was told;
   - the same name from many addresses (a botnet): the per-name limit holds
     whatever the address;
   - one address guessing many names (a spray): the per-client limit holds;
   - the right password after the lock-out: still refused until the window
     passes (the limit does not tell a guess from the owner);
   - an unknown name and a wrong password: their answer times side by side.

Run: ``.venv/bin/python bench/accounts.py``.  Figures depend on the load.
"""

import argparse
import json
import statistics
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from server import free_port, start_server  # bench/server.py
from vitrine.server.accounts.passwords import HASHER

PASSWORD = "velvet tundra quiver 1951"


def hash_times(count: int) -> tuple[float, float]:
    hashes, checks = [], []
    for _ in range(count):
        started = time.perf_counter()
        stored = HASHER.hash(PASSWORD)
        hashes.append(time.perf_counter() - started)
        started = time.perf_counter()
        HASHER.verify(stored, PASSWORD)
        checks.append(time.perf_counter() - started)
    return statistics.median(hashes), statistics.median(checks)


def post(
    base: str, path: str, body: dict[str, Any], client: str
) -> tuple[int, dict[str, Any], str]:
    request = urllib.request.Request(
        base + path,
        json.dumps(body).encode(),
        {"Content-Type": "application/json", "Origin": base, "X-Forwarded-For": client},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read()), ""
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), error.headers.get("Retry-After", "")


def guesses(
    base: str, name: str, client: str, tries: int
) -> tuple[int, float, str, dict[int, int]]:
    """Wrong passwords for ``name`` from ``client`` until the first 429: how many
    were answered, in how long, the Retry-After, and the statuses seen."""
    statuses: dict[int, int] = {}
    started = time.perf_counter()
    for number in range(tries):
        status, _, retry = post(
            base, "/api/session", {"name": name, "password": f"guess {number}"}, client
        )
        statuses[status] = statuses.get(status, 0) + 1
        if status == 429:
            return number, time.perf_counter() - started, retry, statuses
    return tries, time.perf_counter() - started, "", statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hashes", type=int, default=10)
    args = parser.parse_args()
    hashed, checked = hash_times(args.hashes)
    print(
        f"argon2id t={HASHER.time_cost} m={HASHER.memory_cost} KiB p={HASHER.parallelism}: "
        f"hash {hashed * 1000:.0f} ms, check {checked * 1000:.0f} ms (median of {args.hashes})"
    )
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(
            port,
            f"sqlite:///{Path(folder) / 'accounts.sqlite3'}",
            {"VITRINE_TRUSTED_PROXIES": "127.0.0.1", "VITRINE_SIGN_UPS": "1000/minute"},
        )
        try:
            status, _, _ = post(
                base, "/api/account", {"name": "Ana", "password": PASSWORD}, "203.0.113.1"
            )
            assert status == 201, status
            answered, took, retry, statuses = guesses(base, "Ana", "198.51.100.1", 100)
            print(
                f"one client, one name: {answered} wrong guesses answered (statuses {statuses}) "
                f"in {took:.1f} s, then 429 with Retry-After {retry} s"
            )
            botnet = [
                post(base, "/api/session", {"name": "Ana", "password": f"x{i}"}, f"192.0.2.{i}")[0]
                for i in range(1, 21)
            ]
            print(
                f"the same name from 20 other addresses: {botnet.count(429)} of 20 refused with 429"
            )
            owner = post(base, "/api/session", {"name": "Ana", "password": PASSWORD}, "203.0.113.1")
            print(
                f"the owner's right password during the lock-out: {owner[0]} {owner[1].get('code')}"
            )
            names = [
                post(
                    base,
                    "/api/session",
                    {"name": f"Someone {i}", "password": "guess"},
                    "198.51.100.9",
                )[0]
                for i in range(40)
            ]
            first = names.index(429) if 429 in names else None
            print(f"one address, 40 different names: the first 429 after {first} guesses")
            times: dict[str, list[float]] = {"unknown name": [], "wrong password": []}
            post(base, "/api/account", {"name": "Bo", "password": PASSWORD}, "203.0.113.2")
            for round_ in range(4):
                for label, name in (("unknown name", f"Nobody {round_}"), ("wrong password", "Bo")):
                    started = time.perf_counter()
                    status, body, _ = post(
                        base,
                        "/api/session",
                        {"name": name, "password": "nope"},
                        f"198.51.100.{50 + round_}",
                    )
                    times[label].append(time.perf_counter() - started)
                    assert status == 401 and body["code"] == "sign_in_failed", (status, body)
            print(
                "answer time, median of 4: "
                + ", ".join(
                    f"{label} {statistics.median(t) * 1000:.0f} ms" for label, t in times.items()
                )
            )
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
