"""A public server's limits that only a real uvicorn shows: timeouts, connection and
message limits, the Server header, forwarded addresses, no traceback in the log."""

import json
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from server_process import Served

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI

TWO = {"seats": [{"kind": "human", "name": "Ana"}, {"kind": "human"}]}


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server with short timeouts and few connections, so the tests need not wait.

    One for the module (a start costs about 2 s): its tests read no list of
    tables, and each closes the connections it opened, so none sees another's;
    its log then holds every test's requests, all free of tracebacks."""
    server = Served(
        f"sqlite:///{tmp_path_factory.mktemp('quick') / 'vitrine.sqlite3'}",
        settings={
            "VITRINE_HEADER_TIMEOUT_SECONDS": "1",
            "VITRINE_BODY_TIMEOUT_SECONDS": "1",
            "VITRINE_KEEP_ALIVE_SECONDS": "1",
            "VITRINE_MAX_CONNECTIONS": "8",
        },
    )
    yield server
    server.stop()


def raw(server: Served) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    return connection


def closed_within(connection: socket.socket, seconds: float) -> str:
    """What the server sent before closing the connection, which it must do in time."""
    connection.settimeout(seconds)
    received = b""
    while chunk := connection.recv(65536):  # a timeout raises: the server held on
        received += chunk
    return received.decode(errors="replace")


def test_a_half_sent_request_head_is_dropped(quick: Served) -> None:
    """300 unfinished requests were once held for as long as their clients liked."""
    connections = [raw(quick) for _ in range(5)]
    for connection in connections:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # and no end of the head
    for connection in connections:
        assert closed_within(connection, 3) == ""
    assert quick.call("GET", "/api/games")  # the server itself is fine


def test_a_trickling_body_gets_408(quick: Served) -> None:
    connection = raw(quick)
    head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    connection.sendall(head + b"Content-Length: 100\r\n\r\n{")
    answer = closed_within(connection, 3)
    assert answer.startswith("HTTP/1.1 408")
    assert '"code":"body_timeout"' in answer.replace(" ", "")


def test_a_body_that_keeps_trickling_gets_408_in_time(quick: Served) -> None:
    """The body timeout is for the whole body, not for each piece of it."""
    connection = raw(quick)
    head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    connection.sendall(head + b"Content-Length: 100\r\n\r\n")
    began = time.monotonic()
    connection.settimeout(0.3)
    answer = b""
    while not answer and time.monotonic() - began < 5:
        connection.sendall(b" ")  # a byte every 0.3 s, each well within the timeout
        try:
            answer = connection.recv(4096)
        except TimeoutError:
            continue
    assert answer.startswith(b"HTTP/1.1 408")
    assert time.monotonic() - began < 2.5


def test_an_idle_kept_alive_connection_is_closed(quick: Served) -> None:
    connection = raw(quick)
    connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
    assert closed_within(connection, 3).startswith("HTTP/1.1 200")


def test_connections_past_the_limit_get_503(quick: Served) -> None:
    held = [raw(quick) for _ in range(8)]
    try:
        time.sleep(0.2)
        with pytest.raises(urllib.error.HTTPError) as refused:
            quick.call("GET", "/api/games")
        assert refused.value.code == 503
    finally:
        for connection in held:
            connection.close()
    time.sleep(0.2)
    assert quick.call("GET", "/api/games")


def test_no_server_banner_and_the_security_headers(quick: Served) -> None:
    with urllib.request.urlopen(quick.url + "/") as response:
        headers = response.headers
    assert headers["Server"] is None
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY"


def socket_url(server: Served, table_id: str) -> str:
    return f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws"


def test_a_websocket_message_over_the_limit_closes_the_socket(quick: Served) -> None:
    table_id = quick.call("POST", "/api/tables", body=TWO)["table"]["id"]
    with connect(socket_url(quick, table_id), max_size=None) as client:
        client.send(json.dumps({"type": "hello"}))
        assert json.loads(client.recv(timeout=10))["type"] == "state"
        client.send("x" * 8192)
        with pytest.raises(ConnectionClosed) as closed:
            client.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_bad_socket_input_leaves_no_traceback(quick: Served) -> None:
    table_id = quick.call("POST", "/api/tables", body=TWO)["table"]["id"]
    with connect(socket_url(quick, table_id)) as client:
        client.send(json.dumps({"type": "hello"}))
        client.recv(timeout=10)
        deep, long = "[" * 2000 + "]" * 2000, '{"seq": ' + "9" * 4000 + "}"
        messages: list[str | bytes] = [b"\x00\x01", deep, long]
        for message in messages:
            client.send(message)
            assert json.loads(client.recv(timeout=10))["type"] == "error"
    assert "Traceback" not in quick.output()


def create(server: Served, headers: dict[str, str]) -> int:
    request = urllib.request.Request(
        server.url + "/api/tables",
        json.dumps(TWO).encode(),
        {"Content-Type": "application/json"} | headers,
    )
    try:
        with urllib.request.urlopen(request) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def forwarded_as(kind: str, address: str) -> dict[str, str]:
    """A request's headers as a proxy that writes ``kind`` would send them, with the
    other header forged by the client (the same address for every request)."""
    if kind == "x-forwarded":
        return {"X-Forwarded-For": address, "Forwarded": "for=203.0.113.9"}
    return {"Forwarded": f"for={address};proto=http", "X-Forwarded-For": "203.0.113.9"}


@pytest.mark.parametrize("kind", ["x-forwarded", "forwarded"])
@pytest.mark.parametrize("trusted", [True, False])
def test_the_client_address_comes_from_a_trusted_proxy_only(
    sqlite_url: str, trusted: bool, kind: str
) -> None:
    settings = {"VITRINE_CREATE_TABLES": "2/minute", "VITRINE_PROXY_HEADERS": kind}
    if trusted:
        settings["VITRINE_TRUSTED_PROXIES"] = "127.0.0.1"
    server = Served(sqlite_url, settings=settings)
    try:
        first, second = forwarded_as(kind, "192.0.2.1"), forwarded_as(kind, "192.0.2.2")
        answers = [create(server, first) for _ in range(3)] + [create(server, second)]
    finally:
        server.stop()
    # Trusted, the proxy's header tells two clients apart, and the other header (the
    # same forged address each time) is not read; untrusted, anyone could claim any
    # address, so the peer's address counts, and it is one client.
    assert answers == [201, 201, 429, 201 if trusted else 429]
