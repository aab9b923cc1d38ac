"""Accounts: signing up, in and out, sessions, the person's data, and the
attacks OWASP ASVS names (fixation, CSRF, brute force, enumeration, secrets
leaking into payloads, logs or the database)."""

import logging
from collections.abc import Iterator
from dataclasses import replace
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import server_fixtures
from vitrine.server.accounts import passwords
from vitrine.server.accounts import service as account_service
from vitrine.server.accounts.dependencies import COOKIE
from vitrine.server.accounts.models import PasskeyRow
from vitrine.server.app import create_app
from vitrine.server.orm import utcnow

ORIGIN = {"Origin": "http://testserver"}
PASSWORD = "velvet tundra quiver 1951"
SETTINGS = replace(
    server_fixtures.FAST_PLAY,
    sign_ups="100/minute",
    failed_sign_ins="100/minute",
    failed_sign_ins_per_name="5/minute",
)


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=SETTINGS)) as client:
        yield client


def sign_up(client: TestClient, name: str = "Ana", password: str = PASSWORD) -> Any:
    return client.post("/api/account", json={"name": name, "password": password}, headers=ORIGIN)


def sign_in(client: TestClient, name: str = "Ana", password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"name": name, "password": password}, headers=ORIGIN)


def use(client: TestClient, cookie: str) -> None:
    """Send this session cookie from now on (and no other)."""
    client.cookies.clear()
    client.cookies.set(COOKIE, cookie, domain="testserver.local")  # where the server's goes


def set_cookie_of(response: Any) -> SimpleCookie:
    cookie: SimpleCookie = SimpleCookie()
    cookie.load(response.headers["set-cookie"])
    return cookie


# ------------------------------------------------------------ signing up and in


def test_sign_up_signs_in_with_a_cookie_only_the_server_reads(app_client: TestClient) -> None:
    response = sign_up(app_client)
    assert response.status_code == 201, response.text
    assert response.json()["name"] == "Ana" and response.json()["has_password"] is True
    morsel = set_cookie_of(response)[COOKIE]
    assert morsel["httponly"] and morsel["samesite"] == "lax" and morsel["path"] == "/"
    assert not morsel["secure"]  # plain HTTP: a Secure cookie would never come back
    assert len(morsel.value) >= 40  # 32 random bytes, base64url
    assert app_client.get("/api/account").json()["name"] == "Ana"


def test_the_cookie_is_secure_behind_tls(sqlite_url: str) -> None:
    app = create_app(sqlite_url, bot_delay=0, settings=SETTINGS)
    with TestClient(app, base_url="https://testserver") as client:
        response = client.post(
            "/api/account",
            json={"name": "Ana", "password": PASSWORD},
            headers={"Origin": "https://testserver"},
        )
        assert response.status_code == 201
        assert set_cookie_of(response)[COOKIE]["secure"]


@pytest.mark.parametrize(
    ("password", "code", "reason"),
    [
        ("short1!", "password_too_short", None),
        ("x" * 129, "password_too_long", None),
        ("password1234", "password_weak", "common_password"),
        ("qwertyuiop[]", "password_weak", "keyboard"),
        ("zzzzzzzzzzzz", "password_weak", "repeat"),
        ("anamontoya", "password_weak", "your_name"),
    ],
)
def test_a_weak_password_is_refused_saying_why(
    app_client: TestClient, password: str, code: str, reason: str | None
) -> None:
    response = sign_up(app_client, "Ana Montoya", password)
    assert response.status_code == 422
    assert response.json()["code"] == code
    assert response.json()["params"].get("reason") == reason
    assert app_client.get("/api/account").status_code == 401  # nobody signed in


def test_a_name_taken_or_looking_like_one_is_refused(app_client: TestClient) -> None:
    assert sign_up(app_client, "Ana").status_code == 201
    app_client.cookies.clear()
    for name in ("Ana", "ana", "ANA", "\N{CYRILLIC CAPITAL LETTER A}na", "Ana\u200b"):
        response = sign_up(app_client, name)
        assert response.status_code in (409, 422), name
        assert response.json()["code"] in ("name_taken", "name_invisible")
    assert sign_up(app_client, "Bo").status_code == 201


