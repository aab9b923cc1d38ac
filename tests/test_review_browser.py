"""The coach in headless Chromium: a hint at a table that allows them, then a
finished game reviewed from its table and from the replay viewer, in English
and French."""

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from browser_fixtures import SHOTS
from page_helpers import PHONE, broken_words, scrolls_sideways
from server_process import Served

pytestmark = pytest.mark.timeout(300)
BUDGET = "30"  # the coach's iterations per decision: quick for tests


@pytest.fixture
def coached(sqlite_url: str) -> Iterator[Served]:
    server = Served(sqlite_url, bot_delay=0.05, extra=("--coach-budget", BUDGET))
    yield server
    server.stop()


def even_margin(route: Route) -> None:
    """The server's hint, with its margin over the next best made negligible."""
    hint = route.fetch().json()
    runner_up = hint["runner_up"] or hint["decision"]  # (a forced decision has none)
    value = 0.5 if hint["value"] is None else hint["value"]
    route.fulfill(json={**hint, "margin": 0.001, "runner_up": runner_up, "value": value})


def test_a_host_allows_hints_and_a_player_asks_for_one(browser: Browser, coached: Served) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(coached.url + "/lobby")
    page.select_option("#count", "2")
    page.locator("#seat-2-kind").wait_for(state="detached")
    page.fill("#seat-0-name", "Ana")
    page.check("#hints")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.locator("#start:not([disabled])").wait_for()
    page.click("#start")
    page.locator("main[data-status=playing]").wait_for()
    assert page.inner_text("#hints-allowed") == "Hints allowed"
    page.locator("#hint").click()
    page.locator("#hint-line", has_text="The coach's suggestion").wait_for()
    # The suggestion, marked on the market (waited for: a redraw of the table in
    # between draws the mark again, a moment later).
    page.locator(".coach-best").first.wait_for()
    # "N more games won in a hundred than the next best", or "about as good as the
    # next best" when the margin rounds to nothing (as at this budget it may).
    assert "the next best: " in page.inner_text("#hint-line")
    page.screenshot(path=SHOTS / "coach-hint.png", full_page=True)
    page.click("button.lang")
    page.locator("#hint-line", has_text="La suggestion du coach").wait_for()
    assert page.inner_text("#hints-allowed") == "Indices autorisés"
    # A margin that rounds to nothing reads "about as good as", never "0 more".
    page.route("**/api/tables/*/hint", even_margin)
    page.locator("#hint").click()
    page.locator("#hint-line", has_text="à peu près aussi bonne que la suivante").wait_for()
    page.click("button.lang")
    page.locator("#hint-line", has_text="about as good as the next best").wait_for()
    assert "0 more" not in page.inner_text("#hint-line")
    table_id = page.url.rsplit("/", 1)[-1]
    assert coached.call("GET", f"/api/tables/{table_id}")["table"]["hints"] is True


def test_a_finished_game_is_reviewed_on_its_table_and_in_the_replay_viewer(
    browser: Browser, coached: Served
) -> None:
    bots = [{"kind": "bot", "level": "beginner"}] * 2
    created = coached.call("POST", "/api/tables", body={"seats": bots})
    table_id = created["table"]["id"]
    coached.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{coached.url}/table/{table_id}")
    page.locator("main[data-status=over]").wait_for(timeout=60_000)
    # The result banner's button starts the review below the game (defect 11);
    # a spectator gets no "You won" line.
    assert page.locator("#outcome").count() == 0
    page.click("#banner-review")
    page.locator("#review-title", has_text="The coach's review").wait_for()
    page.locator("#standing-graph").wait_for(timeout=180_000)
    # Two players, one contest: one line, and the caption says whose chance it is.
    assert page.locator("#standing-graph polyline").count() == 1
    assert "chance to win" in page.inner_text(".standing-legend")
    entries = page.locator("#log li").count()
    page.wait_for_function(
        "n => document.querySelectorAll('#log li .grade').length === n", arg=entries
    )
    assert page.locator(".review-summary tbody tr").count() == 2
    # Each player's accuracy, as lichess computes it, and what it means.
    accuracies = page.locator(".review-summary td.accuracy").all_inner_texts()
    assert len(accuracies) == 2 and all(re.fullmatch(r"\d{1,3}%", a) for a in accuracies)
    assert "as lichess computes it" in page.inner_text(".review-summary caption")
    graded = page.locator(".review-decisions li:has(.grade-blunder, .grade-mistake) .decision")
    chosen = graded.first if graded.count() else page.locator(".review-decisions .decision").nth(3)
    chosen.click()
    page.locator("#review-chosen").wait_for()
    assert page.locator("#review-board .coach-played").count() >= 1
    # Only the card the last take drew is marked new, not the whole market (defect 2).
    assert page.locator("#review-board .card.fresh").count() <= 1
    # It speaks of the reviewed seat by name: no "you" badge on its hall.
    assert "you" not in [
        badge.strip() for badge in page.locator("#review-board .badge").all_inner_texts()
    ]
    # Bots played every decision: the board names who was to play, not "Your turn".
    board = page.inner_text("#review-board")
    assert "was to play" in board and "Your turn" not in board and "You took" not in board
    if graded.count():
        assert "The coach's choice" in page.inner_text("#coach-best-line")
        assert page.locator("#review-board .coach-best").count() >= 1
    page.screenshot(path=SHOTS / "coach-review.png", full_page=True)
    page.click("button.lang")
    page.locator("#review-title", has_text="L'analyse du coach").wait_for()
    assert page.locator("#log .grade").count() == entries
    # The bots' names change language with the page, in the review's summary too.
    summary = page.inner_text(".review-summary")
    assert "Robot débutant 1" in summary and "Beginner bot" not in summary
    page.set_viewport_size(PHONE)  # the summary and the graph, on a phone, in French
    assert broken_words(page) == []  # not "D é ci si on s"
    assert not scrolls_sideways(page)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{coached.url}/replay?table={table_id}")
    page.locator("#review-title", has_text="L'analyse du coach").wait_for()  # kept with the table
    assert page.locator("#standing-graph polyline").count() == 1
    page.click("button.lang")
    page.locator("#review-title", has_text="The coach's review").wait_for()
    page.screenshot(path=SHOTS / "coach-replay.png", full_page=True)


