"""Shared helpers for the rule tests: decks in a chosen order, scripted positions.

Card ids: 0..99 are the years 1900..1999, 100 is Einstein.  Helpers accept a
card as a year (``1907``), its label (``"1907"``, ``"EIN"``) or ``EIN``.

``play_script`` is the main tool for placement and turn tests: it takes the
turns to play in notation, builds a deck order in which every card lies in
the market group where the player's vehicle will stand when it is taken
(either dealt there or arriving as that group's refill), starts the game from
that deck and plays every turn through the engine.  A last entry without a
target (``"1921"``) is a take only, leaving the card pending so a test can try
targets for it.
"""

import json
from collections.abc import Sequence
from typing import Any

import pytest

from vitrine.engine.errors import IllegalTurnError
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState
from vitrine.games.exhibition.cards import WHITE, CardTable, load_card_table

EIN = 100
NUM_CARDS = 101
MARKET = 18
HALL_SPOTS = 16
CONTINENTS = ("OC", "SA", "AF", "AS", "EU", "NA")
# The hall's spots in index order.
SPOTS = (
    *("G1", "G2", "G3", "G4", "G5", "G6"),
    *("E1", "E2", "E3", "E4"),
    "M1",
    *("C1", "C2", "C3"),
    *("Y1", "Y2"),
)

pytest_plugins = [
    "system_parts",
    "server_fixtures",
    "browser_fixtures",
    "page_helpers",
    "notification_helpers",
]

