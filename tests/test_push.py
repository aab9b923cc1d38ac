"""Web Push: the subscription kept for the signed-in account, and a push signed with
the server's VAPID key and encrypted for the browser, received by a local
endpoint that verifies the signature (ES256, aud, exp) and decrypts the
payload as a push service and the browser would.  The push services
themselves need the internet: that endpoint stands in for them."""

from collections.abc import Iterator
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

import server_fixtures
from account_helpers import ORIGIN, as_, sign_up
from notification_helpers import app_client, choose, deliver
from push_endpoint import Browser, PushEndpoint, fresh
from vitrine.server.notifications.models import PushSubscriptionRow

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("quiet_sender")]


@pytest.fixture
def endpoint() -> Iterator[PushEndpoint]:
    with PushEndpoint(Browser()) as serving:
        yield serving


def push_app(sqlite_url: str, endpoint: PushEndpoint) -> TestClient:
    settings = replace(
        server_fixtures.FAST_PLAY,
        sign_ups="100/minute",
        push_services=(endpoint.origin,),
        vapid_subject="mailto:admin@vitrine.test",
    )
    return app_client(sqlite_url, settings)


def subscribe(client: TestClient, endpoint: PushEndpoint, name: str = "browser") -> int:
    body = {"endpoint": endpoint.url(name), "keys": endpoint.browser.keys(), "expirationTime": None}
    return client.post("/api/notifications/push", json=body, headers=ORIGIN).status_code


def test_an_invitation_is_pushed_signed_with_vapid_and_encrypted_for_the_browser(
    sqlite_url: str, endpoint: PushEndpoint
) -> None:
    with push_app(sqlite_url, endpoint) as client:
        sign_up(client, "Ana")
        assert client.patch("/api/account", json={"language": "fr"}, headers=ORIGIN).is_success
        settings = client.get("/api/notifications").json()
        endpoint.expected_key = settings["push_key"]
        assert subscribe(client, endpoint) == 204
        choose(client, invited={"push": True})
        assert client.get("/api/notifications").json()["push_subscriptions"] == 1
        account = client.get("/api/account").json()["id"]
        table = client.post(
            "/api/tables", json={"seats": [{"kind": "human", "me": True}]}, headers=ORIGIN
        ).json()["table"]["id"]
        notes = client.app.state.notifications  # type: ignore[attr-defined]
        assert client.portal is not None
        client.portal.call(notes.invited, account, table, "Bo")
        assert deliver(client) == 1
    assert endpoint.refused == []
    (push,) = endpoint.received
    assert fresh(push.claims, endpoint.origin)
    assert push.claims["sub"] == "mailto:admin@vitrine.test"
    assert push.headers["content-encoding"] == "aes128gcm" and int(push.headers["ttl"]) > 0
    assert push.payload["url"] == f"/table/{table}"
    assert push.payload["title"].startswith("Bo vous invite à jouer")  # Ana reads French


def test_the_key_is_the_same_after_a_restart_and_a_wrong_key_is_caught(
    sqlite_url: str, endpoint: PushEndpoint
) -> None:
    """A generated VAPID key is kept: subscriptions made with it keep working.  And
    the endpoint's check can fail: a push signed by another key is refused."""
    with push_app(sqlite_url, endpoint) as client:
        sign_up(client, "Ana")
        key = client.get("/api/notifications").json()["push_key"]
        assert subscribe(client, endpoint) == 204
        choose(client, invited={"push": True})
        account = client.get("/api/account").json()["id"]
        table = client.post(
            "/api/tables", json={"seats": [{"kind": "human", "me": True}]}, headers=ORIGIN
        ).json()["table"]["id"]
    with push_app(sqlite_url, endpoint) as client:
        as_(client, None)
        sign_up_again = client.post(
            "/api/session",
            json={"name": "Ana", "password": "velvet tundra quiver 1951"},
            headers=ORIGIN,
        )
        assert sign_up_again.status_code == 200
        assert client.get("/api/notifications").json()["push_key"] == key
        endpoint.expected_key = "another"
        notes = client.app.state.notifications  # type: ignore[attr-defined]
        assert client.portal is not None
        client.portal.call(notes.invited, account, table, "Bo")
        assert deliver(client) == 0  # refused by the endpoint: retried later
    assert endpoint.received == [] and len(endpoint.refused) == 1


def test_only_a_known_push_service_is_taken_and_a_subscription_is_the_accounts_own(
    sqlite_url: str, endpoint: PushEndpoint
) -> None:
    with push_app(sqlite_url, endpoint) as client:
        sign_up(client, "Ana")
        body = {"endpoint": "http://10.0.0.1/steal", "keys": endpoint.browser.keys()}
        refused = client.post("/api/notifications/push", json=body, headers=ORIGIN)
        assert refused.status_code == 422 and refused.json()["code"] == "push_endpoint_refused"
        assert subscribe(client, endpoint) == 204
        sign_up(client, "Bo")
        params = {"endpoint": endpoint.url()}
        theirs = client.delete("/api/notifications/push", params=params, headers=ORIGIN)
        assert theirs.status_code == 404
        as_(client, None)
        assert client.post("/api/notifications/push", json=body, headers=ORIGIN).status_code == 401
    engine = create_engine(sqlite_url)
    with Session(engine) as session:
        assert session.scalar(select(func.count()).select_from(PushSubscriptionRow)) == 1
    engine.dispose()


def test_a_subscription_the_push_service_forgot_is_forgotten_here(
    sqlite_url: str, endpoint: PushEndpoint
) -> None:
    with push_app(sqlite_url, endpoint) as client:
        sign_up(client, "Ana")
        endpoint.expected_key = client.get("/api/notifications").json()["push_key"]
        assert subscribe(client, endpoint) == 204
        choose(client, invited={"push": True})
        account = client.get("/api/account").json()["id"]
        table = client.post(
            "/api/tables", json={"seats": [{"kind": "human", "me": True}]}, headers=ORIGIN
        ).json()["table"]["id"]
        endpoint.status = 410
        notes = client.app.state.notifications  # type: ignore[attr-defined]
        assert client.portal is not None
        client.portal.call(notes.invited, account, table, "Bo")
        assert deliver(client) == 0
        assert client.get("/api/notifications").json()["push_subscriptions"] == 0
