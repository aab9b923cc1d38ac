"""Tucano's turn flow: setup, columns, each toucan, the end, the joker's fruit, and
refusals (T-1..T-10)."""

import json
import random

import pytest

from tucano_helpers import (
    GAME,
    TABLE,
    hand,
    joker_choice,
    kind,
    last_turn,
    play_randomly,
    position,
)
from vitrine.engine.errors import IllegalTurnError, NotationError, RecordError, VitrineError
from vitrine.games.tucano import deal

TOUCANS = {"flip", "gift", "steal"}


@pytest.mark.parametrize("seed", range(40))
def test_the_deal_puts_no_toucan_in_the_upper_29(seed: int) -> None:
    order = deal(seed, TABLE)
    assert sorted(order) == sorted(k for k, n in enumerate(TABLE.counts) for _ in range(n))
    assert not any(TABLE.is_toucan(k) for k in order[:29])
    assert sum(TABLE.is_toucan(k) for k in order[29:]) == 12


def test_columns_are_dealt_a_b_c_then_b_and_refilled_a_b_c() -> None:
    order = deal(3, TABLE)
    names = [TABLE.names[k] for k in order]
    state = GAME.start(["Ana", "Bo"], deck=names)
    columns = state.view(None)["columns"]
    assert [c["cards"] for c in columns] == [[names[0]], [names[1], names[3]], [names[2]]]
    state.push("B")
    columns = state.view(None)["columns"]
    assert [c["cards"] for c in columns] == [
        [names[0], names[4]],
        [names[5]],
        [names[2], names[6]],
    ]
    assert state.view(None)["deck_count"] == 70 - 7


def test_seat_0_starts_and_play_goes_up_the_seats() -> None:
    state = GAME.start(["Ana", "Bo", "Cy"], seed=2)
    seen = []
    for _ in range(6):
        seen.append(state.current_player)
        state.push(state.legal_turns()[0])
    assert seen == [0, 1, 2, 0, 1, 2]


def test_taking_a_column_puts_its_fruit_face_up() -> None:
    state = position(columns=[["fig", "fig", "joker"], ["lime"], ["acai"]])
    state.push("A")
    assert hand(state, 0) == {"fig": 2, "joker": 1}
    assert state.current_player == 1
    assert state.view(None)["columns"][0]["cards"] == [TABLE.names[state.columns[0][0]]]


def test_toucans_wait_and_the_player_picks_their_order() -> None:
    state = position(columns=[["lime", "gift", "flip"], ["fig"], ["acai"]])
    state.apply_action("A")
    assert state.mid_turn
    assert state.current_player == 0
    assert state.legal_actions() == ["flip", "gift:lime>1", "gift:lime>2"]
    state.apply_action("gift:lime>2")
    assert state.legal_actions() == ["flip"]
    state.apply_action("flip")
    assert not state.mid_turn
    assert state.current_player == 1
    assert hand(state, 2) == {"lime": 1}
    assert state.piles[0] == []  # nothing was face up when the flip came
    assert state.record().turns[-1] == "A gift:lime>2 flip"


def test_gift_gives_a_face_up_card_the_joker_included() -> None:
    state = position(columns=[["gift"], ["fig"], ["acai"]], faceup={0: {"joker": 1}})
    state.push("A gift:joker>1")
    assert hand(state, 0) == {}
    assert hand(state, 1) == {"joker": 1}
    assert state.discards == [kind("gift")]


def test_with_two_players_gift_and_steal_target_the_other_seat() -> None:
    state = position(
        players=2, columns=[["gift", "steal"], ["fig"], ["acai"]], faceup={0: {"fig": 1}}
    )
    state.apply_action("A")
    assert state.legal_actions() == ["gift:fig>1", "steal"]  # seat 1 has nothing face up
    with pytest.raises(IllegalTurnError, match="another player's seat"):
        state.apply_action("gift:fig>0")
    with pytest.raises(IllegalTurnError, match="no seat 2 in a 2-player game"):
        state.apply_action("gift:fig>2")


def test_steal_takes_a_face_up_card_from_the_named_player() -> None:
    state = position(
        columns=[["steal"], ["fig"], ["acai"]], faceup={1: {"banana": 2}, 2: {"fig": 1}}
    )
    state.apply_action("A")
    assert state.legal_actions() == ["steal:banana<1", "steal:fig<2"]
    state.apply_action("steal:banana<1")
    assert hand(state, 0) == {"banana": 1}
    assert hand(state, 1) == {"banana": 1}


