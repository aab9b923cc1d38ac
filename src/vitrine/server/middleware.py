"""What every HTTP exchange goes through before the app: security headers and body limits.

A plain ASGI middleware rather than a Starlette one: it must refuse a body
that is too big *before* it is read (a 62 MB body once took 21 s and 1.76 GB),
and it must see every response, the static files' and the refusals' alike.
"""

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from vitrine.server.errors import ApiError
from vitrine.server.settings import Settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# The pages load their own scripts, styles and data only, and nothing may
# frame them.  No inline script or style attribute: the pages have none.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
    "object-src 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
]


class PublicHttp:
    """Security headers on every response; a request's body read whole, within limits, first.

    The body is refused with 413 when its declared length is too big (nothing
    read), or as soon as what arrives passes the limit; a body that trickles
    in slower than ``body_timeout_seconds`` gets 408.  Either way the
    connection is closed, so the rest of the body is never read.  The app
    then gets the body in one piece.
    """

    def __init__(self, app: App, settings: Settings) -> None:
        self.app = app
        self.max_body = settings.max_body_bytes
        self.timeout = settings.body_timeout_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in SECURITY_HEADERS if name not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        try:
            body = await self._read_body(scope, receive)
        except ApiError as error:
            await _refuse(error, send_with_headers)
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()  # only http.disconnect is left to come
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send_with_headers)

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes:
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body:
            raise self._too_large()
        body = bytearray()
        deadline = asyncio.get_running_loop().time() + self.timeout  # for the whole body
        while True:
            try:
                left = deadline - asyncio.get_running_loop().time()
                message = await asyncio.wait_for(receive(), max(left, 0))
            except TimeoutError:
                raise ApiError(
                    408,
                    f"the request body did not arrive within {self.timeout:g} s",
                    "body_timeout",
                    {"seconds": self.timeout},
                ) from None
            if message["type"] != "http.request":
                return bytes(body)  # the client left; the app will see it too
            body += message.get("body", b"")
            if len(body) > self.max_body:
                raise self._too_large()
            if not message.get("more_body", False):
                return bytes(body)

    def _too_large(self) -> ApiError:
        return ApiError(
            413,
            f"the request body is larger than {self.max_body} bytes",
            "body_too_large",
            {"max": self.max_body},
        )


async def _refuse(error: ApiError, send: Send) -> None:
    """A refusal before the app saw the request; the connection closes after it."""
    body = json.dumps(error.payload()).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
