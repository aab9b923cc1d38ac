"""The bot API's pages in headless Chromium, against a real server: an account
marked as a bot on the account page (only once its owner ticks that they
understand), a token made (shown once), listed and revoked (refused at once);
a person challenges the bot from the lobby's form, the bot's owner answers on
My games (one declined, one accepted), and the table labels the bot; the
bots' leaderboard.  axe, the phone's width and whole words, in English and
French.

Pages are opened at ``localhost``: the session cookie is a secure one.
"""

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from page_helpers import (
    broken_words,
    clean,
    player_context,
    scrolls_sideways,
    serious_violations,
    signed_up,
)
from server_process import Served

pytestmark = pytest.mark.timeout(300)
WORDS = {
    "en": {"badge": "BOT", "revoked": "Token revoked", "declined": "declined", "bots": "Bots"},
    "fr": {"badge": "ROBOT", "revoked": "Jeton révoqué", "declined": "refusé", "bots": "Robots"},
}


@pytest.fixture(scope="module")
def bots_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    path = tmp_path_factory.mktemp("bots") / "vitrine.sqlite3"
    server = Served(f"sqlite:///{path}", settings={"VITRINE_SIGN_UPS": "1000/minute"})
    yield server
    server.stop()


def checked(page: Page, what: str) -> None:
    assert serious_violations(page) == [], what
    assert not scrolls_sideways(page), what
    assert broken_words(page) == [], what


def challenge(page: Page, served: Served, name: str) -> str:
    """From the lobby: a two-player Tucano table with seat 2 reserved for ``name``."""
    page.goto(served.site + "/lobby")
    page.locator("#rated").wait_for()
    page.select_option("#game", "tucano")
    page.select_option("#count", "2")
    page.select_option("#seat-1-kind", "account")
    page.fill("#seat-1-account", name)
    checked(page, "the lobby's form with a challenge")
    page.click("#create")
    page.wait_for_url("**/table/**")
    return page.url.rsplit("/", 1)[-1]


def token_works(served: Served, token: str) -> int:
    request = urllib.request.Request(
        served.url + "/api/account", headers={"Authorization": f"Bearer {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


@pytest.mark.parametrize(("language", "size"), [("en", "desktop"), ("fr", "phone")])
def test_a_bot_account_its_tokens_and_its_challenges_on_the_pages(
    module_browser: Browser, bots_served: Served, language: str, size: str
) -> None:
    served, words = bots_served, WORDS[language]
    bot_name, person = f"Robo {language}", f"Ana {language}"
    with (
        player_context(module_browser, size, language) as (bot_context, bot_troubles),
        player_context(module_browser, size, language) as (ana_context, ana_troubles),
    ):
        owner, ana = bot_context.new_page(), ana_context.new_page()
        signed_up(owner, served.site, bot_name)
        owner.locator("#bot-mark").wait_for()
        checked(owner, "the bot section, before")
        owner.click("#bot-mark button[type=submit]")  # not ticked: nothing happens
        assert owner.locator("#bot-is").count() == 0
        owner.check("#bot-confirm")
        owner.click("#bot-mark button[type=submit]")
        owner.locator("#bot-is").wait_for()
        assert owner.inner_text("#bot-title .bot-badge").startswith(words["badge"])
        # A token, shown once, then listed (without it) and revoked.
        owner.fill("#token-label", "my engine")
        owner.click("#token-form button[type=submit]")
        token = owner.inner_text("#new-token")
        assert token.startswith("vitrine_")
        assert "my engine" in owner.inner_text("#tokens")
        assert token_works(served, token) == 200
        assert serious_violations(owner) == [] and not scrolls_sideways(owner)
        owner.reload()
        owner.locator("#tokens li").wait_for()
        assert owner.locator("#new-token").count() == 0 and token not in owner.content()
        owner.click("#tokens .revoke-token")
        owner.locator("#bot-said", has_text=words["revoked"]).wait_for()
        assert token_works(served, token) == 401
        checked(owner, "the bot section, a bot")
        # Ana challenges the bot twice from the lobby; the table says the seat is held.
        signed_up(ana, served.site, person)
        declined = challenge(ana, served, bot_name)
        accepted = challenge(ana, served, bot_name)
        # The bot's owner answers on My games: one declined, one accepted.
        owner.goto(served.site + "/games")
        owner.locator(f'#challenges li[data-table="{declined}"]').wait_for()
        checked(owner, "My games with challenges")
        owner.click(f'#challenges li[data-table="{declined}"] button.decline')
        owner.locator(f'#challenges li[data-table="{declined}"]').wait_for(state="detached")
        owner.click(f'#challenges li[data-table="{accepted}"] button.accept')
        owner.wait_for_url(f"**/table/{accepted}")
        owner.locator("main[data-status=playing]").wait_for()
        # Ana's table labels the bot's seat; her My games says the other was declined.
        ana.goto(served.site + f"/table/{accepted}")
        ana.locator("main[data-status=playing] .bot-badge").wait_for()
        assert ana.inner_text(".seats .bot-badge").startswith(words["badge"])
        checked(ana, "a table with a bot")
        ana.goto(served.site + "/games")
        ana.locator(
            f'#sent-challenges li[data-table="{declined}"]', has_text=words["declined"]
        ).wait_for()
        # The leaderboard has the bots' own board.
        ana.goto(served.site + "/leaderboard/tucano")
        ana.locator("#bots-title", has_text=words["bots"]).wait_for()
        checked(ana, "the leaderboard")
        clean(bot_troubles)
        clean(ana_troubles)
