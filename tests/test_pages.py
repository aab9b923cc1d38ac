"""Every page of every game, on a desktop and a phone, in English and French
(every pair of the three, not their product: see ``EVERY_PAIR``),
under the server's strict Content-Security-Policy: axe-core finds no serious
or critical violation, no page scrolls sideways at 390 px, no word wraps
within itself, and no script error or policy refusal happens.

Phones are checked in the dark theme, desktops in the light one.

The pages: the home page, the lobby (with the game chosen), a waiting room (as the host),
a table with open seats (as a visitor who may claim one), a live table in
each phase of the game (as the player to act), a finished table, and the
replay viewer.  Games are brought to each moment through the API, once per
game; one browser serves every context.  ``make screenshots`` saves each
game's key moments under build/screenshots/ from here.
"""

import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from page_helpers import (
    broken_words,
    clean,
    finish,
    humans,
    make_table,
    play,
    player_context,
    screenshot,
    scrolls_sideways,
    serious_violations,
)
from server_process import Served
from system_parts import AXE, AXE_PART, require

pytestmark = pytest.mark.timeout(600)

GAMES = ("exhibition", "tucano", "dontgointhere")
OPTIONS: dict[str, dict[str, Any]] = {
    "exhibition": {"secret_decade": True, "variations": ["links"]},
    "tucano": {},
    "dontgointhere": {"types": ["AM", "CA", "MI", "TO", "TW"]},
}


def phase(game: str, view: dict[str, Any]) -> str:
    """The kind of decision a view awaits, by the game's own phases."""
    if game == "tucano":
        return "toucan" if any(view["pending"].values()) else "column"
    return str(view["phase"])


# The games' notation, which no page may show a person as words (defect 9): it
# belongs in tooltips and records.  Exhibition's spot and continent names are
# the board's own labels, so only Einstein's code is notation there.
RAW_CODES = {
    "exhibition": re.compile(r"\bEIN\b"),
    "tucano": re.compile(r"\b(?:steal|gift|joker):"),
    "dontgointhere": re.compile(r"\b(?:[A-Z]{2}[1-4][<>]?|REROLL|BLANK|GHOST|KEEP|T:[A-Z]{2})\b"),
}

PHASES = {
    "exhibition": ("take", "place"),
    "tucano": ("column", "toucan"),
    "dontgointhere": ("place", "pick", "tome", "dice"),
}


@dataclass(frozen=True)
class Scene:
    """A page at a moment: where to go, what shows it is drawn, a step to take first."""

    name: str
    path: str
    ready: str
    prepare: Callable[[Page], None] | None = None
    key_moment: bool = True  # one of the game's screenshots


SCENES: dict[str, tuple[list[Scene], dict[str, str]]] = {}


def choose_game(game: str, page: Page) -> None:
    page.select_option("#game", game)
    page.wait_for_function(
        "game => document.querySelector('#game').value === game"
        " && document.querySelector('#create')",
        arg=game,
    )


def scenes(served: Served, game: str) -> tuple[list[Scene], dict[str, str]]:
    """The game's pages, and the host tokens to put in the browser's storage (once per game)."""
    if game in SCENES:
        return SCENES[game]
    rng = random.Random(12)
    options = OPTIONS[game]
    two = humans(["Ana", "Bo"])
    waiting = make_table(served, game, [*two[:1], {"kind": "human"}], options, start=False)
    open_seats = make_table(
        served, game, [*two[:1], {"kind": "human"}], options, start=False, seats_open=True
    )
    found: list[Scene] = [
        Scene("home", "/", ".game-card", key_moment=False),
        Scene("lobby", "/lobby", "#create", partial(choose_game, game), key_moment=False),
        Scene("waiting", waiting.link(0), "main[data-status=open] #start"),
        Scene("open-seats", f"/table/{open_seats.id}", "main[data-status=open] #claim-1"),
    ]
    for name in PHASES[game]:
        for _ in range(10):  # a phase a random game may miss (the Tome's): another game
            table = make_table(served, game, two, options)
            answer = play(served, table, partial(reached, game, name), rng, tomes_first)
            if answer.get("you") is not None:
                break
        assert answer.get("you") is not None, f"{game}: no {name} phase reached"
        found.append(Scene(name, table.link(answer["you"]), "main[data-status=playing] .legal"))
    over = make_table(served, game, two, options)
    finish(served, over, rng)
    found.append(Scene("finished", over.link(0), "main[data-status=over] #banner"))
    found.append(Scene("replay", f"/replay?table={over.id}", "#step", key_moment=False))
    SCENES[game] = (found, {waiting.id: waiting.host})
    return SCENES[game]


def reached(game: str, name: str, answer: dict[str, Any]) -> bool:
    return phase(game, answer["view"]) == name


def tomes_first(answer: dict[str, Any], rng: random.Random) -> str:
    """A random decision, but a Tome whenever one may be taken (so that a
    second Tome, and its choice, comes soon in Don't Go In There)."""
    legal: list[str] = answer["view"]["legal_actions"]
    tomes = [action for action in legal if action.startswith("TO")]
    return rng.choice(tomes or legal)


