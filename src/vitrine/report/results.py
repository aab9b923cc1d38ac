"""Simulation rows regrouped as games, and a game's positions turn by turn."""

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import Game, GameState
from vitrine.engine.record import Record
from vitrine.simulate.store import CATEGORY_PREFIX, Settings, load_settings, read_games
from vitrine.tournament.play import game_definition


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


PUBLISHED = "published"


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
    game: str = "exhibition"
    overlay: Overlay | None = None

    @property
    def config(self) -> Config:
        rules = PUBLISHED if self.overlay is None else describe(self.overlay)
        return Config(self.players, self.variants, rules, self.lineup)

    @property
    def definition(self) -> Game:
        """The game under the rules this game was played with."""
        return game_definition(self.game, self.overlay)


def describe(overlay: Overlay) -> str:
    return f"{overlay.title} {overlay.version}" if overlay.title else overlay.version


def played_games(runs: Sequence[Path]) -> list[PlayedGame]:
    """Every game of the runs, runs in the order given, games in schedule order."""
    return [game for run in runs for game in games_from(read_games([run]), load_settings(run))]


def games_from(table: Any, settings: Settings) -> list[PlayedGame]:
    """One game per game number of one run's rows (``settings``: the run's)."""
    grouped: dict[int, list[dict[str, Any]]] = {}
    for row in table.to_pylist():
        grouped.setdefault(row["game"], []).append(row)
    games = []
    for number, rows in sorted(grouped.items()):
        rows.sort(key=lambda row: row["seat"])
        first = rows[0]
        seats = tuple(
            Seat(
                row["seat"],
                row["bot"],
                row["rank"],
                row["share"],
                row["total"],
                {
                    key[len(CATEGORY_PREFIX) :]: value
                    for key, value in row.items()
                    if key.startswith(CATEGORY_PREFIX) and value is not None
                },
            )
            for row in rows
        )
        games.append(
            PlayedGame(
                first["run"],
                first["lineup"],
                number,
                first["players"],
                first["variants"],
                first["turns"],
                first["record"],
                seats,
                settings.game,
                settings.overlay,
            )
        )
    return games


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
