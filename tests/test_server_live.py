"""Live updates over WebSockets, and the secrecy of every message of a whole game."""

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server_fixtures import Api
from test_server_api import open_table
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
    base = f"/api/tables/{table_id}/ws"
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
        client.websocket_connect(f"{base}?token={tokens[0]}") as ws0,
        client.websocket_connect(f"{base}?token={tokens[1]}") as ws1,
        client.websocket_connect(base) as spectator,
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
    base = f"/api/tables/{table_id}/ws?token={tokens[0]}"
    with client.websocket_connect(base) as socket:
        first = socket.receive_json()
    table = api.get(f"/api/tables/{table_id}").json()["table"]
    with client.websocket_connect(base) as socket:
        again = socket.receive_json()
    assert again["table"]["seq"] >= first["table"]["seq"]
    assert again["table"]["seq"] >= table["seq"]
    assert again["you"] == 0


@pytest.mark.parametrize(
    ("path", "reason", "code"),
    [
        ("/api/tables/nope/ws", "table 'nope' does not exist", "table_not_found"),
        ("?token=forged", "holds no seat", "token_no_seat"),
    ],
)
def test_a_socket_with_a_bad_table_or_token_is_closed_with_the_reason(
    client: TestClient, path: str, reason: str, code: str
) -> None:
    table_id, _, _ = open_table(Api(client))
    url = path if path.startswith("/") else f"/api/tables/{table_id}/ws{path}"
    with client.websocket_connect(url) as socket:
        error = socket.receive_json()  # the refusal first, with its code for a page to word
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert error["type"] == "error"
    assert error["code"] == code
    assert reason in error["message"]
    assert closed.value.code == 1008
    assert reason in closed.value.reason


def test_bad_socket_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    api = Api(client)
    table_id, _, tokens = open_table(api)
    base = f"/api/tables/{table_id}/ws"
    cases = [
        ("not json", "not JSON"),
        (json.dumps([1]), "must be an object"),
        (json.dumps({"type": "shout"}), "must be an object"),
        (json.dumps({"type": "chat"}), "must be a chat line"),
        (json.dumps({"type": "chat", "text": "hi", "seq": 1}), "unknown field"),
        (json.dumps({"type": "act", "action": "1907", "x": 1}), "unknown field(s) in message: x"),
        (json.dumps({"type": "act", "action": 7}), "'action' must be"),
        (json.dumps({"type": "act", "action": "1907", "seq": True}), "'seq' must be"),
        (json.dumps({"type": "act", "action": "19x7"}), "19x7"),
    ]
    with client.websocket_connect(f"{base}?token={tokens[0]}") as socket:
        state = socket.receive_json()
        while state["view"]["current_player"] != 0:
            state = socket.receive_json()
        for text, words in cases:
            socket.send_text(text)
            error = socket.receive_json()
            assert error["type"] == "error"
            assert words in error["message"], (text, error)
    with client.websocket_connect(base) as spectator:
        spectator.receive_json()
        spectator.send_json({"type": "act", "action": "1907"})
        error = spectator.receive_json()
        assert (error["status"], "spectators cannot act" in error["message"]) == (403, True)
    assert api.get(f"/api/tables/{table_id}").json()["table"]["seq"] == state["table"]["seq"]