# The modules that take longest (measured under `make test`), longest first.  make
# test hands whole modules to its workers in collection order (--dist loadscope
# --no-loadscope-reorder: pytest-xdist would otherwise order them by their number of
# tests), so these start first and the run does not end waiting on a long module
# that a worker took last.
LONGEST_FIRST = (
    "test_table_page.py",
    "test_server_processes.py",
    "test_account_browser.py",
    "test_player_pages.py",
    "test_pages.py",
    "test_learn.py",
    "test_browser.py",
    "test_pure_python.py",
    "test_bot_client.py",
    "test_server_public_process.py",
    "test_server_restart.py",
    "test_turn_based.py",
    "test_affinity.py",
    "test_simulate.py",
    "test_server_public.py",
    "test_home.py",
    "test_turns_browser.py",
    "test_review_browser.py",
    "test_fourth_game.py",
    "test_server_schema.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest modules first (``LONGEST_FIRST``), the others as collected; a
    module's tests stay together and in their order."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


GAME = ExhibitionGame()
TABLE: CardTable = load_card_table()

Card = int | str


def card(value: Card) -> int:
    """Card id of a year (1907), a label ("1907", "EIN") or an id >= 100 (EIN)."""
    if isinstance(value, str):
        return EIN if value == "EIN" else int(value) - 1900
    if value == EIN:
        return EIN
    assert 1900 <= value <= 1999, value
    return value - 1900


def continent(value: Card) -> str | None:
    """The continent code of a card from data/cards.json, None for white cards."""
    index = TABLE.continent_of[card(value)]
    return None if index == WHITE else CONTINENTS[index]


def spot(name: str) -> int:
    return SPOTS.index(name)


def build_deck(groups: Sequence[Sequence[Card]] = (), stock: Sequence[Card] = ()) -> list[int]:
    """A full deck: market groups (OC, SA, AF, AS, EU, NA; up to 3 cards each,
    missing ones filled), then ``stock`` drawn first, then every other card.

    Filler cards are the unused ones in ascending order, white cards last, so
    a test that names its cards knows what else lies around.
    """
    named = [card(c) for g in groups for c in g] + [card(c) for c in stock]
    assert len(set(named)) == len(named), "a card is named twice"
    assert len(groups) <= 6 and all(len(g) <= 3 for g in groups)
    pool = [c for c in range(NUM_CARDS) if c not in named and TABLE.continent_of[c] != WHITE]
    pool += [c for c in (45, EIN) if c not in named]
    deck: list[int] = []
    for k in range(6):
        group = [card(c) for c in groups[k]] if k < len(groups) else []
        while len(group) < 3:
            group.append(pool.pop(0))
        deck.extend(group)
    deck.extend(card(c) for c in stock)
    deck.extend(pool)
    assert sorted(deck) == list(range(NUM_CARDS))
    return deck


def new_game(
    players: int = 2,
    *,
    deck: Sequence[int] | None = None,
    variations: Sequence[str] = (),
    secret_decades: Sequence[int] | None = None,
) -> ExhibitionState:
    """A game of ``players`` seats from ``deck`` (default: build_deck())."""
    options: dict[str, Any] = {
        "secret_decade": secret_decades is not None,
        "variations": list(variations),
    }
    names = ["Ana", "Bo", "Cy", "Di", "Ed"][:players]
    return GAME.start(
        names,
        options,
        deck=list(deck) if deck is not None else build_deck(),
        secret_decades=secret_decades,
    )


def _split(entry: str) -> tuple[int, int | None, str | None]:
    """(card, white destination or None, target or None) of a script entry."""
    take, _, target = entry.partition(" ")
    label, _, dest = take.partition("@")
    return card(label), (CONTINENTS.index(dest) if dest else None), (target or None)


def script_deck(script: Sequence[str], players: int) -> list[int]:
    """A deck order under which ``script`` can be played from the start.

    Simulates the turn order (skipping players made final by ``X`` or a full
    hall) and the vehicles, and puts each card where it must be taken: in a
    free dealt slot of the vehicle's group, or as a refill of that group.
    """
    dealt: list[list[int | None]] = [[None] * 3 for _ in range(6)]
    stock: dict[int, int] = {}
    free_refills: list[list[int]] = [[] for _ in range(6)]
    in_group: list[set[int]] = [set() for _ in range(6)]
    used: set[int] = set()
    vehicles = [seat % 6 for seat in range(players)]
    placed = [0] * players
    final = [False] * players
    next_pos = MARKET
    seat = 0
    for number, entry in enumerate(script, start=1):
        assert not all(final), f"script entry {number} {entry!r}: the game is over"
        c, dest, target = _split(entry)
        group = vehicles[seat]
        if c in used:
            assert c in in_group[group], f"script entry {number} {entry!r}: card not at the vehicle"
        elif free_refills[group]:
            stock[free_refills[group].pop(0)] = c
        elif None in dealt[group]:
            dealt[group][dealt[group].index(None)] = c
        else:
            raise AssertionError(f"script entry {number} {entry!r}: no room in group {group}")
        used.add(c)
        in_group[group].discard(c)
        if next_pos < NUM_CARDS:
            free_refills[group].append(next_pos)
            next_pos += 1
        white = TABLE.continent_of[c] == WHITE
        vehicles[seat] = dest if white and dest is not None else TABLE.continent_of[c]
        if target is None:
            assert number == len(script), "only the last entry may be a take only"
            break
        if target == "X":
            final[seat] = True
        elif target != "D":
            placed[seat] += 1
            final[seat] = final[seat] or placed[seat] == HALL_SPOTS
        following = [(seat + i) % players for i in range(1, players + 1)]
        seat = next((s for s in following if not final[s]), seat)
    pool = [c for c in range(NUM_CARDS) if c not in used and TABLE.continent_of[c] != WHITE]
    pool += [c for c in (45, EIN) if c not in used]
    full = [pool.pop(0) if slot is None else slot for group in dealt for slot in group]
    for pos in range(MARKET, NUM_CARDS):
        full.append(stock[pos] if pos in stock else pool.pop(0))
    assert sorted(full) == list(range(NUM_CARDS))
    return full


def play_script(
    script: Sequence[str],
    players: int = 1,
    *,
    variations: Sequence[str] = (),
    secret_decades: Sequence[int] | None = None,
    stop: int | None = None,
) -> ExhibitionState:
    """The position after playing ``script`` (turns in notation) from a fitting deck.

    With ``stop``, only the first ``stop`` entries are played (the deck still
    fits the whole script, so the test can play the rest itself).
    """
    state = new_game(
        players,
        deck=script_deck(script, players),
        variations=variations,
        secret_decades=secret_decades,
    )
    for entry in script[:stop]:
        if " " in entry:
            state.push(entry)
        else:
            state.apply_action(entry)
    return state


def snapshot(state: ExhibitionState) -> tuple[dict[str, Any], list[str]]:
    """Everything public about a state, to check that a refusal changed nothing."""
    return state.view(None), state.turn_texts()


def assert_refused(state: ExhibitionState, action: str, *fragments: str) -> IllegalTurnError:
    """``action`` (a take, a target or a whole turn) is refused, leaving ``state`` as it was,
    with a message holding every fragment, and a code of its own (not the generic
    one) with JSON params, so that the web page can word it in French."""
    before = snapshot(state)
    if " " not in action:
        assert action not in state.legal_actions()
    act = state.push if " " in action else state.apply_action
    with pytest.raises(IllegalTurnError) as info:
        act(action)
    for fragment in fragments:
        assert fragment in str(info.value), (fragment, str(info.value))
    assert snapshot(state) == before
    assert info.value.code != IllegalTurnError.default_code, str(info.value)
    assert json.loads(json.dumps(info.value.params)) == info.value.params
    return info.value


def assert_accepted(state: ExhibitionState, target: str) -> None:
    """The pending card may go to ``target``: listed, and placing it (on a copy) works."""
    assert state.pending is not None
    assert target in state.legal_actions(), (target, state.legal_actions())
    clone = state.copy()
    player = clone.current
    clone.apply_action(target)
    if target in SPOTS:
        assert clone.halls[player][spot(target)] == state.pending.card
