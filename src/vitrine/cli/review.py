"""``vitrine review``: every decision of a recorded game graded by the coach.

The record names its game; the coach (``vitrine.review``) judges each
decision from its seat's view, and this command only reads the file, shows
progress and prints the result as tables or JSON.
"""

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from vitrine.cli.render import renderer_for
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game
from vitrine.engine.record import Record, parse_json
from vitrine.engine.rng import MAX_SEED
from vitrine.games import read_record
from vitrine.kit.render import make_console, say
from vitrine.parallel import progress_bar
from vitrine.review import Review, coach_spec, review_record
from vitrine.review.grades import GRADES
from vitrine.review.review import chosen_seats

GRADE_STYLES = {
    "best": "bold green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
    "forced": "dim",
}


def read_record_file(path: str) -> tuple[Game, Record]:
    """The game and record of a record file, or one clear line naming the
    refusal's code (``record_not_json``, ``record_missing_field``, ...)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise click.ClickException(f"{path}: cannot read the record: {error}") from None
    try:
        data = parse_json(text)
        return read_record(data)
    except VitrineError as error:
        raise click.ClickException(f"{path}: {error} [{error.code}]") from None


@click.command()
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--seat",
    "seats",
    type=click.IntRange(min=0),
    multiple=True,
    help="A seat to review, from 0 (repeat for more) [default: every seat].",
)
@click.option(
    "--budget",
    metavar="SPEC",
    help="The coach's search per decision: iterations (3000) or seconds (2s, not "
    "reproducible) [default: the expert's].",
)
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=0,
    show_default=True,
    help="The coach's random seed: the same record, budget and seed give the same review.",
)
@click.option(
    "--hindsight",
    is_flag=True,
    help="Solo games: also what each decision was worth knowing the stock's order.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def review(
    record: str,
    seats: tuple[int, ...],
    budget: str | None,
    seed: int,
    hindsight: bool,
    as_json: bool,
) -> None:
    """Grade every decision of a recorded game against the strongest bot.

    \b
    Each decision is judged from what its player could see then (the stock
    and others' secrets re-dealt, never read).  Values are expected win
    shares (alone: expected scores); grades: best, good, inaccuracy,
    mistake, blunder (docs/review.md).
    """
    game, parsed = read_record_file(record)
    renderer = renderer_for(game)
    try:  # refuse a bad record, seat or budget before the progress bar
        game.replay(parsed)
        chosen_seats(parsed, seats or None)
        coach_spec(game, len(parsed.players), budget)
    except VitrineError as error:
        raise click.ClickException(f"{record}: {error} [{error.code}]") from None
    errors = None if as_json else Console(stderr=True)
    with progress_bar(errors) as bar:
        task = bar.add_task("reviewing", total=None)
        try:
            result = review_record(
                game,
                parsed,
                seats=seats or None,
                budget=budget,
                seed=seed,
                hindsight=hindsight,
                describe=renderer.describe,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
        except VitrineError as error:
            raise click.ClickException(f"{record}: {error} [{error.code}]") from None
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2))
        return
    console = make_console()
    say(console, f"{record}: {game.name}, coach {result.coach}, seed {seed}", "bold")
    console.print(decisions_table(result))
    console.print(summary_table(result))


def _value(review: Review, value: float | None) -> str:
    if value is None:
        return ""
    if review.points_per_unit is not None:
        return f"{value * review.points_per_unit:.0f}"
    return f"{value:.0%}"


def decisions_table(review: Review) -> Table:
    """One row per decision: who, what, its grade, what it cost and the best."""
    worth = "expected score" if review.points_per_unit is not None else "expected win share"
    table = Table(title=f"Decisions (values: {worth})", title_justify="left")
    hindsight = any(d.hindsight for d in review.decisions)
    headings = ["#", "turn", "player", "played", "grade", "loss", "points lost", "value"]
    headings.append("best instead")
    if hindsight:
        headings += ["knowing the stock", "its loss"]
    for heading in headings:
        right = heading in ("#", "turn", "loss", "points lost")
        table.add_column(heading, justify="right" if right else "left")
    for d in review.decisions:
        known = []
        if hindsight:
            seen = d.hindsight
            known = ["", ""] if seen is None else [seen.best, _value(review, seen.loss)]
        best = ""
        if d.best != d.played:
            words = d.words.get("best")
            best = f"{d.best} ({words})" if words else d.best
        value = _value(review, d.value_played)
        if d.best != d.played and d.value_best is not None:
            value += f" / {_value(review, d.value_best)}"
        loss = _value(review, d.loss) if d.loss else ""
        table.add_row(
            str(d.index),
            str(d.turn),
            review.players[d.seat] + (" (bot)" if d.substitute else ""),
            d.played,
            Text(d.grade, style=GRADE_STYLES[d.grade]),
            loss,
            f"{d.points_loss:.0f}" if d.points_loss >= 0.5 else "",
            value,
            best,
            *known,
        )
    return table


def summary_table(review: Review) -> Table:
    """Per player: decisions graded, accuracy, each grade, the best share, the
    mean loss (on the value scale, then in points) and the costliest moments."""
    table = Table(title="Summary", title_justify="left")
    table.add_column("player")
    headings = ("decisions", "accuracy", *GRADES, "best share", "mean loss", "mean points lost")
    for heading in (*headings, "costliest (#)"):
        table.add_column(heading, justify="right")
    for s in review.summaries:
        row = [str(s.grades[name]) for name in GRADES]
        accuracy = "" if s.accuracy is None else f"{s.accuracy:.0f}%"
        share = "" if s.decisions == 0 else f"{s.best_share:.0%}"
        mean = _value(review, s.mean_loss) if review.points_per_unit else f"{s.mean_loss:.3f}"
        points = f"{s.mean_points_loss:.1f}"
        costliest = ", ".join(map(str, s.costliest))
        table.add_row(s.name, str(s.decisions), accuracy, *row, share, mean, points, costliest)
    return table