def test_flip_turns_every_face_up_card_into_a_new_pile_each_time() -> None:
    state = position(
        columns=[["flip", "papaya"], ["flip", "fig"], ["acai"]], faceup={0: {"joker": 1, "lime": 2}}
    )
    state.push("A flip")
    assert hand(state, 0) == {}
    assert sorted(state.piles[0][0]) == sorted(
        [kind("joker"), kind("lime"), kind("lime"), kind("papaya")]
    )
    assert state.view(None)["hands"][0]["piles"] == [4]
    state.current = 0
    fruit_in_b = sum(not TABLE.is_toucan(k) for k in state.columns[1])  # fig and a refill
    state.push("B flip")
    assert state.view(None)["hands"][0]["piles"] == [4, fruit_in_b]
    assert state.held(0)[kind("lime")] == 2  # face-down cards still count


def test_face_down_cards_cannot_be_stolen() -> None:
    state = position(columns=[["flip"], ["steal"], ["acai"]], faceup={0: {"orange": 3}})
    state.push("A flip")
    state.apply_action("B")  # seat 1 takes the steal: seat 0 holds only face-down cards
    assert state.legal_actions() == ["steal"]
    with pytest.raises(IllegalTurnError, match="P0 has no face-up orange"):
        state.apply_action("steal:orange<0")


def test_a_toucan_that_cannot_be_used_is_discarded_unused_and_only_then() -> None:
    state = position(columns=[["gift", "steal"], ["fig"], ["acai"]], faceup={1: {"lime": 1}})
    state.apply_action("A")
    # Gift first: nothing face up to give.  Steal first: it can be used.
    assert state.legal_actions() == ["gift", "steal:lime<1"]
    with pytest.raises(IllegalTurnError, match="steal toucan can be used"):
        state.apply_action("steal")
    trial = state.copy()
    trial.apply_action("gift")
    assert trial.legal_actions() == ["steal:lime<1"]
    state.apply_action("steal:lime<1")
    assert state.legal_actions() == ["gift:lime>1", "gift:lime>2"]
    with pytest.raises(IllegalTurnError, match="gift toucan can be used"):
        state.apply_action("gift")


def test_steal_with_nothing_face_up_anywhere_is_discarded_unused() -> None:
    state = position(columns=[["steal"], ["fig"], ["acai"]])
    state.apply_action("A")
    assert state.legal_actions() == ["steal"]
    state.apply_action("steal")
    assert state.current_player == 1
    assert state.discards == [kind("steal")]


