"""Simulation runs read back as played games, and the game's own report.

A run names its game and rules; they are resolved here, once per run, into
the definition every ``PlayedGame`` carries, and the game's name into the
``GameReport`` its plug-in hands over: the kit's report blocks and a game's
own sections never reach the registry.
"""

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vitrine.games import get_plugin
from vitrine.kit.report.game_report import GameReport
from vitrine.kit.report.played import PlayedGame, Seat
from vitrine.simulate.store import CATEGORY_PREFIX, Settings, load_settings, read_games
from vitrine.tournament.play import game_definition


def played_games(runs: Sequence[Path]) -> list[PlayedGame]:
    """Every game of the runs, runs in the order given, games in schedule order."""
    return [game for run in runs for game in games_from(read_games([run]), load_settings(run))]


def games_from(table: Any, settings: Settings) -> list[PlayedGame]:
    """One game per game number of one run's rows (``settings``: the run's)."""
    definition = game_definition(settings.game, settings.overlay)
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
                definition,
            )
        )
    return games


def game_report(name: str) -> GameReport | None:
    """What only the game ``name``'s rules give meaning to, from its plug-in;
    None for a game that adds nothing to the shared report."""
    build = get_plugin(name).report
    return None if build is None else build()
