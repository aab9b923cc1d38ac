"""The account page in headless Chromium, against a real server: signing up
(a weak password first), out and in (a wrong password first), sessions ended
from another browser, the password changed, a passkey made with Chromium's
virtual authenticator and used in a fresh browser, the data downloaded, the
account deleted; the header's link in both states; axe, the phone's width and
whole words on every state of the page, in English and French.

WebAuthn wants a secure context and a domain for its relying party: the
pages are opened at ``localhost``, never ``127.0.0.1``.
"""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from browser_fixtures import SHOTS
from page_helpers import (
    broken_words,
    clean,
    player_context,
    scrolls_sideways,
    serious_violations,
)
from server_process import Served

pytestmark = pytest.mark.timeout(300)
PASSWORD = "velvet tundra quiver 1951"
NEW_PASSWORD = "amber lantern gossip 1873"
WORDS = {
    "en": {
        "signIn": "Sign in",
        "weak": "it is among the most common passwords",
        "short": "A password holds at least 8 characters (this one has 5).",
        "failed": "The name or the password is wrong.",
        "wrong": "The password is wrong.",
        "changed": "Password changed",
        "deleted": "Your account is deleted.",
        "ended": "1 session ended.",
    },
    "fr": {
        "signIn": "Se connecter",
        "weak": "il fait partie des mots de passe les plus courants",
        "short": "Un mot de passe a au moins 8 caractères (celui-ci en a 5).",
        "failed": "Le nom ou le mot de passe est faux.",
        "wrong": "Le mot de passe est faux.",
        "changed": "Mot de passe changé",
        "deleted": "Votre compte est supprimé.",
        "ended": "1 session terminée.",
    },
}


@pytest.fixture(scope="module")
def accounts_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    path = tmp_path_factory.mktemp("accounts") / "vitrine.sqlite3"
    limits = {
        "VITRINE_SIGN_UPS": "1000/minute",
        "VITRINE_FAILED_SIGN_INS": "1000/minute",
        "VITRINE_FAILED_SIGN_INS_PER_NAME": "100/minute",
    }
    server = Served(f"sqlite:///{path}", bot_delay=0.02, settings=limits)
    yield server
    server.stop()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def open_account(page: Page, served: Served, query: str = "") -> None:
    page.goto(served.site + "/account" + query)
    page.locator("main[data-state]").wait_for()


def sign_up(page: Page, name: str, password: str = PASSWORD) -> None:
    page.fill("#sign-up-name", name)
    page.fill("#sign-up-password", password)
    page.click("#sign-up button[type=submit]")


def sign_in(page: Page, name: str, password: str = PASSWORD) -> None:
    page.fill("#sign-in-name", name)
    page.fill("#sign-in-password", password)
    page.click("#sign-in button[type=submit]")


def signed_in(page: Page) -> None:
    page.locator("main[data-state=signed-in] #sessions").wait_for()


def signed_out(page: Page) -> None:
    page.locator("main[data-state=signed-out] #sign-up").wait_for()


def refusal_beside(page: Page, field: str) -> str:
    """The refusal said under the field ``field`` (in its own box), once said."""
    box = page.locator(f".field:has(#{field}) > #{field}-error")
    box.locator("xpath=self::*[normalize-space()]").wait_for()
    assert page.get_attribute(f"#{field}", "aria-invalid") == "true"
    assert f"{field}-error" in (page.get_attribute(f"#{field}", "aria-describedby") or "")
    return box.inner_text()


def new_account(page: Page, served: Served, name: str) -> None:
    open_account(page, served)
    sign_up(page, name)
    signed_in(page)


