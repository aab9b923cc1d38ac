"""What the page tests share: browser contexts as players have them (desktop or
phone, English or French) under the Content-Security-Policy the server is to
send, axe-core from the project's own node_modules, the sideways-scroll check,
contrast measured in the page, games played through the API to reach a
chosen moment quickly, and deals chosen to reach a rare moment for certain.

Every context records the page's JavaScript errors and the policy's refusals,
and ``clean`` fails a test that met any: a page that only works with inline
scripts or styles fails here.
"""

import json
import os
import random
import time
import urllib.error
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, ViewportSize
from sqlalchemy import update

from account_helpers import PASSWORD
from browser_fixtures import Chromium, lend
from server_process import Served
from system_parts import AXE, AXE_PART, require
from vitrine.engine.protocol import GameState
from vitrine.games import get_game
from vitrine.server.database import make_engine
from vitrine.server.play.live import OPEN
from vitrine.server.play.models import TableRow

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "build" / "screenshots"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
    "object-src 'none'"
)
DESKTOP = ViewportSize(width=1366, height=800)
PHONE = ViewportSize(width=390, height=844)
SIZES = {"desktop": DESKTOP, "phone": PHONE}
LOCALES = {"en": "en-US", "fr": "fr-FR"}


@pytest.fixture(scope="module")
def module_browser(chromium: Chromium) -> Iterator[Browser]:
    """The shared Chromium for a module whose fixtures keep contexts across its tests."""
    yield from lend(chromium)


@pytest.fixture(scope="module")
def module_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    path = tmp_path_factory.mktemp("pages") / "vitrine.sqlite3"
    server = Served(f"sqlite:///{path}", bot_delay=0.02)
    yield server
    server.stop()


@dataclass
class Troubles:
    """What went wrong in a context's pages: script errors and policy refusals."""

    seen: list[str] = field(default_factory=list)


def _with_policy(route: Route) -> None:
    """Serve each page with the strict policy, whatever the server sends."""
    if route.request.resource_type != "document":
        route.continue_()
        return
    response = route.fetch()
    headers = {**response.headers, "content-security-policy": CSP}
    route.fulfill(response=response, headers=headers)


@contextmanager
def player_context(
    browser: Browser,
    size: str,
    language: str,
    reduced_motion: str = "no-preference",
    scheme: str = "light",
) -> Iterator[tuple[BrowserContext, Troubles]]:
    """A context like a player's: ``size`` desktop or phone, ``language`` en or
    fr, ``scheme`` the light or dark theme the device asks for."""
    phone = size == "phone"
    context = browser.new_context(
        viewport=SIZES[size],
        locale=LOCALES[language],
        is_mobile=phone,
        has_touch=phone,
        reduced_motion=reduced_motion,  # type: ignore[arg-type]
        color_scheme=scheme,  # type: ignore[arg-type]
        # Every request through the policy's route: a service worker would answer
        # some itself (tests/test_home.py tests the worker in a context of its own).
        service_workers="block",
    )
    troubles = Troubles()
    context.route("**/*", _with_policy)

    def watch(page: Page) -> None:
        page.on("pageerror", lambda error: troubles.seen.append(f"error: {error}"))
        page.on(
            "console",
            lambda message: (
                troubles.seen.append(f"console: {message.text}")
                if message.type == "error" and "Content Security Policy" in message.text
                else None
            ),
        )

    context.on("page", watch)
    try:
        yield context, troubles
    finally:
        context.close()


def clean(troubles: Troubles) -> None:
    assert troubles.seen == [], troubles.seen


ANIMATIONS_ENDED = "Promise.allSettled(document.getAnimations().map((a) => a.finished))"


