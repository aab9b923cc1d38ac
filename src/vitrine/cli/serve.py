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
    "--coach-budget",
    metavar="SPEC",
    help="The coach's search per decision for reviews and hints: iterations (3000) "
    "[default: the expert's].",
)
def serve(
    host: str, port: int, database: str | None, bot_delay: float, coach_budget: str | None
) -> None:
    """Serve the web app: lobby, tables, live play against friends and bots.

    Limits and timeouts come from VITRINE_* variables (docs/server.md,
    "Running it in public"), e.g. VITRINE_TRUSTED_PROXIES=127.0.0.1 behind a
    local reverse proxy.
    """
    import uvicorn  # the server's dependencies load only for this command

    from vitrine.games import get_game
    from vitrine.review import coach_spec
    from vitrine.server.app import create_app
    from vitrine.server.collector import settle_collector
    from vitrine.server.database import database_url
    from vitrine.server.settings import Settings
    from vitrine.server.transport import uvicorn_options

    try:
        settings = Settings.from_environment()
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    try:
        coach_spec(get_game("exhibition"), 2, coach_budget)
    except VitrineError as error:
        raise click.BadParameter(str(error), param_hint="'--coach-budget'") from None
    url = database_url(database)
    click.echo(f"vitrine: open http://{host}:{port}/  (database: {url.split('@')[-1]})")
    # Compressing each message for each connection cost a fifth of the server's
    # time in bench/server.py, for messages of a few kilobytes: off.
    app = create_app(url, bot_delay, settings, coach_budget)
    settle_collector()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        **uvicorn_options(settings),
    )