def test_sign_out_ends_the_session(app_client: TestClient) -> None:
    sign_up(app_client)
    cookie = app_client.cookies[COOKIE]
    assert app_client.delete("/api/session", headers=ORIGIN).status_code == 204
    use(app_client, cookie)  # the old cookie, sent again
    assert app_client.get("/api/account").json()["code"] == "sign_in_needed"


@pytest.mark.real_hashing
def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(
    app_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same status, body and work: the unknown name's check runs the decoy hash."""
    sign_up(app_client)
    app_client.cookies.clear()
    checked: list[str | None] = []
    real = passwords.password_matches

    def spy(stored: str | None, password: str) -> bool:
        checked.append(stored)
        return real(stored, password)

    monkeypatch.setattr(account_service, "password_matches", spy)
    wrong = sign_in(app_client, "Ana", "not the password at all")
    unknown = sign_in(app_client, "Nobody", "not the password at all")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["code"] == "sign_in_failed"
    assert checked[0] is not None and checked[1] is None  # None: the decoy hash is checked
    # The decoy costs what a real hash does: it was made with today's parameters.
    assert not passwords.needs_rehash(passwords.DECOY_HASH)
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers


def test_sign_in_accepts_the_name_as_typed_in_another_case(app_client: TestClient) -> None:
    sign_up(app_client)
    app_client.cookies.clear()
    assert sign_in(app_client, "ANA").status_code == 200
    assert app_client.get("/api/account").json()["name"] == "Ana"


def test_failed_sign_ins_to_a_name_are_limited_known_or_not(app_client: TestClient) -> None:
    sign_up(app_client)
    app_client.cookies.clear()
    for name in ("Ana", "Nobody"):
        for _ in range(5):
            assert sign_in(app_client, name, "wrong guess wrong guess").status_code == 401
        limited = sign_in(app_client, name, PASSWORD)  # even the right password now waits
        assert limited.status_code == 429, name
        assert limited.json()["code"] == "sign_in_limited"
        # a sliding window (the database's counts): the last minute and a share of the one before
        assert 1 <= int(limited.headers["Retry-After"]) <= 2 * 60
    assert sign_in(app_client, "Bo", "wrong guess wrong guess").status_code == 401  # others not


def test_failed_sign_ins_from_a_client_are_limited(sqlite_url: str) -> None:
    settings = replace(SETTINGS, failed_sign_ins="3/minute")
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=settings)) as client:
        for number in range(3):
            assert sign_in(client, f"Someone {number}", "wrong").status_code == 401
        assert sign_in(client, "Someone else", "wrong").status_code == 429


def test_sign_ups_from_a_client_are_limited(sqlite_url: str) -> None:
    settings = replace(SETTINGS, sign_ups="2/hour")
    with TestClient(create_app(sqlite_url, bot_delay=0, settings=settings)) as client:
        assert sign_up(client, "Ana").status_code == 201
        assert sign_up(client, "Bo", "weak").status_code == 422  # a refusal opens nothing
        assert sign_up(client, "Cy").status_code == 201
        refused = sign_up(client, "Di")
        assert refused.status_code == 429 and refused.json()["params"]["what"] == "sign_ups"


# ------------------------------------------------------------ sessions


def test_sessions_are_listed_and_ended_one_or_all(app_client: TestClient) -> None:
    sign_up(app_client)
    first = app_client.cookies[COOKIE]
    app_client.cookies.clear()
    sign_in(app_client)
    second = app_client.cookies[COOKIE]
    listed = app_client.get("/api/account/sessions").json()
    assert len(listed) == 2 and [s["current"] for s in listed].count(True) == 1
    assert all(s["method"] == "password" and s["agent"] == "testclient" for s in listed)
    other = next(s["handle"] for s in listed if not s["current"])
    assert app_client.delete(f"/api/account/sessions/{other}", headers=ORIGIN).status_code == 204
    use(app_client, first)
    assert app_client.get("/api/account").status_code == 401  # ended
    use(app_client, second)
    assert app_client.get("/api/account").status_code == 200
    missing = app_client.delete(f"/api/account/sessions/{other}", headers=ORIGIN)
    assert missing.json()["code"] == "session_not_found"
    app_client.cookies.clear()  # a third browser
    sign_in(app_client)
    third = app_client.cookies[COOKIE]
    use(app_client, second)
    ended = app_client.delete("/api/account/sessions", headers=ORIGIN)
    assert ended.json() == {"ended": 2}  # this browser's too
    for cookie in (second, third):
        use(app_client, cookie)
        assert app_client.get("/api/account").status_code == 401


