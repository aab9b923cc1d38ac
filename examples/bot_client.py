"""Connect a bot to a vitrine server as a bot account: it answers challenges, asks
to be paired, and plays.

The account must be marked as a bot and hold an API token with the ``play``
scope (docs/bots.md, "Connect your own bot").  The client then, every
``--poll`` seconds, reads the account's challenges (``GET
/api/account/challenges``), accepts those of a game it can play and declines
the others, and plays every table the account holds a seat at (``GET
/api/account/games``): one WebSocket per table (``/api/tables/{id}/ws``,
``{"type": "hello", "token": ...}``), a decision sent (``{"type": "act"}``)
whenever the state it receives says it is its turn.  It is the same API as
the pages use, with the token where a page has its session.

With ``--pair GAME:PLAYERS[:rated][:live|:Nd]`` (repeatable, or comma-separated;
the token also needs the ``pair`` scope) it keeps one quick-pairing request
open per spec: it asks (``POST /api/pairing``), reads its request about once a
second (``GET /api/pairing/{id}``), plays the table it is paired at as it plays
an accepted challenge and asks again, asks again after an expiry, and cancels
its waiting requests when it stops (``POST /api/pairing/{id}/cancel``).

The socket asks for deltas (each change as what changed since the message
before, rebuilt here with ``vitrine.server.pictures.apply_delta``).  A dropped
socket is opened again (the first message after a hello is the whole
picture, so nothing is replayed); a 429 is waited out as its
``Retry-After`` says; Ctrl-C stops it cleanly.

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
        --server http://127.0.0.1:8000 --bot casual [--pair tucano:2:rated,exhibition:4]
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import websockets

from vitrine.adapters.encoding import encoding_for
from vitrine.bots import make_bot
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game
from vitrine.games import game_names, get_game
from vitrine.kit.encoding import action_mask, flatten
from vitrine.server.play.pictures import apply_delta

log = logging.getLogger("bot_client")
Policy = Callable[[Any, Any], Any]  # (observation, action mask) -> action id
RECONNECT = (0.5, 1.0, 2.0, 5.0, 10.0)  # seconds between attempts to open a dropped socket
PAIR_POLL = 1.0  # seconds between reads of a waiting pairing request (docs/server.md)
DAY = 86_400


@dataclass(frozen=True)
class PairSpec:
    """A game to keep a pairing request open for: ``GAME:PLAYERS[:rated][:live|:Nd]``."""

    game: str
    players: int
    rated: bool = False
    clock_seconds: int = 60  # live; a turn-based clock is days per decision

    @classmethod
    def parse(cls, text: str) -> "PairSpec":
        game, players, *options = text.split(":")
        rated, clock = False, 60
        for option in options:
            if option == "rated":
                rated = True
            elif option == "live":
                clock = 60
            elif option.endswith("d") and option[:-1].isdigit():
                clock = int(option[:-1]) * DAY
            else:
                raise ValueError(f"{option!r}: rated, live or a number of days (3d)")
        return cls(game, int(players), rated, clock)

    def body(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "rated": self.rated,
            "clock_seconds": self.clock_seconds,
        }

    def __str__(self) -> str:
        clock = "live" if self.clock_seconds == 60 else f"{self.clock_seconds // DAY}d"
        return f"{self.game}:{self.players}{':rated' if self.rated else ''}:{clock}"


def pair_specs(text: str) -> list[PairSpec]:
    """``--pair``'s value: one spec or several, comma-separated."""
    try:
        return [PairSpec.parse(part) for part in text.split(",") if part]
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text}: {error}") from None


