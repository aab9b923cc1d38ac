"""Learning by playing: each game's guided first game is one game the learner
wins by following it, its lessons introduce the game's rules, the server
refuses a decision off the script (or malformed, or too fast) and changes
nothing, and in Chromium each tutorial is played to its end by its marked
decisions, a wrong one refused with the reason, the progress kept across a
reload, and a practice game with hints one click away."""

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page

from page_helpers import (
    broken_words,
    clean,
    player_context,
    screenshot,
    scrolls_sideways,
    serious_violations,
)
from server_process import Served
from vitrine.games import game_names, get_game, get_plugin
from vitrine.kit.tutorial import Tutorial
from vitrine.server.app import create_app
from vitrine.server.learn.service import position
from vitrine.server.settings import Settings

pytestmark = pytest.mark.timeout(600)

TUTORIALS = [name for name in game_names() if get_plugin(name).tutorial is not None]
# The rules each guided game must introduce where they first matter (the list
# for Exhibition; each game's own turn for the others); scoring is every tutorial's ending.
TOPICS = {
    "exhibition": {
        "take",
        "place",
        "years_gap",
        "one_continent",
        "one_era",
        "wild",
        "all_continents",
        "mid_century",
        "depot",
        "depot_full",
        "end",
    },
    "tucano": {
        "column",
        "refill",
        "sets",
        "toucans",
        "flip",
        "gift_steal",
        "joker",
        "steal",
        "joker_fruit",
    },
    "dontgointhere": {
        "place",
        "resolve",
        "pick",
        "board_flip",
        "ghosts",
        "effects",
        "hallway",
        "secret_passage",
        "basement",
        "end",
    },
}


def tutorial_of(game: str) -> Tutorial:
    made = get_plugin(game).tutorial
    assert made is not None
    return made()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = replace(Settings(), tutorial_positions="3/minute")
    with TestClient(
        create_app(f"sqlite:///{tmp_path / 'learn.sqlite3'}", settings=settings)
    ) as made:
        yield made


def test_every_game_with_a_page_has_a_guided_game() -> None:
    assert set(TUTORIALS) >= {"exhibition", "tucano", "dontgointhere"}


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_guided_game_is_one_game_the_learner_wins(game: str) -> None:
    tutorial = tutorial_of(game)
    decisions = list(tutorial.decisions)
    for done in range(len(decisions)):  # each decision is legal where it comes
        reached = position(game, tutorial, "Ana", decisions[:done], None)
        assert not reached["over"] and reached["done"] == done
        assert decisions[done] in reached["view"]["legal_actions"]
    end = position(game, tutorial, "Ana", decisions, None)
    assert end["over"] and end["done"] == len(decisions)
    scores = end["view"]["scores"]
    assert scores[0]["rank"] == 1 and scores[1]["rank"] == 2, scores
    # The record of the guided game replays to the same end, like any game's.
    assert [entry["seat"] for entry in end["log"]].count(0) == len(decisions)
    state = get_game(game).new_game(
        ["Ana", tutorial.opponent_name], tutorial.options, tutorial.seed
    )
    for entry in end["log"]:
        state.apply_action(entry["action"])
    assert state.view(0)["scores"] == scores


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_lessons_introduce_the_games_rules(game: str) -> None:
    tutorial = tutorial_of(game)
    topics = [lesson.topic for lesson in tutorial.lessons.values()]
    assert set(topics) >= TOPICS[game]
    assert len(topics) == len(set(topics))  # each rule once, where it first matters
    for lesson in tutorial.lessons.values():
        assert lesson.words["en"] != lesson.words["fr"]


def test_the_server_refuses_what_is_off_the_guided_game_and_changes_nothing(
    client: TestClient,
) -> None:
    url = "/api/games/exhibition/tutorial/position"
    script = client.get("/api/games/exhibition/tutorial").json()["decisions"]
    off = client.post(url, json={"name": "Ana", "decisions": [script[0], "G1"]})
    assert off.status_code == 422 and off.json()["code"] == "tutorial_off_script"
    assert off.json()["params"] == {"index": 1, "expected": script[1], "got": "G1"}
    checked = client.post(url, json={"name": "Ana", "decisions": script[:1], "check": "Y2"})
    assert checked.status_code == 200 and checked.json()["check"]["legal"] is True
    illegal = client.post(url, json={"name": "Ana", "decisions": [], "check": "G1"}).json()
    assert illegal["check"]["legal"] is False and illegal["check"]["code"]
    assert illegal["done"] == 0
    for body, code in (
        ({"name": "A\u200bna", "decisions": []}, "name_invisible"),
        ({"name": "Ana", "decisions": ["x" * 41]}, "request_invalid"),
        ({"name": "Ana", "decisions": ["1"] * 401}, "request_invalid"),
        ({"name": "Ana", "decisions": [], "extra": 1}, "request_invalid"),
    ):
        refused = client.post(url, json=body)
        assert refused.status_code == 422 and refused.json()["code"] == code, refused.text
    missing = client.get("/api/games/nope/tutorial")
    assert missing.status_code == 404 and missing.json()["code"] == "tutorial_not_found"
    # Three asks reached the rules (3 a minute here): the fourth waits.
    too_many = client.post(url, json={"name": "Ana", "decisions": []})
    assert too_many.status_code == 429 and int(too_many.headers["Retry-After"]) >= 1


