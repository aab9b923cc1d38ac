"""Connect a bot to a vitrine server as a bot account: it answers challenges and plays.

The account must be marked as a bot and hold an API token with the ``play``
scope (docs/bots.md, "Connect your own bot").  The client then, every
``--poll`` seconds, reads the account's challenges (``GET
/api/account/challenges``), accepts those of a game it can play and declines
the others, and plays every table the account holds a seat at (``GET
/api/account/games``): one WebSocket per table (``/api/tables/{id}/ws``,
``{"type": "hello", "token": ...}``), a decision sent (``{"type": "act"}``)
whenever the state it receives says it is its turn.  It is the same API as
the pages use, with the token where a page has its session.  A dropped socket
is opened again (the first message after a hello is the whole picture, so
nothing is replayed); a 429 is waited out as its ``Retry-After`` says; Ctrl-C
stops it cleanly.

Who decides, one of:

* ``--bot LEVEL_OR_SPEC``: any vitrine bot, ``vitrine.bots.make_bot(spec,
  game, players)`` (``beginner`` .. ``expert``, or ``greedy``, ``ismcts:2000``);
* ``--policy module:function``: a policy over the PettingZoo/Gymnasium
  observation (docs/adapters.md), ``function(observation, action_mask) ->
  action id``, given what the adapters give a learner: the seat's encoded
  view (``--obs-type flat`` or ``dict``) and the mask of its legal ids.

Needs only the standard library, ``websockets`` (a vitrine dependency) and
vitrine itself, for the bots and encodings.  Run:

    VITRINE_TOKEN=vitrine_... python examples/bot_client.py \
        --server http://127.0.0.1:8000 --bot casual
"""

import argparse
import asyncio
import contextlib
import importlib
import json
import logging
import os
import signal
import urllib.error
import urllib.request
from collections.abc import Callable
from random import Random
from typing import Any

import websockets

from vitrine.adapters.encoding import encoding_for
from vitrine.bots import make_bot
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game
from vitrine.games import game_names, get_game
from vitrine.kit.encoding import action_mask, flatten

log = logging.getLogger("bot_client")
Policy = Callable[[Any, Any], Any]  # (observation, action mask) -> action id
RECONNECT = (0.5, 1.0, 2.0, 5.0, 10.0)  # seconds between attempts to open a dropped socket