def test_a_sign_in_never_keeps_a_session_id_it_did_not_make(app_client: TestClient) -> None:
    """Session fixation: a cookie planted before the sign-in (made up, or a real
    session the attacker holds) is not the session after it."""
    sign_up(app_client)
    planted = app_client.cookies[COOKIE]
    use(app_client, planted)
    sign_in(app_client)
    fresh = app_client.cookies[COOKIE]
    assert fresh != planted
    use(app_client, planted)
    assert app_client.get("/api/account").status_code == 401  # the planted one ended
    use(app_client, "made-up-by-an-attacker")
    sign_in(app_client)
    assert app_client.cookies[COOKIE] != "made-up-by-an-attacker"


def test_a_session_ends_when_idle_or_too_old(sqlite_url: str) -> None:
    app = create_app(sqlite_url, bot_delay=0, settings=SETTINGS)
    with TestClient(app) as client:
        sign_up(client)
        engine = create_engine(sqlite_url)
        with engine.begin() as connection:
            connection.execute(text("UPDATE account_sessions SET seen_at = '2000-01-01'"))
        assert client.get("/api/account").status_code == 401
        sign_in(client)
        with engine.begin() as connection:
            connection.execute(text("UPDATE account_sessions SET expires_at = '2000-01-01'"))
        assert client.get("/api/account").status_code == 401
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM account_sessions")).scalar() == 0
        engine.dispose()


# ------------------------------------------------------------ cross-site requests


def test_a_cross_site_write_with_the_cookie_is_refused(app_client: TestClient) -> None:
    sign_up(app_client)
    for headers in ({"Origin": "https://evil.example"}, {}):
        for method, path in [
            ("DELETE", "/api/session"),
            ("DELETE", "/api/account/sessions"),
            ("POST", "/api/account/passkeys/options"),
        ]:
            response = app_client.request(method, path, headers=headers)
            assert response.status_code == 403, (method, path, headers)
            assert response.json()["code"] == "origin_refused"
        changed = app_client.patch("/api/account", json={"name": "Mallory"}, headers=headers)
        assert changed.json()["code"] == "origin_refused"
    assert app_client.get("/api/account").json()["name"] == "Ana"  # nothing changed
    assert len(app_client.get("/api/account/sessions").json()) == 1


def test_a_sign_in_from_another_site_is_refused(app_client: TestClient) -> None:
    """Login CSRF: another site's page must not sign the visitor in as its own account."""
    sign_up(app_client)
    app_client.cookies.clear()
    evil = {"Origin": "https://evil.example"}
    for path, body in [
        ("/api/session", {"name": "Ana", "password": PASSWORD}),
        ("/api/account", {"name": "Bo", "password": PASSWORD}),
    ]:
        response = app_client.post(path, json=body, headers=evil)
        assert response.json()["code"] == "origin_refused" and "set-cookie" not in response.headers


# ------------------------------------------------------------ the person's data


def test_a_new_password_needs_the_old_one_and_ends_every_session_but_a_new_one(
    app_client: TestClient,
) -> None:
    sign_up(app_client)
    elsewhere = app_client.cookies[COOKIE]
    sign_in(app_client)
    here = app_client.cookies[COOKIE]
    new = "ochre lantern biscuit 77"
    wrong = app_client.patch(
        "/api/account", json={"password": new, "current_password": "guess"}, headers=ORIGIN
    )
    assert wrong.status_code == 401 and wrong.json()["code"] == "password_wrong"
    right = app_client.patch(
        "/api/account", json={"password": new, "current_password": PASSWORD}, headers=ORIGIN
    )
    assert right.status_code == 200
    renewed = set_cookie_of(right)[COOKIE].value  # this session goes on under a new id
    assert renewed not in (here, elsewhere)
    for ended in (elsewhere, here):
        use(app_client, ended)
        assert app_client.get("/api/account").status_code == 401
    use(app_client, renewed)
    assert app_client.get("/api/account").status_code == 200
    app_client.cookies.clear()
    assert sign_in(app_client, "Ana", PASSWORD).status_code == 401
    assert sign_in(app_client, "Ana", new).status_code == 200


