"""The one error the service raises: an HTTP status, words for a person, and a
code with params for a page that speaks another language.

HTTP routes and the WebSocket both turn it into their own error reply, so a
refusal reads the same whichever way the request came.  The words are
English; ``code`` and ``params`` (ids and numbers, never words) let the page
say the same in the reader's language, falling back to the words for a code
it does not know.  An engine refusal keeps the engine's code and params.
"""

import math
from collections.abc import Mapping
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import GameState


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        message: str,
        code: str,
        params: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.params = dict(params or {})
        self.headers = dict(headers or {})  # e.g. Retry-After on a 429

    def payload(self) -> dict[str, Any]:
        """The reply's body: ``detail`` (words), ``code`` and ``params``, writable as JSON."""
        payload: dict[str, Any] = writable(
            {"detail": self.message, "code": self.code, "params": self.params}
        )
        return payload


TEXT_LIMIT = 500  # characters of any one string in a refusal


def writable(value: Any) -> Any:
    """``value`` made safe to send as JSON: strings short and valid UTF-8, numbers finite.

    The last guard against echoing input: whatever a refusal quotes, its
    reply stays small and can always be written (an infinite float, or a
    lone surrogate, once made the error handler itself fail with a 500).
    """
    if isinstance(value, str):
        cut = value if len(value) <= TEXT_LIMIT else value[:TEXT_LIMIT] + "…"
        return cut.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, bool | int | None):
        return value
    if isinstance(value, Mapping):
        return {writable(str(key)): writable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [writable(item) for item in value]
    return writable(str(value))


def not_found(code: str, message: str, **params: Any) -> ApiError:
    return ApiError(404, message, code, params)


def conflict(code: str, message: str, **params: Any) -> ApiError:
    return ApiError(409, message, code, params)


def forbidden(code: str, message: str, **params: Any) -> ApiError:
    return ApiError(403, message, code, params)


def invalid(code: str, message: str, **params: Any) -> ApiError:
    return ApiError(422, message, code, params)


def refused(error: VitrineError, about: str | None = None) -> ApiError:
    """The engine's refusal as an API error; ``about`` (``options``, ``record``)
    says which part of the request it concerns, in the words and the params.
    ``params["reason"]`` keeps the engine's words without context, for a page
    that words the context itself but not a refusal it has no code for."""
    message = f"{about}: {error.message}" if about else error.message
    params = {**error.params, "reason": error.reason}
    if about:
        params["about"] = about
    return ApiError(422, message, error.code, params)


def checked(state: GameState, decision: str) -> dict[str, Any]:
    """Whether ``decision`` would be accepted at ``state`` and, if not, the rules'
    refusal (code, params, words): a page explains before anything is sent.
    Plays on a copy, so it changes nothing."""
    try:
        state.copy().apply_action(decision)
    except VitrineError as error:
        return {"legal": False, **refused(error).payload()}
    return {"legal": True, "detail": None, "code": None, "params": {}}
