"""Live tables over WebSockets: every change reaches every watcher, each with their own view.

On connecting, a client gets the whole picture at once, so a reconnecting
browser catches up with no replay of missed messages.  Decisions sent here
take the same path as ``POST /actions``, chat lines the same path as
``POST /chat``; a refusal comes back as an ``error`` message to the sender only.
"""

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from vitrine.server.errors import ApiError
from vitrine.server.live import Subscriber
from vitrine.server.service import TableService

router = APIRouter()
POLICY_VIOLATION = 1008


async def _send_waiting(websocket: WebSocket, subscriber: Subscriber) -> None:
    while True:
        for text in await subscriber.next_messages():
            await websocket.send_text(text)


def _error(error: ApiError) -> str:
    payload = {"type": "error", "status": error.status, "message": error.message}
    return json.dumps(payload | {"code": error.code, "params": error.params})


FIELDS = {"act": {"type", "action", "seq"}, "chat": {"type", "text"}}


async def _handle(service: TableService, table_id: str, token: str | None, text: str) -> None:
    """One client message: ``{"type": "act", "action": "1907", "seq": 12}`` or
    ``{"type": "chat", "text": "well played"}``."""
    try:
        message: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise ApiError(422, f"message is not JSON: {error}", "message_not_json") from None
    if not isinstance(message, dict) or message.get("type") not in FIELDS:
        raise ApiError(
            422,
            'a message must be an object {"type": "act", "action": ...} or {"type": "chat", ...}',
            "message_shape",
        )
    unknown = sorted(set(message) - FIELDS[message["type"]])
    if unknown:
        raise ApiError(
            422,
            f"unknown field(s) in message: {', '.join(unknown)}",
            "message_fields",
            {"fields": unknown},
        )
    if message["type"] == "chat":
        if not isinstance(message.get("text"), str):
            raise ApiError(422, "'text' must be a chat line", "message_text")
        if token is None:
            raise ApiError(403, "spectators read the chat: connect with a seat token", "spectator")
        await service.say(table_id, token, message["text"])
        return
    action, seq = message.get("action"), message.get("seq")
    if not isinstance(action, str) or not action:
        raise ApiError(422, "'action' must be a decision in notation", "message_action")
    if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool) or seq < 0):
        raise ApiError(422, "'seq' must be a non-negative integer", "message_seq")
    if token is None:
        raise ApiError(403, "spectators cannot act: connect with a seat token", "spectator")
    await service.act(table_id, token, action, seq)


@router.websocket("/api/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    service: TableService = websocket.app.state.service
    try:
        live = await service.get(table_id)
        seat = service.seat_of(live, token)
    except ApiError as error:
        # Accept, then close: a browser sees a refusal only on an open socket.  The
        # error message first, so the page can word its code; the close reason
        # (at most 123 bytes) repeats the words for other clients.
        await websocket.accept()
        await websocket.send_text(_error(error))
        await websocket.close(code=POLICY_VIOLATION, reason=error.message[:120])
        return
    await websocket.accept()
    subscriber = Subscriber(seat)
    subscriber.push_state(json.dumps(live.message(seat)))
    live.subscribers.add(subscriber)
    sender = asyncio.create_task(_send_waiting(websocket, subscriber))
    try:
        while True:
            text = await websocket.receive_text()
            try:
                await _handle(service, table_id, token, text)
            except ApiError as error:
                subscriber.push_error(_error(error))
    except WebSocketDisconnect:
        pass
    finally:
        live.subscribers.discard(subscriber)
        sender.cancel()
        service.release(live)
