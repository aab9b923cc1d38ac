"""Live updates over WebSockets, and the secrecy of every message of a whole game."""

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server_fixtures import Api, state_at_turn, table_socket
from test_server_api import open_table, wait_for_human
from vitrine.games.exhibition.cards import card_label

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI

FORBIDDEN_KEYS = {"seed", "stock", "deck", "token", "token_hash", "host_token_hash"}
CARD = re.compile(r"^(19\d\d|EIN)$")


def shown_cards(data: Any, key: str = "") -> set[str]:
    """Every card label a message shows (in lists, hall spots or turns' notation)."""
    found: set[str] = set()
    if isinstance(data, dict):
        assert not FORBIDDEN_KEYS & set(data), sorted(FORBIDDEN_KEYS & set(data))
        for name, value in data.items():
            found |= shown_cards(value, name)
    elif isinstance(data, list):
        for value in data:
            found |= shown_cards(value, key)
    elif isinstance(data, str):
        found |= {part for part in re.split(r"[ @]", data) if CARD.match(part)}
    elif isinstance(data, int) and key != "secret_decades" and 1900 <= data <= 1999:
        found.add(str(data))
    return found


def after(seq: int) -> Callable[[dict[str, Any]], bool]:
    return lambda message: bool(message["table"]["seq"] > seq)


def test_every_message_of_a_whole_game_keeps_the_secrets(client: TestClient) -> None:
    """Every WebSocket message to two seats and a spectator, and the HTTP views beside them.

    The humans act over their sockets; whose turn it is comes from the HTTP API.
    A socket may skip a position (only the newest waiting state is sent), so each
    is read until it shows what it is waiting for.
    """
    api = Api(client)
    table_id, _, tokens = open_table(api, {"secret_decade": True})
    live = client.app.state.service.tables[table_id]  # type: ignore[attr-defined]
    decades = list(live.state.secret_decades)
    messages: list[tuple[int | None, dict[str, Any]]] = []
    finished: set[int | None] = set()  # the sockets that have shown the end of the game

    def read_until(seat: int | None, socket: Any, done: Callable[[dict[str, Any]], bool]) -> None:
        while seat not in finished:
            message = socket.receive_json()
            messages.append((seat, message))
            if message["table"]["status"] == "over":
                finished.add(seat)
            if done(message):
                return

    with (
        table_socket(client, table_id, tokens[0]) as ws0,
        table_socket(client, table_id, tokens[1]) as ws1,
        table_socket(client, table_id) as spectator,
    ):
        sockets = {0: ws0, 1: ws1, None: spectator}
        while True:
            answers = {
                seat: api.get(f"/api/tables/{table_id}", token).json()
                for seat, token in ((0, tokens[0]), (1, tokens[1]), (None, None))
            }
            messages += [(seat, {"type": "state", **answer}) for seat, answer in answers.items()]
            if answers[None]["table"]["status"] == "over":
                break
            for human in (0, 1):
                if "legal_actions" in answers[human]["view"]:
                    seq = answers[human]["table"]["seq"]
                    action = answers[human]["view"]["legal_actions"][-1]
                    sockets[human].send_json({"type": "act", "action": action, "seq": seq})
                    read_until(human, sockets[human], after(seq))
        for watcher, socket in sockets.items():
            read_until(watcher, socket, lambda m: m["table"]["status"] == "over")
    never_drawn = {card_label(card) for card in live.state.stock}
    assert never_drawn, "a 3-player game leaves cards in the stock"
    for seat, message in messages:
        assert message["you"] == seat
        assert not shown_cards(message) & never_drawn
        secrets = message["view"]["secret_decades"]
        over = message["view"]["current_player"] is None
        for other, decade in enumerate(secrets):
            assert decade == (decades[other] if over or other == seat else None)
        assert ("legal_actions" in message["view"]) == (
            seat is not None and seat == message["view"]["current_player"]
        )
    assert messages[-1][1]["view"]["scores"]


