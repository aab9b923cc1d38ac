"""Headless Chromium and a served app, for the browser tests of every game.

Chromium is Debian's (``/usr/bin/chromium``, which ``scripts/system-parts``
installs; without it the browser tests are skipped, see ``system_parts.py``),
driven by Playwright.  Screenshots go to ``build/screenshots/`` for people to
look at.
"""

import json
from collections.abc import Iterator
from dataclasses import replace
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
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"


@pytest.fixture
def browser() -> Iterator[Browser]:
    require(CHROMIUM_PART)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=FLAGS
        )
        yield launched
        launched.close()


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
