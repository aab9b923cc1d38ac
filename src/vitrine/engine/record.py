"""Game records: the unit of saving, replaying, testing and analysis.

A record holds everything needed to reproduce a game exactly: the game and
rules version, the seed or explicit setup (a deck order, say), the players,
the options and the turns in the game's notation.  This module checks the
fields every game shares; each game checks its own setup fields and replays
the turns.

A record may also say which seats a bot finished (``substitutes``): a player
who left or ran out of time, whose seat a bot played to the end.  The rules
ignore it (the turns are the turns); a result read from the record must not.

A game that never finished says why in ``ending``: ``abandoned`` (nobody
played at its table for the server's idle time), or ``timeout`` (seat
``timed_out`` let its deadline pass at a table whose clock ends the game
then: that seat ranks last, every other seat shares the first rank).  Its
turns replay to the position where it stopped.

Likewise ``hints``: true when the players could ask the coach for hints, so
that nobody mistakes a hinted game for an unaided one.
"""

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from vitrine.engine.errors import RecordError, VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.engine.rng import MAX_SEED

COMMON_FIELDS = (
    "game",
    "rules_version",
    "overlay",
    "seed",
    "players",
    "options",
    "turns",
    "substitutes",
    "ending",
    "timed_out",
    "hints",
)
TIMEOUT = "timeout"  # the ending of a game ended by a missed deadline
ENDINGS = ("abandoned", TIMEOUT)  # why a record's game stops before its end
SUBSTITUTE_REASONS = ("left", "timeout", "host")  # the player left, ran out of time, or the host
SUBSTITUTE_FIELDS = ("seat", "turns_before", "level", "why")

Rules = TypeVar("Rules")


@dataclass(frozen=True)
class Substitute:
    """A seat a bot played from some point to the end of the game.

    The bot made every decision of ``seat`` after the first ``turns_before``
    entries of the record's turns (including the placement of a take that
    was still pending among them); ``why`` is one of ``SUBSTITUTE_REASONS``.
    """

    seat: int
    turns_before: int
    level: str
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in SUBSTITUTE_FIELDS}


def _substitutes(data: object, players: int, turns: int) -> tuple[Substitute, ...]:
    if not isinstance(data, list):
        raise RecordError("'substitutes' must be a list of objects", code="record_substitutes")
    found: list[Substitute] = []
    for index, entry in enumerate(data):
        where = f"'substitutes' entry {index}"
        if not isinstance(entry, dict) or set(entry) != set(SUBSTITUTE_FIELDS):
            fields = ", ".join(SUBSTITUTE_FIELDS)
            raise RecordError(
                f"{where} must be an object with {fields}",
                code="record_substitute_entry",
                params={"entry": index, "fields": fields},
            )
        seat, before, level, why = (entry[name] for name in SUBSTITUTE_FIELDS)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise RecordError(
                f"{where}: 'seat' must be a seat from 0 to {players - 1}",
                code="record_substitute_seat",
                params={"entry": index, "max": players - 1},
            )
        if not isinstance(before, int) or isinstance(before, bool) or not 0 <= before <= turns:
            raise RecordError(
                f"{where}: 'turns_before' must be from 0 to {turns}",
                code="record_substitute_turns",
                params={"entry": index, "max": turns},
            )
        if not isinstance(level, str) or not level:
            raise RecordError(
                f"{where}: 'level' must name the bot",
                code="record_substitute_level",
                params={"entry": index},
            )
        if why not in SUBSTITUTE_REASONS:
            reasons = ", ".join(SUBSTITUTE_REASONS)
            raise RecordError(
                f"{where}: 'why' must be one of {reasons}",
                code="record_substitute_why",
                params={"entry": index, "reasons": reasons},
            )
        if any(other.seat == seat for other in found):
            raise RecordError(
                f"{where}: seat {seat} is handed to a bot twice",
                code="record_substitute_twice",
                params={"entry": index, "seat": seat},
            )
        found.append(Substitute(seat, before, level, why))
    return tuple(found)


