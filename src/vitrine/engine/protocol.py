"""The contract between a game and everything game-independent.

Bots, the simulator, the server and the research adapters speak only this
protocol, so a new game plugs in by implementing it.  Turns and decisions
travel as strings in the game's canonical notation: that keeps records,
logs, network messages and tests in one language.

A *turn* is what a player does when it is their go.  Some games split a turn
into several *decisions* with public information revealed between them
(Exhibition's take, refill, place).  ``legal_actions``/``apply_action`` step
through decisions; ``legal_turns``/``push`` handle whole turns at once.
"""

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Protocol, Self

from vitrine.engine.overlay import Overlay
from vitrine.engine.record import Record


class GameState(Protocol):
    """One position of one game, mutable, cheap to copy."""

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""

    @property
    def is_over(self) -> bool: ...

    @property
    def mid_turn(self) -> bool:
        """True between two decisions of one turn (the same player acts next)."""

    def legal_actions(self) -> list[str]:
        """Decisions open to the current player at this step, canonical, sorted."""

    def apply_action(self, action: str) -> None:
        """Apply one decision; raises and changes nothing when it is illegal."""

    def legal_turns(self) -> list[str]:
        """Whole turns open to the current player, canonical, sorted."""

    def push(self, turn: str) -> None:
        """Apply a whole turn; raises and changes nothing when it is illegal."""

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (None: a spectator), as JSON-ready data.

        The one place where hidden information is withheld: every interface
        goes through it.  When ``player`` is to act, the view holds
        ``legal_actions`` (and ``legal_turns``) in notation.  Once the game is
        over it holds ``scores``, one entry per seat, ``{"player", "name",
        "categories": {name: points}, "total", "rank"}`` (rank 1 first, ties
        sharing a rank), which game-independent tools such as tournaments read.

        It is ``{**public_view(), **private_view(player)}``.
        """

    def public_view(self) -> dict[str, Any]:
        """The part of every view that is the same for every seat and for a
        spectator: a server builds it once per position however many watch."""

    def private_view(self, player: int | None) -> dict[str, Any]:
        """The part of ``player``'s view that depends on who looks (``viewer``,
        their secrets, their legal decisions), with no key of ``public_view``."""

    def provisional_scores(self, viewer: int | None) -> list[dict[str, Any]]:
        """The scores if the game ended now, one entry per seat, as ``viewer``
        may see them (None: a spectator): ``{"player", "name", "categories",
        "total"}`` where a category ``viewer`` may not know (another player's
        secret, say) is None and left out of the total.  After the end, the
        final scores."""

    def returns(self) -> list[float]:
        """Each seat's result once the game is over: 1 for a win, 0 for a loss,
        split evenly between seats that share first place.  A one-player game
        returns its score on a scale where 1 is beyond any reachable score."""

    # Search: decisions as small ints, and re-dealing hidden information.

    def legal_action_ids(self) -> list[int]:
        """The legal decisions as ints; cheaper than notation inside a search."""

    def apply_action_id(self, action: int) -> None:
        """Apply an id from ``legal_action_ids`` (not re-checked)."""

    def action_text(self, action: int) -> str:
        """The decision an id stands for, in notation."""

    def redeterminize(self, viewer: int, rng: Random) -> None:
        """Re-deal, in place, everything ``viewer`` cannot see: a fresh sample
        of the positions ``viewer`` cannot tell apart from this one."""

    def playout(self, rng: Random) -> None:
        """Play to the end with the game's fast default policy."""

    def rollout(self, rng: Random, informed: bool = False, shaped: bool = False) -> list[float]:
        """The returns of a playout from here with the game's fast policy;
        ``informed``: the game's better-informed playout policy, if it has one;
        ``shaped``: returns that also grade by score margin (a denser signal
        for search), in [0, 1] like the returns.

        Leaves the state unspecified, so pass a copy."""

    def scored_rollout(
        self, rng: Random, informed: bool = False
    ) -> tuple[list[float], list[float]]:
        """The plain returns of ``rollout(rng, informed)`` (the same playout,
        from the same random numbers) and each seat's final score beside
        them, in the game's points, the more the better (a game counted in
        penalties gives them negative): what a coach reads to say what a
        decision costs in points once the game is won or lost.

        Leaves the state unspecified, so pass a copy."""

    def record(self) -> Record: ...

    def copy(self) -> Self: ...