def test_a_new_name_keeps_the_old_one_reserved(app_client: TestClient) -> None:
    sign_up(app_client)
    renamed = app_client.patch(
        "/api/account", json={"name": "Ana Maria", "language": "fr"}, headers=ORIGIN
    )
    assert renamed.json()["name"] == "Ana Maria" and renamed.json()["language"] == "fr"
    names = app_client.get("/api/account/export").json()["names"]
    assert [n["name"] for n in names] == ["Ana", "Ana Maria"]
    app_client.cookies.clear()
    assert sign_up(app_client, "ana").json()["code"] == "name_taken"
    assert sign_in(app_client, "Ana").status_code == 401  # an old name signs nobody in
    assert sign_in(app_client, "Ana Maria").status_code == 200


def test_the_export_holds_everything_and_no_secret(app_client: TestClient) -> None:
    sign_up(app_client)
    cookie = app_client.cookies[COOKIE]
    exported = app_client.get("/api/account/export").json()
    assert set(exported) == {"account", "names", "sessions", "passkeys", "games", "notifications"}
    assert exported["account"]["name"] == "Ana" and exported["sessions"][0]["current"]
    flat = str(exported)
    assert PASSWORD not in flat and cookie not in flat and "argon2" not in flat


def test_deleting_the_account_erases_it_and_frees_the_name(
    app_client: TestClient, sqlite_url: str
) -> None:
    sign_up(app_client)
    refused = app_client.request(
        "DELETE", "/api/account", json={"password": "guess"}, headers=ORIGIN
    )
    assert refused.status_code == 401 and app_client.get("/api/account").status_code == 200
    deleted = app_client.request(
        "DELETE", "/api/account", json={"password": PASSWORD}, headers=ORIGIN
    )
    assert deleted.status_code == 204
    assert app_client.get("/api/account").status_code == 401
    assert sign_in(app_client).status_code == 401
    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        row = connection.execute(text("SELECT name, password_hash, deleted_at FROM accounts")).one()
        assert row[0] is None and row[1] is None and row[2] is not None
        for table in ("account_sessions", "account_names", "passkeys"):
            assert connection.execute(text(f"SELECT count(*) FROM {table}")).scalar() == 0
    engine.dispose()
    assert sign_up(app_client, "Ana").status_code == 201  # the name is free again


# ------------------------------------------------------------ secrets


@pytest.mark.real_hashing
def test_no_secret_reaches_a_payload_a_log_or_the_database(
    app_client: TestClient, sqlite_url: str, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    """The password, its hash and the session cookie appear in no reply (but the
    cookie's own header), no log line, and the database holds neither the
    password nor the cookie."""
    caplog.set_level(logging.DEBUG)
    replies = [sign_up(app_client)]
    cookie = app_client.cookies[COOKIE]
    replies += [
        app_client.get("/api/account"),
        app_client.get("/api/account/sessions"),
        app_client.get("/api/account/export"),
        sign_in(app_client, "Ana", "wrong guess wrong guess"),
        sign_in(app_client),
    ]
    engine = create_engine(sqlite_url)
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM accounts")).scalar_one()
        dump = "\n".join(str(row) for row in connection.execute(text("SELECT * FROM accounts")))
        dump += "\n".join(
            str(row) for row in connection.execute(text("SELECT * FROM account_sessions"))
        )
    engine.dispose()
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    for secret in (PASSWORD, stored, cookie):
        for reply in replies:
            assert secret not in reply.text
            headers = {k: v for k, v in reply.headers.items() if k != "set-cookie"}
            assert secret not in str(headers)
        assert secret not in caplog.text
    assert PASSWORD not in dump and cookie not in dump


def test_a_passkey_kept_is_still_readable_for_the_answer(app_client: TestClient) -> None:
    """Registering a passkey answers with the row just kept: it must not expire
    when kept (it did, and the route answered 500 after keeping the passkey)."""
    sign_up(app_client)
    account_id = app_client.get("/api/account").json()["id"]
    store = app_client.app.state.accounts.store  # type: ignore[attr-defined]
    row = PasskeyRow(
        credential_id="AAAA",
        account_id=account_id,
        public_key=b"key",
        sign_count=0,
        transports=[],
        label="Laptop",
        created_at=utcnow(),
    )
    assert store.add_passkey(row)
    assert (row.credential_id, row.label) == ("AAAA", "Laptop")
    assert [key["label"] for key in app_client.get("/api/account/passkeys").json()] == ["Laptop"]
