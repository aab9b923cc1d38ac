"""Errors shared by every game.

Every refusal carries a message that names what was wrong, so that a CLI, an
HTTP API or a record loader can pass it on to a person unchanged.
"""


class VitrineError(Exception):
    """Base class of every error the engine raises on bad input."""


class NotationError(VitrineError):
    """Text that does not parse as a turn or decision of the game's notation."""


class IllegalTurnError(VitrineError):
    """A well-formed turn that the rules do not allow in the current position."""


class RecordError(VitrineError):
    """A game record that cannot be loaded or replayed.

    ``turn_number`` is 1-based and set when a particular turn of the record is
    at fault, so a caller can point at it.
    """

    def __init__(self, message: str, turn_number: int | None = None) -> None:
        self.turn_number = turn_number
        prefix = f"turn {turn_number}: " if turn_number is not None else ""
        super().__init__(prefix + message)
