"""Options and checks that several commands share, so they read and fail alike."""

import importlib.util
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from vitrine.engine.errors import VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import Game
from vitrine.engine.rng import MAX_SEED
from vitrine.games import game_names, get_game
from vitrine.lab.rules import read_overlay
from vitrine.parallel import check_ray_address

F = TypeVar("F", bound=Callable[..., Any])


class InstalledGames(click.Choice[str]):
    """``--game``'s choices: the installed games (all of them, or those
    ``names`` lists), read from the registry each time they are asked for,
    so that a command built before a game was installed (in a test, or a
    notebook's process) offers it.  click's own ``Choice`` copies its choices
    once, when the command is built."""

    def __init__(self, names: Callable[[], Sequence[str]] = game_names) -> None:
        self.names = names
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]  # click's is set once
        return tuple(self.names())


def games_option(names: Callable[[], Sequence[str]]) -> Callable[[F], F]:
    """``--game``, one of the games ``names`` lists, the first by default."""

    def first() -> str:
        found = names()
        if not found:
            raise click.UsageError("no installed game offers this command")
        return found[0]

    return click.option(
        "--game",
        "game_name",
        type=InstalledGames(names),
        default=first,
        help="The game [default: the first of the choices].",
    )


def game_option(command: F) -> F:
    return games_option(game_names)(command)


def variant_option(command: F) -> F:
    option = click.option(
        "--variant",
        "variants",
        multiple=True,
        metavar="NAME",
        help="A variant or variation by name (repeat, or separate with commas), "
        "e.g. secret_decade, links, short_era.",
    )
    return option(command)


def rules_option(command: F) -> F:
    option = click.option(
        "--rules",
        "rules",
        type=click.Path(dir_okay=False, path_type=Path),
        metavar="FILE",
        help="A rule overlay (JSON): the game's data with a designer's changes "
        "(docs/lab.md) [default: the published rules].",
    )
    return option(command)


def game_under(game_name: str, rules: Path | None) -> tuple[Game, Overlay | None]:
    """The game under the overlay file ``rules`` (if any), refused as a
    usage error naming the file and the field at fault."""
    if rules is None:
        return get_game(game_name), None
    try:
        overlay, game = read_overlay(rules, game_name)
    except VitrineError as error:
        raise click.BadParameter(str(error), param_hint="'--rules'") from None
    return game, overlay


def lineup_options(command: F) -> F:
    """``--bots`` and ``--players`` as a simulation takes them: one bot may
    fill every seat, and a game may have one player."""
    bots = click.option(
        "--bots",
        "bot_lists",
        multiple=True,
        required=True,
        metavar="LIST",
        help="Bot specs, comma-separated; seats rotate through them (one bot may fill all).",
    )
    players = click.option(
        "--players", type=click.IntRange(min=1), help="Seats [default: one per bot]."
    )
    return bots(players(command))


def _ray_address(
    context: click.Context, parameter: click.Parameter, value: str | None
) -> str | None:
    if value is not None:
        try:
            check_ray_address(value)
        except VitrineError as error:
            raise click.BadParameter(str(error)) from None
    return value


def ray_option(command: F) -> F:
    """``--ray``, refused at once where nothing answers (Ray would retry for minutes)."""
    option = click.option(
        "--ray",
        metavar="ADDRESS",
        callback=_ray_address,
        help="Play on a Ray cluster (every node with vitrine installed), or 'local' for Ray "
        "on this machine with --workers CPUs [default: local processes, no Ray].",
    )
    return option(command)


LAB_MODULES = ("matplotlib", "scipy")  # what the report needs of the lab extra


def require_lab(command: str) -> None:
    """Refuse in one line, naming the extra, where the lab's libraries are
    missing (``make run`` installs the web app without them)."""
    missing = [name for name in LAB_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise click.ClickException(
            f"{command} needs the lab extra ({', '.join(missing)} missing): "
            "pip install 'vitrine[lab]'"
        )


def workers_option(command: F) -> F:
    option = click.option(
        "--workers",
        type=click.IntRange(min=1),
        help="Processes to play in [default: all cores].",
    )
    return option(command)


def first_deal_option(default: int) -> Callable[[F], F]:
    return click.option(
        "--seed",
        type=click.IntRange(0, MAX_SEED),
        default=default,
        show_default=True,
        help="The first deal; the deals are SEED, SEED+1, ...",
    )


def split_list(values: Sequence[str]) -> list[str]:
    """Repeated options and comma lists alike: ``--bots a,b`` = ``--bots a --bots b``."""
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def options_for(game: Game, variants: Sequence[str]) -> dict[str, Any]:
    try:
        return game.parse_options(split_list(variants))
    except VitrineError as error:
        raise click.BadParameter(str(error), param_hint="'--variant'") from None
