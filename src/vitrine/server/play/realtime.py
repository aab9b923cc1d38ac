"""Live tables over WebSockets: every change reaches every watcher, each with their own view.

A client opens ``/api/tables/{id}/ws`` and its first message says who it is:
``{"type": "hello", "token": "<seat token>"}``, or no token for a spectator;
a bot's API token (``play`` scope) there acts for the seats its account holds.
The token travels inside the socket, never in the URL, which proxies log.
On that, a client gets the whole picture at once, so a reconnecting browser
catches up with no replay of missed messages.  A client that says
``"deltas": true`` in its hello is then sent each change as a delta, what
changed since the message before (``pictures.py``): numbered, so that a
client missing one sends ``{"type": "resync"}`` and gets the whole again.
Decisions sent here take the same path as ``POST /actions``, chat lines the
same path as ``POST /chat``;
a refusal comes back as an ``error`` message to the sender only.

Every message is checked before anything is done with it: its size (the
server closes the socket, 1009, past ``ws_max_message_bytes``), its kind
(text only), its JSON (depth and number length included), its shape and its
rate.  A client that sends faster than it reads its errors is disconnected.
"""

import asyncio
import json
from dataclasses import dataclass
from functools import partial
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from vitrine.server.accounts.dependencies import COOKIE
from vitrine.server.accounts.service import Accounts
from vitrine.server.accounts.tokens import Tokens, is_api_token
from vitrine.server.errors import ApiError, invalid
from vitrine.server.origins import foreign_origin
from vitrine.server.play.live import AccountCredential, Subscriber
from vitrine.server.play.pictures import dumps
from vitrine.server.play.schemas import SEQ_LIMIT
from vitrine.server.play.service import TableService
from vitrine.server.ratelimit import ConnectionRate
from vitrine.server.schemas import ACTION_LENGTH

router = APIRouter()
POLICY_VIOLATION = 1008
PLAY_SCOPE = frozenset({"play"})  # what an API token needs to use a table's socket


async def _send_waiting(websocket: WebSocket, subscriber: Subscriber) -> None:
    while True:
        for text in await subscriber.next_messages():
            await websocket.send_text(text)


def _error(error: ApiError) -> str:
    payload = error.payload()
    return dumps(
        {"type": "error", "status": error.status, "message": payload["detail"]}
        | {"code": payload["code"], "params": payload["params"]}
    )


def _parse(message: Any) -> dict[str, Any]:
    """One received frame as a JSON object, or a refusal saying what is wrong with it."""
    text = message.get("text")
    if text is None:
        raise invalid("message_binary", "binary messages are not understood: send JSON text")
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise invalid("message_not_json", f"message is not JSON: {error}") from None
    except (ValueError, RecursionError):  # a number of thousands of digits, or deep nesting
        raise invalid(
            "message_not_json", "message is not JSON this server reads (too deep or too long)"
        ) from None
    if not isinstance(data, dict):
        raise invalid("message_shape", 'a message must be an object {"type": ...}')
    return data


def _fields(message: dict[str, Any], kind: str, allowed: set[str]) -> None:
    if message.get("type") != kind:
        raise invalid("message_shape", f'a message must be an object {{"type": "{kind}", ...}}')
    unknown = sorted(str(name) for name in set(message) - allowed)
    if unknown:
        raise invalid(
            "message_fields",
            f"unknown field(s) in message: {', '.join(unknown)}",
            fields=unknown,
        )


@dataclass(frozen=True)
class Hello:
    """Who connects (a token, or None for a spectator) and whether they take deltas."""

    token: str | None
    deltas: bool


