"""The players' own choices, made on the page: Tucano's joker, whose holder
chooses its fruit once the turns are over (T-10), and the Library's two
identical cards, of which the player takes the left or the right (G-11).

Each comes only with some deals, so each test plays a deal found with the
engine (``find_deal``) at a table of two people given that deal
(``with_deals``); the other decisions go through the API, and only the
choice is made in the browser: by the keyboard on a desktop in English, by
a tap on a phone in French.  At that moment the choice's controls are
labelled, in the page's language, reachable by the keyboard, on screen at
390 px, and axe-core finds no serious or critical violation.  Then the
server's record holds the choice, and the score follows it.
"""

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from page_helpers import (
    PHONE,
    Deal,
    Table,
    clean,
    find_deal,
    humans,
    make_table,
    play,
    player_context,
    push,
    screenshot,
    scrolls_sideways,
    serious_violations,
    with_deals,
)
from server_process import Served
from vitrine.engine.protocol import GameState
from vitrine.games import get_game

pytestmark = pytest.mark.timeout(300)

NAMES = ["Ana", "Bo"]
BOTH = [("desktop", "en"), ("phone", "fr")]  # each language and each size, in two runs
SMALLEST_TARGET = 24  # CSS pixels a side: WCAG 2.2's minimum target size (2.5.8, AA)
WORDS = {
    "en": {
        "joker": "choose the fruit your joker counts as",
        "button": r"^\S.*: your total {mine}, best other {other}$",
        "counts": "Joker counts as",
        "card": r"^\D+, {curses} curse\(s\), \d die icon\(s\) \({side}\)$",
        "<": "the left one",
        ">": "the right one",
        "ghosts": "Your ghost tokens: {n}",
    },
    "fr": {
        "joker": "choisissez le fruit que compte votre joker",
        "button": r"^\S.* : votre total {mine}, meilleur adversaire {other}$",
        "counts": "Le joker compte comme",
        "card": r"^\D+, {curses} malédiction\(s\), \d icône\(s\) de dé \({side}\)$",
        "<": "celle de gauche",
        ">": "celle de droite",
        "ghosts": "Vos jetons fantôme : {n}",
    },
}


def joker_to_choose(state: GameState) -> bool:
    """The joker's holder chooses among fruits that give them different totals."""
    view = state.view(state.current_player)
    if view["phase"] != "joker":
        return False
    return len({totals[state.current_player] for totals in view["joker_totals"].values()}) > 1


def many_gifts(state: GameState) -> bool:
    """A Gift toucan to resolve with a choice of six fruits or more."""
    legal = state.view(state.current_player).get("legal_actions", [])
    return len(legal) >= 6 and all(action.startswith("gift:") for action in legal)


def copies_first_in_the_library(state: GameState) -> bool:
    """The first of a Library's three picks, with two identical cards: after it the
    next player has a choice, so the room stays as the first pick left it."""
    view = state.view(state.current_player)
    copies = any(word.endswith("<") for word in view.get("legal_actions", []))
    return copies and len(view["picks"]) == 3


@pytest.fixture(scope="module")
def dealt(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Served, dict[str, Deal], dict[tuple[str, str, str], Table]]]:
    """One server; for each moment and each (size, language), a table of Ana and Bo
    that deals the moment's deal."""
    deals = {
        "joker": find_deal("tucano", NAMES, joker_to_choose),
        "gift": find_deal("tucano", NAMES, many_gifts),
        "copies": find_deal("dontgointhere", NAMES, copies_first_in_the_library),
    }
    path = tmp_path_factory.mktemp("choices") / "vitrine.sqlite3"
    served = Served(f"sqlite:///{path}", bot_delay=0.02)
    try:
        tables = {
            (moment, size, language): make_table(served, deal.game, humans(NAMES), start=False)
            for moment, deal in deals.items()
            for size, language in BOTH
        }
        seeds = {t.id: deals[moment].seed for (moment, *_), t in tables.items()}
        served = with_deals(served, seeds)
        for table in tables.values():
            served.call("POST", f"/api/tables/{table.id}/start", table.host)
        yield served, deals, tables
    finally:
        served.stop()


def seat_view(served: Served, table: Table, seat: int) -> dict[str, Any]:
    view: dict[str, Any] = served.call("GET", f"/api/tables/{table.id}", table.seats[seat])["view"]
    return view


