"""Deltas: a socket that asks for them is sent what changed since its last message.

What a delta holds is checked three ways: rebuilt on the client's side
(``pictures.apply_delta``) it is the whole message the HTTP API gives; a
socket that misses one, or falls behind, gets the whole message again; and
neither a delta nor what it rebuilds ever holds another seat's secrets.
"""

import asyncio
from collections.abc import Callable
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

from server_fixtures import Api, table_socket
from test_server_api import open_table, wait_for_human, wait_until
from test_server_live import shown_cards
from vitrine.games.exhibition.cards import card_label
from vitrine.server.play.live import DELTAS_KEPT, Subscriber
from vitrine.server.play.pictures import appended, apply_delta, dumps, encode_fields, fields_delta

pytestmark = pytest.mark.timeout(120)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text('ab,[]"', max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text("ab", max_size=2), inner),
    max_leaves=6,
)
KEYS = st.sampled_from("abcdef")


@st.composite
def changed(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """An object and what a change made of it: fields kept, replaced, dropped,
    added, and lists that grew (the turns and decisions of a game)."""
    before = draw(st.dictionaries(KEYS, JSON | st.lists(JSON, max_size=3), max_size=6))
    after = {}
    for key, value in before.items():
        fate = draw(st.sampled_from(["keep", "replace", "drop", "grow"]))
        if fate == "keep":
            after[key] = value
        elif fate == "replace":
            after[key] = draw(JSON)
        elif fate == "grow" and isinstance(value, list):
            after[key] = value + draw(st.lists(JSON, min_size=1, max_size=2))
    after |= draw(st.dictionaries(KEYS, JSON, max_size=2))
    return before, after


@given(changed())
def test_a_delta_turns_one_object_into_the_other(
    pair: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    before, after = pair
    text = fields_delta(encode_fields(before), encode_fields(after))
    if before == after:
        assert text == ""
        return
    change = orjson.loads(text)
    rebuilt = apply_delta(
        {"n": 1, "you": None, "view": before, "table": {}, "log": [], "chat": []},
        {"n": 2, "base": 1, "you": None, "view": change},
    )
    assert rebuilt["view"] == after


@given(st.lists(JSON, max_size=4), st.lists(JSON, max_size=3))
def test_a_list_that_grows_is_sent_as_its_new_items(head: list[Any], tail: list[Any]) -> None:
    assert appended(dumps(head), dumps(head + tail)) == (dumps(tail) if tail else None)


@given(st.lists(JSON, max_size=4), st.lists(JSON, max_size=4))
def test_items_are_appended_only_to_the_list_they_extend(
    before: list[Any], after: list[Any]
) -> None:
    tail = appended(dumps(before), dumps(after))
    if tail is not None:
        assert before + orjson.loads(tail) == after


class Rebuilt:
    """A socket that takes deltas, read as whole messages rebuilt from them;
    ``raw`` keeps every message as sent."""

    def __init__(self, socket: WebSocketTestSession) -> None:
        self.socket = socket
        self.whole: dict[str, Any] | None = None
        self.raw: list[dict[str, Any]] = []

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.socket.receive_json()
        self.raw.append(message)
        if message["type"] == "delta":
            assert self.whole is not None, "a delta came before any whole message"
            self.whole = apply_delta(self.whole, message)
        else:
            assert message["type"] == "state", message
            self.whole = message
        return self.whole

    def until_it_shows(self, expected: dict[str, Any]) -> None:
        """Read until the rebuilt message is ``expected`` (its number aside)."""
        while without_number(self.receive()) != expected:
            pass


def moved_on_from(seq: int) -> Callable[[dict[str, Any]], bool]:
    return lambda table: bool(table["seq"] > seq)


def answer(api: Api, table_id: str, token: str | None) -> dict[str, Any]:
    return {"type": "state", **api.get(f"/api/tables/{table_id}", token).json()}


def without_number(message: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in message.items() if key != "n"}


def test_deltas_rebuild_every_message_of_a_whole_game_and_keep_its_secrets(
    client: TestClient,
) -> None:
    """Two seats and a spectator take deltas through a whole game with secret
    decades: every rebuilt message is the HTTP answer of that moment, and no
    message (a delta as sent, or rebuilt) shows a card never drawn or another
    seat's secret decade before the end."""
    api = Api(client)
    table_id, _, tokens = open_table(api, {"secret_decade": True})
    live = client.app.state.service.tables[table_id]  # type: ignore[attr-defined]
    decades = list(live.state.secret_decades)
    with (
        table_socket(client, table_id, tokens[0], deltas=True) as ws0,
        table_socket(client, table_id, tokens[1], deltas=True) as ws1,
        table_socket(client, table_id, deltas=True) as ws2,
    ):
        readers = {0: Rebuilt(ws0), 1: Rebuilt(ws1), None: Rebuilt(ws2)}
        while True:
            table = wait_for_human(api, table_id)  # the table stands still until she acts
            for seat, reader in readers.items():  # each socket shows what HTTP says
                expected = answer(api, table_id, None if seat is None else tokens[seat])
                reader.until_it_shows(expected)
            if table["status"] == "over":
                break
            human = table["current_player"]
            view = answer(api, table_id, tokens[human])["view"]
            action = {"type": "act", "action": view["legal_actions"][-1], "seq": table["seq"]}
            (ws0 if human == 0 else ws1).send_json(action)
            wait_until(api, table_id, moved_on_from(table["seq"]))
    never_drawn = {card_label(card) for card in live.state.stock}
    assert never_drawn
    deltas = 0
    for seat, reader in readers.items():
        rebuilt: dict[str, Any] | None = None
        for message in reader.raw:
            assert message["you"] == seat
            assert not shown_cards(message) & never_drawn  # a delta as sent
            deltas += message["type"] == "delta"
            rebuilt = message if message["type"] == "state" else apply_delta(rebuilt, message)  # type: ignore[arg-type]
            assert not shown_cards(rebuilt) & never_drawn
            over = rebuilt["view"]["current_player"] is None
            for other, decade in enumerate(rebuilt["view"]["secret_decades"]):
                assert decade == (decades[other] if over or other == seat else None)
            assert ("legal_actions" in rebuilt["view"]) == (
                seat is not None and seat == rebuilt["view"]["current_player"]
            )
    assert deltas > 20, "the sockets were sent deltas, not whole messages"


def test_a_socket_that_misses_a_delta_resyncs_and_a_reconnect_gets_the_whole(
    client: TestClient,
) -> None:
    """A client that drops a delta cannot apply the next (its base is not the
    client's message): it says ``resync`` and is sent the whole message, which is
    the HTTP answer.  A socket opened again starts from the whole message too."""
    api = Api(client)
    table_id, _, tokens = open_table(api)
    with table_socket(client, table_id, tokens[0], deltas=True) as socket:
        first = socket.receive_json()
        assert first["type"] == "state"
        said = [f"line {k}" for k in range(3)]
        for text in said:
            assert api.post(f"/api/tables/{table_id}/chat", tokens[1], {"text": text}).is_success
        missed = socket.receive_json()  # dropped, as a client that lost it would
        assert missed["type"] == "delta" and missed["base"] == first["n"]
        following = socket.receive_json()
        assert following["type"] == "delta" and following["base"] == missed["n"]
        with pytest.raises(ValueError, match="a delta from message"):
            apply_delta(first, following)
        socket.send_json({"type": "resync"})
        whole = socket.receive_json()
        while whole["type"] == "delta":  # the third line's delta may have been on its way
            whole = socket.receive_json()
        assert whole["type"] == "state" and whole["n"] > following["n"]
        assert without_number(whole) == answer(api, table_id, tokens[0])
        assert [line["text"] for line in whole["chat"]] == said
    with table_socket(client, table_id, tokens[0], deltas=True) as socket:
        again = socket.receive_json()
    assert again["type"] == "state" and again["n"] == whole["n"]
    assert without_number(again) == answer(api, table_id, tokens[0])


def test_a_socket_that_did_not_ask_for_deltas_gets_whole_messages(client: TestClient) -> None:
    api = Api(client)
    table_id, _, tokens = open_table(api)
    with table_socket(client, table_id, tokens[0]) as socket:
        socket.receive_json()
        assert api.post(f"/api/tables/{table_id}/chat", tokens[1], {"text": "hi"}).is_success
        message = socket.receive_json()
    assert message["type"] == "state"
    assert without_number(message) == answer(api, table_id, tokens[0])


@pytest.mark.parametrize("value", ["yes", 1, None, []])
def test_a_hello_with_a_malformed_deltas_choice_is_refused(client: TestClient, value: Any) -> None:
    table_id, _, _ = open_table(Api(client))
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as socket:
        socket.send_json({"type": "hello", "deltas": value})
        error = socket.receive_json()
    assert error["type"] == "error" and error["code"] == "message_deltas"


def whole_at(n: int) -> tuple[int, str]:
    return n, f'{{"type":"state","n":{n}}}'


def test_a_subscriber_behind_or_slow_is_sent_the_whole_message() -> None:
    """Deltas are queued in order while the socket has their base; one that does
    not follow, or more than ``DELTAS_KEPT`` waiting, turn into one whole message
    built when it is sent (as the table is then)."""

    async def scenario() -> None:
        now = [1]
        subscriber = Subscriber(None, lambda: whole_at(now[0]), deltas=True)
        subscriber.push_whole()
        assert await subscriber.next_messages() == ['{"type":"state","n":1}']
        subscriber.push_delta(1, 2, "d2")
        subscriber.push_delta(2, 3, "d3")
        assert await subscriber.next_messages() == ["d2", "d3"]
        subscriber.push_delta(7, 8, "d8")  # not from message 3: it cannot apply
        now[0] = 8
        assert await subscriber.next_messages() == ['{"type":"state","n":8}']
        for n in range(9, 10 + DELTAS_KEPT):  # one more than is kept for a slow socket
            subscriber.push_delta(n - 1, n, f"d{n}")
        now[0] = 9 + DELTAS_KEPT
        assert await subscriber.next_messages() == [f'{{"type":"state","n":{now[0]}}}']
        subscriber.push_delta(now[0], now[0] + 1, "next")
        assert await subscriber.next_messages() == ["next"]

    asyncio.run(scenario())


def test_a_subscriber_without_deltas_gets_only_the_newest_whole_message() -> None:
    async def scenario() -> None:
        now = [1]
        subscriber = Subscriber(0, lambda: whole_at(now[0]))
        subscriber.push_whole()
        for n in range(2, 6):
            subscriber.push_delta(n - 1, n, "never sent")
            now[0] = n
        assert await subscriber.next_messages() == ['{"type":"state","n":5}']

    asyncio.run(scenario())
