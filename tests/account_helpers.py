"""Signing up and switching sessions in the API tests (a TestClient holds one
cookie jar: a test plays several people by swapping the session cookie)."""

from fastapi.testclient import TestClient

from vitrine.server.accounts.dependencies import COOKIE

ORIGIN = {"Origin": "http://testserver"}  # a page of the TestClient's own site
PASSWORD = "velvet tundra quiver 1951"  # strong enough for zxcvbn


def sign_up(client: TestClient, name: str) -> str:
    """Sign up ``name`` (the client then holds its session); its cookie."""
    client.cookies.clear()
    response = client.post(
        "/api/account", json={"name": name, "password": PASSWORD}, headers=ORIGIN
    )
    assert response.status_code == 201, response.text
    return str(client.cookies[COOKIE])


def as_(client: TestClient, cookie: str | None) -> None:
    """Send this session's cookie from now on (None: a guest)."""
    client.cookies.clear()
    if cookie is not None:  # where the server's own cookie goes, so it replaces it
        client.cookies.set(COOKIE, cookie, domain="testserver.local")