class Game(Protocol):
    """A game's definition: its name, rules version and how to start or replay.

    A game keeps the rules it began under: records name them, and the
    versions a game still plays (``rules_versions``, the current
    ``rules_version`` last) replay, and go on being played, under their own
    rules.  New games use the current ones.

    A game under a designer's rule overlay (``with_overlay``) plays only the
    overlay's version, which the published game refuses.
    """

    name: str
    rules_version: str
    rules_versions: tuple[str, ...]
    min_players: int
    max_players: int
    setup_fields: tuple[str, ...]  # the game's own record fields (a deck order, say)
    overlay: Overlay | None  # the rule overlay this definition plays, if any

    def with_overlay(self, overlay: Overlay) -> "Game":
        """This game under ``overlay`` (see ``engine.overlay``): the shipped
        data with the overlay's changes, checked by the same loaders, played
        as the rules version ``overlay.version``; refuses a malformed overlay
        naming the field at fault."""

    def new_game(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        seed: int,
        rules_version: str | None = None,
    ) -> GameState:
        """A new game; under the current rules unless ``rules_version`` names
        another the game plays (a table started before an upgrade)."""

    def replay(self, record: Record) -> GameState:
        """Rebuild the position a record reaches, refusing bad or illegal records."""

    def parse_options(self, variants: Sequence[str]) -> dict[str, Any]:
        """Options from command-line style names, refusing unknown ones."""

    def determinize(self, view: Mapping[str, Any], rng: Random) -> GameState:
        """A full state consistent with a player's view, hidden parts sampled.

        How bots that see only their view search: every sample is a position
        the player cannot tell apart from the real one.
        """

    def evaluate(self, state: GameState, player: int) -> float:
        """A quick estimate of how well ``player`` stands, for greedy play."""

    def greedy_values(self, view: Mapping[str, Any], rng: Random) -> list[float]:
        """Each of ``view["legal_actions"]``, in order, valued as greedy play
        values it: ``evaluate`` once the turn is complete, its later decisions
        each taken greedily, on a determinization drawn from ``rng``
        (``engine.evaluation.greedy_values`` is the plain way).  A game may
        compute them faster, but must give the same values and draw the same
        random numbers, so that greedy games do not depend on the way taken."""

    def decision_values(
        self, state: GameState, width: int, actions: Sequence[str] | None = None
    ) -> dict[str, float]:
        """Perfect-information search from a full state (a determinization):
        every legal decision (or only ``actions``, some of them) and the value,
        on the scale of ``returns``, of the best line found after it with
        ``width`` of search.  Raises
        ``VitrineError`` where the game has no such search (for those player
        counts)."""


def win_shares(ranks: Sequence[int]) -> list[float]:
    """``returns()`` of a finished game from its ranks (1 first): 1 to a sole
    winner, 0 to the others, split evenly between seats that share first place."""
    winners = ranks.count(1)
    return [1.0 / winners if rank == 1 else 0.0 for rank in ranks]


def view_header(
    game: str, rules_version: str, players: Sequence[str], options: Mapping[str, Any]
) -> dict[str, Any]:
    """The keys that open every game's public view, which game-independent
    tools read (the game, its rules, the seats' names, the options)."""
    return {
        "game": game,
        "rules_version": rules_version,
        "players": list(players),
        "options": dict(options),
    }


def viewer_header(viewer: int | None, players: int) -> dict[str, Any]:
    """The key that opens every private view (whose view it is); refuses a
    seat the game lacks, so that no view is ever built for one."""
    if viewer is not None and not 0 <= viewer < players:
        raise ValueError(f"no seat {viewer} in a {players}-player game")
    return {"viewer": viewer}


def provisional_sheet(player: int, name: str, categories: dict[str, int | None]) -> dict[str, Any]:
    """One seat's entry of ``provisional_scores``: the total counts what is known."""
    total = sum(points for points in categories.values() if points is not None)
    return {"player": player, "name": name, "categories": categories, "total": total}


def replay_json(game: Game, text: str) -> GameState:
    """The position a record, given as JSON text, reaches in ``game`` (under
    the record's own rule overlay, when it has one: see ``under_record``)."""
    record = Record.from_json(text, game.setup_fields)
    return under_record(game, record).replay(record)


def under_record(game: Game, record: Record) -> Game:
    """``game`` under the rules ``record`` was played with: its overlay, when
    it has one and ``game`` is the published game.  Analysis and replays may
    do this; the web app never does, so it plays the published rules only."""
    if record.overlay is None or game.overlay is not None:
        return game
    return game.with_overlay(record.overlay)
