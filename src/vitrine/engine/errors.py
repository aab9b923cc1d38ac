"""Errors shared by every game.

Every refusal carries a message that names what was wrong, so that a CLI, an
HTTP API or a record loader can pass it on to a person unchanged.  It also
carries a ``code`` and the ``params`` its words were built from, so that an
interface in another language (the web page in French) can say the same in
its own words: params hold ids and notation (a continent's code, a showcase's
key, a card's label), never words of one language.
"""

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple


class Reason(NamedTuple):
    """Why something is refused, before it becomes an error: the code and
    params a page words in its own language, and the English words."""

    code: str
    params: dict[str, Any]
    words: str


class VitrineError(Exception):
    """Base class of every error the engine raises on bad input."""

    default_code: ClassVar[str] = "invalid"

    def __init__(
        self, message: str, code: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason = message  # the words without the context a wrapper adds
        self.code = code or self.default_code
        self.params: dict[str, Any] = dict(params or {})


class NotationError(VitrineError):
    """Text that does not parse as a turn or decision of the game's notation."""

    default_code = "notation"


class IllegalTurnError(VitrineError):
    """A well-formed turn that the rules do not allow in the current position."""

    default_code = "illegal_turn"


class RecordError(VitrineError):
    """A game record that cannot be loaded or replayed.

    ``turn_number`` is 1-based and set when a particular turn of the record is
    at fault, so a caller can point at it.
    """

    default_code = "record"

    def __init__(
        self,
        message: str,
        turn_number: int | None = None,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        self.turn_number = turn_number
        prefix = f"turn {turn_number}: " if turn_number is not None else ""
        super().__init__(prefix + message, code, params)

    @classmethod
    def caused_by(
        cls, cause: VitrineError, turn_number: int | None = None, turn: str | None = None
    ) -> "RecordError":
        """A record refused because of ``cause``, which keeps its code and params
        (the turn at fault joins them) so the refusal still translates."""
        params = dict(cause.params)
        if turn_number is not None:
            params["turn_number"] = turn_number
        message = cause.message
        if turn is not None:
            params["turn"] = turn
            message = f"{turn!r}: {message}"
        error = cls(message, turn_number, cause.code, params)
        error.reason = cause.reason
        return error
