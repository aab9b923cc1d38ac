"""The ``vitrine`` command group: options, checks and wiring only.

Commands reach a game through ``get_game`` and the engine protocol, so the
same commands serve every game; errors the engine raises are written for
people and are passed on as they are.
"""

import importlib.metadata
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

import click

from vitrine.bots import BOTS, make_bot
from vitrine.cli.experiment import experiment
from vitrine.cli.options import (
    game_option,
    game_under,
    options_for,
    rules_option,
    split_list,
    variant_option,
)
from vitrine.cli.play import PlaySession, Seat
from vitrine.cli.ratings import ratings
from vitrine.cli.records import load_record, save_record
from vitrine.cli.render import renderer_for
from vitrine.cli.report import report
from vitrine.cli.review import review
from vitrine.cli.serve import serve
from vitrine.cli.simulate import simulate
from vitrine.cli.solo import solo, solo_results
from vitrine.cli.tournament import tournament
from vitrine.engine.errors import VitrineError
from vitrine.engine.perft import perft, perft_divide
from vitrine.engine.protocol import Game, GameState
from vitrine.engine.rng import MAX_SEED
from vitrine.games import get_game, plugins
from vitrine.kit.render import make_console, say

RANDOM_SEEDS = 1_000_000_000  # short enough to read out and type back
PERFT_SEED = 1  # a fingerprint compares counts of one deal: a fixed one, as the docs quote


def new_state(game: Game, names: Sequence[str], options: dict[str, Any], seed: int) -> GameState:
    try:
        return game.new_game(names, options, seed)
    except VitrineError as error:
        raise click.UsageError(str(error)) from None


def make_seats(game: str, players: int, bots: Sequence[str], names: Sequence[str]) -> list[Seat]:
    """Humans first, bots in the last seats; unnamed seats get numbered names."""
    if len(bots) > players:
        raise click.BadParameter(f"{len(bots)} bots for {players} players", param_hint="'--bots'")
    if len(names) > players:
        raise click.BadParameter(
            f"{len(names)} names for {players} players", param_hint="'--names'"
        )
    humans = players - len(bots)
    seats = []
    for index in range(players):
        try:
            bot = make_bot(bots[index - humans], game, players) if index >= humans else None
        except VitrineError as error:
            raise click.BadParameter(str(error), param_hint="'--bots'") from None
        default = "Player" if bot is None else bot.name.capitalize()
        name = names[index] if index < len(names) else f"{default} {index + 1}"
        seats.append(Seat(name, bot))
    if len({seat.name for seat in seats}) != len(seats):
        raise click.BadParameter("player names must differ", param_hint="'--names'")
    return seats


def show_version(context: click.Context, _: click.Parameter, value: bool) -> None:
    """``--version``: the version and what each game says of how it runs (a
    game's compiled playout core, say), looked up only when asked."""
    if not value or context.resilient_parsing:
        return
    notes = [
        f"{plugin.title('en')}: {plugin.build_note()}" for plugin in plugins() if plugin.build_note
    ]
    version = importlib.metadata.version("vitrine")
    click.echo(", ".join([f"{context.info_name} {version}", *notes]))
    context.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=show_version,
    help="Show the version and the playout core in use, and exit.",
)
def main() -> None:
    """Play, replay and check games of Exhibition: 20th Century, Tucano and Don't Go In There."""


