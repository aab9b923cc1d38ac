"""Simulation rows regrouped as games, and a game's positions turn by turn."""

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

import pyarrow as pa

from vitrine.engine.protocol import Game, GameState
from vitrine.engine.record import Record
from vitrine.simulate.store import CATEGORY_PREFIX


@dataclass(frozen=True)
class Seat:
    seat: int
    bot: str
    rank: int
    share: float
    total: float
    categories: dict[str, float]


class Config(NamedTuple):
    """What a statistic may not pool across: the rules (player count and
    variants) and who plays them (the run's line-up of bots)."""

    players: int
    variants: str
    lineup: str

    @property
    def name(self) -> str:
        variants = f" {self.variants}" if self.variants else ""
        return f"{self.players}p{variants} ({self.lineup})"


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

    @property
    def config(self) -> Config:
        return Config(self.players, self.variants, self.lineup)


def games_from(table: pa.Table) -> list[PlayedGame]:
    """One game per (run, game number), seats in order, runs in the order given."""
    grouped: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for row in table.to_pylist():
        grouped.setdefault((row["run"], row["game"]), []).append(row)
    games = []
    for (run, number), rows in grouped.items():
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
                run,
                first["lineup"],
                number,
                first["players"],
                first["variants"],
                first["turns"],
                first["record"],
                seats,
            )
        )
    return games


def positions(game: Game, record_json: str) -> Iterator[tuple[int, GameState]]:
    """Replay a record: after each turn, the seat that played it and the position."""
    record = Record.from_json(record_json, game.setup_fields)
    state = game.replay(dataclasses.replace(record, turns=()))
    for turn in record.turns:
        seat = state.current_player
        assert seat is not None  # a saved record replays: its turns are legal
        state.push(turn)
        yield seat, state


def by_config(games: Iterable[PlayedGame]) -> dict[Config, list[PlayedGame]]:
    groups: dict[Config, list[PlayedGame]] = {}
    for game in games:
        groups.setdefault(game.config, []).append(game)
    return dict(sorted(groups.items()))
