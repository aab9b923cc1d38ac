"""A real SMTP server (aiosmtpd) on a free 127.0.0.1 port, and the steps the
notification tests share: an app that mails through it, accounts with a
confirmed address, one round of the outbox's sender, and the fixture that
stops the sender's own loop (``quiet_sender``: a test runs the rounds itself,
at the time it chooses, so nothing is waited for).  A pytest plugin
(conftest.py), so its fixtures serve every test module."""

import asyncio
import re
import socket
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from fastapi.testclient import TestClient

import server_fixtures
from account_helpers import ORIGIN, sign_up
from vitrine.server.app import create_app
from vitrine.server.notifications.sender import Sender
from vitrine.server.notifications.service import Notifications
from vitrine.server.orm import utcnow
from vitrine.server.settings import Settings

PUBLIC = "http://vitrine.test"


@pytest.fixture
def quiet_sender(monkeypatch: pytest.MonkeyPatch) -> None:
    """The outbox's sender loop idles: the test runs its rounds (``deliver``)."""

    async def idle(_sender: Sender) -> None:
        await asyncio.Event().wait()

    monkeypatch.setattr(Sender, "run", idle)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Inbox:
    """What the SMTP server received, each message parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        content = envelope.content
        assert isinstance(content, bytes)
        parsed = message_from_bytes(content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [message for message in self.messages if message["To"] == address]


class SmtpServer:
    """An SMTP server on a port of its own, which a test may stop and start again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.inbox = Inbox()
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


def smtp_server() -> Iterator[SmtpServer]:
    server = SmtpServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def mail_settings(port: int, **changes: Any) -> Settings:
    values: dict[str, Any] = {
        "sign_ups": "100/minute",
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_tls": "none",
        "smtp_sender": "vitrine <games@vitrine.test>",
        "public_url": PUBLIC,
    }
    return replace(server_fixtures.FAST_PLAY, **(values | changes))


def app_client(url: str, settings: Settings) -> TestClient:
    return TestClient(create_app(url, bot_delay=0, settings=settings))


def notes_of(client: TestClient) -> Notifications:
    notes: Notifications = client.app.state.notifications  # type: ignore[attr-defined]
    return notes


def deliver(client: TestClient, now: datetime | None = None) -> int:
    """Write every event seen so far, then run one round of the sender at ``now``
    (a later time jumps past a backoff); how many were sent."""
    notes = notes_of(client)
    assert client.portal is not None
    client.portal.call(notes.settled)
    sent: int = client.portal.call(notes.sender.round, now or utcnow())
    return sent


def confirmed(client: TestClient, smtp: SmtpServer, name: str, language: str) -> str:
    """Sign ``name`` up, in ``language``, with a confirmed address; its session cookie."""
    cookie = sign_up(client, name)
    assert client.patch("/api/account", json={"language": language}, headers=ORIGIN).is_success
    address = f"{name.lower()}@example.org"
    given = client.put("/api/account/email", json={"address": address}, headers=ORIGIN)
    assert given.status_code == 202, given.text
    (mail,) = smtp.inbox.to(address)
    body = mail.get_body(("plain",))
    assert body is not None
    token = re.search(r"#verify=([\w-]+)", body.get_content())
    assert token is not None
    verified = client.post("/api/account/email/verify", json={"token": token[1]}, headers=ORIGIN)
    assert verified.json() == {"address": address, "verified": True}
    smtp.inbox.messages.remove(mail)
    return cookie


def choose(client: TestClient, **kinds: dict[str, bool]) -> None:
    chosen = client.put("/api/notifications/choices", json=kinds, headers=ORIGIN)
    assert chosen.status_code == 200, chosen.text
