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
same value as the same text) and keeps a picture small: text, not the
objects it came from, so thousands of watched tables cost little memory.

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

Fields = dict[str, str]  # a JSON object, each value encoded on its own


def dumps(value: Any) -> str:
    """``value`` as compact JSON text, by orjson (six times the standard library's
    encoder on these views), integer keys as strings (as ``json.dumps``
    makes them).  Text, not orjson's bytes: a bytes object orjson returns keeps
    the buffer it was written in (some 4 KiB however short the value), which
    made a picture of a table weigh 145 KiB; its text weighs its length."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def encode_fields(data: Mapping[str, Any]) -> Fields:
    return {key: dumps(value) for key, value in data.items()}


def members(fields: Fields) -> str:
    """The object's members, ``"key":value,...``, without braces (to splice two)."""
    return ",".join(dumps(key) + ":" + value for key, value in fields.items())


def braced(*parts: str) -> str:
    """An object from spliced members (an empty part adds nothing)."""
    return "{" + ",".join(part for part in parts if part) + "}"


def appended(before: str, after: str) -> str | None:
    """The items ``after`` adds at the end of ``before``, as a JSON array, when both
    are arrays and ``after`` only adds; else None.

    Compact JSON text has one spelling per value, and an array's items end
    where the next comma or the closing bracket begins: ``after`` beginning
    with ``before``'s items and then a comma holds those very items first."""
    if before[:1] != "[" or after[:1] != "[" or len(after) <= len(before):
        return None
    if before == "[]":
        return after
    head = before[:-1]
    if after.startswith(head) and after[len(head) : len(head) + 1] == ",":
        return "[" + after[len(head) + 1 :]
    return None


def fields_delta(before: Fields, after: Fields) -> str:
    """What turns the object ``before`` into ``after``, as JSON text:
    ``{"set": {key: value}, "append": {key: [items]}, "drop": [key]}``, each
    part only if it has something; ``""`` when nothing changed."""
    sets: list[str] = []
    appends: list[str] = []
    for key, value in after.items():
        old = before.get(key)
        if old == value:
            continue
        tail = None if old is None else appended(old, value)
        if tail is None:
            sets.append(dumps(key) + ":" + value)
        else:
            appends.append(dumps(key) + ":" + tail)
    drops = [dumps(key) for key in before if key not in after]
    if not (sets or appends or drops):
        return ""
    parts = []
    if sets:
        parts.append('"set":{' + ",".join(sets) + "}")
    if appends:
        parts.append('"append":{' + ",".join(appends) + "}")
    if drops:
        parts.append('"drop":[' + ",".join(drops) + "]")
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
    log: list[str]  # each decision, encoded
    chat: str
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

    def whole(self, seat: int | None) -> str:
        """The whole message for ``seat``: what a socket shows from scratch."""
        private = members(self.private(seat))  # known from now on: deltas may follow
        view = "null" if self.view is None else braced(members(self.view), private)
        return (
            '{"type":"state","you":'
            + dumps(seat)
            + ',"n":'
            + dumps(self.n)
            + ',"view":'
            + view
            + ',"table":'
            + braced(members(self.table))
            + ',"log":['
            + ",".join(self.log)
            + '],"chat":'
            + self.chat
            + "}"
        )

    def shared_delta(self, before: "Picture") -> str:
        """The members of the delta from ``before`` that every seat gets alike."""
        parts = ['"type":"delta","n":' + dumps(self.n) + ',"base":' + dumps(before.n)]
        table = fields_delta(before.table, self.table)
        if table:
            parts.append('"table":' + table)
        if len(self.log) > len(before.log):
            parts.append('"log":[' + ",".join(self.log[len(before.log) :]) + "]")
        if self.chat != before.chat:
            parts.append('"chat":' + self.chat)
        if self.view is not None:
            view = fields_delta(before.view or {}, self.view)
            if view:
                parts.append('"view":' + view)
        return ",".join(parts)

    def seat_delta(self, shared: str, seat: int | None, before: "Picture") -> str:
        """``seat``'s delta from ``before``: the members every seat gets (``shared``),
        its seat, and what changed in its private part."""
        own = fields_delta(before.private(seat), self.private(seat))
        return braced('"you":' + dumps(seat), shared, '"own":' + own if own else "")


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


def decision_texts(log: Iterable[tuple[int, str]]) -> list[str]:
    """The table's decisions as the messages list them, encoded."""
    return [dumps({"seat": seat, "action": text}) for seat, text in log]
