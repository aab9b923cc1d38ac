"""``vitrine solo``: bots through seeded solo deals, against the game's score to
beat and its clairvoyant solver.

Arguments are checked before anything is played (every bot, the output
file's directory), so that a mistake costs one clear line and exit status 2
rather than a crash in a worker minutes later.
"""

import os
from collections.abc import Callable, Sequence
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from vitrine.bots import make_bot
from vitrine.cli.options import first_deal_option, games_option, split_list, workers_option
from vitrine.engine.errors import VitrineError
from vitrine.engine.rng import MAX_SEED
from vitrine.kit.solo import SoloChallenge
from vitrine.tournament.challenge import (
    SOLVER,
    DealOutcome,
    Summary,
    read_outcomes,
    run_challenge,
    solo_challenge,
    solo_games,
    summaries,
)


def bot_specs(game: str, values: Sequence[str], solver: bool) -> list[str]:
    """``--bots a,b`` and ``--bots a --bots b`` alike, each spec checked."""
    specs = split_list(values)
    if not specs and not solver:
        raise click.BadParameter(
            "name at least one bot, or ask for --solver", param_hint="'--bots'"
        )
    for spec in specs:
        if spec == SOLVER:
            raise click.BadParameter(
                f"{SOLVER!r} is not a bot: ask for it with --solver", param_hint="'--bots'"
            )
        try:
            make_bot(spec, game, 1)
        except VitrineError as error:
            raise click.BadParameter(str(error), param_hint="'--bots'") from None
        if specs.count(spec) > 1:
            raise click.BadParameter(f"{spec!r} is listed twice", param_hint="'--bots'")
    return specs


def solver_width(game: str, challenge: SoloChallenge, solver: bool, beam: int | None) -> int | None:
    """The solver's beam width, None without ``--solver``; ``--beam`` without
    it, and either for a game whose challenge has no solver, refused."""
    if challenge.solver is None:
        if solver or beam is not None:
            raise click.BadParameter(
                f"{game}'s solo challenge has no clairvoyant solver",
                param_hint="'--solver'" if solver else "'--beam'",
            )
        return None
    if not solver:
        if beam is not None:
            raise click.BadParameter(
                "--beam sets the solver's width: add --solver", param_hint="'--beam'"
            )
        return None
    return beam or challenge.solver.default_beam


