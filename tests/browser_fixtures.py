"""Headless Chromium and a served app, for the browser tests of every game.

Chromium is Debian's (``/usr/bin/chromium``, which ``scripts/system-parts``
installs; without it the browser tests are skipped, see ``system_parts.py``),
driven by Playwright.  Screenshots go to ``build/screenshots/`` for people to
look at.

One Chromium serves every test of a test process (``chromium``): starting
Playwright's driver and a browser costs one to two seconds on a busy machine,
a fresh context a fraction of that, and contexts share nothing (cookies,
storage, cache, service workers), so tests stay apart as pytest-playwright
keeps them.  ``browser`` (one test) and ``module_browser`` (one module, in
``page_helpers``) hand it out and close the contexts their user opened.
"""

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from server_process import Served
from system_parts import CHROMIUM, CHROMIUM_PART, require
from vitrine.engine.record import Record
from vitrine.games import get_game

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# A response fulfilled by the test (to add the policy) has no server address, so
# Chromium would count the page as public and refuse its socket to loopback.
# Every page the tests open is on loopback, where the check refuses nothing else.
NO_ADDRESS_CHECKS = "--disable-features=LocalNetworkAccessChecks"
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"


@dataclass
class Chromium:
    """The test process's Chromium, and the event loop Playwright's sync API runs it on.

    That loop is this thread's running loop while Playwright's dispatcher runs,
    and the sync API leaves it marked so between calls too; a later test's
    ``asyncio.run`` would then refuse to start ("cannot be called from a
    running event loop").  So the mark is set while the browser is lent and
    cleared when the last lender is done."""

    browser: Browser
    loop: asyncio.AbstractEventLoop
    lent: int = 0


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    """The test process's Chromium; tests take it through ``browser`` or ``module_browser``."""
    require(CHROMIUM_PART)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=[*FLAGS, NO_ADDRESS_CHECKS]
        )
        shared = Chromium(launched, asyncio.get_running_loop())
        try:
            yield shared
        finally:
            asyncio._set_running_loop(shared.loop)
            launched.close()


def lend(chromium: Chromium) -> Iterator[Browser]:
    """Lend the shared Chromium for a while, then close the contexts opened
    meanwhile (and the pages in them), so none outlives its user."""
    asyncio._set_running_loop(chromium.loop)
    chromium.lent += 1
    before = set(chromium.browser.contexts)
    try:
        yield chromium.browser
    finally:
        for context in chromium.browser.contexts:
            if context not in before:
                context.close()
        chromium.lent -= 1
        if not chromium.lent:
            asyncio._set_running_loop(None)


@pytest.fixture
def browser(chromium: Chromium) -> Iterator[Browser]:
    yield from lend(chromium)


@pytest.fixture
def served(sqlite_url: str) -> Iterator[Served]:
    server = Served(sqlite_url, bot_delay=0.05)
    yield server
    server.stop()


def seq(page: Page) -> str:
    return page.locator("main").get_attribute("data-seq") or ""


def wait_for_change(page: Page, before: str) -> None:
    """Until the table has moved on from sequence number ``before``."""
    page.wait_for_function(
        "before => document.querySelector('main')?.dataset.seq !== before", arg=before
    )


def turns_by_seat(record: dict[str, Any]) -> list[int]:
    """How many of a served record's turns each seat played, by replaying it."""
    game = get_game(record["game"])
    played = Record.from_json(json.dumps(record), game.setup_fields)
    state = game.replay(replace(played, turns=()))
    counts = [0] * state.num_players
    for turn in played.turns:
        seat = state.current_player
        assert seat is not None, "a turn after the end of the game"
        counts[seat] += 1
        state.push(turn)
    assert state.is_over
    return counts