def wait_for_animations(page: Page) -> None:
    """Until every running animation has ended: a box measured mid-animation is
    not where the element rests."""
    page.evaluate(f"async () => {{ await {ANIMATIONS_ENDED}; }}")


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands,
    once its running animations have ended (axe reads colours mid-frame).

    axe is evaluated through the browser's debugging protocol, which the
    page's policy does not govern, so the page itself stays strict."""
    require(AXE_PART)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        f"""async () => (await {ANIMATIONS_ENDED},
                        await axe.run(document, {{resultTypes: ['violations']}})).violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => ({{id: v.id, help: v.help,
                          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}}))"""
    )
    return [json.dumps(violation) for violation in found]


def scrolls_sideways(page: Page) -> bool:
    width: bool = page.evaluate(
        "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"
    )
    return width


BROKEN_WORDS_JS = """
() => {
  const broken = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(".visually-hidden, .invite, script, style")) continue;
    for (const word of node.textContent.matchAll(/[^\\s\\-\\u2010\\u2013\\u2014/]{2,}/gu)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()]
        .filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.add(word[0]);
    }
  }
  return [...broken];
}
"""


def broken_words(page: Page) -> list[str]:
    """The words the page wraps within themselves ("D é ci si on s", "Newb/ie"):
    a word must move to the next line whole, or the box around it scroll.
    An invitation link may break anywhere: it is there to be copied."""
    found: list[str] = page.evaluate(BROKEN_WORDS_JS)
    return found


CONTRAST_JS = """
(selector) => {
  const channel = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  return [...document.querySelectorAll(selector)].map((node) => {
    const style = getComputedStyle(node);
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return [node.textContent.trim(), (a + 0.05) / (b + 0.05)];
  });
}
"""


def contrasts(page: Page, selector: str) -> list[tuple[str, float]]:
    """(text, contrast ratio) of each element's text on its own background."""
    found: list[tuple[str, float]] = [tuple(pair) for pair in page.evaluate(CONTRAST_JS, selector)]
    return found


def screenshot(page: Page, name: str) -> None:
    """Save a screenshot for people to look at, when ``make screenshots`` asks for them."""
    if os.environ.get("VITRINE_SCREENSHOTS"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"{name}.png")


# ------------------------------------------------------------------ games through the API


@dataclass
class Table:
    """A table made through the API: its id, the host token, each human seat's token."""

    id: str
    host: str
    seats: dict[int, str]

    def link(self, seat: int) -> str:
        return f"/table/{self.id}#seat={self.seats[seat]}"


def make_table(
    served: Served,
    game: str,
    seats: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    start: bool = True,
    **extra: Any,
) -> Table:
    body = {"game": game, "seats": seats, "options": options or {}, **extra}
    created = served.call("POST", "/api/tables", body=body)
    table = Table(
        created["table"]["id"],
        created["host_token"],
        {seat["position"]: seat["token"] for seat in created["seats"]},
    )
    if start:
        served.call("POST", f"/api/tables/{table.id}/start", table.host)
    return table


def humans(names: list[str]) -> list[dict[str, Any]]:
    return [{"kind": "human", "name": name} for name in names]


def play(
    served: Served,
    table: Table,
    until: Callable[[dict[str, Any]], bool],
    rng: random.Random,
    choose: Callable[[dict[str, Any], random.Random], str] | None = None,
    seconds: float = 60,
) -> dict[str, Any]:
    """Play the human seats' decisions until ``until(answer)`` holds for the
    answer (``{table, you, view, log}``) of the seat to act, or the game ends;
    that answer.  Decisions are random legal ones unless ``choose`` picks."""
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, "the game did not reach the moment wanted"
        state = served.call("GET", f"/api/tables/{table.id}")
        seat = state["table"]["current_player"]
        if state["table"]["status"] != "playing":
            return state  # type: ignore[no-any-return]
        if seat not in table.seats:
            time.sleep(0.02)  # a bot's turn
            continue
        answer: dict[str, Any] = served.call("GET", f"/api/tables/{table.id}", table.seats[seat])
        if until(answer):
            return answer
        legal = answer["view"]["legal_actions"]
        action = choose(answer, rng) if choose else rng.choice(legal)
        body = {"action": action, "seq": answer["table"]["seq"]}
        served.call("POST", f"/api/tables/{table.id}/actions", table.seats[seat], body)