@main.command()
@game_option
@click.option(
    "--players",
    type=click.IntRange(min=1),
    help="Number of players [default: 2, or one per name or bot].",
)
@click.option(
    "--bots",
    "bot_names",
    multiple=True,
    metavar="LIST",
    help=f"Bots for the last seats, comma-separated ({', '.join(BOTS)}); "
    "as many as players for a bot-only game.",
)
@variant_option
@rules_option
@click.option(
    "--seed", type=click.IntRange(0, MAX_SEED), help="Deal of the game [default: random]."
)
@click.option(
    "--names", "name_list", multiple=True, metavar="LIST", help="Player names, comma-separated."
)
@click.option(
    "--save", type=click.Path(dir_okay=False, writable=True), help="Save the record here."
)
@click.option(
    "--hints", is_flag=True, help="Allow 'hint', the coach's suggestion (the record says so)."
)
def play(
    game_name: str,
    players: int | None,
    bot_names: tuple[str, ...],
    variants: tuple[str, ...],
    rules: Path | None,
    seed: int | None,
    name_list: tuple[str, ...],
    save: str | None,
    hints: bool,
) -> None:
    """Play a game at the terminal, humans and bots.

    \b
    Type one decision at a time in the game's notation, or a whole turn at
    once.  Exhibition: a take (1907, 1945@EU), see the refill, then a
    placement (G3, D, X), or 1907 G3.  Tucano: a column (B), then each
    toucan (gift:coconut>1, flip), or B gift:coconut>1.  ? lists the legal
    decisions, hint asks the coach (with --hints), quit leaves the game
    (saving the record with --save).  Under --rules, the game is played
    with a rule overlay, which its record keeps.
    """
    game, _ = game_under(game_name, rules)
    names = split_list(name_list)
    bots = split_list(bot_names)
    count = players if players is not None else max(2, len(names), len(bots))
    seats = make_seats(game.name, count, bots, names)
    options = options_for(game, variants)
    console = make_console()
    if seed is None:
        seed = secrets.randbelow(RANDOM_SEEDS)
    state = new_state(game, [seat.name for seat in seats], options, seed)
    say(console, f"{game.name}: " + ", ".join(seat.label for seat in seats), "bold")
    say(console, f"Seed {seed} (play this deal again with --seed {seed})")
    session = PlaySession(game, state, seats, renderer_for(game), console, Random(seed), hints)
    aborted = False
    try:
        if not session.run():
            say(console, "Game left unfinished.")
    except click.Abort:
        say(console, "\nAborted: game left unfinished.")
        aborted = True
    if save is not None:
        save_record(state, save, hints)
        say(console, f"Record saved to {save}")
    if aborted:
        sys.exit(1)


@main.command()
@game_option
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def replay(game_name: str, record: str, as_json: bool) -> None:
    """Show the position a record reaches and its scores."""
    game = get_game(game_name)
    game, state = load_record(game, record)
    renderer = renderer_for(game)
    if as_json:
        click.echo(json.dumps(renderer.report(state), indent=2))
        return
    console = make_console()
    turns = len(state.record().turns)
    status = "finished" if state.is_over else "not finished"
    say(console, f"{record}: {turns} turns, {status}", "bold")
    console.print(renderer.board(state.view(None)))
    console.print(renderer.score_sheets(state))


@main.command()
@game_option
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
def legal(game_name: str, record: str) -> None:
    """List the legal turns after a record, one per line."""
    _, state = load_record(get_game(game_name), record)
    if state.is_over:
        click.echo("the game is over: no legal turns", err=True)
        return
    for turn in state.legal_turns():
        click.echo(turn)


@main.command(name="perft")
@game_option
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=PERFT_SEED,
    show_default=True,
    help="Deal of the game.",
)
@click.option("--players", type=click.IntRange(min=1), default=2, show_default=True)
@variant_option
@click.option("--depth", type=click.IntRange(min=0), required=True, help="Whole turns to count.")
@click.option("--divide", is_flag=True, help="Also count per first turn.")
def perft_command(
    game_name: str, seed: int, players: int, variants: tuple[str, ...], depth: int, divide: bool
) -> None:
    """Count the legal sequences of --depth whole turns from a new game."""
    game = get_game(game_name)
    names = [f"P{seat + 1}" for seat in range(players)]
    state = new_state(game, names, options_for(game, variants), seed)
    if not divide:
        click.echo(perft(state, depth))
        return
    if depth < 1:
        raise click.BadParameter("--divide needs a depth of at least 1", param_hint="'--depth'")
    counts = perft_divide(state, depth)
    for turn, count in counts.items():
        click.echo(f"{turn}: {count}")
    click.echo(f"total: {sum(counts.values())}")


main.add_command(tournament)
main.add_command(solo)
main.add_command(solo_results)
main.add_command(serve)
main.add_command(simulate)
main.add_command(report)
main.add_command(experiment)
main.add_command(review)
main.add_command(ratings)
