"""What every capability's HTTP routes share: the refusals they document, the
bodies' limits, the bearer token and who is asking.

Each route lists every status it can answer, with the one body every refusal
has (``Refusal``), so the OpenAPI document describes the server as it is
(Schemathesis checks it).
"""

from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPBearer

from vitrine.server.schemas import Refusal

REFUSALS = {
    400: "the body could not be read as the request it should be",
    401: "a token or a signed-in session is needed, or the sign-in was refused: see the code",
    403: "the token holds no seat here, or is not the host's, or the request came from "
    "another site's page, or the API token lacks the scope (token_scope)",
    404: "no such table, seat or data file",
    408: "the request body did not arrive in time",
    409: "not now, or taken: see the code (not started, over, another seat's turn, stale, "
    "a name taken, ...)",
    413: "the request body is too large",
    422: "malformed, or refused by the rules: see the code",
    429: "too many requests from this client (or API token, or sign-ins to this name), or "
    "too many bot tables: see Retry-After",
    503: "the coach is busy with other reviews: see Retry-After",
}
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}


def refusals(*statuses: int, takes_input: bool = True) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` for these refusals (a route that takes input, in its
    path, query or body, may also answer 422)."""
    return {
        status: {"model": Refusal, "description": REFUSALS[status]}
        | ({"headers": RETRY_AFTER} if status in (429, 503) else {})
        for status in sorted({*statuses, *([422] if takes_input else [])})
    }


BODY = (400, 408, 413)  # what any request with a body may get before its route runs
bearer = HTTPBearer(
    auto_error=False, description="a seat token, the host token, or an API token (vitrine_...)"
)
TOKEN = (401, 403, 429)  # what a route that takes API tokens may answer for the token alone


def client_of(request: Request) -> str:
    """Who is asking, for rate limits: the peer's address, or the one a trusted
    proxy forwarded (uvicorn rewrites it only for proxies in ``trusted_proxies``)."""
    return request.client.host if request.client else "unknown"


Client = Annotated[str, Depends(client_of)]
