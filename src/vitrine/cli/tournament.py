"""``vitrine tournament``: bots against bots over many games, with statistics.

The command checks its arguments up front (every bot, the player count, the
options, the output directory) so that a mistake costs one clear line and
exit status 2 rather than a crash in a worker minutes later.
"""

import os
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from vitrine.bots import make_bot
from vitrine.cli.options import (
    first_deal_option,
    game_option,
    options_for,
    split_list,
    variant_option,
    workers_option,
)
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game
from vitrine.games import get_game
from vitrine.tournament import BotSummary, make_schedule, run_tournament, summarize
from vitrine.tournament.play import player_names
from vitrine.tournament.runner import RESULTS_FILE
from vitrine.tournament.schedule import Schedule
from vitrine.tournament.stats import rating_anchor


def check_bot_specs(specs: Sequence[str], game: str, players: int) -> None:
    """Refuse an unknown spec (a level is looked up for ``game`` at ``players`` seats)."""
    if not specs:
        raise click.BadParameter("name at least one bot", param_hint="'--bots'")
    for spec in specs:
        try:
            make_bot(spec, game, players)
        except VitrineError as error:
            raise click.BadParameter(str(error), param_hint="'--bots'") from None


def check_bots(specs: Sequence[str], game: str, players: int) -> None:
    check_bot_specs(specs, game, players)
    if len(set(specs)) < 2:
        raise click.BadParameter("name at least two different bots", param_hint="'--bots'")


def seat_count(
    game: Game, players: int | None, bots: int, least: int = 2, what: str = "tournament"
) -> int:
    """``--players``, by default one seat per bot; a tournament needs two."""
    count = players if players is not None else max(least, bots)
    low, high = max(least, game.min_players), game.max_players
    if not low <= count <= high:
        given = "" if players is not None else " (one per bot; choose with --players)"
        raise click.BadParameter(
            f"{count} players{given}: a {what} of {game.name} takes {low} to {high}",
            param_hint="'--players'",
        )
    return count


def game_options(
    game: Game, variants: Sequence[str], seats: Sequence[str], seed: int
) -> dict[str, Any]:
    """The options, tried on a first game so that a combination the game
    refuses (a variant for too many players, say) is refused here."""
    options = options_for(game, variants)
    try:
        game.new_game(player_names(seats), options, seed)
    except VitrineError as error:
        raise click.UsageError(str(error)) from None
    return options


def output_dir(out: Path | None) -> Path:
    """A fresh directory, so that records of two tournaments never mix."""
    path = out if out is not None else Path(f"tournament-{datetime.now():%Y%m%d-%H%M%S}")
    if path.exists() and any(path.iterdir()):
        raise click.BadParameter(f"{path} is not empty", param_hint="'--out'")
    return path


def describe(game: Game, players: int, schedule: Schedule, workers: int) -> str:
    first = schedule.entries[0].deal
    played = len(schedule.entries)
    line = (
        f"{game.name}, {players} players: {played} games = {schedule.deals} deals "
        f"(seeds {first}-{first + schedule.deals - 1}) x {schedule.seatings_per_deal} seatings, "
        f"{workers} worker{'s' if workers > 1 else ''}"
    )
    if played != schedule.requested:
        line += f" ({schedule.requested} asked for, rounded up to whole deals)"
    return line


def results_table(summaries: Sequence[BotSummary]) -> Table:
    table = Table(title="Results")
    table.add_column("Bot")
    for header in ("Games", "Wins", "Win rate", "95% CI", "Mean total", "Rating"):
        table.add_column(header, justify="right")
    for s in summaries:
        table.add_row(
            s.bot,
            str(s.games),
            f"{round(s.wins, 2):g}",
            f"{s.win_rate:.1%}",
            f"{s.low:.1%}-{s.high:.1%}",
            f"{s.mean_total:.2f}",
            f"{s.rating:.0f}",
        )
    return table


def categories_table(summaries: Sequence[BotSummary]) -> Table:
    """Categories as rows, bots as columns: a game may have many categories."""
    table = Table(title="Mean score per category")
    table.add_column("Category")
    for s in summaries:
        table.add_column(s.bot, justify="right")
    keys = list(dict.fromkeys(key for s in summaries for key in s.mean_categories))
    for key in keys:
        table.add_row(key, *(cell(s.mean_categories, key) for s in summaries))
    table.add_row("total", *(f"{s.mean_total:.2f}" for s in summaries), style="bold")
    return table


def cell(means: Mapping[str, float], key: str) -> str:
    return f"{means[key]:.2f}" if key in means else "-"


@click.command()
@game_option
@click.option(
    "--bots",
    "bot_lists",
    multiple=True,
    required=True,
    metavar="LIST",
    help="The line-up, comma-separated bot specs (random, greedy, ismcts:2000, ...); "
    "a spec listed twice fills two seats and its figures pool both.",
)
@click.option(
    "--players", type=click.IntRange(min=2), help="Seats per game [default: one per bot]."
)
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Games in all, rounded up to whole deals (every deal under every seating).",
)
@variant_option
@first_deal_option(default=1)
@workers_option
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="A new or empty directory for the records and results.jsonl "
    "[default: tournament-DATE-TIME].",
)
def tournament(
    game_name: str,
    bot_lists: tuple[str, ...],
    players: int | None,
    games: int,
    variants: tuple[str, ...],
    seed: int,
    workers: int | None,
    out: Path | None,
) -> None:
    """Play bots against each other on duplicate deals and rate them.

    \b
    Every deal is played once under each rotation of the line-up, so every
    bot meets the same deck orders from every seat.  The same arguments give
    the same results whatever the number of workers (bots with a time budget,
    like ismcts:1.5s, excepted).
    """
    game = get_game(game_name)
    lineup = split_list(bot_lists)
    count = seat_count(game, players, len(lineup))
    check_bots(lineup, game.name, count)
    try:
        schedule = make_schedule(lineup, count, games, seed)
    except VitrineError as error:
        raise click.BadParameter(str(error), param_hint="'--seed'") from None
    options = game_options(game, variants, schedule.entries[0].seats, seed)
    path = output_dir(out)
    processes = min(workers or os.cpu_count() or 1, len(schedule.entries))
    console = Console(highlight=False)
    console.print(describe(game, count, schedule, processes), soft_wrap=True)
    try:
        results = run_tournament(
            game_name, options, schedule, path, processes, Console(stderr=True)
        )
    except VitrineError as error:
        raise click.ClickException(str(error)) from None
    summaries = summarize(results, lineup)
    console.print(results_table(summaries))
    console.print(
        f"Rating: Elo scale, a Bradley-Terry fit of the pairwise results by rank; "
        f"{rating_anchor(lineup)} = 1000.",
        soft_wrap=True,
        markup=False,
    )
    console.print(categories_table(summaries))
    console.print(f"Records and {RESULTS_FILE} saved in {path}", soft_wrap=True, markup=False)
