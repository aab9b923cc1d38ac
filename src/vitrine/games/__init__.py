"""The games vitrine plays, by name."""

from vitrine.engine.errors import RecordError, VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import Game
from vitrine.engine.record import Record


def get_game(name: str, overlay: Overlay | None = None) -> Game:
    """The game definition registered under ``name``, under the rule
    ``overlay`` when one is given (the lab's: the web app never passes one)."""
    if overlay is not None:
        return get_game(name).with_overlay(overlay)
    if name == "exhibition":
        from vitrine.games.exhibition import ExhibitionGame

        return ExhibitionGame()
    if name == "dontgointhere":
        from vitrine.games.dontgointhere import DgitGame

        return DgitGame()
    if name == "tucano":
        from vitrine.games.tucano import TucanoGame

        return TucanoGame()
    raise VitrineError(
        f"unknown game {name!r} (known: {', '.join(GAMES)})",
        "unknown_game",
        {"game": name, "known": list(GAMES)},
    )


GAMES = ("exhibition", "tucano", "dontgointhere")


def read_record(data: object) -> tuple[Game, Record]:
    """The game a record (parsed JSON) names, and the record checked against it."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object", code="record_not_object")
    game = get_game(str(data.get("game")))
    return game, Record.from_dict(data, game.setup_fields)