CHANGED = "document.querySelector('main')?.dataset.done !== done"


def play_one(page: Page) -> None:
    """Make the marked decision: its button (for a take with a destination, the
    card, then the destination), and the confirmation a game may ask for."""
    done = page.locator("main").get_attribute("data-done")
    expected = page.locator("main").get_attribute("data-expected")
    exact = page.locator(f'[data-action="{expected}"]')
    if not exact.count():
        target = page.locator(".tutorial-target")
        assert target.count(), f"decision {done}, {expected}: nothing marked"
        target.first.click()
        exact.first.wait_for()
    exact.first.click()
    page.wait_for_function(f"done => {CHANGED} || document.querySelector('#confirm')", arg=done)
    if page.locator("#confirm").count():
        page.locator("#confirm").click()
    page.wait_for_function(f"done => {CHANGED}", arg=done)


WRONG = {"en": "Not this one here", "fr": "Pas celle-ci ici"}


@pytest.mark.parametrize(
    ("size", "language", "scheme"), [("desktop", "en", "light"), ("phone", "fr", "dark")]
)
@pytest.mark.parametrize("game", TUTORIALS)
def test_each_tutorial_is_played_to_its_end(
    module_browser: Browser,
    module_served: Served,
    game: str,
    size: str,
    language: str,
    scheme: str,
) -> None:
    tutorial = module_served.call("GET", f"/api/games/{game}/tutorial")
    total = len(tutorial["decisions"])
    with player_context(module_browser, size, language, scheme=scheme) as (context, troubles):
        page = context.new_page()
        page.goto(module_served.url + "/learn")
        page.locator(f".game-card[data-game={game}] a").click()
        page.wait_for_url(f"**/learn/{game}")
        page.locator("main[data-done='0'] #lesson").wait_for()
        assert tutorial["welcome"][language] in page.inner_text("#lesson")
        first = next(lesson for lesson in tutorial["lessons"] if lesson["index"] == 0)
        assert first["words"][language] in page.inner_text("#lesson")
        assert serious_violations(page) == []
        screenshot(page, f"learn-{game}-{language}-{size}")
        # A legal decision the guided game does not take is refused, with the reason.
        expected = page.locator("main").get_attribute("data-expected")
        others = page.locator("button.legal[data-action]").evaluate_all(
            "(nodes, expected) => nodes.map((n) => n.dataset.action)"
            ".filter((a) => a !== expected && a !== expected.split('@')[0])",
            expected,
        )
        if others:
            page.locator(f'button.legal[data-action="{others[0]}"]').first.click()
            if page.locator("#confirm").count():
                page.locator("#confirm").click()
            page.locator("#tutorial-why", has_text=WRONG[language]).wait_for()
            assert page.locator("main").get_attribute("data-done") == "0"
        half = total // 2
        for _ in range(half):
            play_one(page)
        # The progress is the device's: a reload comes back to the same decision.
        page.reload()
        page.locator(f"main[data-done='{half}']").wait_for()
        assert not scrolls_sideways(page) and broken_words(page) == []
        for _ in range(total - half):
            play_one(page)
        page.locator("main[data-over] #practice").wait_for()
        assert tutorial["ending"][language] in page.inner_text("#lesson")
        assert page.locator("#lesson table.scores").count() == 1
        assert serious_violations(page) == []
        assert not scrolls_sideways(page)
        # Then practice: a game against the beginner bot, hints allowed.
        page.locator("#practice").click()
        page.wait_for_url("**/table/**")
        page.locator("main[data-status=playing]").wait_for()
        table = module_served.call("GET", f"/api/tables/{page.url.rsplit('/', 1)[-1]}")["table"]
        assert table["hints"] is True and table["game"] == game
        assert table["seats"][1]["level"] == "beginner"
        page.goto(module_served.url + "/learn")
        done = "Done" if language == "en" else "Terminé"
        assert done in page.locator(f".game-card[data-game={game}]").inner_text()
        clean(troubles)
