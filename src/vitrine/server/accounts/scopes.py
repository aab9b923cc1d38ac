"""What an API token may do: its scopes, and the dependency a route declares one with.

A route that an API token may use says so with ``dependencies=[requires_scope("play")]``;
the token is checked where the request is signed in (``dependencies.signed_in_or_none``),
which reads the scopes the matched route declares.  A route that declares none
is for the site's own pages (a session) only: a token is refused there, so a
new route is closed to tokens until someone opens it on purpose.
"""

from typing import Any

from fastapi import Depends, Request
from fastapi.params import Depends as DependsParam

from vitrine.server.errors import forbidden

SCOPES = {
    "play": "read the account and its games, list, accept and decline its challenges, "
    "make and join tables, take seats, make decisions, chat, use the table sockets",
    "pair": "make and read pairing requests (quick pairing)",
}


class TokenScope:
    """A route's declaration that a token holding any of ``scopes`` may use it.
    Running it does nothing: the check is made where the token is read."""

    def __init__(self, *scopes: str) -> None:
        unknown = set(scopes) - set(SCOPES)
        if unknown or not scopes:
            raise ValueError(f"unknown scope(s): {sorted(unknown)}")
        self.scopes = frozenset(scopes)

    async def __call__(self) -> None:
        return None


def requires_scope(*scopes: str) -> DependsParam:
    """``dependencies=[requires_scope("pair")]``: a token with one of these scopes may call it."""
    declared: DependsParam = Depends(TokenScope(*scopes))
    return declared


PLAY = requires_scope("play")  # an API token with the play scope may call the route


def declared_scopes(request: Request) -> frozenset[str]:
    """The scopes the matched route accepts tokens with (none: sessions only)."""
    route: Any = request.scope.get("route")
    found: set[str] = set()
    for dependency in getattr(route, "dependencies", ()):
        if isinstance(dependency.dependency, TokenScope):
            found |= dependency.dependency.scopes
    return frozenset(found)


def check_scope(held: list[str], needed: frozenset[str]) -> None:
    """Refuse a token that holds none of the scopes the route accepts."""
    if not needed:
        raise forbidden(
            "token_scope",
            "an API token cannot do this: it is for the site's own pages (a signed-in session)",
            needed=[],
            held=sorted(held),
        )
    if not needed & set(held):
        raise forbidden(
            "token_scope",
            f"this API token lacks the scope this needs ({' or '.join(sorted(needed))})",
            needed=sorted(needed),
            held=sorted(held),
        )