def number(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def share_of_best(row: Summary) -> str:
    """The mean as a share of the solver's mean: how close to clairvoyant play."""
    if row.gap_to_best is None or row.mean + row.gap_to_best <= 0:
        return "-"
    return f"{row.mean / (row.mean + row.gap_to_best):.1%}"


def results_table(challenge: SoloChallenge, rows: Sequence[Summary]) -> Table:
    """Statistics as rows, bots as columns, so that a few bots fit any terminal."""
    target = challenge.target
    table = Table(title=f"Solo totals ({challenge.points}; the challenge: more than {target})")
    table.add_column("")
    for row in rows:
        table.add_column(row.bot, justify="right")
    lines: list[tuple[str, Callable[[Summary], str]]] = [
        ("Deals", lambda r: str(r.deals)),
        ("Mean", lambda r: number(r.mean, 1)),
        ("95% CI of the mean", lambda r: f"{r.mean - r.ci95:.0f}-{r.mean + r.ci95:.0f}"),
        ("Standard deviation", lambda r: number(r.stdev, 1)),
        ("Min", lambda r: str(r.minimum)),
        ("Q1", lambda r: number(r.quartiles[0])),
        ("Median", lambda r: number(r.quartiles[1])),
        ("Q3", lambda r: number(r.quartiles[2])),
        ("Max", lambda r: str(r.maximum)),
        (f"Above {target}", lambda r: f"{r.above:.1%}"),
    ]
    if any(row.gap_to_bound is not None for row in rows):
        lines += [
            ("Gap to solver's best", lambda r: number(r.gap_to_best, 1)),
            ("Share of solver's best", share_of_best),
            ("Gap to upper bound", lambda r: number(r.gap_to_bound, 1)),
        ]
    lines.append(("Seconds per deal", lambda r: number(r.seconds, 2)))
    for label, cell in lines:
        table.add_row(label, *(cell(row) for row in rows))
    return table


def categories_table(challenge: SoloChallenge, rows: Sequence[Summary]) -> Table:
    """Categories as rows, bots as columns: where the points come from."""
    table = Table(title=f"Mean points per category ({challenge.points})")
    table.add_column("Category")
    for row in rows:
        table.add_column(row.bot, justify="right")
    keys = list(dict.fromkeys(key for row in rows for key in row.categories))
    for key in keys:
        table.add_row(
            challenge.category_names.get(key, key),
            *(number(row.categories.get(key), 1) for row in rows),
        )
    table.add_row("Total", *(number(row.mean, 1) for row in rows), style="bold")
    return table


@click.command()
@games_option(solo_games)
@click.option(
    "--bots",
    "bot_lists",
    multiple=True,
    metavar="LIST",
    help="Bot specs, comma-separated (random, greedy, ismcts:2000, ...).",
)
@click.option(
    "--deals", type=click.IntRange(min=1), default=100, show_default=True, help="Solo deals."
)
@click.option(
    "--solver",
    is_flag=True,
    help="Also solve every deal knowing all that chance will bring (the game's clairvoyant "
    "solver, where it has one): its best line and an upper bound.",
)
@click.option(
    "--beam",
    type=click.IntRange(min=1),
    help="The solver's beam width [default: the game's own, printed with the run]; needs --solver.",
)
@first_deal_option(default=0)
@workers_option
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write one JSON line per deal and player (the solver's with its turns).",
)
def solo(
    game_name: str,
    bot_lists: tuple[str, ...],
    deals: int,
    solver: bool,
    beam: int | None,
    seed: int,
    workers: int | None,
    out: Path | None,
) -> None:
    """Play the solo challenge: each bot's score over the same seeded deals.

    \b
    With --solver, the game's clairvoyant search also plays every deal
    knowing all that chance will bring, and bounds its best score from
    above: the optimum of a deal lies between the solver's best and its
    bound, so the gaps say how far a bot is from perfect play.
    """
    challenge = solo_challenge(game_name)
    width = solver_width(game_name, challenge, solver, beam)
    specs = bot_specs(game_name, bot_lists, solver)
    if seed + deals - 1 > MAX_SEED:
        raise click.BadParameter(
            f"the last deal's seed would pass {MAX_SEED}", param_hint="'--seed'"
        )
    if out is not None and not out.parent.is_dir():
        raise click.BadParameter(f"no directory {out.parent}", param_hint="'--out'")
    seeds = range(seed, seed + deals)
    processes = min(workers or os.cpu_count() or 1, deals)
    console = Console(highlight=False)
    solver_text = f", solver beam {width}" if width is not None else ""
    console.print(
        f"Solo: {deals} deals (seeds {seed}-{seed + deals - 1}){solver_text}, "
        f"{processes} worker{'s' if processes > 1 else ''}",
        soft_wrap=True,
        markup=False,
    )
    lines = out.open("w", encoding="utf-8") if out is not None else None
    try:
        outcomes = run_challenge(
            game_name, seeds, specs, width, processes, lines, Console(stderr=True)
        )
    finally:
        if lines is not None:
            lines.close()
    print_tables(console, challenge, outcomes, specs)
    if out is not None:
        console.print(f"Per-deal results saved to {out}", soft_wrap=True, markup=False)


@click.command("solo-results")
@games_option(solo_games)
@click.argument(
    "files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
def solo_results(game_name: str, files: tuple[Path, ...]) -> None:
    """Print the solo tables of saved runs (``vitrine solo --out``), joined.

    Runs over different seeds, split to play on several machines or
    continued later, make one table; a deal must hold every bot's game once.
    """
    lines = [
        (f"{path}:{number}", text)
        for path in files
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
    ]
    try:
        outcomes, specs = read_outcomes(lines)
    except VitrineError as error:
        raise click.ClickException(str(error)) from None
    console = Console(highlight=False)
    seeds = [outcome.seed for outcome in outcomes]
    console.print(
        f"Solo: {len(seeds)} deals (seeds {min(seeds)}-{max(seeds)}) from {len(files)} "
        f"file{'s' if len(files) > 1 else ''}",
        soft_wrap=True,
        markup=False,
    )
    print_tables(console, solo_challenge(game_name), outcomes, specs)


def print_tables(
    console: Console,
    challenge: SoloChallenge,
    outcomes: Sequence[DealOutcome],
    specs: Sequence[str],
) -> None:
    """The results and categories tables of a run, played now or read back."""
    rows = summaries(outcomes, specs, challenge.target)
    console.print(results_table(challenge, rows))
    solver_row = rows[-1]
    if solver_row.bot == SOLVER and solver_row.gap_to_bound is not None:
        console.print(
            "The optimum of each deal lies between the solver's best line and its upper "
            f"bound: on average between {solver_row.mean:.1f} and "
            f"{solver_row.mean + solver_row.gap_to_bound:.1f}.  Gaps are mean points "
            "below the two.",
            soft_wrap=True,
            markup=False,
        )
    console.print(categories_table(challenge, rows))