def test_the_game_lasts_24_turns_every_seat_playing_as_many() -> None:
    for players in (2, 3, 4):
        state = GAME.start([f"P{i}" for i in range(players)], seed=players)
        rng = random.Random(players)
        seats = []
        while not state.is_over:
            if not state.mid_turn and not state.joker_due:
                seats.append(state.current_player)
            play_randomly(state, rng, 1)
        assert len(seats) == state.turn == 24
        assert all(seats.count(seat) == 24 // players for seat in range(players))
        assert state.draw_pile == []
        assert all(column == [] for column in state.columns)


def test_after_the_pile_runs_out_columns_shrink_and_the_last_is_discarded() -> None:
    state = GAME.start(["Ana", "Bo"], seed=9)
    rng = random.Random(1)
    while state.turn < 22:
        play_randomly(state, rng, 1)
    assert state.draw_pile == []
    assert state.legal_actions() == ["A", "B", "C"]
    state.apply_action("A")
    while state.mid_turn:
        state.apply_action(state.legal_actions()[0])
    assert state.columns[0] == []
    assert state.legal_actions() == ["B", "C"]
    with pytest.raises(IllegalTurnError, match="column A is empty"):
        state.apply_action("A")
    left = state.columns[2][:]
    state.apply_action("B")
    while state.mid_turn or state.joker_due:
        state.apply_action(state.legal_actions()[0])
    assert state.is_over
    assert state.turn == 24
    assert state.discards[-len(left) :] == left
    assert state.legal_actions() == []
    with pytest.raises(IllegalTurnError, match="the game is over"):
        state.apply_action("C")


def test_refusals_name_the_fault_and_change_nothing() -> None:
    state = position(
        columns=[["gift", "flip"], [], ["acai"]], faceup={0: {"fig": 1}, 1: {"lime": 1}}
    )
    before = json.dumps(state.view(None))
    cases = [
        ("B", IllegalTurnError, "column B is empty"),
        ("A gift:banana>1", IllegalTurnError, "you have no face-up banana"),
        ("A gift:fig>1", IllegalTurnError, "the turn is unfinished"),
        ("A gift:fig>1 flip flip", IllegalTurnError, "more decisions than toucans"),
        ("A gift:fig>1 flip C", NotationError, "only one column"),
        ("gift:fig>1", NotationError, "starts with a column"),
        ("A steal:lime<1", IllegalTurnError, "no steal toucan"),
        ("A gift:lime<1", NotationError, "with '>'"),
        ("A gift:kiwi>1", NotationError, "unknown card 'kiwi'"),
    ]
    for text, error, message in cases:
        with pytest.raises(error, match=message):
            state.push(text)
        assert json.dumps(state.view(None)) == before, text
    with pytest.raises(IllegalTurnError, match="take a column first"):
        state.apply_action("flip")
    state.apply_action("A")
    during = json.dumps(state.view(None))
    for text, message in [
        ("C", "already taken this turn"),
        ("gift:fig>0", "another player's seat"),
        ("gift:fig>7", "no seat 7"),
        ("gift", "gift toucan can be used"),
    ]:
        with pytest.raises(IllegalTurnError, match=message):
            state.apply_action(text)
        assert json.dumps(state.view(None)) == during, text
    with pytest.raises(IllegalTurnError, match="began with 'A'"):
        state.push("C flip")
    state.push("A flip gift")  # completes the turn begun: the flip leaves nothing to give
    assert state.record().turns[-1] == "A flip gift"


def test_new_games_refuse_bad_player_counts_options_and_decks() -> None:
    with pytest.raises(VitrineError, match="2 to 4 players"):
        GAME.start(["Solo"], seed=1)
    with pytest.raises(VitrineError, match="2 to 4 players"):
        GAME.start(list("ABCDE"), seed=1)
    with pytest.raises(VitrineError, match="no options"):
        GAME.start(["A", "B"], {"secret_decade": True}, seed=1)
    with pytest.raises(VitrineError, match="no variants"):
        GAME.parse_options(["links"])
    names = [TABLE.names[k] for k in deal(1, TABLE)]
    with pytest.raises(VitrineError, match="position 3: 'kiwi'"):
        GAME.start(["A", "B"], deck=[*names[:2], "kiwi", *names[3:]])
    swapped = names[:]
    swapped[0], swapped[-1] = swapped[-1], swapped[0]
    if TABLE.is_toucan(kind(swapped[0])):
        with pytest.raises(VitrineError, match="position 1: a toucan cannot lie"):
            GAME.start(["A", "B"], deck=swapped)
    with pytest.raises(VitrineError, match="must hold 6 acai"):
        GAME.start(["A", "B"], deck=[n if n != "acai" else "coconut" for n in names])


def test_flipped_cards_vanish_from_every_view_even_their_owners() -> None:
    state = position(columns=[["flip"], ["fig"], ["acai"]], faceup={0: {"lychee": 2, "joker": 1}})
    assert "lychee" in json.dumps(state.view(0)["hands"])
    state.push("A flip")
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        shown = json.dumps([view["hands"], view["discards"]])  # columns hold fresh refills
        assert "lychee" not in shown
        assert "joker" not in shown
        assert view["hands"][0] == {"faceup": {}, "piles": [3], "faceup_points": 0}
    assert state.held(0)[kind("lychee")] == 2  # still theirs, and scored at the end


def test_refusals_carry_a_code_and_params_for_other_languages() -> None:
    state = position(columns=[["gift", "flip"], [], ["acai"]], faceup={1: {"lime": 1}})
    cases = [
        ("B", "column_empty", {"column": "B"}),
        ("gift:lime>1", "column_first", {"decision": "gift:lime>1"}),
    ]
    for text, code, params in cases:
        with pytest.raises(IllegalTurnError) as refused:
            state.apply_action(text)
        assert (refused.value.code, refused.value.params) == (code, params)
    state.apply_action("A")
    with pytest.raises(IllegalTurnError) as refused:
        state.apply_action("steal:lime<1")
    assert refused.value.code == "toucan_not_waiting"
    assert refused.value.params["waiting"] == ["flip", "gift"]
    with pytest.raises(NotationError) as malformed:
        state.apply_action("gift:kiwi>1")
    assert (malformed.value.code, malformed.value.params["card"]) == ("unknown_fruit", "kiwi")


# ---------------------------------------------------------------- the joker (T-10)


def test_the_joker_holder_chooses_between_two_eligible_fruits() -> None:
    state = last_turn([["papaya"], ["acai"], []], {0: {"joker": 1, "papaya": 2, "lychee": 1}})
    state.push("A")  # papaya 3, lychee 1: both may take the joker; B is discarded
    assert not state.is_over and state.joker_due
    assert state.current_player == 0
    assert state.legal_actions() == state.legal_turns() == ["joker:lychee", "joker:papaya"]
    view = state.view(1)
    assert view["phase"] == "joker" and view["revealed"] == [[], []]
    assert view["joker_totals"] == {"lychee": [9 + 12, 0], "papaya": [20 + 5, 0]}
    assert "legal_actions" not in view  # Bo waits
    papaya = state.copy()
    papaya.push("joker:papaya")
    lychee = state.copy()
    lychee.push("joker:lychee")  # the holder's to choose, even the worse
    assert (papaya.totals(), lychee.totals()) == ([25, 0], [21, 0])
    assert papaya.score_sheets()[0].joker == "papaya" and lychee.score_sheets()[0].joker == "lychee"
    assert lychee.is_over and lychee.view(None)["phase"] == "over"
    assert lychee.record().turns[-2:] == ("A", "joker:lychee")


def test_a_record_holds_the_joker_choice_and_replays_it() -> None:
    state = joker_choice(3)
    choice = state.legal_actions()[-1]
    state.push(choice)
    record = state.record()
    assert record.turns[-1] == choice and len(record.turns) == 25
    again = GAME.load(record.to_json())
    assert again.is_over and again.view(None) == state.view(None)
    assert again.score_sheets() == state.score_sheets()


def test_the_joker_choice_is_refused_out_of_place() -> None:
    state = last_turn([["papaya"], ["acai"], []], {0: {"joker": 1, "papaya": 2, "lychee": 1}})
    with pytest.raises(IllegalTurnError) as early:
        state.apply_action("joker:papaya")
    assert early.value.code == "joker_not_now"
    state.push("A")
    before = json.dumps(state.view(None))
    for text, code, fragment in [
        ("B", "joker_due", "P0 chooses the joker's fruit"),
        ("joker:fig", "joker_fruit", "you hold none"),
    ]:
        with pytest.raises(IllegalTurnError, match=fragment) as refused:
            state.push(text)
        assert refused.value.code == code
        assert json.dumps(state.view(None)) == before
    for text, code in [("joker:joker", "joker_not_fruit"), ("A joker:fig", "joker_alone")]:
        with pytest.raises(NotationError) as malformed:
            state.push(text)
        assert malformed.value.code == code


def test_a_complete_set_cannot_take_the_joker() -> None:
    state = last_turn([["papaya"], ["acai"], []], {0: {"joker": 1, "papaya": 3, "lychee": 1}})
    state.push("A")  # four papayas: complete
    assert state.is_over  # lychee alone is eligible: the engine assigns it
    assert state.score_sheets()[0].joker == "lychee"


def test_one_eligible_fruit_is_assigned_and_none_scores_nothing_unrecorded() -> None:
    one = last_turn([["coconut"], ["acai"], []], {0: {"joker": 1, "lychee": 2}})
    one.push("A")  # lychee complete: coconut is the only fruit
    assert one.is_over and one.score_sheets()[0].joker == "coconut"
    assert one.record().turns[-1] == "A"
    # A joker flipped face down still joins a fruit; with only a complete
    # set beside it, it scores nothing.
    none = last_turn([["flip"], ["acai"], []], {0: {"joker": 1, "lime": 2}})
    none.push("A flip")
    assert none.is_over and none.piles[0] == [[kind("lime"), kind("lime"), kind("joker")]]
    assert none.score_sheets()[0].joker is None and none.totals() == [-8, 0]


def test_under_tucano_2026_1_the_engine_chose_the_holders_best() -> None:
    faceup = {0: {"joker": 1, "papaya": 2, "lychee": 1}}
    old = last_turn([["papaya"], ["acai"], []], faceup, rules_version="tucano-2026.1")
    old.push("A")
    assert old.is_over and old.score_sheets()[0].joker == "papaya"
    record = old.record()
    assert record.rules_version == "tucano-2026.1" and record.turns[-1] == "A"


def test_records_of_tucano_2026_1_replay_under_their_rules() -> None:
    state = GAME.start(["Ana", "Bo", "Cy"], seed=5, rules_version="tucano-2026.1")
    play_randomly(state, random.Random(5))
    assert state.is_over
    data = json.loads(state.record().to_json())
    again = GAME.load(json.dumps(data))
    assert again.view(None) == state.view(None) and again.is_over
    assert again.view(None)["rules_version"] == "tucano-2026.1"
    with pytest.raises(RecordError, match=r"this engine plays tucano-2026\.1, tucano-2026\.2"):
        GAME.load(json.dumps({**data, "rules_version": "tucano-2025.9"}))


@pytest.mark.parametrize("seed", range(3))
def test_the_score_if_the_game_ended_now_is_the_final_score_once_it_has(seed: int) -> None:
    """Once over, the provisional scores are the final ones, the joker counted
    with the fruit its holder chose, even a fruit that is not their best."""
    for choice in joker_choice(seed).legal_actions():
        state = joker_choice(seed)
        state.apply_action(choice)
        final = [sheet["total"] for sheet in state.view(None)["scores"]]
        assert [sheet["total"] for sheet in state.provisional_scores(None)] == final
