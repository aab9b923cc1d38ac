"""Options and checks that several commands share, so they read and fail alike."""

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game
from vitrine.engine.rng import MAX_SEED
from vitrine.games import GAMES

F = TypeVar("F", bound=Callable[..., Any])


def game_option(command: F) -> F:
    option = click.option(
        "--game",
        "game_name",
        type=click.Choice(GAMES),
        default="exhibition",
        show_default=True,
        help="The game.",
    )
    return option(command)


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
