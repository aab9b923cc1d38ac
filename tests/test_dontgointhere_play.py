"""Don't Go In There: notation, refusals, records, views, determinization,
perft, and random games with invariants."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dontgointhere_helpers import COMPONENTS, GAME, make_state, names, play, setup_for
from vitrine.engine.errors import IllegalTurnError, NotationError, RecordError, VitrineError
from vitrine.engine.perft import perft
from vitrine.engine.record import Record
from vitrine.games.dontgointhere import DontGoInThereState
from vitrine.games.dontgointhere.config import CARDS_PER_ROOM, EMPTY
from vitrine.games.dontgointhere.determinize import counted_ghosts
from vitrine.games.dontgointhere.scoring import score_game


def random_game(seed: int, players: int, steps: int | None = None) -> DontGoInThereState:
    state = GAME.new_game(names(players), {}, seed)
    rng = random.Random(seed)
    while not state.is_over and (steps is None or len(state.history) < steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# ------------------------------------------------------------------ notation


def test_every_word_round_trips() -> None:
    notation = make_state().config.notation
    for index, word in enumerate(notation.words):
        assert notation.parse(word) == index
    # placements, cards, the left and right of two copies, Tome types, dice choices
    assert len(set(notation.words)) == len(notation.words) == 24 + 3 * 48 + 12 + 4


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "nothing given"),
        ("Z2", "no room 'Z'"),
        ("L7", "space 7 does not exist"),
        ("XX3", "no card type 'XX'"),
        ("MI9", "not a card"),
        ("MI9<", "not a card"),
        ("XX3>", "no card type 'XX'"),
        ("MI3<<", "expected a placement"),
        ("T:ZZ", "no card type 'ZZ'"),
        ("l2", "no room 'l'"),
        ("PASS", "expected a placement"),
    ],
)
def test_parse_errors_say_what_is_wrong(text: str, fragment: str) -> None:
    state = make_state()
    before = state.view(0)
    with pytest.raises(NotationError, match=fragment) as info:
        state.apply_action(text)
    assert state.view(0) == before
    assert info.value.code.startswith("dgit_notation") and info.value.params["text"] == text


def refused(state: DontGoInThereState, word: str, fragment: str) -> None:
    """Refused with a message holding ``fragment``, a code of its own and
    JSON params (for the page's other languages), changing nothing."""
    before = state.view(state.current_player)
    with pytest.raises(IllegalTurnError, match=fragment) as info:
        state.apply_action(word)
    assert state.view(state.current_player) == before
    assert info.value.code != IllegalTurnError.default_code
    assert json.loads(json.dumps(info.value.params)) == info.value.params


def test_refusals_name_the_reason_and_change_nothing() -> None:
    state = make_state(first=["AM1", "CA1", "CL1"], rooms=("A", "B", "L"), dice="------")
    refused(state, "N1", "its board shows the Attic")
    refused(state, "AM1", "is a card pick, but now you must place a meeple")
    refused(state, "KEEP", "is a dice choice")
    refused(state, "T:CA", "is a Tome's choice")
    play(state, "A1")
    refused(state, "A1", "already holds Ana's meeple")
    play(state, "A2", "A3")
    refused(state, "AM4", "no AM4 lies above the room")
    refused(state, "B1", "is a placement, but now you must take a card above the Attic")
    over = random_game(4, 2)
    refused(over, "A1", "game is over")


# ------------------------------------------------------------------- records


def test_records_replay_exactly_from_the_seed() -> None:
    state = random_game(21, 3)
    record = state.record()
    assert record.seed == 21 and record.setup == {}
    again = GAME.load(record.to_json())
    assert again.view(None) == state.view(None)
    assert again.ghosts == state.ghosts


def test_records_of_earlier_rules_replay_under_them() -> None:
    """A record names its rules; dontgointhere-2026.1's still replay under
    them (G-11, G-12 and G-26 as they were), and keep their version."""
    deal = ["AM1", "CA1", "CL1", "AM4", "CA4", "CL4", "CA2", "AM2", "AM2"]
    old = make_state(first=deal, dice="------", rules_version="dontgointhere-2026.1")
    assert [COMPONENTS.label(c) for c in old.slots[2]] == ["AM2", "AM2", "CA2"]  # by type
    old.ghosts[0] = 1
    play(old, "L1", "L2", "L3")
    assert old.legal_actions() == ["AM2", "CA2"]  # one choice: the right copy
    play(old, "AM2")
    assert old.ghosts[0] == 1  # the middle card: no ghost
    record = json.loads(old.record().to_json())
    assert record["rules_version"] == "dontgointhere-2026.1"
    again = GAME.load(json.dumps(record))
    assert again.view(None) == old.view(None)
    assert again.view(None)["rules_version"] == "dontgointhere-2026.1"
    current = json.dumps({**record, "rules_version": GAME.rules_version})
    with pytest.raises(RecordError, match="turn 4: 'AM2': two AM2 lie in the Library") as info:
        GAME.load(current)  # the same turns mean something else under today's rules
    assert info.value.code == "dgit_which_copy"


def test_explicit_setup_records_replay_exactly() -> None:
    state = make_state(3, first=["DO1", "DO2", "DO3"], dice="GGGG")
    rng = random.Random(5)
    while not state.is_over:
        state.apply_action(rng.choice(state.legal_actions()))
    text = state.record().to_json()
    assert '"dice": "GGGG"' in text and '"rooms"' in text
    assert GAME.load(text).view(None) == state.view(None)


def test_the_same_deck_rolls_the_same_dice_from_the_same_seed() -> None:
    seeded = GAME.new_game(names(2), {}, 77)
    fields = {
        "deck": [COMPONENTS.label(c) for c in reversed(seeded.deck)],
        "removed": [COMPONENTS.label(c) for c in seeded.removed],
    }
    # the nine cards on the boards come first in the draw order
    dealt = [COMPONENTS.label(c) for row in seeded.slots for c in row]
    fields["deck"] = dealt + fields["deck"]
    explicit = GAME.start(names(2), {}, seed=77, setup=fields)
    for word in ("A1", "A2", "A3", "N1", "N2", "N3", "S1", "S2", "S3"):
        if word in seeded.legal_actions():
            seeded.apply_action(word)
            explicit.apply_action(word)
    assert explicit.dice == seeded.dice


def record_dict(**changes: object) -> dict[str, object]:
    data: dict[str, object] = json.loads(random_game(3, 2, steps=5).record().to_json())
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "fragment", "code"),
    [
        ({"game": "exhibition"}, "is for the game 'exhibition'", "record_game"),
        (
            {"rules_version": "x"},
            "unknown rules_version 'x' .this engine plays dontgointhere-2026.1, "
            "dontgointhere-2026.2.",
            "record_rules_version",
        ),
        ({"seed": None}, "needs a seed", "dgit_record_needs_seed"),
        ({"turns": ["A1", "A1"]}, "turn 2: 'A1': space A1 already holds", "dgit_space_taken"),
        ({"turns": ["Q9"]}, "turn 1: 'Q9': malformed decision", "dgit_notation_room"),
        ({"options": {"types": ["CA"]}}, "play with 5 types", "dgit_types_count"),
        ({"options": {"colour": 1}}, "unknown option", "options_unknown"),
        ({"rooms": ["A", "L", "B"]}, "not on board 2", "dgit_room_board"),
        ({"dice": "GX"}, "'dice' must be a string of faces", "dgit_dice_not_faces"),
        ({"deck": ["AM1"]}, "with both 'deck' and 'removed'", "dgit_cards_not_list"),
        ({"players": ["solo"]}, "for 2 to 5 players", "player_count"),
    ],
)
def test_bad_records_are_refused_precisely(
    changes: dict[str, object], fragment: str, code: str
) -> None:
    data = {k: v for k, v in record_dict(**changes).items() if v is not None}
    with pytest.raises(RecordError, match=fragment) as caught:
        GAME.replay(Record.from_dict(data, GAME.setup_fields))
    assert caught.value.code == code  # so the replay page can word it in French
    json.dumps(caught.value.params)


