"""End to end: a person challenges a bot account to a rated game on a real
``vitrine serve``; ``examples/bot_client.py``, run with the bot's API token,
accepts and plays its seat over the WebSocket while the person plays theirs
over HTTP; the game ends, both ratings move, and the bot stands on the bots'
leaderboard.  The same client run with ``--pair`` asks for a game through quick
pairing, is paired with a person who asked for one, and plays it to the end."""

import http.cookiejar
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from account_helpers import PASSWORD
from server_process import Served
from vitrine.games import get_game

FAST = ("--poll", "0.2", "--games", "1", "--verbose")  # stop after the one game
CLIENT = Path(__file__).resolve().parent.parent / "examples" / "bot_client.py"
pytestmark = pytest.mark.timeout(300)


class Browser:
    """A person's session on the server: its cookie, and the site's Origin on writes."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json", "Origin": self.url}
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        with self.opener.open(request, timeout=30) as response:
            text = response.read()
        return json.loads(text) if text else None


def bot_token(url: str, scopes: list[str]) -> str:
    """A fresh bot account "Robo" and an API token of ``scopes``."""
    robo = Browser(url)
    robo.call("POST", "/api/account", {"name": "Robo", "password": PASSWORD})
    assert robo.call("POST", "/api/account/bot")["bot"] is True
    token: str = robo.call("POST", "/api/account/tokens", {"label": "e2e", "scopes": scopes})[
        "token"
    ]
    return token


def run_client(url: str, token: str, *options: str) -> "subprocess.Popen[bytes]":
    return subprocess.Popen(
        [sys.executable, str(CLIENT), "--server", url, "--bot", "beginner", *FAST, *options],
        env=os.environ | {"VITRINE_TOKEN": token},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


def play_to_the_end(person: Browser, table_id: str, seat: int) -> dict[str, Any]:
    """Play ``seat`` over HTTP (its first legal decision each turn) until the game
    is over: the person's last view of the table."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        mine: dict[str, Any] = person.call("GET", f"/api/tables/{table_id}")
        table = mine["table"]
        if table["status"] == "over":
            return mine
        if table["status"] == "playing" and table["current_player"] == seat:
            action = mine["view"]["legal_actions"][0]
            person.call(
                "POST", f"/api/tables/{table_id}/actions", {"action": action, "seq": table["seq"]}
            )
        else:
            time.sleep(0.05)
    raise AssertionError(f"the game did not end: {mine['table']}")


def test_a_bot_client_plays_a_rated_challenge_to_the_end(sqlite_url: str) -> None:
    served = Served(sqlite_url, settings={"VITRINE_SIGN_UPS": "100/minute"})
    client: subprocess.Popen[bytes] | None = None
    try:
        token = bot_token(served.url, ["play"])
        ana = Browser(served.url)
        ana.call("POST", "/api/account", {"name": "Ana", "password": PASSWORD})
        client = run_client(served.url, token)
        seats = [{"kind": "human", "me": True}, {"kind": "human", "account": "Robo"}]
        table_id = ana.call(
            "POST", "/api/tables", {"game": "tucano", "seats": seats, "rated": True}
        )["table"]["id"]
        decisions = {0: 0, 1: 0}
        mine = play_to_the_end(ana, table_id, 0)
        table = mine["table"]
        for entry in mine["log"]:
            decisions[entry["seat"]] += 1
        assert decisions[0] > 0 and decisions[1] > 0  # the bot played its own seat
        assert not any(seat["substituted"] for seat in table["seats"])  # never handed to a bot
        output, _ = client.communicate(timeout=60)  # it stops after its one game
        assert client.returncode == 0, output.decode()
        assert b"accepted the challenge of Ana" in output
        changes = ana.call("GET", f"/api/tables/{table_id}/ratings")
        assert [change["name"] for change in changes] == ["Ana", "Robo"]
        # The winner's rating rose and the loser's fell; a tie between two newcomers
        # leaves the number shown (mu) where it was.
        (game,) = ana.call("GET", "/api/account/games")["finished"]
        moves = [(c["after"] > c["before"]) - (c["after"] < c["before"]) for c in changes]
        expected = {"won": [1, -1], "lost": [-1, 1], "shared": [0, 0]}[game["outcome"]]
        assert moves == expected, (game["outcome"], changes)
        bots = ana.call("GET", "/api/leaderboard/tucano/bots")["players"]
        assert [leader["name"] for leader in bots] == ["Robo"]
        assert bots[0]["rating"] == changes[1]["after"]
        assert ana.call("GET", "/api/leaderboard/tucano")["players"] == []  # provisional Ana
    finally:
        if client is not None and client.poll() is None:
            client.kill()
        served.stop()


