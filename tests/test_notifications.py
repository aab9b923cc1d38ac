"""Notifications by e-mail, against a real SMTP server the tests start (aiosmtpd):
an address confirmed before anything is mailed to it, each event mailed once
in its reader's language (plain text and HTML), one-click unsubscribe, a
chat's quiet period, and an outbox that retries with backoff and survives a
restart.  The sender's own loop is stopped here (``quiet_sender``): each test
runs its rounds itself, at the time it chooses, so nothing is waited for."""

from collections.abc import Iterator
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session

from account_helpers import ORIGIN, PASSWORD, as_, sign_up
from notification_helpers import (
    PUBLIC,
    SmtpServer,
    app_client,
    choose,
    confirmed,
    deliver,
    mail_settings,
    notes_of,
    smtp_server,
)
from vitrine.games import get_plugin
from vitrine.server.database import make_engine
from vitrine.server.notifications.models import OutboxRow
from vitrine.server.notifications.sender import BACKOFF_SECONDS
from vitrine.server.orm import utcnow

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("quiet_sender")]
ON = {"email": True}
TITLE = get_plugin("exhibition").title("en")


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    yield from smtp_server()


def turn_based_table(client: TestClient, ana: str, bo: str) -> str:
    """Ana's table with a day per decision, Bo in the other seat, started."""
    as_(client, ana)
    created = client.post(
        "/api/tables",
        json={"seats": [{"kind": "human", "me": True}, {"kind": "human"}], "clock_seconds": 86400},
        headers=ORIGIN,
    )
    assert created.status_code == 201, created.text
    table_id: str = created.json()["table"]["id"]
    as_(client, bo)
    token = {"Authorization": f"Bearer {created.json()['seats'][1]['token']}"} | ORIGIN
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}, headers=token)
    assert joined.status_code == 200, joined.text
    as_(client, ana)
    assert client.post(f"/api/tables/{table_id}/start", headers=ORIGIN).status_code == 200
    return table_id


def play_turn(client: TestClient, table_id: str, cookies: dict[int, str]) -> int:
    """The seat to act plays (its first legal decisions, by its session) until the
    turn passes to the other; that seat."""
    as_(client, cookies[0])
    seat = client.get(f"/api/tables/{table_id}").json()["view"]["current_player"]
    as_(client, cookies[seat])
    while True:
        table = client.get(f"/api/tables/{table_id}").json()
        if table["view"]["current_player"] != seat:
            return int(seat)
        decision = {"action": table["view"]["legal_actions"][0], "seq": table["table"]["seq"]}
        played = client.post(f"/api/tables/{table_id}/actions", json=decision, headers=ORIGIN)
        assert played.status_code == 200, played.text


def parts(mail: Any) -> tuple[str, str]:
    plain, markup = mail.get_body(("plain",)), mail.get_body(("html",))
    assert plain is not None and markup is not None
    return plain.get_content(), markup.get_content()