def test_explicit_cards_must_be_whole_types() -> None:
    setup = setup_for(2)
    deck = list(setup["deck"])  # type: ignore[call-overload]
    deck[0] = "TW1"
    with pytest.raises(VitrineError, match="every card of their types twice") as caught:
        GAME.start(names(2), {}, seed=1, setup={**setup, "deck": deck})
    assert (caught.value.code, caught.value.params) == (
        "dgit_cards_off",
        {"cards": "AM1, TW1, TW2, TW3, TW4"},
    )
    with pytest.raises(VitrineError, match="must hold 16 cards") as caught:
        GAME.start(names(2), {}, seed=1, setup={**setup, "removed": []})
    assert caught.value.params == {"expected": 16, "got": 0}


def test_options_from_variant_names() -> None:
    assert GAME.parse_options(["CA", "MI"]) == {"types": ["CA", "MI"]}
    with pytest.raises(VitrineError, match="no card type 'XX'"):
        GAME.parse_options(["XX"])
    with pytest.raises(VitrineError, match="names a type twice"):
        GAME.parse_options(["CA", "CA"])


# --------------------------------------------------------------------- views


def hidden_variant(
    state: DontGoInThereState, viewer: int, rng: random.Random
) -> DontGoInThereState:
    """The same position with everything ``viewer`` may not see changed."""
    other = state.copy()
    other.redeterminize(viewer, rng)
    for seat in range(other.num_players):
        if seat != viewer:
            other.ghosts[seat] += 1 + seat
    return other


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5), st.integers(0, 90))
def test_views_do_not_depend_on_what_is_hidden(seed: int, players: int, steps: int) -> None:
    state = random_game(seed, players, steps)
    rng = random.Random(seed)
    for viewer in range(players):
        other = hidden_variant(state, viewer, rng)
        if not state.is_over:
            assert other.view(viewer) == state.view(viewer)
            assert other.view(None)["boards"] == state.view(None)["boards"]