def test_a_bot_client_asks_to_be_paired_and_plays_the_table(sqlite_url: str) -> None:
    """A person asks for a rated game of tucano for two; the client, run with
    ``--pair tucano:2:rated``, keeps a request open, is paired with her and plays
    its seat to the end; stopped after that game, it cancels the request it had
    opened again (if it opened one), so nobody is left looking."""
    served = Served(sqlite_url, settings={"VITRINE_SIGN_UPS": "100/minute"})
    client: subprocess.Popen[bytes] | None = None
    try:
        token = bot_token(served.url, ["play", "pair"])
        ana = Browser(served.url)
        ana.call("POST", "/api/account", {"name": "Ana", "password": PASSWORD})
        ask = {"game": "tucano", "players": 2, "rated": True}
        request_id = ana.call("POST", "/api/pairing", ask)["request"]["id"]
        # --poll 30: the table is found by the pairing request, not by the list of games
        client = run_client(served.url, token, "--pair", "tucano:2:rated", "--poll", "30")
        deadline = time.monotonic() + 60
        while (request := ana.call("GET", f"/api/pairing/{request_id}"))["status"] == "waiting":
            assert time.monotonic() < deadline, "never paired"
            time.sleep(0.5)  # as a page polls, within VITRINE_PAIRING_READS (4 a second)
        assert request["status"] == "paired", request
        mine = play_to_the_end(ana, request["table"], request["seat"])
        table = mine["table"]
        assert table["rated"] is True
        assert sorted(seat["name"] for seat in table["seats"]) == ["Ana", "Robo"]
        assert {entry["seat"] for entry in mine["log"]} == {0, 1}  # the bot played its seat
        assert not any(seat["substituted"] for seat in table["seats"])
        output, _ = client.communicate(timeout=60)  # it stops after its one game
        assert client.returncode == 0, output.decode()
        assert f"paired for tucano:2:rated:live at table {table['id']}".encode() in output
        # every request opened again after the pairing is cancelled at the stop (none is
        # opened when the game was over before the client read its request as paired)
        asked = output.count(b"asked to be paired for tucano:2:rated:live")
        assert output.count(b"cancelled the request for tucano:2:rated:live") == asked - 1
        assert ana.call("GET", "/api/pairing/looking")["people"] == {}
    finally:
        if client is not None and client.poll() is None:
            client.kill()
        served.stop()


def test_a_token_without_the_pair_scope_cannot_pair(sqlite_url: str) -> None:
    """``--pair`` with a token of the ``play`` scope only: the client says why
    (403 ``token_scope``) and exits with a failure, rather than waiting on."""
    served = Served(sqlite_url, settings={"VITRINE_SIGN_UPS": "100/minute"})
    client: subprocess.Popen[bytes] | None = None
    try:
        client = run_client(served.url, bot_token(served.url, ["play"]), "--pair", "tucano:2")
        output, _ = client.communicate(timeout=60)
        assert client.returncode == 1, output.decode()
        assert b"cannot be paired for tucano:2:live" in output
        assert b"the server refused the token" in output and b'"token_scope"' in output
        assert b"Traceback" not in output
    finally:
        if client is not None and client.poll() is None:
            client.kill()
        served.stop()


