"""A table as its watchers last saw it (a picture), and what changed since (a delta).

Every change of a table is shown to every socket that watches it.  Most of
what each one is shown is the same for all of them (the table, its
decisions, its chat, the public part of the game's view), and most of it
did not change since the last message.  So a change takes one *picture* of
the table: the public view built once (``GameState.public_view``), every
field encoded once, on its own, by orjson.  A seat's private part
(``GameState.private_view``) is added for the seats someone watches from.

From two pictures the server writes, once for every audience, a *delta*:
the fields whose text changed, the lists that grew as their new items only
(a game's turns, the table's decisions), the fields that went away.  A
socket that asked for deltas gets those; a new or reconnected socket, one
that fell behind, or one that did not ask, gets the whole message, built
from the same picture.  Comparing encoded text is exact (orjson writes the
same value as the same bytes) and keeps a picture small: bytes, not the
objects they came from, so thousands of watched tables cost little memory.

A message is JSON text; its parts are spliced from the encoded fields, so
nothing is encoded twice.  ``apply_delta`` is how a Python client (the
bench, ``examples/bot_client.py``, the tests) rebuilds the whole message;
``web/static/common.js`` does the same for the pages.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from vitrine.engine.protocol import GameState

Fields = dict[str, bytes]  # a JSON object, each value encoded on its own


def dumps(value: Any) -> bytes:
    """``value`` as compact JSON, integer keys as strings (as ``json.dumps`` makes them)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def encode_fields(data: Mapping[str, Any]) -> Fields:
    return {key: dumps(value) for key, value in data.items()}


def members(fields: Fields) -> bytes:
    """The object's members, ``"key":value,...``, without braces (to splice two)."""
    return b",".join(dumps(key) + b":" + value for key, value in fields.items())


def braced(*parts: bytes) -> bytes:
    """An object from spliced members (an empty part adds nothing)."""
    return b"{" + b",".join(part for part in parts if part) + b"}"


def appended(before: bytes, after: bytes) -> bytes | None:
    """The items ``after`` adds at the end of ``before``, as a JSON array, when both
    are arrays and ``after`` only adds; else None.

    Compact JSON text has one spelling per value, and an array's items end
    where the next comma or the closing bracket begins: ``after`` beginning
    with ``before``'s items and then a comma holds those very items first."""
    if before[:1] != b"[" or after[:1] != b"[" or len(after) <= len(before):
        return None
    if before == b"[]":
        return after
    head = before[:-1]
    if after.startswith(head) and after[len(head) : len(head) + 1] == b",":
        return b"[" + after[len(head) + 1 :]
    return None


def fields_delta(before: Fields, after: Fields) -> bytes:
    """What turns the object ``before`` into ``after``, as JSON text:
    ``{"set": {key: value}, "append": {key: [items]}, "drop": [key]}``, each
    part only if it has something; ``b""`` when nothing changed."""
    sets: list[bytes] = []
    appends: list[bytes] = []
    for key, value in after.items():
        old = before.get(key)
        if old == value:
            continue
        tail = None if old is None else appended(old, value)
        if tail is None:
            sets.append(dumps(key) + b":" + value)
        else:
            appends.append(dumps(key) + b":" + tail)
    drops = [dumps(key) for key in before if key not in after]
    if not (sets or appends or drops):
        return b""
    parts = []
    if sets:
        parts.append(b'"set":{' + b",".join(sets) + b"}")
    if appends:
        parts.append(b'"append":{' + b",".join(appends) + b"}")
    if drops:
        parts.append(b'"drop":[' + b",".join(drops) + b"]")
    return braced(*parts)


@dataclass
class Picture:
    """A table at message number ``n``, encoded: ``view`` is the public part of the
    game's view of ``state`` (None before the deal).  The private parts are
    encoded for the seats someone watches from, when first asked for, from
    ``state``: a position is replaced, never changed, so it is still the
    picture's."""

    n: int
    state: GameState | None
    table: Fields
    view: Fields | None
    log: list[bytes]  # each decision, encoded
    chat: bytes
    _private: dict[int | None, Fields] = field(default_factory=dict)

    def private(self, seat: int | None) -> Fields:
        """The private part of ``seat``'s view (None: a spectator's), encoded."""
        if seat not in self._private:
            state = self.state
            self._private[seat] = {} if state is None else encode_fields(state.private_view(seat))
        return self._private[seat]

    def knows(self, seat: int | None) -> bool:
        """Whether some socket was shown ``seat``'s private part of this picture."""
        return seat in self._private

    def whole(self, seat: int | None) -> bytes:
        """The whole message for ``seat``: what a socket shows from scratch."""
        private = members(self.private(seat))  # known from now on: deltas may follow
        view = b"null" if self.view is None else braced(members(self.view), private)
        return (
            b'{"type":"state","you":'
            + dumps(seat)
            + b',"n":'
            + dumps(self.n)
            + b',"view":'
            + view
            + b',"table":'
            + braced(members(self.table))
            + b',"log":['
            + b",".join(self.log)
            + b'],"chat":'
            + self.chat
            + b"}"
        )

    def shared_delta(self, before: "Picture") -> bytes:
        """The members of the delta from ``before`` that every seat gets alike."""
        parts = [b'"type":"delta","n":' + dumps(self.n) + b',"base":' + dumps(before.n)]
        table = fields_delta(before.table, self.table)
        if table:
            parts.append(b'"table":' + table)
        if len(self.log) > len(before.log):
            parts.append(b'"log":[' + b",".join(self.log[len(before.log) :]) + b"]")
        if self.chat != before.chat:
            parts.append(b'"chat":' + self.chat)
        if self.view is not None:
            view = fields_delta(before.view or {}, self.view)
            if view:
                parts.append(b'"view":' + view)
        return b",".join(parts)

    def seat_delta(self, shared: bytes, seat: int | None, before: "Picture") -> bytes:
        """``seat``'s delta from ``before``: the members every seat gets (``shared``),
        its seat, and what changed in its private part."""
        own = fields_delta(before.private(seat), self.private(seat))
        return braced(b'"you":' + dumps(seat), shared, b'"own":' + own if own else b"")


def apply_delta(whole: dict[str, Any], delta: Mapping[str, Any]) -> dict[str, Any]:
    """The whole message a delta leads to from ``whole`` (its base), for a Python
    client; ``whole`` is left as it was.  A delta whose ``base`` is not
    ``whole``'s ``n`` cannot apply: the client asks for the whole message again
    (``{"type": "resync"}``)."""
    if delta.get("base") != whole.get("n"):
        raise ValueError(f"a delta from message {delta.get('base')} to message {whole.get('n')}")
    result = {**whole, "n": delta["n"], "you": delta["you"]}
    if "table" in delta:
        result["table"] = _patched(whole["table"], delta["table"])
    if "log" in delta:
        result["log"] = [*whole["log"], *delta["log"]]
    if "chat" in delta:
        result["chat"] = delta["chat"]
    view = whole["view"]
    for part in ("view", "own"):
        if part in delta:
            view = _patched(view or {}, delta[part])
    result["view"] = view
    return result


def _patched(data: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    result = {key: value for key, value in data.items() if key not in change.get("drop", ())}
    result.update(change.get("set", {}))
    for key, items in change.get("append", {}).items():
        result[key] = [*result[key], *items]
    return result


def decision_texts(log: Iterable[tuple[int, str]]) -> list[bytes]:
    """The table's decisions as the messages list them, encoded."""
    return [dumps({"seat": seat, "action": text}) for seat, text in log]