def finish(served: Served, table: Table, rng: random.Random) -> dict[str, Any]:
    """Play the table to its end; the spectator's answer then."""
    play(served, table, lambda _: False, rng, seconds=120)
    deadline = time.monotonic() + 60
    while True:
        state: dict[str, Any] = served.call("GET", f"/api/tables/{table.id}")
        if state["table"]["status"] == "over":
            return state
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)


# ------------------------------------------------------------------ chosen deals
#
# Some moments come only with some deals (the joker held with a choice of
# fruits, two identical cards in the Library), and the server deals from a
# secret random seed.  A test finds a seed that reaches its moment with the
# engine, makes its tables through the API as anyone would, then writes the
# seeds into its own database while no server runs: the restarted server reads
# each table back from there, as after any restart, and deals from that seed
# when the table starts.  The server has no door for choosing a deal.


@dataclass(frozen=True)
class Deal:
    """A seed, and the decisions (seat, decision) from the first that bring its game
    to a wanted moment, every seat a person taking its first legal decision."""

    game: str
    seed: int
    moves: tuple[tuple[int, str], ...]
    seat: int  # who is to decide at that moment


def find_deal(
    game: str, names: Sequence[str], wanted: Callable[[GameState], bool], seeds: int = 1000
) -> Deal:
    """The first seed from 0 whose game comes to a position where ``wanted`` holds.

    Searched with the engine when the test runs, so a change of the rules that
    moves the moment finds another seed rather than breaking a test written
    around a number."""
    for seed in range(seeds):
        state = get_game(game).new_game(list(names), {}, seed)
        moves: list[tuple[int, str]] = []
        while (seat := state.current_player) is not None:
            if wanted(state):
                return Deal(game, seed, tuple(moves), seat)
            action = state.legal_actions()[0]
            moves.append((seat, action))
            state.apply_action(action)
    raise AssertionError(f"no {game} deal among the first {seeds} seeds reaches the moment")


def with_deals(served: Served, seeds: Mapping[str, int]) -> Served:
    """``served`` stopped, then started again on its database after each table that
    ``seeds`` names (made, not started) was given its seed there."""
    served.stop()
    engine = make_engine(served.database_url)
    try:
        with engine.begin() as connection:
            for table_id, seed in seeds.items():
                chosen = update(TableRow).where(TableRow.id == table_id, TableRow.status == OPEN)
                assert connection.execute(chosen.values(seed=seed)).rowcount == 1, table_id
    finally:
        engine.dispose()
    return served.again()


def push(served: Served, table: Table, moves: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """Make ``moves`` (seat, decision) through the API with each seat's token;
    the server's last answer."""
    answer: dict[str, Any] = served.call("GET", f"/api/tables/{table.id}")
    for seat, action in moves:
        body = {"action": action, "seq": answer["table"]["seq"]}
        path = f"/api/tables/{table.id}/actions"
        try:
            answer = served.call("POST", path, table.seats[seat], body)
        except urllib.error.HTTPError as error:  # not the deal expected, or a rule changed
            refusal = error.read().decode(errors="replace")
            raise AssertionError(f"seat {seat}'s {action!r} refused: {refusal}") from None
    return answer


def signed_up(page: Page, site: str, name: str, ready: str = "#sessions") -> None:
    """A new account made on ``site``'s account page, the page signed in once its
    ``ready`` part (a section of the signed-in account page) shows."""
    page.goto(site + "/account")
    page.locator("main[data-state]").wait_for()
    page.fill("#sign-up-name", name)
    page.fill("#sign-up-password", PASSWORD)
    page.click("#sign-up button[type=submit]")
    page.locator(f"main[data-state=signed-in] {ready}").wait_for()