def usable_on_a_phone(page: Page, controls: Locator) -> None:
    """Every control wholly across the screen's width and big enough to tap."""
    assert not scrolls_sideways(page)
    for index in range(controls.count()):
        box = controls.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert min(box["width"], box["height"]) >= SMALLEST_TARGET, box


def at_the_choice(
    page: Page, controls: Locator, names: Mapping[str, str], size: str, shot: str
) -> None:
    """What holds while a choice waits: each decision's control is named (``names``:
    decision -> pattern of its accessible name), axe-core finds no serious or
    critical violation, and on a phone every control can be tapped."""
    for action, name in names.items():
        control = page.locator(f"button[data-action='{action}']")
        expect(control).to_have_accessible_name(re.compile(name))
    assert serious_violations(page) == []
    if size == "phone":
        usable_on_a_phone(page, controls)
    screenshot(page, shot)


def choose(page: Page, control: Locator, by_keyboard: bool) -> None:
    """Make the choice: Tab from where the page put the focus to ``control``, through
    the other choices only, then Enter; or tap it."""
    before = page.locator("main").get_attribute("data-seq")
    if by_keyboard:
        wanted = control.get_attribute("data-action")
        for _ in range(10):
            focused = page.evaluate("() => document.activeElement.dataset.action ?? null")
            assert focused is not None, "the keyboard left the choices"
            if focused == wanted:
                break
            page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.dataset.action") == wanted
        outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"  # the keyboard's place shows
        page.keyboard.press("Enter")
    else:
        control.tap()
    page.wait_for_function(
        "before => document.querySelector('main').dataset.seq !== before", arg=before
    )


def first_legal(answer: dict[str, Any], _: random.Random) -> str:
    legal: list[str] = answer["view"]["legal_actions"]
    return legal[0]


@pytest.mark.parametrize(("size", "language"), BOTH)
def test_the_jokers_holder_chooses_its_fruit_on_the_page(
    module_browser: Browser,
    dealt: tuple[Served, dict[str, Deal], dict[tuple[str, str, str], Table]],
    size: str,
    language: str,
) -> None:
    served, deals, tables = dealt
    deal, table, words = deals["joker"], tables["joker", size, language], WORDS[language]
    push(served, table, deal.moves)
    holder = deal.seat
    totals: dict[str, list[int]] = seat_view(served, table, holder)["joker_totals"]
    best = max(totals, key=lambda fruit: totals[fruit][holder])
    mine = totals[best][holder]
    others = [fruit for fruit in totals if totals[fruit][holder] < mine]  # not the best: allowed
    chosen = others[0] if size == "desktop" else others[-1]
    with player_context(module_browser, size, language) as (context, troubles):
        page = context.new_page()
        page.goto(served.url + table.link(holder))
        buttons = page.locator("button.joker.legal")
        buttons.first.wait_for()
        assert words["joker"] in page.locator(".prompt").inner_text()
        assert buttons.count() == len(totals)
        names = {  # each fruit's button names the fruit and the totals it gives
            f"joker:{fruit}": words["button"].format(
                mine=fruit_totals[holder],
                other=max(total for seat, total in enumerate(fruit_totals) if seat != holder),
            )
            for fruit, fruit_totals in totals.items()
        }
        at_the_choice(page, buttons, names, size, f"tucano-joker-choice-{size}-{language}")
        control = page.locator(f"button[data-action='joker:{chosen}']")
        label = control.inner_text().split(":")[0].strip()  # the fruit, in the page's language
        choose(page, control, by_keyboard=size == "desktop")
        page.locator("main[data-status=over] .final-scores").wait_for()
        joker_row = page.locator(".final-scores tr", has_text=words["counts"])
        assert joker_row.locator("td").nth(holder).inner_text() == label
        shown = page.locator(".final-scores tr.total td").all_inner_texts()
        assert shown == [str(total) for total in totals[chosen]]
        clean(troubles)
    record = served.call("GET", f"/api/tables/{table.id}/record")
    assert record["seed"] == deal.seed
    assert record["turns"][-1] == f"joker:{chosen}"
    scores = served.call("GET", f"/api/tables/{table.id}")["view"]["scores"]
    assert scores[holder]["joker"] == chosen
    assert [sheet["total"] for sheet in scores] == totals[chosen]