def load_client() -> Any:
    spec = importlib.util.spec_from_file_location("bot_client", CLIENT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_policy_over_the_adapters_observation_decides() -> None:
    """A policy sees the adapters' observation and mask and its id becomes notation."""
    client = load_client()
    seen: list[tuple[Any, Any]] = []

    def last_legal(observation: Any, mask: Any) -> int:
        seen.append((observation, mask))
        return int(np.flatnonzero(mask)[-1])

    decide = client.Decider(None, last_legal, "flat").for_table("tucano", 2)
    state = get_game("tucano").new_game(["A", "B"], {}, 7)
    seat = state.current_player
    view = state.view(seat)
    decision = decide(view)
    ((observation, mask),) = seen
    legal = state.legal_action_ids()
    assert observation.ndim == 1 and mask.sum() == len(legal)
    assert decision == state.action_text(max(legal)) and decision in view["legal_actions"]
    assert client.Decider("beginner", None, "flat").can_play("tucano", 2)
    assert not client.Decider("beginner", None, "flat").can_play("no such game", 2)


def test_the_client_reconnects_after_the_server_restarts(sqlite_url: str) -> None:
    """The server dies mid-game (SIGKILL) and comes back on its port: the client's
    socket drops, it connects again and plays on to the end."""
    served = Served(sqlite_url, settings={"VITRINE_SIGN_UPS": "100/minute"})
    client: subprocess.Popen[bytes] | None = None
    try:
        token = bot_token(served.url, ["play"])
        ana = Browser(served.url)
        ana.call("POST", "/api/account", {"name": "Ana", "password": PASSWORD})
        seats = [{"kind": "human", "me": True}, {"kind": "human", "account": "Robo"}]
        made = ana.call("POST", "/api/tables", {"game": "tucano", "seats": seats})
        table_id = made["table"]["id"]
        client = run_client(served.url, token)
        restarted = False
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            try:
                mine = ana.call("GET", f"/api/tables/{table_id}")
            except OSError:
                time.sleep(0.1)  # the server is coming back
                continue
            table = mine["table"]
            if table["status"] == "over":
                break
            if not restarted and table["status"] == "playing" and table["seq"] >= 6:
                served.kill()
                served = Served(sqlite_url, port=served.port, settings=served.settings)
                restarted = True
                continue
            if table["status"] == "playing" and table["current_player"] == 0:
                decision = {"action": mine["view"]["legal_actions"][0], "seq": table["seq"]}
                ana.call("POST", f"/api/tables/{table_id}/actions", decision)
            else:
                time.sleep(0.05)
        else:
            raise AssertionError("the game did not end")
        assert restarted
        output, _ = client.communicate(timeout=60)
        assert client.returncode == 0, output.decode()
        assert b"dropped" in output
        assert not any(seat["substituted"] for seat in table["seats"])
    finally:
        if client is not None and client.poll() is None:
            client.kill()
        served.stop()


def test_ctrl_c_stops_the_client_cleanly(sqlite_url: str) -> None:
    """Ctrl-C while it waits to be paired: it exits at once, without a traceback,
    and cancels its waiting request, so nobody is left looking for a game."""
    served = Served(sqlite_url, settings={"VITRINE_SIGN_UPS": "100/minute"})
    try:
        token = bot_token(served.url, ["play", "pair"])
        options = ("--poll", "0.2", "--verbose", "--pair", "tucano:2")
        client = subprocess.Popen(
            [sys.executable, str(CLIENT), "--server", served.url, *options],
            env=os.environ | {"VITRINE_TOKEN": token},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        assert client.stdout is not None
        assert b"connected as Robo" in client.stdout.readline()  # it runs, waiting for games
        assert b"asked to be paired for tucano:2:live" in client.stdout.readline()
        looking = Browser(served.url)
        assert looking.call("GET", "/api/pairing/looking")["people"] == {"tucano": 1}
        client.send_signal(signal.SIGINT)
        output, _ = client.communicate(timeout=30)
        assert client.returncode == 0, output.decode()
        assert b"Traceback" not in output
        assert b"cancelled the request for tucano:2:live" in output
        assert looking.call("GET", "/api/pairing/looking")["people"] == {}
    finally:
        served.stop()