def authenticator(context: BrowserContext, page: Page) -> tuple[Any, str]:
    """Chromium's virtual authenticator for ``page``: a platform one that keeps passkeys."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    options = {
        "protocol": "ctap2",
        "transport": "internal",
        "hasResidentKey": True,
        "hasUserVerification": True,
        "isUserVerified": True,
    }
    added = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})
    return cdp, added["authenticatorId"]


# ------------------------------------------------------------------ the ways in and out


@pytest.mark.parametrize("language", ["en", "fr"])
def test_sign_up_out_and_in_saying_why_a_try_is_refused(
    module_browser: Browser, accounts_served: Served, language: str
) -> None:
    words = WORDS[language]
    name = f"Ana {language}"
    with player_context(module_browser, "desktop", language) as (context, troubles):
        page = context.new_page()
        open_account(page, accounts_served)
        assert page.inner_text("#account-link") == words["signIn"]
        assert page.get_attribute("#account-link", "href") == "/account"
        # The language is preselected from the page's.
        assert page.input_value("#sign-up-language") == language
        sign_up(page, name, "short")
        assert refusal_beside(page, "sign-up-password") == words["short"]
        sign_up(page, name, "password1234")
        assert words["weak"] in refusal_beside(page, "sign-up-password")
        shot(page, f"account-refused-{language}-desktop")
        sign_up(page, name)
        signed_in(page)
        assert name in page.inner_text("#signed-in-as")
        assert page.inner_text("#account-link").startswith(name)
        # Another page's header names the account too, linking here.
        page.goto(accounts_served.site + "/lobby")
        page.locator("#account-link", has_text=name).wait_for()
        assert page.get_attribute("#account-link", "href") == "/account"
        page.click("#account-link")
        signed_in(page)
        page.click("#sign-out")
        signed_out(page)
        assert page.inner_text("#account-link") == words["signIn"]
        page.goto(accounts_served.site + "/")
        page.locator("#account-link", has_text=words["signIn"]).wait_for()
        open_account(page, accounts_served)
        sign_in(page, name, "not the password at all")
        assert refusal_beside(page, "sign-in-password") == words["failed"]
        sign_in(page, name.upper())  # the name as typed, in another case
        signed_in(page)
        clean(troubles)


def test_after_signing_in_the_page_goes_next_on_this_site_only(
    module_browser: Browser, accounts_served: Served
) -> None:
    with player_context(module_browser, "desktop", "en") as (context, troubles):
        page = context.new_page()
        new_account(page, accounts_served, "Nextra")
        page.click("#sign-out")
        signed_out(page)
        open_account(page, accounts_served, "?next=/lobby")
        sign_in(page, "Nextra")
        page.wait_for_url(accounts_served.site + "/lobby")
        page.click("#account-link")
        page.click("#sign-out")
        signed_out(page)
        for elsewhere in ("//example.com/x", "/\\example.com", "https://example.com/"):
            open_account(page, accounts_served, f"?next={elsewhere}")
            sign_in(page, "Nextra")
            signed_in(page)
            assert page.url.startswith(accounts_served.site + "/account")
            page.click("#sign-out")
            signed_out(page)
        clean(troubles)


# ------------------------------------------------------------------ sessions and the password


def test_a_session_is_ended_from_another_browser_and_the_password_changed(
    module_browser: Browser, accounts_served: Served
) -> None:
    with (
        player_context(module_browser, "desktop", "en") as (first, troubles),
        player_context(module_browser, "phone", "en") as (second, more),
    ):
        laptop = first.new_page()
        new_account(laptop, accounts_served, "Bo")
        phone = second.new_page()
        open_account(phone, accounts_served)
        sign_in(phone, "Bo")
        signed_in(phone)
        sessions = phone.locator("#sessions li")
        assert sessions.count() == 2
        mine = phone.locator("#sessions li[data-current=true]")
        assert "this browser" in mine.inner_text()
        assert "with a password" in mine.inner_text()
        shot(phone, "account-sessions-en-phone")
        # The phone ends the laptop's session: the laptop is signed out.
        phone.locator("#sessions li:not([data-current]) .end-session").click()
        phone.locator("#sessions li").nth(1).wait_for(state="detached")
        assert phone.locator("#sessions li").count() == 1
        open_account(laptop, accounts_served)
        signed_out(laptop)
        # Back in on the laptop; the phone changes the password (the wrong current one first).
        sign_in(laptop, "Bo")
        signed_in(laptop)
        phone.fill("#current-password", "not my password")
        phone.fill("#new-password", NEW_PASSWORD)
        phone.click("#password-form button[type=submit]")
        assert refusal_beside(phone, "current-password") == WORDS["en"]["wrong"]
        phone.fill("#current-password", PASSWORD)
        phone.fill("#new-password", NEW_PASSWORD)
        phone.click("#password-form button[type=submit]")
        phone.locator("#password-said", has_text=WORDS["en"]["changed"]).wait_for()
        assert phone.locator("#sessions li").count() == 1  # the laptop's ended
        open_account(laptop, accounts_served)
        signed_out(laptop)
        sign_in(laptop, "Bo")
        assert refusal_beside(laptop, "sign-in-password") == WORDS["en"]["failed"]
        sign_in(laptop, "Bo", NEW_PASSWORD)
        signed_in(laptop)
        # Signing out everywhere ends this browser's session too.
        phone.click("#sign-out-everywhere")
        signed_out(phone)
        open_account(laptop, accounts_served)
        signed_out(laptop)
        clean(troubles)
        clean(more)


# ------------------------------------------------------------------ passkeys


def test_a_passkey_made_here_signs_in_a_fresh_browser(
    module_browser: Browser, accounts_served: Served
) -> None:
    with player_context(module_browser, "desktop", "fr") as (first, troubles):
        page = first.new_page()
        cdp, made_on = authenticator(first, page)
        new_account(page, accounts_served, "Cléo")
        page.fill("#passkey-label", "Mon portable")
        page.click("#passkey-add button[type=submit]")
        listed = page.locator("#passkeys li", has_text="Mon portable")
        listed.wait_for()
        assert "ajoutée le" in listed.inner_text() and "jamais utilisée" in listed.inner_text()
        shot(page, "account-passkey-fr-desktop")
        credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": made_on})
        assert len(credentials["credentials"]) == 1
        with player_context(module_browser, "desktop", "fr") as (fresh, more):
            other = fresh.new_page()
            other_cdp, other_id = authenticator(fresh, other)
            other_cdp.send(
                "WebAuthn.addCredential",
                {"authenticatorId": other_id, "credential": credentials["credentials"][0]},
            )
            open_account(other, accounts_served)
            signed_out(other)
            other.click("#passkey-sign-in")
            signed_in(other)
            assert "Cléo" in other.inner_text("#signed-in-as")
            mine = other.locator("#sessions li[data-current=true]")
            assert "avec une clé d'accès" in mine.inner_text()
            other.locator("#passkeys li", has_text="dernière utilisation le").wait_for()
            clean(more)
        # Removed, the passkey is gone from the list.
        open_account(page, accounts_served)
        page.locator("#passkeys li .remove-passkey").click()
        page.locator("p#passkeys").wait_for()
        clean(troubles)


# ------------------------------------------------------------------ the data, and deleting


def test_the_data_is_downloaded_and_the_account_deleted(
    module_browser: Browser, accounts_served: Served, tmp_path: Path
) -> None:
    with player_context(module_browser, "desktop", "en") as (context, troubles):
        page = context.new_page()
        new_account(page, accounts_served, "Dora")
        with page.expect_download() as waiting:
            page.click("#export")
        download = waiting.value
        assert download.suggested_filename.endswith(".json")
        saved = tmp_path / "export.json"
        download.save_as(saved)
        text = saved.read_text(encoding="utf-8")
        exported = json.loads(text)
        assert exported["account"]["name"] == "Dora"
        assert [entry["name"] for entry in exported["names"]] == ["Dora"]
        assert PASSWORD not in text and "hash" not in text
        page.fill("#delete-password", "not my password")
        page.click("#delete button[type=submit]")
        assert refusal_beside(page, "delete-password") == WORDS["en"]["wrong"]
        page.fill("#delete-password", PASSWORD)
        page.click("#delete button[type=submit]")
        signed_out(page)
        page.locator("#top-said", has_text=WORDS["en"]["deleted"]).wait_for()
        sign_in(page, "Dora")
        assert refusal_beside(page, "sign-in-password") == WORDS["en"]["failed"]
        clean(troubles)


# ------------------------------------------------------------------ every state, as people see it


@pytest.mark.parametrize("language", ["en", "fr"])
# The phone in the dark theme, the desktop in the light one (as test_pages.py).
@pytest.mark.parametrize(("size", "scheme"), [("desktop", "light"), ("phone", "dark")])
def test_every_state_of_the_page_passes_axe_and_fits_a_phone(
    module_browser: Browser, accounts_served: Served, language: str, size: str, scheme: str
) -> None:
    name = f"Eve {language} {size}"
    problems: dict[str, list[str]] = {}

    def check(page: Page, state: str) -> None:
        assert page.evaluate("() => document.documentElement.lang") == language
        found = serious_violations(page)
        if size == "phone" and scrolls_sideways(page):
            found.append("scrolls sideways at 390 px")
        if broken := broken_words(page):
            found.append(f"words broken: {broken}")
        if found:
            problems[state] = found
        shot(page, f"account-{state}-{language}-{size}")

    with player_context(module_browser, size, language, scheme=scheme) as (context, troubles):
        page = context.new_page()
        open_account(page, accounts_served)
        signed_out(page)
        check(page, "signed-out")
        sign_in(page, name, "nobody's password")
        refusal_beside(page, "sign-in-password")
        sign_up(page, name, "password1234")
        refusal_beside(page, "sign-up-password")
        check(page, "refusals")
        sign_up(page, name)
        signed_in(page)
        # A second session (another device), to be listed with its button to end it.
        accounts_served.call("POST", "/api/session", body={"name": name, "password": PASSWORD})
        page.reload()
        signed_in(page)
        page.locator("#sessions li .end-session").wait_for()
        check(page, "signed-in")
        clean(troubles)
    assert problems == {}
