"""The games a report reads, regrouped by what a statistic may not pool
across, and a game's positions turn by turn.

In the kit so that a game's own report sections read the same games as the
shared ones, without reaching the registry: each ``PlayedGame`` carries its
definition (the game under the rules it was played with), which the report
resolves once when it reads a run (``report.results``).
"""

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import Game, GameState
from vitrine.engine.record import Record

PUBLISHED = "published"


@dataclass(frozen=True)
class Seat:
    seat: int
    bot: str
    rank: int
    share: float
    total: float
    categories: dict[str, float]


class Config(NamedTuple):
    """What a statistic may not pool across: the rules (player count,
    variants and any rule overlay) and who plays them (the run's bots)."""

    players: int
    variants: str
    rules: str  # "published", or the overlay's title and version
    lineup: str

    @property
    def name(self) -> str:
        variants = f" {self.variants}" if self.variants else ""
        rules = "" if self.rules == PUBLISHED else f" [{self.rules}]"
        return f"{self.players}p{variants}{rules} ({self.lineup})"

    @property
    def series(self) -> str:
        """What tells this configuration from others of its player count."""
        return self.name.split(" ", 1)[1]


@dataclass(frozen=True)
class PlayedGame:
    run: str
    lineup: str
    number: int
    players: int
    variants: str
    turns: int
    record: str
    seats: tuple[Seat, ...]
    definition: Game  # the game under the rules this game was played with

    @property
    def config(self) -> Config:
        overlay = self.definition.overlay
        rules = PUBLISHED if overlay is None else describe(overlay)
        return Config(self.players, self.variants, rules, self.lineup)


def describe(overlay: Overlay) -> str:
    return f"{overlay.title} {overlay.version}" if overlay.title else overlay.version


def positions(played: PlayedGame) -> Iterator[tuple[int, GameState]]:
    """Replay a game: after each turn, the seat that played it and the position."""
    game = played.definition
    record = Record.from_json(played.record, game.setup_fields)
    state = game.replay(dataclasses.replace(record, turns=()))
    for turn in record.turns:
        seat = state.current_player
        assert seat is not None  # a saved record replays: its turns are legal
        state.push(turn)
        yield seat, state


def final_state(played: PlayedGame) -> GameState:
    """The position a game ended in."""
    game = played.definition
    return game.replay(Record.from_json(played.record, game.setup_fields))


def by_config(games: Iterable[PlayedGame]) -> dict[Config, list[PlayedGame]]:
    groups: dict[Config, list[PlayedGame]] = {}
    for game in games:
        groups.setdefault(game.config, []).append(game)
    return dict(sorted(groups.items()))


Grouped = TypeVar("Grouped")


def by_players(groups: Mapping[Config, Grouped]) -> dict[int, dict[str, Grouped]]:
    """Configurations of one player count together, by what else tells them
    apart (variants, rules, bots): what one chart draws side by side, so that
    a rule's effect, or an effect every bot shows (the game's) rather than
    one bot (how it plays), stands out."""
    tables: dict[int, dict[str, Grouped]] = {}
    for config, games in groups.items():
        tables.setdefault(config.players, {})[config.series] = games
    return tables