def test_view_json_holds_no_deck_order_no_others_ghosts_no_unseen_card() -> None:
    state = make_state(
        3,
        first=["AM1", "CA1", "CL1", "AM4", "CA4", "CL4", "DO1", "DO2", "TO4"],
        rooms=("A", "B", "S"),
    )
    play(state, "S1")
    state.ghosts = [3, 11, 17]
    order = json.dumps([COMPONENTS.label(c) for c in reversed(state.deck)][:4])[1:-1]
    removed = json.dumps([COMPONENTS.label(c) for c in state.removed][:4])[1:-1]
    for viewer in (None, 0, 1, 2):
        assert order not in json.dumps(state.view(viewer))
        assert removed not in json.dumps(state.view(viewer))
    for viewer in (None, 1, 2):
        view = state.view(viewer)
        text = json.dumps(view)
        assert "TO4" not in text  # only Ana placed in the Secret Passage
        assert not {"deck", "removed", "seed"} & set(view)
        assert "17" not in json.dumps(view["ghosts"]) or viewer == 2
        assert view["ghosts"][0] is None
    assert "TO4" in json.dumps(state.view(0))


def test_ghosts_are_revealed_at_the_end() -> None:
    state = random_game(8, 3)
    assert state.view(1)["ghosts"] == state.ghosts
    assert [s["ghosts"] for s in state.view(None)["scores"]] == state.ghosts


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5), st.integers(0, 90))
def test_determinize_gives_states_the_viewer_cannot_tell_apart(
    seed: int, players: int, steps: int
) -> None:
    state = random_game(seed, players, steps)
    if state.is_over:
        return
    viewer = state.current
    view = state.view(viewer)
    sample = GAME.determinize(view, random.Random(seed))
    assert sample.view(viewer) == view
    assert sample.ghosts == state.ghosts  # every other count, counted from public changes (G-15)
    assert sample.legal_actions() == state.legal_actions()
    sample.playout(random.Random(seed))
    assert sample.is_over


