"""``vitrine experiment``: what if a rule changed?  Two rule sets, the same games.

Each side is ``published`` (the game as shipped), a rule overlay file, the
game's variants by name, or an overlay and variants together
(``my-rules.json,links``).  Both sides play the same deals and seatings
with the same bots; the paired differences of every metric are printed and
written, with the two runs' full report, to ``OUT/report.html``.
"""

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table

from vitrine.cli.options import (
    first_deal_option,
    game_option,
    game_under,
    lineup_options,
    ray_option,
    require_lab,
    split_list,
    workers_option,
)
from vitrine.cli.simulate import INTERRUPTED
from vitrine.cli.tournament import check_bot_specs, game_options, seat_count
from vitrine.engine.errors import VitrineError
from vitrine.lab.experiment import Experiment, run_experiment, side_name, side_runs
from vitrine.simulate import Settings
from vitrine.tournament.schedule import make_schedule

if TYPE_CHECKING:
    from vitrine.report.paired import Comparison

PUBLISHED = "published"
REPORT = "report.html"
WIDE = 100  # columns the comparison table may take


def side_settings(
    spec: str, hint: str, game_name: str, lineup: Sequence[str], players: int | None, seed: int
) -> Settings:
    """One side of the experiment from its spec, checked on a first game."""
    items = split_list([spec])
    files = [item for item in items if item.endswith(".json") or Path(item).is_file()]
    variants = [item for item in items if item not in files and item != PUBLISHED]
    if len(files) > 1:
        raise click.BadParameter("one rule overlay per side", param_hint=hint)
    rules = Path(files[0]) if files else None
    try:
        game, overlay = game_under(game_name, rules)
    except click.BadParameter as error:
        raise click.BadParameter(error.message, param_hint=hint) from None
    count = seat_count(game, players, len(lineup), least=1, what="simulation")
    schedule = make_schedule(lineup, count, 1, seed)
    options = game_options(game, variants, schedule.entries[0].seats, seed)
    return Settings(game.name, count, tuple(lineup), tuple(variants), options, seed, overlay)


SIDE_HELP = (
    "'published', a rule overlay file (JSON), the game's variants by name, or an overlay "
    "and variants, comma-separated"
)


@click.command()
@game_option
@click.option("--baseline", default=PUBLISHED, show_default=True, help=f"Rules: {SIDE_HELP}.")
@click.option("--variant", "variant_spec", required=True, help=f"Rules compared: {SIDE_HELP}.")
@lineup_options
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Games per side, rounded up to whole deals.",
)
@first_deal_option(default=1)
@workers_option
@ray_option
@click.option(
    "-o",
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="The experiment's directory: new, empty, or this experiment's to resume or extend.",
)
def experiment(
    game_name: str,
    baseline: str,
    variant_spec: str,
    bot_lists: tuple[str, ...],
    players: int | None,
    games: int,
    seed: int,
    workers: int | None,
    ray: str | None,
    out: Path,
) -> None:
    """Play the same games under two rule sets and compare them pair by pair.

    \b
    Every metric (seat win rates, points per category, game length, lead
    changes, showcases filled, each bot's win rate) gets the variant's
    difference from the baseline with a paired 95% interval, and whether it
    is significant.  OUT/baseline and OUT/variant are ordinary runs;
    OUT/report.html holds the comparison and both runs' report.
    """
    require_lab("vitrine experiment")
    from vitrine.report.build import build_report, compare_sides  # the lab extra
    from vitrine.report.results import played_games

    lineup = split_list(bot_lists)
    sides = [
        side_settings(spec, hint, game_name, lineup, players, seed)
        for spec, hint in ((baseline, "'--baseline'"), (variant_spec, "'--variant'"))
    ]
    check_bot_specs(lineup, game_name, sides[0].players)  # both sides seat as many
    try:
        chosen = Experiment(*sides)
    except VitrineError as error:
        raise click.UsageError(str(error)) from None
    processes = workers or os.cpu_count() or 1
    click.echo(
        f"{game_name}: {side_name(chosen.baseline)} -> {side_name(chosen.variant)}, "
        f"{sides[0].players} players, bots {','.join(lineup)}, {games} games each -> {out}"
    )
    start = time.perf_counter()
    try:
        run_experiment(chosen, games, out, processes, Console(stderr=True), ray)
        played = time.perf_counter() - start
        comparison = compare_sides(out, played_games(side_runs(out)), processes)
        page = build_report([out], processes, {out: comparison})
        (out / REPORT).write_text(page, encoding="utf-8")
    except VitrineError as error:
        raise click.ClickException(str(error)) from None
    except KeyboardInterrupt:
        click.echo(f"Interrupted: finished games are saved in {out}; run again to resume.")
        raise SystemExit(INTERRUPTED) from None
    print_comparison(comparison)
    click.echo(
        f"Played in {played:.0f} s, compared and reported in "
        f"{time.perf_counter() - start - played:.0f} s; report: {out / REPORT}"
    )


def print_comparison(comparison: "Comparison") -> None:
    """The differences as a table that fits 80 columns: shares in percentage
    points, three significant digits."""
    from vitrine.kit.report.measures import SHARE

    table = Table(
        title=f"Variant - baseline, {comparison.pairs} pairs of games "
        "(shares in percentage points; *: significant, false discovery rate < 5%)",
        box=None,
    )
    for header in ("metric", "baseline", "variant", "change", "95% interval", "q"):
        table.add_column(header, justify="left" if header == "metric" else "right", no_wrap=True)
    for d in comparison.differences:
        scale = 100.0 if d.unit == SHARE else 1.0
        table.add_row(
            d.name[:24],
            f"{d.baseline * scale:.3g}",
            f"{d.variant * scale:.3g}",
            f"{d.difference * scale:+.3g}",
            f"{d.low * scale:+.3g} .. {d.high * scale:+.3g}",
            f"{d.q:.2g}" + (" *" if d.significant else ""),
        )
    console = Console(highlight=False, emoji=False)
    console.width = max(console.width, WIDE)  # wrapped in a narrow terminal, never cut
    console.print(table)
