"""The one error the service raises: an HTTP status, words for a person, and a
code with params for a page that speaks another language.

HTTP routes and the WebSocket both turn it into their own error reply, so a
refusal reads the same whichever way the request came.  The words are
English; ``code`` and ``params`` (ids and numbers, never words) let the page
say the same in the reader's language, falling back to the words for a code
it does not know.  An engine refusal keeps the engine's code and params.
"""

from collections.abc import Mapping
from typing import Any

from vitrine.engine.errors import VitrineError


class ApiError(Exception):
    def __init__(
        self, status: int, message: str, code: str, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.params = dict(params or {})

    def payload(self) -> dict[str, Any]:
        """The reply's body: ``detail`` (words), ``code`` and ``params``."""
        return {"detail": self.message, "code": self.code, "params": self.params}


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
