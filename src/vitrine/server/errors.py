"""The one error the service raises: an HTTP status and words for a person.

HTTP routes and the WebSocket both turn it into their own error reply, so a
refusal reads the same whichever way the request came.
"""


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def not_found(what: str) -> ApiError:
    return ApiError(404, f"{what} does not exist")


def conflict(message: str) -> ApiError:
    return ApiError(409, message)


def forbidden(message: str) -> ApiError:
    return ApiError(403, message)


def invalid(message: str) -> ApiError:
    return ApiError(422, message)