def parse_json(text: str) -> object:
    """A record's JSON text parsed, or a refusal that says where it breaks."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"record is not valid JSON: {exc}",
            code="record_not_json",
            params={"line": exc.lineno, "column": exc.colno},
        ) from None


def unknown_rules_version(version: str, versions: Sequence[str]) -> RecordError:
    """The refusal of rules this engine does not play, naming both sides."""
    expected = ", ".join(versions)
    return RecordError(
        f"unknown rules_version {version!r} (this engine plays {expected})",
        code="record_rules_version",
        params={"version": version, "expected": expected},
    )


def select_rules(rulesets: Mapping[str, Rules], version: str | None) -> Rules:
    """A game's rules of ``version`` among its ``rulesets`` (by version, the
    current last), or the current ones for None; refuses an unknown version.

    Versions a game still plays differ by a few switches of its rules, so a
    record replays, and a table started before an upgrade plays on, under the
    rules it began with (docs/rules.md, "Rules versions").
    """
    if version is None:
        return list(rulesets.values())[-1]
    if version not in rulesets:
        raise unknown_rules_version(version, tuple(rulesets))
    return rulesets[version]


def base_version(version: str | None, overlay: Overlay | None) -> str | None:
    """The published rules a game plays for ``version``: ``version`` itself
    without an overlay; under one, its base (the overlay's own version, or
    None for the default, being the only one an overlaid game plays)."""
    if overlay is None:
        return version
    if version is not None and version != overlay.version:
        raise unknown_rules_version(version, (overlay.version,))
    return overlay.base


def rules_under(
    rulesets: Mapping[str, Rules], version: str | None, overlay: Overlay | None
) -> Rules:
    """A game's switches of ``version`` (see ``select_rules``); under an
    overlay, its base's switches named after the overlay and carrying it,
    so that views and records say which rules were played."""
    rules = select_rules(rulesets, base_version(version, overlay))
    if overlay is None:
        return rules
    changed: Rules = dataclasses.replace(  # type: ignore[type-var]
        rules, version=overlay.version, overlay=overlay
    )
    return changed


@dataclass(frozen=True)
class Record:
    """A game as data.  ``setup`` holds the game's own optional fields."""

    game: str
    rules_version: str
    players: tuple[str, ...]
    options: Mapping[str, Any]
    turns: tuple[str, ...]
    seed: int | None = None
    setup: Mapping[str, Any] = field(default_factory=dict)
    substitutes: tuple[Substitute, ...] = ()
    ending: str | None = None  # one of ENDINGS for a game that stopped unfinished
    hints: bool = False  # the players could ask the coach for hints
    overlay: Overlay | None = None  # the rule overlay played under (rules_version names it)
    timed_out: int | None = None  # the seat whose missed deadline ended it (ending: timeout)

    def check_game(self, name: str, rules_versions: Sequence[str]) -> None:
        """Refuse a record of another game, or of rules this engine does not
        play (``rules_versions``: every version it replays, the current last),
        a designer's rule overlay among them."""
        if self.game != name:
            raise RecordError(
                f"record is for the game {self.game!r}, not {name!r}",
                code="record_game",
                params={"game": self.game, "expected": name},
            )
        if self.rules_version in rules_versions:
            return
        if self.overlay is not None:
            title = f" ({self.overlay.title})" if self.overlay.title else ""
            raise RecordError(
                f"the record was played under a rule overlay{title}, rules_version "
                f"{self.rules_version!r}; these rules are {', '.join(rules_versions)}",
                code="record_overlay",
                params={"version": self.rules_version, "expected": ", ".join(rules_versions)},
            )
        raise unknown_rules_version(self.rules_version, rules_versions)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "rules_version": self.rules_version}
        if self.overlay is not None:
            data["overlay"] = self.overlay.to_dict()
        if self.seed is not None:
            data["seed"] = self.seed
        data.update(self.setup)
        data["players"] = list(self.players)
        data["options"] = dict(self.options)
        data["turns"] = list(self.turns)
        if self.substitutes:
            data["substitutes"] = [substitute.to_dict() for substitute in self.substitutes]
        if self.ending is not None:
            data["ending"] = self.ending
        if self.timed_out is not None:
            data["timed_out"] = self.timed_out
        if self.hints:
            data["hints"] = True
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str, setup_fields: tuple[str, ...] = ()) -> "Record":
        return cls.from_dict(parse_json(text), setup_fields)

    @classmethod
    def from_dict(cls, data: object, setup_fields: tuple[str, ...] = ()) -> "Record":
        """Check the shared fields' types; ``setup_fields`` names the game's own."""
        if not isinstance(data, dict):
            raise RecordError("record must be a JSON object", code="record_not_object")
        unknown = sorted(set(data) - set(COMMON_FIELDS) - set(setup_fields))
        if unknown:
            fields = ", ".join(unknown)
            raise RecordError(
                f"unknown field(s) in record: {fields}",
                code="record_unknown_fields",
                params={"fields": fields},
            )
        for name in ("game", "rules_version", "players", "turns"):
            if name not in data:
                raise RecordError(
                    f"record lacks the field '{name}'",
                    code="record_missing_field",
                    params={"field": name},
                )
        for name in ("game", "rules_version"):
            if not isinstance(data[name], str):
                raise RecordError(
                    f"'{name}' must be a string", code="record_not_string", params={"field": name}
                )
        game, version = data["game"], data["rules_version"]
        players = data["players"]
        if not isinstance(players, list) or not all(
            isinstance(p, str) and p.strip() for p in players
        ):
            raise RecordError("'players' must be a list of non-empty names", code="record_players")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object", code="record_options")
        turns = data["turns"]
        if not isinstance(turns, list):
            raise RecordError("'turns' must be a list of strings", code="record_turns")
        for index, turn in enumerate(turns, start=1):
            if not isinstance(turn, str):
                raise RecordError(
                    f"turn must be a string, got {turn!r}",
                    index,
                    code="record_turn_not_string",
                    params={"index": index},
                )
        seed = data.get("seed")
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED
        ):
            raise RecordError(
                f"'seed' must be an integer from 0 to {MAX_SEED}, got {seed!r}",
                code="record_seed",
                params={"max": str(MAX_SEED)},  # beyond the page's exact integers
            )
        setup = {name: data[name] for name in setup_fields if name in data}
        substitutes = _substitutes(data.get("substitutes", []), len(players), len(turns))
        ending = data.get("ending")
        if ending is not None and ending not in ENDINGS:
            raise RecordError(
                f"'ending' must be one of {', '.join(ENDINGS)}, got {ending!r}",
                code="record_ending",
                params={"endings": ", ".join(ENDINGS)},
            )
        timed_out = data.get("timed_out")
        if (ending == TIMEOUT) != (
            isinstance(timed_out, int)
            and not isinstance(timed_out, bool)
            and 0 <= timed_out < len(players)
        ):
            raise RecordError(
                "a record that ended on a missed deadline names its seat, 'timed_out' "
                "(and only such a record does)",
                code="record_timed_out",
            )
        hints = data.get("hints", False)
        if not isinstance(hints, bool):
            raise RecordError("'hints' must be true or false", code="record_hints")
        overlay = _overlay(data.get("overlay"), game, version)
        return cls(
            game,
            version,
            tuple(players),
            options,
            tuple(turns),
            seed,
            setup,
            substitutes,
            ending,
            hints,
            overlay,
            timed_out,
        )


def _overlay(data: object, game: str, version: str) -> Overlay | None:
    """The record's overlay, which must be the one its rules_version names:
    an overlay edited after the game would replay other rules."""
    if data is None:
        return None
    try:
        overlay = Overlay.from_dict(data, "'overlay'")
    except VitrineError as error:
        raise RecordError(str(error), code="record_overlay_form") from None
    if overlay.game != game or overlay.version != version:
        raise RecordError(
            f"'overlay' is not the rules of rules_version {version!r} (its digest gives "
            f"{overlay.version!r} for {overlay.game!r})",
            code="record_overlay_mismatch",
            params={"version": version, "overlay": overlay.version},
        )
    return overlay
