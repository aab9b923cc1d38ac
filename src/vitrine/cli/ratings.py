"""``vitrine ratings``: the server's ratings, checked against the records."""

import sys

import click

from vitrine.server.database import database_url, make_engine, migrate
from vitrine.server.players.rebuild import rebuild_ratings


@click.group()
def ratings() -> None:
    """The ratings of rated tables (a server's database)."""


@ratings.command()
@click.option(
    "--database",
    default=None,
    help="Database URL (default: $VITRINE_DATABASE_URL, else the file vitrine.sqlite3 here).",
)
@click.option(
    "--write", is_flag=True, help="Store the recomputed figures where they differ (a repair)."
)
def rebuild(database: str | None, write: bool) -> None:
    """Recompute every rating from the records of rated tables, in the order they
    were applied, and compare with the stored figures (exit 1 if they differ)."""
    engine = make_engine(database_url(database))
    migrate(engine)
    report = rebuild_ratings(engine, write)
    engine.dispose()
    click.echo(
        f"{report.games} rated game(s) replayed, {report.ratings} rating(s) recomputed: "
        + ("the stored figures, exactly." if not report.differences else "differences found:")
    )
    for line in report.differences[:50]:
        click.echo(f"  {line}")
    if report.differences:
        click.echo("  (written: the stored figures are now the recomputed ones)" if write else "")
        sys.exit(0 if write else 1)