MARKED = """async () => {
  const { markDecision } = await import("/static/review.js");
  const market = document.createElement("div");
  market.innerHTML = '<button data-action="1945@SA">1945</button>'
    + '<button data-action="1907">1907</button><button data-action="G3">G3</button>';
  const marked = (action) => {
    for (const node of market.children) node.className = "";
    markDecision(market, action, "coach-best");
    return [...market.querySelectorAll(".coach-best")].map((node) => node.textContent);
  };
  return Object.fromEntries(["1945@EU", "1945@SA", "1907", "G3", "1907@EU", "19"]
    .map((action) => [action, marked(action)]));
}"""


def test_the_coach_marks_a_white_cards_take_on_its_card_whatever_its_destination(
    browser: Browser, coached: Served
) -> None:
    """Until a white card is picked its one button carries one of its
    destinations; a suggestion of another destination marks that card, and
    no other (seen failing: the hint test waited for a mark never drawn)."""
    page = browser.new_page()
    page.goto(coached.url + "/lobby")
    assert page.evaluate(MARKED) == {
        "1945@EU": ["1945"],
        "1945@SA": ["1945"],
        "1907": ["1907"],
        "G3": ["G3"],
        "1907@EU": ["1907"],
        "19": [],
    }


def make_decision(page: Page, decision: str) -> None:
    """Make ``decision`` on the exercise's board: its button (a white card's take,
    the card then its destination), and the confirmation a game may ask for."""
    board = page.locator("#exercises")
    exact = board.locator(f'button[data-action="{decision}"]')
    if not exact.count():
        first = decision.split("@")[0]
        board.locator(
            f'button[data-action="{first}"], button[data-action^="{first}@"]'
        ).first.click()
    before = page.inner_text("#exercise-answer")
    exact.first.click()
    page.wait_for_function(
        "before => document.querySelector('#exercises #confirm')"
        " || document.querySelector('#exercise-answer')?.textContent !== before",
        arg=before,
    )
    if page.locator("#exercises #confirm").count():
        page.locator("#exercises #confirm").click()


def test_a_player_learns_from_their_mistakes(browser: Browser, coached: Served) -> None:
    """After a review, each player's mistakes and blunders come back as exercises
    from the position they saw: the decision played is refused, the coach's
    choice solves it, and the last says how many were solved at once (EN, FR).
    The coach's budget here is too small to be sure of a mistake, so the page
    is given the review with two of seat 0's disagreements with the coach
    graded mistakes; the positions, the board and the judging are the real ones."""
    bots = [{"kind": "bot", "level": "beginner"}] * 2
    created = coached.call("POST", "/api/tables", body={"seats": bots})
    table_id = created["table"]["id"]
    coached.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
    seat = 0
    chosen: list[dict[str, Any]] = []

    def with_mistakes(route: Route) -> None:
        answer = route.fetch().json()
        if answer.get("status") == "done":
            disagreements = [
                d
                for d in answer["review"]["decisions"]
                if d["seat"] == seat and d["best"] != d["played"] and not d["substitute"]
            ]
            for decision in disagreements[:2]:
                decision["grade"] = "mistake"
            chosen[:] = [
                d
                for d in answer["review"]["decisions"]
                if d["seat"] == seat
                and d["grade"] in ("mistake", "blunder")
                and not d["substitute"]
            ]
        route.fulfill(json=answer)

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    page = context.new_page()
    page.route("**/api/reviews/table-*", with_mistakes)
    page.goto(f"{coached.url}/table/{table_id}")
    page.locator("main[data-status=over]").wait_for(timeout=60_000)
    page.click("#banner-review")
    page.locator("#standing-graph").wait_for(timeout=180_000)
    exercises = chosen
    assert len(exercises) >= 2, "the coach agreed with nearly every decision"
    page.locator(f".practise[data-seat='{seat}']").click()
    title = page.locator("#exercise-title")
    title.wait_for()
    assert title.inner_text() == f"Exercice 1 sur {len(exercises)}"
    # The decision played is not the answer.
    make_decision(page, exercises[0]["played"])
    page.locator("#exercise-answer", has_text="C'est ce qui a été joué").wait_for()
    assert page.locator("#exercise-next").count() == 0
    page.click("button.lang")  # the exercise stays, in the other language
    page.locator("#exercise-answer", has_text="That is what was played").wait_for()
    page.locator("#exercise-reveal").click()
    page.locator("#exercises .coach-best").first.wait_for()
    for number, decision in enumerate(exercises, start=1):
        page.locator("#exercise-title", has_text=f"Exercise {number} of").wait_for()
        make_decision(page, decision["best"])
        page.locator("#exercise-answer", has_text="Solved").wait_for()
        page.locator("#exercise-next").click()
    done = page.locator("#exercise-title")
    done.wait_for()
    expected = f"Exercises done: {len(exercises) - 1} of {len(exercises)} solved at once."
    assert done.inner_text() == expected
    page.locator("#exercise-close").click()
    assert page.locator("#exercises").inner_text() == ""
    context.close()
