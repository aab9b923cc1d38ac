"""Don't Go In There: placing meeples, resolving rooms and every room's effect."""

import pytest

from dontgointhere_helpers import COMPONENTS, GAME, labels, make_state, names, play
from vitrine.engine.errors import IllegalTurnError
from vitrine.games.dontgointhere.config import EMPTY, OVER, PICK
from vitrine.games.dontgointhere.state import DontGoInThereState

A, B, L = 0, 1, 2  # the boards


@pytest.mark.parametrize(
    ("players", "types", "deck", "removed"),
    [(2, 5, 15, 16), (3, 6, 27, 12), (4, 7, 39, 8), (5, 8, 51, 4)],
)
def test_setup_per_player_count(players: int, types: int, deck: int, removed: int) -> None:
    state = GAME.new_game(names(players), {}, seed=players)
    view = state.view(None)
    assert len(view["types"]) == types
    assert (view["deck_count"], view["removed_count"]) == (deck, removed)
    assert all(len([c for c in b["cards"] if c]) == 3 for b in view["boards"])
    for board, entry in enumerate(view["boards"]):
        assert COMPONENTS.rooms[COMPONENTS.room_index(entry["room"])].board == board
    assert view["meeples"] == [5] * players
    assert view["current_player"] == 0  # G-1


def test_seed_chooses_types_and_options_can_name_them() -> None:
    assert GAME.new_game(names(2), {}, 3).view(None) == GAME.new_game(names(2), {}, 3).view(None)
    seen = {tuple(GAME.new_game(names(2), {}, seed).view(None)["types"]) for seed in range(8)}
    assert len(seen) > 1
    chosen = ["HW", "MA", "MB", "PO", "TW"]
    assert GAME.new_game(names(2), {"types": chosen}, 3).view(None)["types"] == chosen


def test_placing_passes_to_the_next_player_and_attic_top_takes_a_ghost() -> None:
    state = make_state()
    play(state, "A1")
    assert state.ghosts == [1, 0]
    assert state.current == 1
    play(state, "A2")
    assert state.ghosts == [1, 0]
    assert state.view(0)["meeples"] == [4, 4]


def test_resolution_rolls_one_die_per_icon_haunts_by_flashlights_and_picks_top_down() -> None:
    state = make_state(first=["AM1", "CA1", "CL1"], dice="GG----")
    play(state, "A1", "A2", "A4")
    assert state.dice == [True, True, False, False, False, False]  # 2+2+2 icons
    assert state.ghosts == [1 + 2, 1]  # top space: 2 ghosts - 0; space 2: 2 - 1; space 4: 0
    assert (state.phase, state.current) == (PICK, 0)
    assert state.legal_actions() == ["AM1", "CA1", "CL1"]
    play(state, "CL1")
    assert state.current == 1
    play(state, "AM1")  # Ana's last pick is forced (G-4)
    assert labels(state.held[0]) == ["CA1", "CL1"]
    assert state.history == ["A1", "A2", "A4", "CL1", "AM1"]
    assert state.rooms[A] == COMPONENTS.room_index("N")  # flipped
    assert all(c != EMPTY for c in state.slots[A])
    assert state.spaces[A] == [-1] * 4
    assert state.current == 1  # after the placer


def test_nursery_bottom_discards_a_ghost_if_any() -> None:
    state = make_state(rooms=("N", "B", "L"))
    state.ghosts[0] = 2
    play(state, "N4")
    assert state.ghosts[0] == 1
    play(state, "N3")
    assert state.ghosts[1] == 0
    state.ghosts[0] = 0
    state.apply_action("B1")
    state.apply_action("B4")
    assert state.ghosts[1] == 0


def basement(dice: str, room: str = "B") -> DontGoInThereState:
    state = make_state(
        first=["AM1", "CA1", "CL1", "AM4", "CA4", "CL4"], rooms=("A", room, "L"), dice=dice
    )
    return play(state, f"{room}1", f"{room}2", f"{room}3")


def test_basement_re_roll_is_the_third_placers_choice() -> None:
    state = basement("GGG---")
    assert state.current == 0 and state.legal_actions() == ["KEEP", "REROLL"]
    play(state, "REROLL")
    assert state.dice == [False, False, False]
    assert state.ghosts == [0, 0]
    kept = basement("GGG---")
    play(kept, "KEEP")
    assert kept.ghosts == [3 + 1, 2]


