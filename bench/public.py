"""A public server under abuse, re-measured: what a hostile client costs it.

Starts ``vitrine serve`` on a fresh SQLite file with the default limits (and
127.0.0.1 as a trusted proxy, so this one process can speak for several
clients through X-Forwarded-For), then measures, on loopback:

- a 50 MB body, declared and streamed: the time to the refusal and the
  server's memory (RSS) growth;
- ten 8 MB WebSocket messages from clients that never read, and a client
  that sends bad messages and never reads its errors: RSS growth;
- table creation by one client until it is refused (status, Retry-After);
- one client flooding the lobby, then many: whether the real tables are
  still listed, and the lobby's latency before and after;
- twelve tables of four expert bots asked to start: how many may, and the
  lobby's latency while they play;
- 300 half-sent requests: how many the server has closed after its header
  timeout.

Run: ``.venv/bin/python bench/public.py``.  Figures depend on the machine's
load; the server and these clients share it.
"""

import contextlib
import json
import socket
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from server import free_port, start_server  # bench/server.py

MB = 1024 * 1024
REAL = "198.51.100.7"  # the address of a person creating a real table


class Server:
    def __init__(self, database: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # The default limits; this process speaks for several clients through the proxy header.
        trusted = {"VITRINE_TRUSTED_PROXIES": "127.0.0.1"}
        self.process = start_server(self.port, database, trusted)

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise SystemExit("no VmRSS")

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        client: str = REAL,
    ) -> tuple[int, Any, dict[str, str]]:
        headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read()), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null"), dict(error.headers)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def watch_rss(server: Server, stop: threading.Event, peak: list[float]) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], server.rss_mb())
        time.sleep(0.005)


def measured(server: Server, work: Any) -> tuple[Any, float, float]:
    """``work()``'s result, its seconds, and the server's peak RSS growth (MB) meanwhile."""
    start_rss = server.rss_mb()
    peak = [start_rss]
    stop = threading.Event()
    watcher = threading.Thread(target=watch_rss, args=(server, stop, peak))
    watcher.start()
    began = time.perf_counter()
    try:
        result = work()
    finally:
        elapsed = time.perf_counter() - began
        time.sleep(0.2)
        stop.set()
        watcher.join()
    return result, elapsed, peak[0] - start_rss


def big_body(server: Server, declared: bool) -> tuple[str, float]:
    """A 50 MB body sent as fast as the server takes it: the answer's first line, and the
    seconds from the request's first byte to the answer's."""
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    length = (
        b"Content-Length: %d\r\n" % (50 * MB) if declared else b"Transfer-Encoding: chunked\r\n"
    )
    chunk = b"x" * MB
    framed = chunk if declared else b"%x\r\n%s\r\n" % (len(chunk), chunk)

    def send_body() -> None:
        with contextlib.suppress(OSError):  # the server refuses and closes
            for _ in range(50):
                connection.sendall(framed)

    began = time.perf_counter()
    connection.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\n" + length + b"\r\n")
    sender = threading.Thread(target=send_body)
    sender.start()
    answer = connection.recv(4096).decode(errors="replace")
    seconds = time.perf_counter() - began
    connection.close()
    sender.join()
    return answer.split("\r\n")[0], seconds


def table(server: Server, client: str) -> int:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]
    return server.call("POST", "/api/tables", {"seats": seats}, client=client)[0]


def lobby_ms(server: Server, times: int = 50) -> float:
    samples = []
    for _ in range(times):
        began = time.perf_counter()
        server.call("GET", "/api/tables")
        samples.append(time.perf_counter() - began)
    return statistics.median(samples) * 1000