async def _hello(websocket: WebSocket, seconds: float) -> Hello:
    """The first message: who is connecting (a seat token, or none for a spectator),
    and whether the client applies deltas (``"deltas": true``)."""
    try:
        received = await asyncio.wait_for(websocket.receive(), seconds)
    except TimeoutError:
        raise ApiError(
            408,
            f'no {{"type": "hello"}} message within {seconds:g} s',
            "hello_timeout",
            {"seconds": seconds},
        ) from None
    if received["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(received.get("code", 1000))
    message = _parse(received)
    _fields(message, "hello", {"type", "token", "deltas"})
    token = message.get("token")
    if token is not None and not isinstance(token, str):
        raise invalid("message_token", "'token' must be a seat token (text), or absent")
    deltas = message.get("deltas", False)
    if not isinstance(deltas, bool):
        raise invalid("message_deltas", "'deltas' must be true or false, or absent")
    return Hello(token, deltas)


FIELDS = {"act": {"type", "action", "seq"}, "chat": {"type", "text"}, "resync": {"type"}}


async def _handle(
    service: TableService, table_id: str, token: str | None, subscriber: Subscriber, received: Any
) -> None:
    """One message after the hello: a decision, ``{"type": "act", "action": "1907",
    "seq": 12}``, a chat line, ``{"type": "chat", "text": "well played"}``, or
    ``{"type": "resync"}``: a client that cannot apply a delta asks for the whole message."""
    message = _parse(received)
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise invalid(
            "message_shape",
            'a message must be an object {"type": "act", "action": ...}, {"type": "chat", ...}'
            ' or {"type": "resync"}',
        )
    _fields(message, kind, FIELDS[kind])
    if kind == "resync":
        subscriber.push_whole()
        return
    if kind == "chat":
        text = message.get("text")
        if not isinstance(text, str):
            raise invalid("message_text", "'text' must be a chat line")
        if token is None:
            raise ApiError(403, "spectators read the chat: connect with a seat token", "spectator")
        await service.say(table_id, token, text)
        return
    action, seq = message.get("action"), message.get("seq")
    if not isinstance(action, str) or not 0 < len(action) <= ACTION_LENGTH:
        raise invalid(
            "message_action",
            f"'action' must be a decision in notation, at most {ACTION_LENGTH} characters",
            max=ACTION_LENGTH,
        )
    if seq is not None and (
        not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq <= SEQ_LIMIT
    ):
        raise invalid(
            "message_seq", f"'seq' must be an integer from 0 to {SEQ_LIMIT}", max=SEQ_LIMIT
        )
    if token is None:
        raise ApiError(403, "spectators cannot act: connect with a seat token", "spectator")
    await service.act(table_id, token, action, seq)


async def signed_in_account(websocket: WebSocket) -> AccountCredential | None:
    """The account of the browser's session, acting for its seats where no token
    was said (its own page's socket: the Origin was checked at the handshake)."""
    accounts: Accounts = websocket.app.state.accounts
    signed = await accounts.signed_in(websocket.cookies.get(COOKIE))
    return None if signed is None else AccountCredential(signed.account.id)


async def token_account(websocket: WebSocket, token: str) -> AccountCredential:
    """The account an API token (with the ``play`` scope) acts for at this table."""
    tokens: Tokens = websocket.app.state.tokens
    used = await tokens.use(token, PLAY_SCOPE)
    return AccountCredential(used.account.id)


@router.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    service: TableService = websocket.app.state.service
    settings = service.settings
    if foreign_origin(websocket, settings):
        await websocket.close(code=POLICY_VIOLATION)  # before accepting: the handshake gets 403
        return
    await websocket.accept()
    try:
        hello = await _hello(websocket, settings.ws_hello_seconds)
        token = hello.token
        if token is not None and is_api_token(token):
            token = await token_account(websocket, token)
        elif token is None and "origin" in websocket.headers:
            token = await signed_in_account(websocket)
        live, seat = await service.seated(table_id, token, reading=True)
    except WebSocketDisconnect:
        return
    except ApiError as error:
        # The error message first, so the page can word its code; the close
        # reason (at most 123 bytes) repeats the words for other clients.
        await websocket.send_text(_error(error))
        await websocket.close(code=POLICY_VIOLATION, reason=error.message[:120])
        return
    subscriber = Subscriber(
        seat, partial(live.whole_message, seat), hello.deltas, settings.ws_backlog
    )
    subscriber.push_whole()
    live.subscribers.add(subscriber)
    if len(live.subscribers) == 1:
        await service.watched(live)
    sender = asyncio.create_task(_send_waiting(websocket, subscriber))
    rate = ConnectionRate("ws_messages", settings.ws_messages)
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            try:
                await rate.hit()
                await _handle(service, table_id, token, subscriber, received)
            except ApiError as error:
                if not subscriber.push_error(_error(error)):
                    await websocket.close(
                        code=POLICY_VIOLATION, reason="too many unread messages: read them"
                    )
                    break
    except WebSocketDisconnect:
        pass
    finally:
        live.subscribers.discard(subscriber)
        sender.cancel()
        service.release(live)