def test_a_reconnecting_client_catches_up_at_once(client: TestClient) -> None:
    api = Api(client)
    table_id, _, tokens = open_table(api)
    with table_socket(client, table_id, tokens[0]) as socket:
        first = socket.receive_json()
    table = api.get(f"/api/tables/{table_id}").json()["table"]
    with table_socket(client, table_id, tokens[0]) as socket:
        again = socket.receive_json()
    assert again["table"]["seq"] >= first["table"]["seq"]
    assert again["table"]["seq"] >= table["seq"]
    assert again["you"] == 0


def test_a_socket_says_what_the_http_api_says(client: TestClient) -> None:
    """A broadcast encodes the table, log and chat once for every seat and adds
    each seat's view: the text must be the HTTP answer for that seat, field for field."""
    api = Api(client)
    table_id, _, tokens = open_table(api)
    for _ in range(3):  # a few decisions in the log, played up to a human's turn
        table = wait_for_human(api, table_id)
        human = table["current_player"]
        view = api.get(f"/api/tables/{table_id}", tokens[human]).json()["view"]
        action = {"action": view["legal_actions"][0], "seq": table["seq"]}
        assert api.post(f"/api/tables/{table_id}/actions", tokens[human], action).status_code == 200
    wait_for_human(api, table_id)
    shown = client.app.state.service.tables[table_id].shown  # type: ignore[attr-defined]
    seats = (tokens[0], tokens[1], None)
    with (
        table_socket(client, table_id, seats[0]) as ws0,
        table_socket(client, table_id, seats[1]) as ws1,
        table_socket(client, table_id, seats[2]) as spectator,
    ):
        sockets = (ws0, ws1, spectator)
        for token, socket in zip(seats, sockets, strict=True):  # the hello's answer
            answer = api.get(f"/api/tables/{table_id}", token).json()
            assert socket.receive_json() == {"type": "state", "n": shown, **answer}
        said = api.post(f"/api/tables/{table_id}/chat", tokens[0], {"text": 'à toi "Bo"'})
        assert said.status_code == 200
        for token, socket in zip(seats, sockets, strict=True):  # the broadcast
            answer = api.get(f"/api/tables/{table_id}", token).json()
            assert socket.receive_json() == {"type": "state", "n": shown + 1, **answer}
            assert answer["log"] and answer["chat"]


@pytest.mark.parametrize(
    ("table", "token", "reason", "code"),
    [
        ("nope", None, "table 'nope' does not exist", "table_not_found"),
        (None, "forged", "holds no seat", "token_no_seat"),
    ],
)
def test_a_socket_with_a_bad_table_or_token_is_closed_with_the_reason(
    client: TestClient, table: str | None, token: str | None, reason: str, code: str
) -> None:
    table_id, _, _ = open_table(Api(client))
    with table_socket(client, table or table_id, token) as socket:
        error = socket.receive_json()  # the refusal first, with its code for a page to word
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert error["type"] == "error"
    assert error["code"] == code
    assert reason in error["message"]
    assert closed.value.code == 1008
    assert reason in closed.value.reason


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


BAD_MESSAGES: list[tuple[str | bytes, str, str]] = [
    ("not json", "not JSON", "message_not_json"),
    (json.dumps([1]), "must be an object", "message_shape"),
    (json.dumps({"type": "shout"}), "must be an object", "message_shape"),
    (json.dumps({"type": ["act"]}), "must be an object", "message_shape"),
    (json.dumps({"type": "chat"}), "must be a chat line", "message_text"),
    (json.dumps({"type": "chat", "text": "hi", "seq": 1}), "unknown field", "message_fields"),
    (
        json.dumps({"type": "act", "action": "1907", "x": 1}),
        "unknown field(s) in message: x",
        "message_fields",
    ),
    (json.dumps({"type": "act", "action": 7}), "'action' must be", "message_action"),
    (json.dumps({"type": "act", "action": "1" * 41}), "at most 40", "message_action"),
    (json.dumps({"type": "act", "action": "1907", "seq": True}), "'seq' must be", "message_seq"),
    (json.dumps({"type": "act", "action": "1907", "seq": 10**7}), "'seq' must be", "message_seq"),
    (json.dumps({"type": "act", "action": "19x7"}), "19x7", "unknown_card"),
    (deep(1500), "too deep or too long", "message_not_json"),  # once a RecursionError
    ('{"type": "act", "action": "1907", "seq": ' + "9" * 3000 + "}", "", "message_seq"),
    (b"\x00\x01", "binary", "message_binary"),  # once a KeyError and a dropped socket
]


