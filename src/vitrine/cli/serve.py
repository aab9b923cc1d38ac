"""``vitrine serve``: the web app on this machine, with its database."""

import click

from vitrine.engine.errors import VitrineError


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--database",
    "database",
    default=None,
    help="Database URL (default: $VITRINE_DATABASE_URL, else the file vitrine.sqlite3 here).",
)
@click.option(
    "--bot-delay",
    default=0.8,
    show_default=True,
    type=click.FloatRange(0, 10),
    help="Seconds a bot waits before each decision, so people see it happen.",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Server processes on this address, sharing the work (PostgreSQL only).",
)
@click.option(
    "--worker-ports",
    is_flag=True,
    help="Each worker on a port of its own, PORT + its number (0, 1, ...): a front "
    "that sends each table to one process (table affinity) must reach each one.",
)
@click.option(
    "--coach-budget",
    metavar="SPEC",
    help="The coach's search per decision for reviews and hints: iterations (3000) "
    "[default: the expert's].",
)
def serve(
    host: str,
    port: int,
    database: str | None,
    bot_delay: float,
    workers: int,
    worker_ports: bool,
    coach_budget: str | None,
) -> None:
    """Serve the web app: lobby, tables, live play against friends and bots.

    Limits and timeouts come from VITRINE_* variables (docs/server.md,
    "Running it in public"), e.g. VITRINE_TRUSTED_PROXIES=127.0.0.1 behind a
    local reverse proxy.  Several processes, here (--workers) or on other
    machines, serve one PostgreSQL database together (docs/deploy.md).
    """
    from vitrine.games import default_game, get_game
    from vitrine.review import coach_spec
    from vitrine.server.database import (
        SqliteTakenError,
        database_url,
        sole_sqlite_server,
        with_driver,
    )
    from vitrine.server.processes import ServeOptions, serve_here, serve_workers
    from vitrine.server.settings import Settings

    try:
        settings = Settings.from_environment()
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    try:
        coach_spec(get_game(default_game()), 2, coach_budget)
    except VitrineError as error:
        raise click.BadParameter(str(error), param_hint="'--coach-budget'") from None
    url = database_url(database)
    if workers > 1 and not with_driver(url).startswith("postgresql"):
        raise click.BadParameter(
            "more than one process needs PostgreSQL (--database postgresql://...): "
            "SQLite is served by one process, which alone hears of its changes",
            param_hint="'--workers'",
        )
    try:
        held = sole_sqlite_server(url)  # noqa: F841 (held open while this process serves)
    except SqliteTakenError as taken:
        raise click.ClickException(
            f"another vitrine serve already serves the SQLite file {taken}: SQLite is served "
            "by one process, which alone hears of its changes. Stop the other one, give this "
            "one another --database, or serve several processes from PostgreSQL "
            "(--database postgresql://...; docs/deploy.md)."
        ) from None
    processes = f", {workers} processes" if workers > 1 else ""
    if worker_ports and workers > 1:
        processes += f" on ports {port} to {port + workers - 1}"
    click.echo(f"vitrine: open http://{host}:{port}/  (database: {url.split('@')[-1]}{processes})")
    options = ServeOptions(url, host, port, bot_delay, coach_budget)
    if workers == 1:
        serve_here(options, settings)
    else:
        serve_workers(options, workers, worker_ports)
