"""Which pages may talk to the server with the browser's credentials.

A browser says which page a request or a socket comes from (``Origin``);
another site's page must not act with the cookie or the socket of a person
visiting it (cross-site request forgery, cross-site WebSocket hijacking).
"""

from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from vitrine.server.settings import Settings


def foreign_origin(connection: HTTPConnection, settings: Settings) -> bool:
    """Whether the connection says it comes from a page of another site than
    this server (and not one of ``allowed_origins``); no ``Origin``: not said."""
    origin = connection.headers.get("origin")
    if origin is None or origin in settings.allowed_origins:
        return False
    return urlsplit(origin).netloc != connection.headers.get("host")
