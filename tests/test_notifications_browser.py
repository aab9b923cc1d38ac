"""The account page's notifications in headless Chromium, against a real ``vitrine
serve`` with a real SMTP server (aiosmtpd) and a local push endpoint.

Headless Chromium cannot subscribe to a real push service: here
``PushManager.subscribe`` fails with "AbortError: Registration failed -
permission denied" even with the notifications permission granted (it has
no Google push service, FCM, to register with).  So this test stands in for
``PushManager.subscribe`` (and ``getSubscription``) alone, in the page: the
subscription it returns points at the local endpoint (tests/push_endpoint.py)
with keys the test made, as a browser's would.  Everything else is real: the
permission (granted to the context), the service worker, the page's toggle,
the subscription saved by the server, the push the server signs, encrypts
and posts to it when it is the person's turn, verified and decrypted there.
The e-mail address is confirmed through the link mailed, and a mail's visible
unsubscribe link works from a browser that is not signed in.  axe and the
phone's width on the section, in English and French.
"""

import json
import re
import time
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from playwright.sync_api import Browser

from notification_helpers import SmtpServer, smtp_server
from page_helpers import (
    broken_words,
    clean,
    player_context,
    scrolls_sideways,
    serious_violations,
    signed_up,
)
from push_endpoint import Browser as PushKeys
from push_endpoint import PushEndpoint, fresh
from server_process import Served, free_port

pytestmark = pytest.mark.timeout(300)
STAND_IN = """
(() => {
  const json = %s;
  const subscription = { endpoint: json.endpoint, options: {}, toJSON: () => json,
    unsubscribe: async () => true };
  let held = null;
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.__applicationServerKey = btoa(String.fromCharCode(...key))
      .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    held = subscription;
    return subscription;
  };
  PushManager.prototype.getSubscription = async function () { return held; };
})();
"""


@pytest.fixture(scope="module")
def smtp() -> Iterator[SmtpServer]:
    yield from smtp_server()


@pytest.fixture(scope="module")
def endpoint() -> Iterator[PushEndpoint]:
    with PushEndpoint(PushKeys()) as serving:
        yield serving


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, smtp: SmtpServer, endpoint: PushEndpoint
) -> Iterator[Served]:
    path = tmp_path_factory.mktemp("notifications") / "vitrine.sqlite3"
    port = free_port()
    settings = {
        "VITRINE_SIGN_UPS": "1000/minute",
        "VITRINE_SMTP_HOST": "127.0.0.1",
        "VITRINE_SMTP_PORT": str(smtp.port),
        "VITRINE_SMTP_TLS": "none",
        "VITRINE_PUBLIC_URL": f"http://localhost:{port}",
        "VITRINE_PUSH_SERVICES": endpoint.origin,
    }
    server = Served(f"sqlite:///{path}", bot_delay=0.02, port=port, settings=settings)
    yield server
    server.stop()


def mail_to(smtp: SmtpServer, address: str, count: int) -> list[EmailMessage]:
    """The mails ``address`` got, once there are ``count`` (sent by the server's own
    sender, in its own process: real work, polled for)."""
    deadline = time.monotonic() + 30
    while len(smtp.inbox.to(address)) < count:
        assert time.monotonic() < deadline, [m["Subject"] for m in smtp.inbox.messages]
        time.sleep(0.1)
    return smtp.inbox.to(address)