# the page puts the focus on the left copy: the keyboard goes on to the right one
@pytest.mark.parametrize(("size", "language", "copy"), [(*BOTH[0], ">"), (*BOTH[1], "<")])
def test_the_library_asks_which_of_two_identical_cards_to_take(
    module_browser: Browser,
    dealt: tuple[Served, dict[str, Deal], dict[tuple[str, str, str], Table]],
    size: str,
    language: str,
    copy: str,
) -> None:
    served, deals, tables = dealt
    deal, table, words = (
        deals["copies"],
        tables["copies", size, language],
        WORDS[language],
    )
    push(served, table, deal.moves)
    you = deal.seat
    before = seat_view(served, table, you)
    room = before["boards"][before["resolving"]]
    assert room["room"] == "L"
    word = next(word for word in before["legal_actions"] if word.endswith(copy))
    card = word[:-1]
    places = [slot for slot, label in enumerate(room["cards"]) if label == card]
    slot, other = places if copy == "<" else places[::-1]
    with player_context(module_browser, size, language) as (context, troubles):
        page = context.new_page()
        page.goto(served.url + table.link(you))
        cards = page.locator(".dontgointhere button.dg-card.legal")
        cards.first.wait_for()
        assert cards.count() == len(before["legal_actions"])
        names = {  # the two copies look alike, so each says which one it is, in words
            card + side: words["card"].format(curses=card[-1], side=words[side]) for side in "<>"
        }
        at_the_choice(page, cards, names, size, f"dontgointhere-copy-choice-{size}-{language}")
        choose(page, page.locator(f"button[data-action='{word}']"), by_keyboard=size == "desktop")
        after = seat_view(served, table, you)
        place = {0: 1, len(room["cards"]) - 1: -1}.get(slot, 0)  # the Library's ends (fx.L)
        assert after["ghosts"][you] == max(0, before["ghosts"][you] + place)
        page.get_by_text(words["ghosts"].format(n=after["ghosts"][you]), exact=True).wait_for()
        clean(troubles)
    # the chosen copy went to the chooser, the other stays in its place for the next pick
    left = after["boards"][before["resolving"]]["cards"]
    assert left[slot] is None and left[other] == card
    held = after["tableaus"][you]["held"]
    assert held.count(card) == before["tableaus"][you]["held"].count(card) + 1
    play(served, table, lambda _: False, random.Random(), first_legal)  # to the end
    record = served.call("GET", f"/api/tables/{table.id}/record")
    assert record["seed"] == deal.seed
    assert record["turns"][len(deal.moves)] == word
    final = served.call("GET", f"/api/tables/{table.id}")["view"]["scores"]
    game = get_game("dontgointhere")
    replayed = game.new_game(NAMES, {}, deal.seed)
    for turn in record["turns"]:
        replayed.push(turn)
    assert replayed.view(None)["scores"] == final


@pytest.mark.parametrize(("size", "language"), BOTH)
def test_many_gifts_stay_a_compact_grid(
    module_browser: Browser,
    dealt: tuple[Served, dict[str, Deal], dict[tuple[str, str, str], Table]],
    size: str,
    language: str,
) -> None:
    """Six gifts or more (issue 27, defect 10): each a button "fruit → name"
    in the group of its toucan, the whole sentence in its title, all of them
    in a grid that leaves the board on a phone's screen, not a line each."""
    served, deals, tables = dealt
    deal, table = deals["gift"], tables["gift", size, language]
    push(served, table, deal.moves)
    legal = seat_view(served, table, deal.seat)["legal_actions"]
    with player_context(module_browser, size, language) as (context, troubles):
        page = context.new_page()
        page.goto(served.url + table.link(deal.seat))
        buttons = page.locator("button.toucan.legal")
        buttons.first.wait_for()
        assert buttons.count() == len(legal)
        names = dict.fromkeys(legal, r"^\S.* → (Ana|Bo)$")  # in the group "Gift"
        at_the_choice(page, buttons, names, size, f"tucano-gifts-{size}-{language}")
        give = "Give" if language == "en" else "Donner"
        assert (buttons.first.get_attribute("title") or "").startswith(give)
        panel = page.locator(".toucans").bounding_box()
        assert panel is not None
        if size == "phone":
            assert panel["height"] <= 0.4 * PHONE["height"], panel
        clean(troubles)
