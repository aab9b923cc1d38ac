"""A fourth game, installed as a plug-in from this folder alone, played by the whole stack.

Tiny Tricks (``tinytricks/``) is no part of vitrine: it is installed for
these tests only (``installed``), the way a package installs a game: a
distribution's metadata (``*.dist-info`` with an ``entry_points.txt`` naming
the plug-in in the ``vitrine.games`` group) on the import path, which the
registry reads as it reads vitrine's own.  The path reaches the processes
the tests start too (``PYTHONPATH``), so a server or a command finds the
game as this process does.  Nothing outside this folder names the game.
Everything below is vitrine's own, unchanged: the engine's checks, bots and
tournaments from the command line, the balance lab, a web table in Chromium
played to its end and replayed, and the research frameworks' own checkers.
"""

import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import gymnasium
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from playwright.sync_api import Browser

from browser_fixtures import seq, wait_for_change
from page_helpers import (
    clean,
    make_table,
    player_context,
    screenshot,
    scrolls_sideways,
    serious_violations,
)
from server_process import Served
from vitrine.engine.perft import perft
from vitrine.games import game_names, get_game, get_plugin, rescan
from vitrine.kit.conformance import check_game

pytestmark = [pytest.mark.usefixtures("installed"), pytest.mark.timeout(300)]

VITRINE = Path(sys.executable).with_name("vitrine")
GAME = "tinytricks"

FOLDER = Path(__file__).resolve().parent  # the game's package is found from here
ENTRY_POINTS = "[vitrine.games]\ntinytricks = tinytricks.plugin:PLUGIN\n"
METADATA = "Metadata-Version: 2.1\nName: vitrine-tinytricks\nVersion: 1.0\n"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tiny Tricks is installed for the module's tests, and only for them."""
    site = tmp_path_factory.mktemp("site")
    info = site / "vitrine_tinytricks-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(METADATA)
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    paths = [str(site), str(FOLDER)]
    with pytest.MonkeyPatch.context() as patch:
        for path in reversed(paths):
            patch.syspath_prepend(path)
        inherited = [os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []
        patch.setenv("PYTHONPATH", os.pathsep.join([*paths, *inherited]))
        rescan()
        try:
            yield
        finally:
            rescan()


def vitrine(*arguments: str) -> str:
    """A ``vitrine`` command in its own process, which finds the game on its own."""
    done = subprocess.run(
        [str(VITRINE), *arguments], capture_output=True, text=True, timeout=240, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_registry_finds_it_among_the_installed_games() -> None:
    assert GAME in game_names()
    assert game_names().index(GAME) == 3  # listed after the shipped games (position 50)
    assert get_plugin(GAME).title("fr") == "Petits plis"
    assert get_game(GAME).max_players == 4


def test_it_keeps_the_engine_protocols_promises() -> None:
    assert check_game(get_game(GAME), seeds=range(10)) > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_perft_counts_every_order_of_every_hand(players: int) -> None:
    """A whole game is each player's three cards in some order: 3! ** players."""
    state = get_game(GAME).new_game([f"P{seat}" for seat in range(players)], {}, 1)
    assert perft(state, 3 * players) == math.factorial(3) ** players
    assert perft(state, 1) == 3


def test_bots_play_it_and_a_tournament_rates_them_from_the_command_line(
    tmp_path: Path,
) -> None:
    played = vitrine("play", "--game", GAME, "--bots", "greedy,random,ismcts:50", "--seed", "4")
    assert "Result" in played or "rank" in played.lower()
    out = tmp_path / "tournament"
    table = vitrine(
        "tournament", "--game", GAME, "--bots", "greedy,random", "--games", "8", "--out", str(out)
    )
    assert "greedy" in table and "random" in table
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(results) == 8


def test_the_lab_simulates_it_and_reports_on_it(tmp_path: Path) -> None:
    run = tmp_path / "run"
    vitrine("simulate", "--game", GAME, "--bots", "greedy,random", "--games", "20", "-o", str(run))
    page = tmp_path / "report.html"
    vitrine("report", str(run), "--out", str(page), "--workers", "1")
    text = page.read_text()
    assert "vitrine balance report: tinytricks" in text
    assert "Win rate by seat" in text


def test_pettingzoos_api_test_passes() -> None:
    from vitrine.adapters.pettingzoo import tinytricks_v1

    for players in (2, 4):
        api_test(tinytricks_v1.env(players=players), num_cycles=100)


def test_gymnasiums_checker_passes() -> None:
    from vitrine.adapters.gymnasium_env import register_environments

    against, _ = register_environments()
    try:
        check_env(gymnasium.make(against[GAME]).unwrapped)
    finally:
        gymnasium.registry.pop(against[GAME])


def test_openspiels_random_simulation_test_passes() -> None:
    from vitrine.adapters.openspiel_game import register

    register(GAME)
    for players in (2, 3):
        game = pyspiel.load_game(f"vitrine_{GAME}(players={players})")
        pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "fr")])
def test_a_web_table_plays_it_to_its_end_and_replays_it(
    module_browser: Browser, sqlite_url: str, size: str, language: str
) -> None:
    served = Served(sqlite_url, bot_delay=0.02)
    try:
        table = make_table(
            served, GAME, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "strong"}]
        )
        with player_context(module_browser, size, language) as (context, troubles):
            page = context.new_page()
            page.goto(served.url + table.link(0))
            page.locator("main[data-status=playing]").wait_for()
            page.locator(".tinytricks").wait_for()
            assert serious_violations(page) == []
            assert not scrolls_sideways(page)
            screenshot(page, f"tinytricks-{size}-{language}")
            deadline = time.monotonic() + 120
            while page.locator("main[data-status=over]").count() == 0:
                assert time.monotonic() < deadline, "the game did not end"
                cards = page.locator(".tinytricks button.card.legal")
                if cards.count():
                    before = seq(page)
                    cards.first.click()
                    wait_for_change(page, before)
                time.sleep(0.02)
            page.locator(".final-scores").wait_for()
            words = "Plis gagnés" if language == "fr" else "Tricks won"
            assert words in page.locator(".tinytricks").inner_text()
            assert serious_violations(page) == []
            record = served.call("GET", f"/api/tables/{table.id}/record")
            assert record["game"] == GAME and len(record["turns"]) == 6
            page.goto(f"{served.url}/replay?table={table.id}")
            page.locator(".final-scores").wait_for()
            last = page.locator("#step").inner_text()
            for _ in range(6):
                page.keyboard.press("ArrowLeft")
            page.locator(".tinytricks").wait_for()
            assert page.locator(".final-scores").count() == 0
            assert page.locator("#step").inner_text() != last
            clean(troubles)
    finally:
        served.stop()