def test_hallway_changes_one_die_or_none() -> None:
    state = basement("GG-", "H")
    assert state.legal_actions() == ["BLANK", "GHOST", "KEEP"]
    play(state, "BLANK")
    assert state.dice == [False, True, False] and state.ghosts == [1 + 0, 0]
    more = play(basement("GG-", "H"), "GHOST")
    assert more.ghosts == [3 + 1, 2]
    full = basement("GGG", "H")
    assert full.legal_actions() == ["BLANK", "KEEP"]
    with pytest.raises(IllegalTurnError, match="no die shows a blank"):
        full.apply_action("GHOST")
    with pytest.raises(IllegalTurnError, match="not a choice of this room"):
        full.apply_action("REROLL")


def test_library_sorts_and_charges_the_ends() -> None:
    state = make_state(
        first=["AM1", "CA1", "CL1", "AM4", "CA4", "CL4", "CL3", "AM1", "CA2"], dice="-----"
    )
    assert [COMPONENTS.label(c) for c in state.slots[L]] == ["AM1", "CA2", "CL3"]
    state.ghosts[1] = 2
    play(state, "L1", "L2", "L3", "AM1", "CL3")
    assert state.ghosts == [1, 1]
    assert labels(state.held[0]) == ["AM1", "CA2"]


def test_library_orders_equal_curses_by_draw() -> None:
    """G-12: a stable sort by curse, the card drawn first on the left, as the
    published implementation's Library text has it (not by type)."""
    first = ["AM1", "CA1", "CL1", "AM4", "CA4", "CL4"]
    state = make_state(first=[*first, "CL2", "AM1", "AM2"])
    assert [COMPONENTS.label(c) for c in state.slots[L]] == ["AM1", "CL2", "AM2"]
    state = make_state(first=[*first, "AM2", "CL2", "CA2"])
    assert [COMPONENTS.label(c) for c in state.slots[L]] == ["AM2", "CL2", "CA2"]
    state = make_state(first=[*first, "CA2", "AM2", "AM2"])
    assert [COMPONENTS.label(c) for c in state.slots[L]] == ["CA2", "AM2", "AM2"]


def library_with_copies(ghosts: int = 2) -> DontGoInThereState:
    """The Library holding CA2, AM2, AM2 (in that order), every meeple placed."""
    state = make_state(
        first=["AM1", "CA1", "CL1", "AM4", "CA4", "CL4", "CA2", "AM2", "AM2"], dice="------"
    )
    state.ghosts[0] = ghosts
    return play(state, "L1", "L2", "L3")


def test_library_identical_cards_are_two_choices_each_with_its_own_result() -> None:
    state = library_with_copies()
    assert state.legal_actions() == ["AM2<", "AM2>", "CA2"]
    middle = play(state.copy(), "AM2<")  # the middle card: no ghost either way
    assert middle.ghosts == [2, 0]
    assert [COMPONENTS.label(c) if c != EMPTY else None for c in middle.slots[L]] == [
        "CA2",
        None,
        "AM2",
    ]
    right = play(state.copy(), "AM2>")  # the rightmost: a ghost discarded first
    assert right.ghosts == [1, 0]
    assert [COMPONENTS.label(c) if c != EMPTY else None for c in right.slots[L]] == [
        "CA2",
        "AM2",
        None,
    ]
    # Bo's pick then also differs: after AM2< he chooses between the leftmost
    # and the rightmost card; after AM2> the two left are his choices.
    assert middle.legal_actions() == ["AM2", "CA2"] == right.legal_actions()
    play(middle, "AM2")
    play(right, "AM2")
    assert (middle.ghosts[1], right.ghosts[1]) == (0, 0)  # Bo had none to discard


