"""How uvicorn serves the app in public: timeouts, connection limits, no server banner.

uvicorn closes a kept-alive connection that stays idle, but gives a client
all the time it wants to finish sending a request's head: 300 half-sent
requests were once held open for as long as their clients liked.
:class:`HeadTimeoutProtocol` closes a connection whose request head has not
arrived in full ``header_timeout_seconds`` after its first byte (or after the
connection opened).  The body has its own timeout (``PublicHttp``).
"""

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from vitrine.server.proxies import X_FORWARDED
from vitrine.server.settings import Settings


class HeadTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol, plus a deadline for each request's head."""

    head_timeout = 10.0  # set per server by ``protocol_for``
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch_head()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_watching()
        super().connection_lost(exc)

    def _watch_head(self) -> None:
        """Arm the deadline while a head is awaited (h11's IDLE); disarm once it is in."""
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            if self._head_timer is None and not self._between_requests():
                self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_slow)
        else:
            self._stop_watching()

    def _between_requests(self) -> bool:
        """Idle after a response: uvicorn's keep-alive timeout is in charge then."""
        return self.timeout_keep_alive_task is not None

    def _stop_watching(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def protocol_for(settings: Settings) -> type[HeadTimeoutProtocol]:
    return type(
        "HeadTimeoutProtocol",
        (HeadTimeoutProtocol,),
        {"head_timeout": settings.header_timeout_seconds},
    )


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """uvicorn.run's keyword arguments for these settings."""
    return {
        "http": protocol_for(settings),
        "timeout_keep_alive": settings.keep_alive_seconds,
        "limit_concurrency": settings.max_connections,
        "ws_max_size": settings.ws_max_message_bytes,
        "server_header": False,
        # Only a configured proxy may say who the client is (X-Forwarded-For);
        # uvicorn's own default trusts 127.0.0.1, which a local proxy would abuse.
        # Behind a proxy that writes Forwarded, the app reads that (proxies.py)
        # and uvicorn reads nothing: a client could send X-Forwarded-For itself.
        "proxy_headers": bool(settings.trusted_proxies) and settings.proxy_headers == X_FORWARDED,
        "forwarded_allow_ips": list(settings.trusted_proxies) or None,
    }