def test_determinize_refuses_a_spectator() -> None:
    with pytest.raises(VitrineError, match="spectator"):
        GAME.determinize(make_state().view(None), random.Random(1))


# ------------------------------------------------------------- invariants


def all_cards(state: DontGoInThereState) -> Counter[int]:
    piles = [state.deck, state.removed, *state.held, *state.dispelled]
    piles += [[c for c in row if c != EMPTY] for row in state.slots]
    return Counter(c for pile in piles for c in pile)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 100_000), st.integers(2, 5))
def test_random_games_keep_their_invariants(seed: int, players: int) -> None:
    state = GAME.new_game(names(players), {}, seed)
    everything = Counter(COMPONENTS.cards_of(state.config.types))
    rng = random.Random(seed)
    while not state.is_over:
        assert all_cards(state) == everything
        assert all(g >= 0 for g in state.ghosts)
        assert counted_ghosts(state.ghost_events, players) == state.ghosts  # public, exact
        assert all(0 <= state.free_meeples(p) <= 5 for p in range(players))
        assert all(len(row) == CARDS_PER_ROOM for row in state.slots)
        state.apply_action(rng.choice(state.legal_actions()))
    assert all_cards(state) == everything
    assert state.deck == [] and all(room == EMPTY for room in state.rooms)
    sheets = score_game(state)
    assert all(s.total == sum(s.categories.values()) for s in sheets)
    assert sum(state.returns()) == pytest.approx(1.0)
    assert GAME.load(state.record().to_json()).view(None) == state.view(None)


# --------------------------------------------------------------------- perft


@pytest.mark.parametrize(
    ("seed", "players", "version", "counts"),
    [
        (1, 2, None, [12, 132, 1320, 11448]),
        (2, 3, None, [12, 132, 1320, 11424]),
        # Two MA1 in the Library: two choices today (G-11), one under 2026.1.
        (11, 3, None, [12, 132, 1320, 11448]),
        (11, 3, "dontgointhere-2026.1", [12, 132, 1320, 11424]),
    ],
)
def test_perft_counts_are_locked(
    seed: int, players: int, version: str | None, counts: list[int]
) -> None:
    state = GAME.new_game(names(players), {}, seed, rules_version=version)
    assert [perft(state, depth) for depth in range(1, 5)] == counts


# -------------------------------------------------------------------- search


def test_a_copy_rolls_the_same_dice_without_touching_the_original() -> None:
    state = GAME.new_game(names(2), {}, 6)
    copy = state.copy()
    rng = random.Random(2)
    while not copy.is_over:
        copy.apply_action(rng.choice(copy.legal_actions()))
    replayed = GAME.new_game(names(2), {}, 6)
    for word in copy.history:
        state.apply_action(word)
        replayed.apply_action(word)
    assert state.view(None) == copy.view(None) == replayed.view(None)


def test_rollouts_return_shares_and_shaped_values_in_range() -> None:
    state = random_game(3, 3, steps=20)
    plain = state.copy().rollout(random.Random(1))
    assert sum(plain) == pytest.approx(1.0)
    for informed in (False, True):
        shaped = state.copy().rollout(random.Random(1), informed=informed, shaped=True)
        assert all(0.0 <= value <= 1.0 for value in shaped)
    assert state.history == random_game(3, 3, steps=20).history  # the state was copied


def test_evaluate_counts_curses_now_and_a_little_per_ghost() -> None:
    state = make_state()
    state.held[0] = [COMPONENTS.card("AM3"), COMPONENTS.card("CA2")]
    state.ghosts = [4, 2]
    assert GAME.evaluate(state, 0) == -(3 + 2 + 4 // 2 + 0.25 * 4)
    assert GAME.evaluate(state, 1) == -(0.25 * 2)