def test_each_turn_is_mailed_once_in_its_readers_language_with_one_click_unsubscribe(
    sqlite_url: str, smtp: SmtpServer
) -> None:
    with app_client(sqlite_url, mail_settings(smtp.port)) as client:
        ana = confirmed(client, smtp, "Ana", "fr")
        choose(client, turn=ON, ended=ON)
        bo = confirmed(client, smtp, "Bo", "en")
        choose(client, turn=ON)
        table_id = turn_based_table(client, ana, bo)
        cookies = {0: ana, 1: bo}
        addresses = {0: "ana@example.org", 1: "bo@example.org"}
        assert deliver(client) == 1  # the start: the first player's turn
        first = play_turn(client, table_id, cookies)
        assert deliver(client) == 1  # the other's turn
        assert play_turn(client, table_id, cookies) != first
        assert deliver(client) == 1  # the first player's again: three events, three mails
        assert len(smtp.inbox.to(addresses[first])) == 2
        assert len(smtp.inbox.to(addresses[1 - first])) == 1
        french = smtp.inbox.to("ana@example.org")[0]
        english = smtp.inbox.to("bo@example.org")[0]
        assert french["Subject"].startswith("À vous de jouer")
        assert english["Subject"].startswith("Your turn")
        text, markup = parts(french)
        assert f"{PUBLIC}/table/{table_id}" in text and f"{PUBLIC}/table/{table_id}" in markup
        assert "C'est à vous de jouer" in text and '<html lang="fr">' in markup
        assert french.get_content_type() == "multipart/alternative"
        # The same event noticed again (another process catching up): nothing more.
        notes = notes_of(client)
        service = client.app.state.service  # type: ignore[attr-defined]

        async def notice_again() -> None:
            notes._written.clear()  # as a process that never saw it
            notes.table_changed(await service.core.get(table_id))

        assert client.portal is not None
        client.portal.call(notice_again)
        assert deliver(client) == 0
        assert len(smtp.inbox.messages) == 3
        # One click, from the mail client: no session, no Origin; only that kind goes off.
        assert french["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        url = urlsplit(french["List-Unsubscribe"].strip("<>"))
        assert f"{url.scheme}://{url.netloc}" == PUBLIC
        as_(client, None)
        forged = client.post(url.path, params={"token": url.query.split("=", 1)[1] + "x"})
        assert forged.status_code == 422 and forged.json()["code"] == "unsubscribe_token_invalid"
        clicked = client.post(
            f"{url.path}?{url.query}",
            content="List-Unsubscribe=One-Click",
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert clicked.json() == {"kind": "turn", "channel": "email"}
        assert "#unsubscribe=" in text  # the visible link, to a page that asks first
        as_(client, ana)
        choices = client.get("/api/notifications").json()["choices"]
        assert choices["turn"] == {"email": False, "push": False}
        assert choices["ended"] == {"email": True, "push": False}


def test_no_mail_goes_to_an_unconfirmed_address_and_a_link_works_once(
    sqlite_url: str, smtp: SmtpServer
) -> None:
    with app_client(sqlite_url, mail_settings(smtp.port)) as client:
        ana = confirmed(client, smtp, "Ana", "en")
        choose(client, invited=ON)
        as_(client, ana)
        again = client.put(
            "/api/account/email", json={"address": "new@example.org"}, headers=ORIGIN
        )
        assert again.status_code == 202
        (verification,) = smtp.inbox.to("new@example.org")
        assert verification["Subject"] == "Confirm your e-mail address for vitrine"
        assert "List-Unsubscribe" not in verification
        table = client.post(
            "/api/tables", json={"seats": [{"kind": "human", "me": True}]}, headers=ORIGIN
        ).json()["table"]["id"]
        account = client.get("/api/account").json()["id"]
        client.portal.call(notes_of(client).invited, account, table, "Bo")  # type: ignore[union-attr]
        assert deliver(client) == 0  # the new address is not confirmed: nothing is written
        assert smtp.inbox.to("new@example.org") == [verification]
        exported = client.get("/api/account/export").json()["notifications"]
        assert exported["email"] == {"address": "new@example.org", "verified": False}
        assert exported["choices"]["invited"] == {"email": True, "push": False}
        bad = client.post("/api/account/email/verify", json={"token": "nope"}, headers=ORIGIN)
        assert bad.status_code == 422 and bad.json()["code"] == "email_token_invalid"
        assert (
            client.put(
                "/api/account/email", json={"address": "not an address"}, headers=ORIGIN
            ).json()["code"]
            == "email_invalid"
        )


def test_a_challenge_mails_the_challenged_an_invitation_in_their_language(
    sqlite_url: str, smtp: SmtpServer
) -> None:
    """A seat reserved for an account (a challenge, ``tables/challenges.py``) is the
    invitation: made through the API, it reaches the challenged by mail, once."""
    with app_client(sqlite_url, mail_settings(smtp.port)) as client:
        confirmed(client, smtp, "Bo", "fr")
        choose(client, invited=ON)
        ana = sign_up(client, "Ana")
        as_(client, ana)
        seats = [{"kind": "human", "me": True}, {"kind": "human", "account": "Bo"}]
        made = client.post("/api/tables", json={"seats": seats}, headers=ORIGIN)
        assert made.status_code == 201, made.text
        assert deliver(client) == 1
        (mail,) = smtp.inbox.to("bo@example.org")
        text, _ = parts(mail)
        assert "Ana" in mail["Subject"] + text
        assert f"{PUBLIC}/table/{made.json()['table']['id']}" in text
        assert '<html lang="fr">' in parts(mail)[1]


def test_a_chat_notifies_once_per_quiet_period_and_never_its_speaker(
    sqlite_url: str, smtp: SmtpServer
) -> None:
    with app_client(sqlite_url, mail_settings(smtp.port)) as client:
        ana = confirmed(client, smtp, "Ana", "en")
        choose(client, chat=ON)
        bo = confirmed(client, smtp, "Bo", "fr")
        choose(client, chat=ON)
        table_id = turn_based_table(client, ana, bo)
        as_(client, bo)
        for text in ("hello", "are you there?", "ping"):
            said = client.post(f"/api/tables/{table_id}/chat", json={"text": text}, headers=ORIGIN)
            assert said.status_code == 200, said.text
            deliver(client)
        (mail,) = smtp.inbox.messages
        assert mail["To"] == "ana@example.org"
        assert mail["Subject"] == f"Bo wrote at your {TITLE} table"
        assert "“hello”" in parts(mail)[0]


def test_the_smtp_server_down_the_mail_is_retried_with_backoff_and_survives_a_restart(
    database_url: str, smtp: SmtpServer
) -> None:
    settings = mail_settings(smtp.port)
    with app_client(database_url, settings) as client:
        confirmed(client, smtp, "Ana", "en")
        choose(client, invited=ON)
        account = client.get("/api/account").json()["id"]
        table = client.post(
            "/api/tables", json={"seats": [{"kind": "human", "me": True}]}, headers=ORIGIN
        ).json()["table"]["id"]
        smtp.stop()
        for _ in range(2):  # invited twice: one event
            client.portal.call(notes_of(client).invited, account, table, "Bo")  # type: ignore[union-attr]
        assert deliver(client) == 0  # refused: the server is down
        assert deliver(client) == 0  # not due again before its backoff
    engine = make_engine(database_url)
    with Session(engine) as session:
        (row,) = session.scalars(select(OutboxRow)).all()
        assert (row.status, row.attempts, row.error) == ("due", 1, "ConnectionRefusedError")
    smtp.start()
    with app_client(database_url, settings) as client:  # a restart: the outbox is kept
        later = utcnow() + timedelta(seconds=BACKOFF_SECONDS + 1)
        assert deliver(client, later) == 1
        assert deliver(client, later + timedelta(hours=2)) == 0
    (mail,) = smtp.inbox.messages
    assert mail["Subject"] == f"Bo invites you to play {TITLE}"
    with Session(engine) as session:
        (row,) = session.scalars(select(OutboxRow)).all()
        assert (row.status, row.attempts) == ("sent", 1)
    engine.dispose()


def test_without_an_smtp_server_e_mail_is_off_and_said_so(sqlite_url: str) -> None:
    with app_client(sqlite_url, mail_settings(1, smtp_host="")) as client:
        sign_up(client, "Ana")
        assert client.get("/api/notifications").json()["email_available"] is False
        refused = client.put("/api/account/email", json={"address": "a@b.org"}, headers=ORIGIN)
        assert refused.status_code == 409 and refused.json()["code"] == "email_off"


def test_a_deleted_account_leaves_no_address_choice_or_message_behind(
    sqlite_url: str, smtp: SmtpServer
) -> None:
    with app_client(sqlite_url, mail_settings(smtp.port)) as client:
        confirmed(client, smtp, "Ana", "en")
        choose(client, invited=ON)
        account = client.get("/api/account").json()["id"]
        table = client.post(
            "/api/tables", json={"seats": [{"kind": "human", "me": True}]}, headers=ORIGIN
        ).json()["table"]["id"]
        assert client.post(f"/api/tables/{table}/cancel", headers=ORIGIN).status_code == 200
        client.portal.call(notes_of(client).invited, account, table, "Bo")  # type: ignore[union-attr]
        client.portal.call(notes_of(client).settled)  # type: ignore[union-attr]
        gone = client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=ORIGIN)
        assert gone.status_code == 204, gone.text
        assert deliver(client) == 0
    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        for table_name in (
            "account_emails",
            "notification_choices",
            "push_subscriptions",
            "notification_outbox",
        ):
            count = connection.execute(text(f"SELECT count(*) FROM {table_name}")).scalar()
            assert count == 0, table_name
    engine.dispose()
    assert smtp.inbox.messages == []
