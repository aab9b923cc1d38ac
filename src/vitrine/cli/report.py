"""``vitrine report``: simulation runs as one self-contained HTML page."""

import os
from pathlib import Path

import click

from vitrine.cli.options import require_lab, workers_option
from vitrine.engine.errors import VitrineError


@click.command()
@click.argument(
    "results",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
)
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("report.html"),
    show_default=True,
    help="The HTML file to write.",
)
@workers_option
def report(results: tuple[Path, ...], out: Path, workers: int | None) -> None:
    """Charts and tables of `vitrine simulate` runs and `vitrine experiment`s (RESULTS...).

    \b
    Runs at several player counts, variants and rules compare with each
    other; runs of the same rules with different bots are drawn side by side
    (is an effect the game's, or how one bot plays?).  An experiment adds
    its paired comparison.  Charts are inline SVG, each followed by its
    numbers: the page is one file.
    """
    require_lab("vitrine report")
    from vitrine.report.build import build_report  # matplotlib and scipy: the lab extra

    try:
        page = build_report(list(results), workers or os.cpu_count() or 1)
    except VitrineError as error:
        raise click.ClickException(str(error)) from None
    out.write_text(page, encoding="utf-8")
    click.echo(f"Report written to {out}")