class Api:
    """The server's HTTP API with the token, from worker threads (urllib blocks)."""

    def __init__(self, server: str, token: str) -> None:
        self.server = server.rstrip("/")
        self.token = token

    async def call(self, method: str, path: str, body: Any = None) -> Any:
        while True:
            try:
                return await asyncio.to_thread(self._call, method, path, body)
            except urllib.error.HTTPError as error:
                if error.code != 429:
                    raise
                wait = float(error.headers.get("Retry-After", "1"))
                log.warning("rate limited: waiting %s s", wait)
                await asyncio.sleep(wait)

    def _call(self, method: str, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.server + path,
            method=method,
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
            data=json.dumps(body or {}).encode() if method == "POST" else None,
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
    def __init__(
        self,
        api: Api,
        decider: Decider,
        poll: float,
        stop_after: int | None,
        pairs: Sequence[PairSpec] = (),
    ) -> None:
        self.api, self.decider, self.poll, self.pairs = api, decider, poll, pairs
        self.playing: dict[str, asyncio.Task[None]] = {}
        self.finished = 0
        self.stop_after = stop_after  # games to finish before stopping (None: run on)
        self.done = asyncio.Event()

    async def run(self) -> None:
        me = await self.api.call("GET", "/api/account")
        log.info("connected as %s (bot: %s)", me["name"], me["bot"])
        pairing = [asyncio.create_task(self.keep_paired(spec)) for spec in self.pairs]
        try:
            while not self.done.is_set():
                try:
                    await self.answer_challenges()
                    await self.play_tables()
                except OSError as error:  # the server is away (restarting?): look again later
                    log.info("server unreachable (%s): trying again", error)
                await self.pause(self.poll)
        finally:
            self.done.set()
            try:
                await asyncio.gather(*pairing)  # each cancels its request; a refusal raises
            finally:
                for task in self.playing.values():
                    task.cancel()
                await asyncio.gather(*self.playing.values(), return_exceptions=True)

    async def pause(self, seconds: float) -> None:
        """Wait ``seconds``, or less if the client is stopped meanwhile."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.done.wait(), seconds)

    async def keep_paired(self, spec: PairSpec) -> None:
        """Keep one pairing request open for ``spec`` until stopped: ask, read it
        about once a second, play the table it is paired at and ask again; ask
        again after it expires; cancel it, still waiting, when stopped.  A
        refusal (a token without the ``pair`` scope: 403 ``token_scope``)
        stops the client."""
        request: dict[str, Any] | None = None
        try:
            while not self.done.is_set():
                try:
                    if request is None:
                        made = await self.api.call("POST", "/api/pairing", spec.body())
                        request = made["request"]
                        log.info("asked to be paired for %s", spec)
                    else:
                        request = await self.api.call("GET", f"/api/pairing/{request['id']}")
                except urllib.error.HTTPError:
                    log.error("cannot be paired for %s", spec)
                    self.done.set()
                    raise
                except OSError as error:  # the server is away: read or ask again later
                    log.info("server unreachable (%s): trying again", error)
                if request is not None and request["status"] == "paired":
                    log.info("paired for %s at table %s", spec, request["table"])
                    self.start(request["table"], spec.players, spec.game)
                    request = None  # ask again at once
                elif request is not None and request["status"] != "waiting":
                    request = None  # expired (or cancelled by its owner elsewhere): ask again
                else:
                    await self.pause(PAIR_POLL)
        finally:
            if request is not None and request["status"] == "waiting":
                await self.withdraw(spec, request["id"])

    async def withdraw(self, spec: PairSpec, request_id: str) -> None:
        """Cancel a request last read as waiting.  It may have been paired since
        (its table then found and played through the list of games, which the
        main loop reads too): the refusal is followed by one read, so the log
        says which of the two happened."""
        try:
            await self.api.call("POST", f"/api/pairing/{request_id}/cancel")
            log.info("cancelled the request for %s", spec)
        except urllib.error.HTTPError:  # 409: paired or expired meanwhile
            with contextlib.suppress(OSError):
                request = await self.api.call("GET", f"/api/pairing/{request_id}")
                if request["status"] == "paired":
                    log.info("paired for %s at table %s", spec, request["table"])
        except OSError as error:  # the server is away: the request expires on its own
            log.info("server unreachable (%s): the request for %s will expire", error, spec)

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
            if table["status"] == "playing":
                self.start(table["id"], len(table["seats"]), table["game"])

    def start(self, table_id: str, players: int, game_name: str) -> None:
        """Play the seat at ``table_id``, unless it is being played already."""
        if table_id not in self.playing:
            self.playing[table_id] = asyncio.create_task(self.play(table_id, players, game_name))

    async def play(self, table_id: str, players: int, game_name: str) -> None:
        """Play the seat held at ``table_id`` until the game is over, opening the
        socket again whenever it drops."""
        decide = self.decider.for_table(game_name, players)
        attempt = 0
        try:
            while True:
                try:
                    async with websockets.connect(self.api.socket_url(table_id)) as socket:
                        hello = {"type": "hello", "token": self.api.token, "deltas": True}
                        await socket.send(json.dumps(hello))
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
        game is over (False: the socket closed first).  Changes come as deltas,
        applied to the last whole state (``apply_delta``); one that does not
        follow it asks for the whole state again."""
        answered, state = -1, None
        async for text in socket:
            message = json.loads(text)
            if message["type"] == "delta":
                if state is None or message["base"] != state["n"]:
                    if state is not None:
                        await socket.send(json.dumps({"type": "resync"}))
                    state = None  # until the whole state comes
                    continue
                message = apply_delta(state, message)
            elif message["type"] == "error":  # stale: a new state is on its way; else decide again
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
    parser.add_argument(
        "--pair",
        type=pair_specs,
        action="extend",
        default=[],
        metavar="GAME:PLAYERS[:rated][:live|:Nd]",
        help="keep a pairing request open for this game (repeatable, or comma-separated)",
    )
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if not args.token:
        parser.error("an API token is needed: --token or VITRINE_TOKEN")
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    policy = load_policy(args.policy) if args.policy else None
    decider = Decider(args.bot, policy, args.obs_type)
    for spec in args.pair:
        if not decider.can_play(spec.game, spec.players):
            parser.error(f"--pair {spec}: this bot or policy cannot play that game")
    client = BotClient(
        Api(args.server, args.token),
        decider,
        args.poll,
        args.games,
        args.pair,
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