def text_without_table_ids(page: Page) -> str:
    """The page's text less the table ids it shows: an id is random, and one
    like ``x-WO4-k`` would read as a decision's notation."""
    text = page.locator("body").inner_text()
    ids = page.evaluate(
        "() => [...document.querySelectorAll('[data-table]')].map((e) => e.dataset.table)"
        ".concat(location.pathname.split('/').slice(-1), new URLSearchParams(location.search)"
        ".getAll('table'))"
    )
    for table_id in ids:
        if table_id:
            text = text.replace(table_id, "")
    return text


def host_storage(hosts: dict[str, str]) -> str:
    """A script putting host tokens where the lobby would have left them."""
    lines = [
        f"localStorage.setItem('vitrine:host:{table}', JSON.stringify({{host_token: '{token}', "
        f"seats: []}}));"
        for table, token in hosts.items()
    ]
    return "try {\n" + "\n".join(lines) + "\n} catch {}  // about:blank has no storage"


# Colours do not depend on the width, nor the layout on the theme: the phone
# is checked in the dark theme, the desktop in the light one.
LOOKS = (("desktop", "light"), ("phone", "dark"))
LANGUAGES = ("en", "fr")
# Every pair of game, look and language, in six cases rather than the twelve of
# their product (each case takes 6-10 s): each game on both looks and in both
# languages, each look in both languages.  ``make screenshots`` takes the
# product, since it saves every game's moments in each look and language.
EVERY_PAIR = [
    ("exhibition", "desktop", "light", "en"),
    ("exhibition", "phone", "dark", "fr"),
    ("tucano", "desktop", "light", "fr"),
    ("tucano", "phone", "dark", "en"),
    ("dontgointhere", "desktop", "light", "en"),
    ("dontgointhere", "phone", "dark", "fr"),
]
CASES = (
    [(game, *look, language) for game in GAMES for look in LOOKS for language in LANGUAGES]
    if os.environ.get("VITRINE_SCREENSHOTS")
    else EVERY_PAIR
)


def test_the_cases_hold_every_pair() -> None:
    """Each pair of game, look and language is in some case the page test runs."""
    pairs = {
        frozenset(pair)
        for game, size, scheme, language in CASES
        for pair in [(game, size), (game, language), (size, language)]
    }
    wanted = {
        frozenset(pair)
        for pair in [(g, s) for g in GAMES for s, _ in LOOKS]
        + [(g, lang) for g in GAMES for lang in LANGUAGES]
        + [(s, lang) for s, _ in LOOKS for lang in LANGUAGES]
    }
    assert pairs == wanted


@pytest.mark.parametrize(("game", "size", "scheme", "language"), CASES)
def test_every_page_passes_axe_and_fits_a_phone(
    module_browser: Browser, module_served: Served, game: str, size: str, scheme: str, language: str
) -> None:
    found, hosts = scenes(module_served, game)
    with player_context(module_browser, size, language, scheme=scheme) as (context, troubles):
        context.add_init_script(host_storage(hosts))
        page = context.new_page()
        problems: dict[str, list[str]] = {}
        for scene in found:
            page.goto(module_served.url + scene.path)
            if scene.prepare is not None:
                page.locator(scene.ready).wait_for()
                scene.prepare(page)
            page.locator(scene.ready).first.wait_for()
            assert page.evaluate("() => document.documentElement.lang") == language
            violations = serious_violations(page)
            if violations:
                problems[scene.name] = violations
            if size == "phone" and scrolls_sideways(page):
                problems.setdefault(scene.name, []).append("scrolls sideways at 390 px")
            if broken := broken_words(page):
                problems.setdefault(scene.name, []).append(f"words broken: {broken}")
            if codes := RAW_CODES[game].findall(text_without_table_ids(page)):
                problems.setdefault(scene.name, []).append(f"notation shown: {codes}")
            if scene.key_moment:
                screenshot(page, f"{game}-{scene.name}-{language}-{size}")
        assert problems == {}
        clean(troubles)


def test_a_table_of_bots_has_no_invite_heading_and_the_policy_holds(
    module_browser: Browser, module_served: Served
) -> None:
    """A spectator's view of a bots' table: nothing to invite anyone to."""
    bots = [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "casual"}]
    table = make_table(module_served, "tucano", bots, start=False)
    with player_context(module_browser, "desktop", "en") as (context, troubles):
        context.add_init_script(host_storage({table.id: table.host}))
        page = context.new_page()
        page.goto(f"{module_served.url}/table/{table.id}")
        page.locator("main[data-status=open] #start").wait_for()
        assert page.locator("text=Invite links").count() == 0
        assert page.locator(".seat-name").all_inner_texts() == ["Beginner bot 1", "Casual bot 2"]
        clean(troubles)


def test_the_axe_checker_is_the_pinned_one() -> None:
    """axe-core comes from node_modules at the version package-lock.json pins."""
    require(AXE_PART)
    lock = (Path(__file__).resolve().parent.parent / "package-lock.json").read_text()
    assert '"node_modules/axe-core": {\n      "version": "4.14.1"' in lock
    assert "axe v4.14.1" in AXE.read_text(encoding="utf-8")[:200]