def frame(payload: bytes) -> bytes:
    """One client text frame; the mask is zero, so the payload goes as it is."""
    size = len(payload)
    if size < 126:
        head = bytes([0x81, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
    return head + b"\0\0\0\0" + payload


def handshake(server: Server, table_id: str) -> socket.socket:
    """A table's WebSocket, opened and introduced as a spectator."""
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    connection.sendall(
        f"GET /api/tables/{table_id}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:  # as a browser does, wait for the 101 before a frame
        answer += connection.recv(1)
    connection.sendall(frame(b'{"type": "hello"}'))
    return connection


def watch(server: Server, table_id: str) -> socket.socket:
    connection = handshake(server, table_id)
    connection.recv(1 << 16)  # the first state
    return connection


def never_reading(server: Server, table_id: str, messages: list[bytes]) -> str:
    """Send ``messages`` on one socket, reading nothing; then say how the server ended it."""
    connection = handshake(server, table_id)
    try:
        for message in messages:
            connection.sendall(frame(message))
    except OSError:
        pass  # the server closed the connection
    received = b""
    connection.settimeout(10)
    try:
        while chunk := connection.recv(1 << 20):
            received += chunk
    except OSError:
        return "still open after 10 s"
    finally:
        connection.close()
    at = received.rfind(b"\x88")  # the server's close frame: its code follows its length
    code = int.from_bytes(received[at + 2 : at + 4], "big") if at >= 0 else None
    return f"closed ({code})"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{Path(folder) / 'public.sqlite3'}")
        try:
            report(server)
        finally:
            server.stop()


def report(server: Server) -> None:
    print(f"server RSS at start: {server.rss_mb():.1f} MB")
    for declared in (True, False):
        (answer, seconds), _, grown = measured(server, lambda d=declared: big_body(server, d))
        how = "declared" if declared else "chunked"
        print(
            f"50 MB body ({how}): {answer!r} {seconds * 1000:.0f} ms after its first byte, "
            f"RSS +{grown:.1f} MB at most"
        )

    _, created, _ = server.call("POST", "/api/tables", {"seats": [{"kind": "human"}] * 2})
    table_id = created["table"]["id"]
    eight = b"x" * (8 * MB)
    ends, seconds, grown = measured(
        server, lambda: [never_reading(server, table_id, [eight]) for _ in range(10)]
    )
    print(
        f"ten 8 MB WebSocket messages, never read: {sorted(set(ends))} in {seconds:.2f} s, "
        f"RSS +{grown:.1f} MB at most"
    )
    bad = [b"not json"] * 10_000
    end, seconds, grown = measured(server, lambda: never_reading(server, table_id, bad))
    print(
        f"10,000 bad messages, errors never read: {end} in {seconds:.2f} s, "
        f"RSS +{grown:.1f} MB at most"
    )

    statuses: list[int] = []
    while not statuses or statuses[-1] == 201:
        statuses.append(table(server, "203.0.113.1"))
    _, refusal, headers = server.call(
        "POST", "/api/tables", {"seats": [{"kind": "human"}]}, client="203.0.113.1"
    )
    print(
        f"table creation by one client: {statuses.count(201)} created, then "
        f"{statuses[-1]} {refusal['code']} with Retry-After: {headers.get('retry-after')} s"
    )

    real = [
        server.call("POST", "/api/tables", {"seats": [{"kind": "human"}] * 2})[1] for _ in range(3)
    ]
    # Their creator waits on each table's page, which keeps a socket open.
    pages = [watch(server, t["table"]["id"]) for t in real]
    before = lobby_ms(server)
    flooders = [f"203.0.113.{n}" for n in range(2, 102)]
    flood = sum(table(server, client) == 201 for client in flooders for _ in range(10))
    listed = {t["id"] for t in server.call("GET", "/api/tables?limit=200")[1]}
    kept = sum(t["table"]["id"] in listed for t in real)
    for page in pages:
        page.close()
    print(
        f"lobby flood: {flood} tables from 100 clients; the 3 real tables listed: {kept} of 3 "
        f"(lobby median {before:.1f} ms before, {lobby_ms(server):.1f} ms after; "
        f"{len(listed)} tables listed of 200 asked)"
    )

    bots = [{"kind": "bot", "level": "expert"}] * 4
    started = []
    for n in range(12):
        client = f"192.0.2.{n}"
        _, made, _ = server.call("POST", "/api/tables", {"seats": bots}, client=client)
        answer = server.call(
            "POST",
            f"/api/tables/{made['table']['id']}/start",
            None,
            made["host_token"],
            client=client,
        )
        started.append(answer[0])
    print(
        f"12 tables of 4 expert bots asked to start: {started.count(200)} started, "
        f"{started.count(429)} refused 429; lobby median while they play {lobby_ms(server):.1f} ms"
    )

    half_open = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(300)]
    for connection in half_open:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    time.sleep(12)
    closed = 0
    for connection in half_open:
        connection.settimeout(0.5)
        with contextlib.suppress(TimeoutError):
            closed += connection.recv(1) == b""
        connection.close()
    print(f"300 half-sent requests: {closed} closed by the server 12 s later")
    print(f"server RSS at the end: {server.rss_mb():.1f} MB")


if __name__ == "__main__":
    main()
