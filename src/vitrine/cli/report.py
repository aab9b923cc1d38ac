"""``vitrine report``: simulation runs as one self-contained HTML page."""

from pathlib import Path

import click

from vitrine.engine.errors import VitrineError
from vitrine.report.build import build_report


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
def report(results: tuple[Path, ...], out: Path) -> None:
    """Plots and tables of one or more `vitrine simulate` runs (RESULTS...).

    \b
    Runs at several player counts and variants compare with each other:
    seat advantage for each player count, each variant's effect against the
    game without it.  Plots are inline SVG, each followed by its numbers.
    """
    try:
        page = build_report(list(results))
    except VitrineError as error:
        raise click.ClickException(str(error)) from None
    out.write_text(page, encoding="utf-8")
    click.echo(f"Report written to {out}")
