"""Reading and writing record files, for any game.

Every failure becomes a :class:`click.ClickException` carrying the engine's
own message (which names the turn at fault), so a bad file ends with one
clear line on stderr and exit status 1, never a traceback.
"""

from dataclasses import replace
from pathlib import Path

import click

from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game, GameState, under_record
from vitrine.engine.record import Record


def load_record(game: Game, path: str) -> tuple[Game, GameState]:
    """The position the record file at ``path`` reaches, and the game it was
    played in (``game`` under the record's rule overlay, if it has one), or
    a clean CLI error."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise click.ClickException(f"{path}: cannot read the record: {error}") from None
    try:
        record = Record.from_json(text, game.setup_fields)
        played = under_record(game, record)
        return played, played.replay(record)
    except VitrineError as error:
        raise click.ClickException(f"{path}: {error}") from None


def save_record(state: GameState, path: str, hints: bool = False) -> None:
    """Write the game so far; the record holds a pending take if there is one,
    and says whether hints were allowed."""
    try:
        Path(path).write_text(replace(state.record(), hints=hints).to_json(), encoding="utf-8")
    except OSError as error:
        raise click.ClickException(f"cannot save the record to {path}: {error}") from None