class Api:
    """The server's HTTP API with the token, from worker threads (urllib blocks)."""

    def __init__(self, server: str, token: str) -> None:
        self.server = server.rstrip("/")
        self.token = token

    async def call(self, method: str, path: str) -> Any:
        while True:
            try:
                return await asyncio.to_thread(self._call, method, path)
            except urllib.error.HTTPError as error:
                if error.code != 429:
                    raise
                wait = float(error.headers.get("Retry-After", "1"))
                log.warning("rate limited: waiting %s s", wait)
                await asyncio.sleep(wait)

    def _call(self, method: str, path: str) -> Any:
        request = urllib.request.Request(
            self.server + path,
            method=method,
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
            data=b"{}" if method == "POST" else None,
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")

    def socket_url(self, table_id: str) -> str:
        return self.server.replace("http", "ws", 1) + f"/api/tables/{table_id}/ws"


class Decider:
    """Chooses a decision from a seat's view, by a vitrine bot or by a policy."""

    def __init__(self, bot: str | None, policy: Policy | None, obs_type: str) -> None:
        self.bot, self.policy, self.obs_type = bot, policy, obs_type
        self.rng = Random()

    def can_play(self, game_name: str, players: int) -> bool:
        if game_name not in game_names():
            return False
        try:
            self.for_table(game_name, players)
        except VitrineError:  # a bot or an encoding this game lacks: decline
            return False
        return True

    def for_table(self, game_name: str, players: int) -> Callable[[dict[str, Any]], str]:
        """What decides at one table: a function from the seat's view to a decision."""
        game = get_game(game_name)
        if self.policy is None:
            bot = make_bot(self.bot or "casual", game_name, players)
            return lambda view: bot.choose(game, view, self.rng)
        policy = self.policy
        probe = game.new_game([f"P{i}" for i in range(players)], {}, 0)
        encoding = encoding_for(game_name, probe)

        def decide(view: dict[str, Any]) -> str:
            return self.by_policy(game, encoding, policy, view)

        return decide

    def by_policy(self, game: Game, encoding: Any, policy: Policy, view: dict[str, Any]) -> str:
        """The policy's choice on the adapters' observation of ``view``: the legal
        ids are read from a position consistent with the view (a determinization:
        the seat's own decisions are the same in every one)."""
        state = game.determinize(view, self.rng)
        legal = state.legal_action_ids()
        arrays = encoding.encode(view)
        observation = flatten(encoding, arrays) if self.obs_type == "flat" else arrays
        chosen = int(policy(observation, action_mask(encoding, legal)))
        if chosen not in legal:
            log.warning("the policy chose an illegal id %s: playing the first legal one", chosen)
            chosen = legal[0]
        return state.action_text(chosen)


class BotClient:
    def __init__(self, api: Api, decider: Decider, poll: float, stop_after: int | None) -> None:
        self.api, self.decider, self.poll = api, decider, poll
        self.playing: dict[str, asyncio.Task[None]] = {}
        self.finished = 0
        self.stop_after = stop_after  # games to finish before stopping (None: run on)
        self.done = asyncio.Event()

    async def run(self) -> None:
        me = await self.api.call("GET", "/api/account")
        log.info("connected as %s (bot: %s)", me["name"], me["bot"])
        try:
            while not self.done.is_set():
                try:
                    await self.answer_challenges()
                    await self.play_tables()
                except OSError as error:  # the server is away (restarting?): look again later
                    log.info("server unreachable (%s): trying again", error)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.done.wait(), self.poll)
        finally:
            for task in self.playing.values():
                task.cancel()
            await asyncio.gather(*self.playing.values(), return_exceptions=True)

    async def answer_challenges(self) -> None:
        lists = await self.api.call("GET", "/api/account/challenges")
        for challenge in lists["received"]:
            if challenge["status"] != "pending":
                continue
            table = challenge["table"]
            answer = (
                "accept" if self.decider.can_play(table["game"], len(table["seats"])) else "decline"
            )
            try:
                await self.api.call("POST", f"/api/challenges/{table['id']}/{answer}")
                log.info("%sed the challenge of %s (%s)", answer, challenge["by"], table["game"])
            except urllib.error.HTTPError as error:  # answered meanwhile, or called off
                log.info("challenge at %s: %s", table["id"], error.read().decode())

    async def play_tables(self) -> None:
        games = await self.api.call("GET", "/api/account/games")
        for table in games["in_progress"]:
            if table["status"] == "playing" and table["id"] not in self.playing:
                task = asyncio.create_task(
                    self.play(table["id"], len(table["seats"]), table["game"])
                )
                self.playing[table["id"]] = task

    async def play(self, table_id: str, players: int, game_name: str) -> None:
        """Play the seat held at ``table_id`` until the game is over, opening the
        socket again whenever it drops."""
        decide = self.decider.for_table(game_name, players)
        attempt = 0
        try:
            while True:
                try:
                    async with websockets.connect(self.api.socket_url(table_id)) as socket:
                        await socket.send(json.dumps({"type": "hello", "token": self.api.token}))
                        attempt = 0
                        if await self.play_socket(socket, decide):
                            return
                except (OSError, websockets.WebSocketException) as error:
                    log.info("socket of %s dropped (%s): reconnecting", table_id, error)
                await asyncio.sleep(RECONNECT[min(attempt, len(RECONNECT) - 1)])
                attempt += 1
        finally:
            self.playing.pop(table_id, None)

    async def play_socket(self, socket: Any, decide: Callable[[dict[str, Any]], str]) -> bool:
        """Answer every state that asks this seat for a decision; True once the
        game is over (False: the socket closed first)."""
        answered, state = -1, None
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "error":  # stale: a new state is on its way; else decide again
                log.info("refused: %s (%s)", message["message"], message["code"])
                if state is None or message["code"] == "stale":
                    continue
                message, answered = state, -1
            state = message
            table, view = message["table"], message["view"]
            if table["status"] in ("over", "abandoned", "cancelled"):
                self.finished += 1
                log.info("table %s: %s", table["id"], table["status"])
                if self.stop_after is not None and self.finished >= self.stop_after:
                    self.done.set()
                return True
            mine = view is not None and table["current_player"] == message["you"]
            if mine and view.get("legal_actions") and table["seq"] != answered:
                action = await asyncio.to_thread(decide, view)
                answered = table["seq"]
                await socket.send(json.dumps({"type": "act", "action": action, "seq": answered}))
        return False


def load_policy(spec: str) -> Policy:
    module, _, name = spec.partition(":")
    policy: Policy = getattr(importlib.import_module(module), name)
    return policy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--token", default=os.environ.get("VITRINE_TOKEN"), help="or VITRINE_TOKEN")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--bot", default=None, help="a bot level or spec (default: casual)")
    who.add_argument("--policy", default=None, help="module:function over the observation")
    parser.add_argument("--obs-type", choices=("flat", "dict"), default="flat")
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between looks")
    parser.add_argument("--games", type=int, default=None, help="stop after this many games")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if not args.token:
        parser.error("an API token is needed: --token or VITRINE_TOKEN")
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    policy = load_policy(args.policy) if args.policy else None
    client = BotClient(
        Api(args.server, args.token),
        Decider(args.bot, policy, args.obs_type),
        args.poll,
        args.games,
    )

    async def until_stopped() -> None:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):  # Ctrl-C: finish the loop, close sockets
            loop.add_signal_handler(signum, client.done.set)
        await client.run()

    try:
        asyncio.run(until_stopped())
    except urllib.error.HTTPError as error:  # the token refused: unknown, revoked, unscoped
        raise SystemExit(f"the server refused the token: {error.read().decode()}") from None


if __name__ == "__main__":
    main()