def text_of(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def test_a_push_toggled_on_in_the_page_reaches_the_endpoint_and_a_mail_unsubscribes(
    module_browser: Browser, served: Served, smtp: SmtpServer, endpoint: PushEndpoint
) -> None:
    keys = endpoint.browser.keys()
    subscription = {"endpoint": endpoint.url("chromium"), "keys": keys, "expirationTime": None}
    context = module_browser.new_context(service_workers="allow")
    context.grant_permissions(["notifications"], origin=served.site)
    context.add_init_script(STAND_IN % json.dumps(subscription))
    page = context.new_page()
    signed_up(page, served.site, "Pia", "#notifications")
    # The address, confirmed by the link mailed to it.
    page.fill("#email-address", "pia@example.org")
    page.click("#email-form button[type=submit]")
    page.locator("#notifications-said", has_text="pia@example.org").wait_for()
    (confirmation,) = mail_to(smtp, "pia@example.org", 1)
    link = re.search(r"http://\S+#verify=[\w-]+", text_of(confirmation))
    assert link is not None and link[0].startswith(served.site + "/account#verify=")
    page.goto("about:blank")  # a mail's link opens the page anew (not a change of its #)
    page.goto(link[0])
    page.locator("#mail-link-said", has_text="pia@example.org is confirmed").wait_for()
    assert "#verify" not in page.url  # taken out of the address bar
    # Push and e-mail for "your turn", each by its own toggle.
    page.check("#notify-turn-push")
    page.locator("#notifications-said", has_text="Saved.").wait_for()
    page.check("#notify-turn-email")
    page.locator("#notifications-said", has_text="Saved.").wait_for()
    state = page.request.get(served.site + "/api/notifications").json()
    assert state["push_subscriptions"] == 1
    assert state["choices"]["turn"] == {"email": True, "push": True}
    assert page.evaluate("() => window.__applicationServerKey") == state["push_key"]
    endpoint.expected_key = state["push_key"]
    # A game of a day per move against a bot: the person's turn comes, and is told.
    origin = {"Origin": served.site}
    seats = [{"kind": "human", "me": True}, {"kind": "bot", "level": "beginner"}]
    created = page.request.post(
        served.site + "/api/tables",
        data={"seats": seats, "clock_seconds": 86400},
        headers=origin,
    ).json()
    table_id = created["table"]["id"]
    started = page.request.post(f"{served.site}/api/tables/{table_id}/start", headers=origin)
    assert started.ok, started.text()
    deadline = time.monotonic() + 30
    while not endpoint.received:
        assert time.monotonic() < deadline and not endpoint.refused, endpoint.refused
        time.sleep(0.1)
    push = endpoint.received[0]
    assert fresh(push.claims, endpoint.origin)
    assert push.payload["url"] == f"/table/{table_id}"
    assert push.payload["title"] == "Your turn: Exhibition: 20th Century"
    # The mail's visible link, opened signed out: it asks, then turns that kind off.
    (turn,) = mail_to(smtp, "pia@example.org", 2)[1:]
    visible = re.search(r"http://\S+#unsubscribe=[\w.-]+", text_of(turn))
    assert visible is not None
    stranger = module_browser.new_context()
    other = stranger.new_page()
    other.goto(visible[0])
    other.click("#unsubscribe")
    other.locator("#mail-link-said", has_text="Done").wait_for()
    stranger.close()
    state = page.request.get(served.site + "/api/notifications").json()
    assert state["choices"]["turn"] == {"email": False, "push": True}
    context.close()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("size", "scheme"), [("desktop", "light"), ("phone", "dark")])
def test_the_section_passes_axe_and_fits_a_phone(
    module_browser: Browser, served: Served, language: str, size: str, scheme: str
) -> None:
    with player_context(module_browser, size, language, scheme=scheme) as (context, troubles):
        page = context.new_page()
        signed_up(page, served.site, f"Notes {language} {size}", "#notifications")
        page.locator("#notifications").scroll_into_view_if_needed()
        assert page.evaluate("() => document.documentElement.lang") == language
        found = serious_violations(page)
        if size == "phone" and scrolls_sideways(page):
            found.append("scrolls sideways at 390 px")
        if broken := broken_words(page):
            found.append(f"words broken: {broken}")
        assert found == []
        words = page.inner_text("#notifications")
        assert ("Notifications" in words) and (
            ("This browser" in words) if language == "en" else ("Ce navigateur" in words)
        )
        clean(troubles)