def test_bad_socket_messages_get_an_error_and_change_nothing(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    api = Api(client)
    table_id, _, tokens = open_table(api)
    with table_socket(client, table_id, tokens[0]) as socket:
        state = state_at_turn(socket, 0)
        for text, words, code in BAD_MESSAGES:
            if isinstance(text, bytes):
                socket.send_bytes(text)
            else:
                socket.send_text(text)
            error = socket.receive_json()
            assert (error["type"], error["code"]) == ("error", code), (text[:50], error)
            assert words in error["message"], (text[:50], error)
            assert len(json.dumps(error)) < 1000  # a refusal never echoes a long input
    with table_socket(client, table_id) as spectator:
        spectator.receive_json()
        spectator.send_json({"type": "act", "action": "1907"})
        error = spectator.receive_json()
        assert (error["status"], "spectators cannot act" in error["message"]) == (403, True)
    assert api.get(f"/api/tables/{table_id}").json()["table"]["seq"] == state["table"]["seq"]
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize(
    ("hello", "code"),
    [
        ({"type": "act", "action": "1907"}, "message_shape"),
        ({"type": "hello", "token": 7}, "message_token"),
        ({"type": "hello", "seat": 0}, "message_fields"),
    ],
)
def test_a_socket_must_say_hello_first(
    client: TestClient, hello: dict[str, Any], code: str
) -> None:
    table_id, _, _ = open_table(Api(client))
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as socket:
        socket.send_json(hello)
        assert socket.receive_json()["code"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 1008


def test_a_token_in_the_url_is_not_a_seat(client: TestClient) -> None:
    """The token goes in the first message only; one in the URL (which proxies log) is ignored."""
    table_id, _, tokens = open_table(Api(client))
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[0]}") as socket:
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["you"] is None


def test_a_socket_from_another_site_is_refused(client: TestClient) -> None:
    table_id, _, _ = open_table(Api(client))
    path = f"/api/tables/{table_id}/ws"
    with pytest.raises(WebSocketDisconnect) as refused:
        client.websocket_connect(path, headers={"Origin": "https://evil.example"}).__enter__()
    assert refused.value.code == 1008
    headers = {"Origin": "http://testserver"}  # the server's own pages
    with client.websocket_connect(path, headers=headers) as socket:
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["type"] == "state"


def test_a_client_that_never_reads_its_errors_is_cut_off(client: TestClient) -> None:
    """Errors wait for a reader up to a backlog; past it the socket is closed, not buffered for."""
    table_id, _, tokens = open_table(Api(client))
    service = client.app.state.service  # type: ignore[attr-defined]
    with table_socket(client, table_id, tokens[0]) as socket:
        socket.receive_json()
        live = service.tables[table_id]
        (subscriber,) = live.subscribers
        subscriber.ready.wait = _never  # the sender is stuck, as with a client that never reads
        for _ in range(service.settings.ws_backlog + 5):  # the first may still go out
            socket.send_text("not json")
        with pytest.raises(WebSocketDisconnect) as closed:
            read_until_closed(socket)
    assert closed.value.code == 1008
    assert "unread" in closed.value.reason
    assert len(subscriber.errors) == service.settings.ws_backlog


def read_until_closed(socket: Any) -> None:
    while True:
        socket.receive_json()


async def _never() -> None:
    await asyncio.Event().wait()