def test_library_copy_words_are_refused_where_they_do_not_apply() -> None:
    state = library_with_copies()
    with pytest.raises(IllegalTurnError, match=r"take AM2< \(the left one\) or AM2>") as info:
        state.apply_action("AM2")
    assert info.value.code == "dgit_which_copy"
    assert info.value.params["left"] == "AM2<"
    with pytest.raises(IllegalTurnError, match="no CA1 lies above the room") as info:
        state.apply_action("CA1>")
    assert info.value.code == "dgit_no_card"
    with pytest.raises(IllegalTurnError, match="here CA2 is one choice") as info:
        state.apply_action("CA2<")
    assert info.value.code == "dgit_one_copy"
    # Outside the Library two identical cards are one choice: nothing tells them apart.
    hallway = make_state(
        first=["AM1", "CA1", "CL1", "AM2", "AM2", "CA4", "CL4", "CA2", "CL1"],
        rooms=("A", "H", "L"),
        dice="------",
    )
    play(hallway, "H1", "H2", "H3", "KEEP")
    assert hallway.legal_actions() == ["AM2", "CA4"]
    with pytest.raises(IllegalTurnError, match="here AM2 is one choice"):
        hallway.apply_action("AM2<")


def test_a_pick_between_two_copies_is_not_forced() -> None:
    """G-4: the engine picks only when one choice is left, and two copies in
    the Library are two choices even when nothing else is left."""
    state = make_state(
        3, first=["AM1", "CA1", "CL1", "AM4", "CA4", "CL4", "AM2", "CA3", "AM2"], dice="------"
    )
    assert [COMPONENTS.label(c) for c in state.slots[L]] == ["AM2", "AM2", "CA3"]
    play(state, "L1", "L2", "L3", "CA3")
    assert (state.phase, state.current) == (PICK, 1)
    assert state.legal_actions() == ["AM2<", "AM2>"]
    play(state, "AM2<")  # the leftmost: Bo takes a ghost first
    assert state.ghosts == [0, 1, 0]
    assert state.history[-2:] == ["CA3", "AM2<"]  # Cy's last card is forced, unrecorded
    assert labels(state.held[2]) == ["AM2"]


def test_secret_passage_card_is_seen_by_placers_and_revealed_by_the_third() -> None:
    state = make_state(
        3,
        first=["AM1", "CA1", "CL1", "AM4", "CA4", "CL4", "DO1", "DO2", "DO3"],
        rooms=("A", "B", "S"),
        dice="-----",
    )
    hidden = ["DO1", "DO2", "?"]
    assert all(state.view(v)["boards"][L]["cards"] == hidden for v in (None, 0, 1, 2))
    play(state, "S1", "A1", "S2")
    assert state.view(0)["boards"][L]["cards"] == ["DO1", "DO2", "DO3"]
    assert state.view(2)["boards"][L]["cards"] == ["DO1", "DO2", "DO3"]
    assert state.view(1)["boards"][L]["cards"] == hidden
    assert state.view(None)["boards"][L]["cards"] == hidden
    assert state.view(1)["boards"][L]["seen_by"] == [0, 2]
    play(state, "S3")
    assert state.view(1)["boards"][L]["cards"] == ["DO1", "DO2", "DO3"]


def test_an_empty_deck_removes_rooms_and_the_end_comes_with_the_last_card() -> None:
    state = GAME.new_game(names(2), {}, 9)
    removed_seen = False
    while not state.is_over:
        if state.phase == 0 and EMPTY in state.rooms:
            board = state.rooms.index(EMPTY)
            word = f"{COMPONENTS.rooms[board * 2].code}1"
            with pytest.raises(IllegalTurnError, match="left the game"):
                state.apply_action(word)
            removed_seen = True
        state.apply_action(state.legal_actions()[0])
    assert removed_seen
    assert state.phase == OVER and state.rooms == [EMPTY] * 3
    assert (
        state.deck == []
        and sum(len(h) + len(d) for h, d in zip(state.held, state.dispelled, strict=True)) == 24
    )


def test_a_player_without_meeples_is_skipped() -> None:
    state = GAME.new_game(names(2), {}, 638)
    play(state, "S3", "A4", "S1", "H3", "S2", "CA2", "RI1", "H4", "L1", "A1", "L3", "L2", "RI4")
    play(state, "PO1", "H2", "KEEP", "MB1", "PO3", "S1", "B3", "B4", "B1", "KEEP", "MB2", "CA1")
    play(state, "S3", "H1", "H3", "H2", "BLANK", "MB2", "B4")
    mover = state.current
    play(state, "B1")  # a second meeple in the room: nothing resolves
    assert state.free_meeples(1 - mover) == 0
    assert state.current == mover  # the other player, with no meeple left, is skipped (G-5)
