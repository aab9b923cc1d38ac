"""Who the client is behind a proxy: the forwarded header that proxy writes, believed
from the proxy's own addresses only.

A proxy passes on the headers a client sent and adds its own word: nginx
appends the peer's address to ``X-Forwarded-For``, others write RFC 7239's
``Forwarded``.  A server must read the one its proxy writes and no other, since
a client may send the other with any address in it; ``VITRINE_PROXY_HEADERS``
says which.  ``x-forwarded`` (``X-Forwarded-For`` and ``X-Forwarded-Proto``)
is read by uvicorn itself (``transport.uvicorn_options``); ``forwarded`` by
:class:`ForwardedHeader` here.  Neither is read from an address outside
``VITRINE_TRUSTED_PROXIES``.
"""

import ipaddress
import re
from collections.abc import Callable, Sequence

from starlette.types import ASGIApp, Receive, Scope, Send

X_FORWARDED, FORWARDED = "x-forwarded", "forwarded"
PROXY_HEADERS = (X_FORWARDED, FORWARDED)

# One parameter of a Forwarded element (RFC 7239, section 4): a token, "=", and a
# token or a quoted string; then ";" (the next parameter), "," (the next element)
# or the end.
_PARAMETER = re.compile(
    r'\s*([!#$%&\'*+.^_`|~0-9A-Za-z-]+)=("(?:[^"\\]|\\.)*"|[!#$%&\'*+.^_`|~0-9A-Za-z:\[\]-]+)\s*([;,]|$)'
)
_SCHEMES = {"http": {"http": "http", "https": "https"}, "websocket": {"http": "ws", "https": "wss"}}


def trusts(proxies: Sequence[str]) -> Callable[[str], bool]:
    """Whether an address is one of ``proxies``: addresses, networks (``10.0.0.0/24``)
    or names as the server sees them (a test client's ``testclient``)."""
    networks, names = [], set()
    for proxy in proxies:
        try:
            networks.append(ipaddress.ip_network(proxy, strict=False))
        except ValueError:
            names.add(proxy)

    def trusted(host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in names
        return any(address in network for network in networks)

    return trusted


def elements(header: str) -> list[dict[str, str]] | None:
    """The header's elements, each its parameters (names in lower case, values
    unquoted), the proxy nearest to this server last; None if it is malformed."""
    found: list[dict[str, str]] = [{}]
    at, separator = 0, ""
    while at < len(header):
        match = _PARAMETER.match(header, at)
        if match is None or match.end() == at:
            return None
        name, value, separator = match.groups()
        if value.startswith('"'):
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        found[-1][name.lower()] = value
        if separator == ",":
            found.append({})
        at = match.end()
    return None if separator else found  # a separator must lead somewhere


def node_address(node: str) -> str:
    """A ``for=`` node without its port: ``[2001:db8::1]:4711`` is ``2001:db8::1``,
    ``192.0.2.1:80`` is ``192.0.2.1``; ``unknown`` and ``_hidden`` stay as they are."""
    if node.startswith("["):
        return node[1 : node.find("]")] if "]" in node else node
    return node.split(":", 1)[0] if node.count(":") == 1 else node


def forwarded_client(header: str, trusted: Callable[[str], bool]) -> tuple[str, str] | None:
    """The client's address and the scheme it used, from a Forwarded header: the
    nearest ``for=`` that is not a trusted proxy, walking back from the last element
    (the one our proxy wrote), and the last element's ``proto``."""
    found = elements(header)
    if not found or not all("for" in element for element in found):
        return None
    addresses = [node_address(element["for"]) for element in found]
    client = next((a for a in reversed(addresses) if not trusted(a)), addresses[0])
    return client, found[-1].get("proto", "").lower()


class ForwardedHeader:
    """Read ``Forwarded`` from a trusted proxy: the client's address and scheme in
    the request's scope, as uvicorn does for ``X-Forwarded-For``.  A malformed
    header, or one from anyone else, changes nothing."""

    def __init__(self, app: ASGIApp, proxies: Sequence[str]) -> None:
        self.app = app
        self.trusted = trusts(proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        peer = scope.get("client")
        if scope["type"] in _SCHEMES and peer and self.trusted(peer[0]):
            header = b",".join(v for k, v in scope["headers"] if k == b"forwarded")
            client = forwarded_client(header.decode("latin-1"), self.trusted) if header else None
            if client is not None:
                address, proto = client
                scheme = _SCHEMES[scope["type"]].get(proto, scope.get("scheme"))
                scope = {**scope, "client": (address, 0), "scheme": scheme}
        await self.app(scope, receive, send)
