"""Who the client is behind a proxy that writes RFC 7239's Forwarded (server/proxies.py).

The same with X-Forwarded-For, read by uvicorn, is in test_server_public_process.py.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from server_fixtures import FAST_PLAY
from vitrine.server.app import create_app
from vitrine.server.proxies import elements, forwarded_client, trusts
from vitrine.server.settings import Settings

PROXIES = trusts(["198.51.100.0/24", "2001:db8:cafe::17", "testclient"])


@pytest.mark.parametrize(
    ("header", "client"),
    [
        ("for=192.0.2.43", ("192.0.2.43", "")),
        ("for=192.0.2.43, for=198.51.100.17", ("192.0.2.43", "")),  # walks back over the proxy
        ('for="[2001:db8:cafe::17]:4711", for=192.0.2.60;proto=https', ("192.0.2.60", "https")),
        ("For=192.0.2.60;Proto=HTTP;by=203.0.113.43", ("192.0.2.60", "http")),
        ('for="_hidden", for=198.51.100.17', ("_hidden", "")),
        ("for=192.0.2.43:80, for=unknown", ("unknown", "")),
        ("for=198.51.100.1, for=198.51.100.2", ("198.51.100.1", "")),  # only proxies: the first
        ('for="192.0.2.1\\"x"', ('192.0.2.1"x', "")),
    ],
)
def test_the_client_is_the_nearest_address_that_is_no_proxy(
    header: str, client: tuple[str, str]
) -> None:
    assert forwarded_client(header, PROXIES) == client


@pytest.mark.parametrize(
    "header",
    [
        "",
        "for",
        "for=",
        "for=192.0.2.1;",
        "for=192.0.2.1,",
        'for="192.0.2.1',
        "proto=https",
        "x" * 5000,
    ],
)
def test_a_malformed_header_names_nobody(header: str) -> None:
    assert forwarded_client(header, PROXIES) is None


def test_elements_keep_each_proxys_parameters() -> None:
    assert elements('for=a;proto=https, for="b";by=c') == [
        {"for": "a", "proto": "https"},
        {"for": "b", "by": "c"},
    ]


def create(client: TestClient, headers: dict[str, str]) -> int:
    seats = {"seats": [{"kind": "human"}, {"kind": "human"}]}
    return client.post("/api/tables", json=seats, headers=headers).status_code


@contextmanager
def reading_forwarded(sqlite_url: str, proxy: str) -> Iterator[TestClient]:
    """A server that believes Forwarded from ``proxy`` alone, and lets each client
    create two tables a minute (the test client's own address is ``testclient``)."""
    settings = replace(
        FAST_PLAY, create_tables="2/minute", trusted_proxies=(proxy,), proxy_headers="forwarded"
    )
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=settings)) as client:
        yield client


def test_forwarded_tells_clients_apart_and_x_forwarded_for_is_not_read(sqlite_url: str) -> None:
    with reading_forwarded(sqlite_url, "testclient") as client:
        first = {"Forwarded": "for=192.0.2.1", "X-Forwarded-For": "203.0.113.9"}
        answers = [create(client, first) for _ in range(3)]
        # Another client behind the proxy, whatever it writes in X-Forwarded-For.
        other = {"Forwarded": "for=192.0.2.2", "X-Forwarded-For": "192.0.2.1"}
        answers.append(create(client, other))
    assert answers == [201, 201, 429, 201]


def test_forwarded_from_anyone_else_is_not_read(sqlite_url: str) -> None:
    with reading_forwarded(sqlite_url, "192.0.2.200") as client:
        answers = [create(client, {"Forwarded": f"for=192.0.2.{n}"}) for n in range(3)]
    assert answers == [201, 201, 429]  # one client, the peer, whatever it claims


def test_the_setting_takes_one_of_two_headers() -> None:
    assert Settings.from_environment({"VITRINE_PROXY_HEADERS": "forwarded"}).proxy_headers == (
        "forwarded"
    )
    with pytest.raises(ValueError, match="VITRINE_PROXY_HEADERS is 'x-forwarded' or 'forwarded'"):
        Settings.from_environment({"VITRINE_PROXY_HEADERS": "x-real-ip"})
