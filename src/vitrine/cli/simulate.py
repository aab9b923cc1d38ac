"""``vitrine simulate``: many games between bots, for balance statistics.

Arguments are checked up front, as for a tournament.  Unlike a tournament,
one bot may fill every seat and a game may have one player (the solo
distribution).  The output directory is the run: the same command again
resumes it, and a larger ``--games`` extends it.
"""

import os
import sys
import time
from pathlib import Path

import click
from rich.console import Console

from vitrine.cli.options import (
    first_deal_option,
    game_option,
    game_under,
    lineup_options,
    ray_option,
    rules_option,
    split_list,
    variant_option,
    workers_option,
)
from vitrine.cli.tournament import check_bot_specs, game_options, seat_count
from vitrine.engine.errors import VitrineError
from vitrine.simulate import Settings, run_simulation
from vitrine.tournament.schedule import make_schedule

INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl-C


@click.command()
@game_option
@lineup_options
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Games in all, rounded up to whole deals.",
)
@variant_option
@rules_option
@first_deal_option(default=1)
@workers_option
@ray_option
@click.option(
    "-o",
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="The run's directory: new, empty, or an earlier run of the same settings to resume.",
)
def simulate(
    game_name: str,
    bot_lists: tuple[str, ...],
    players: int | None,
    games: int,
    variants: tuple[str, ...],
    rules: Path | None,
    seed: int,
    workers: int | None,
    ray: str | None,
    out: Path,
) -> None:
    """Play many games between bots and save every one to Parquet.

    \b
    Each game's record, seat, bot, rank, win share, total and per-category
    scores go to OUT/games-*.parquet, a row per seat.  Interrupted (Ctrl-C),
    a run keeps every finished game; run the same command to play the rest.
    `vitrine report OUT` turns the results into plots and tables.
    """
    game, overlay = game_under(game_name, rules)
    lineup = split_list(bot_lists)
    count = seat_count(game, players, len(lineup), least=1, what="simulation")
    check_bot_specs(lineup, game.name, count)
    try:
        schedule = make_schedule(lineup, count, games, seed)
    except VitrineError as error:
        raise click.BadParameter(str(error), param_hint="'--seed'") from None
    options = game_options(game, split_list(variants), schedule.entries[0].seats, seed)
    settings = Settings(
        game.name, count, tuple(lineup), tuple(split_list(variants)), options, seed, overlay
    )
    processes = workers or os.cpu_count() or 1
    console = Console(highlight=False, emoji=False)  # ismcts:100: is no emoji
    console.print(
        f"{game.name} ({settings.rules} rules), {count} player{'s' if count > 1 else ''}, "
        f"bots {','.join(lineup)}: "
        f"{len(schedule.entries)} games, "
        + (f"Ray at {ray}" if ray else f"{processes} worker{'s' if processes > 1 else ''}")
        + f" -> {out}",
        soft_wrap=True,
        markup=False,
    )
    start = time.perf_counter()
    try:
        result = run_simulation(settings, games, out, processes, Console(stderr=True), ray)
    except VitrineError as error:
        raise click.ClickException(str(error)) from None
    except KeyboardInterrupt:
        click.echo(f"Interrupted: finished games are saved in {out}; run again to resume.")
        sys.exit(INTERRUPTED)
    seconds = time.perf_counter() - start
    rate = f", {result.played / seconds:.1f} games/s" if result.played and seconds > 0 else ""
    click.echo(
        f"{result.played} games played{rate} ({result.earlier} were there already); "
        f"{out} holds all {result.scheduled}"
    )
