"""Tucano's notation and records: round trips, precise parse errors, exact replays."""

import json
import random

import pytest

from tucano_helpers import GAME, TABLE, play_randomly, position
from vitrine.engine.errors import NotationError, RecordError
from vitrine.engine.perft import perft
from vitrine.engine.record import Record
from vitrine.games.tucano import deal
from vitrine.games.tucano.notation import COLUMN, NONE, Decision, Notation

NOTATION = Notation(TABLE)


def test_every_legal_decision_of_random_games_round_trips() -> None:
    rng = random.Random(5)
    seen = set()
    for seed in range(12):
        state = GAME.start([f"P{i}" for i in range(2 + seed % 3)], seed=seed)
        while not state.is_over:
            for text in state.legal_actions():
                decision = NOTATION.parse(text)
                assert NOTATION.text(decision) == text
                assert NOTATION.parse(text.upper()) == decision
                seen.add(text.split(":")[0])
            play_randomly(state, rng, 1)
    assert seen >= {"A", "B", "C", "flip", "gift", "steal"}


@pytest.mark.parametrize(
    ("text", "decision"),
    [
        ("B", Decision(COLUMN, 1, NONE)),
        ("c", Decision(COLUMN, 2, NONE)),
        ("flip", Decision(TABLE.flip, NONE, NONE)),
        ("GIFT", Decision(TABLE.gift, NONE, NONE)),
        ("gift:joker>3", Decision(TABLE.gift, TABLE.joker, 3)),
        ("STEAL:COCONUT<0", Decision(TABLE.steal, 2, 0)),
    ],
)
def test_decisions_parse_in_any_case_and_print_canonically(text: str, decision: Decision) -> None:
    assert NOTATION.parse(text) == decision
    assert NOTATION.text(decision) == (text.upper() if len(text) == 1 else text.lower())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("D", "malformed decision 'D': expected a column (A, B, C), flip"),
        ("peck:fig>1", "malformed decision 'peck:fig>1'"),
        ("flip:fig>1", "flip takes no card or seat"),
        ("gift:kiwi>1", "unknown card 'kiwi' in 'gift:kiwi>1' (cards: acai,"),
        ("gift:gift>1", "unknown card 'gift'"),
        ("gift:fig<1", "gift names the seat to with '>', e.g. 'gift:fig>1'"),
        ("steal:fig>1", "steal names the seat from with '<'"),
        ("steal:fig", "steal names the seat from with '<'"),
        ("gift:fig>", "malformed seat '' in 'gift:fig>'"),
        ("gift:fig>x", "malformed seat 'x'"),
        ("gift:fig>01", "malformed seat '01'"),
        ("", "expected a column"),
    ],
)
def test_parse_errors_name_the_part_at_fault(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        NOTATION.parse(text)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "malformed turn ''"),
        ("A  flip", "malformed turn 'A  flip'"),
        ("flip A", "a turn starts with a column"),
        ("A flip B", "a turn takes only one column"),
        ("A gift:fig<1", "with '>'"),
    ],
)
def test_turn_parse_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        NOTATION.parse_turn(text)


def test_apply_action_takes_one_decision_only() -> None:
    state = position(columns=[["gift"], ["fig"], ["acai"]])
    with pytest.raises(NotationError, match="holds several decisions"):
        state.apply_action("A gift")


def finished(seed: int, players: int) -> "tuple[object, str]":
    state = GAME.start([f"P{i}" for i in range(players)], seed=seed)
    play_randomly(state, random.Random(seed))
    return state, state.record().to_json()


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4)])
def test_records_replay_to_the_same_state(seed: int, players: int) -> None:
    state, text = finished(seed, players)
    again = GAME.load(text)
    assert again.view(None) == state.view(None)  # type: ignore[attr-defined]
    assert again.record().to_json() == text
    assert json.loads(text)["options"] == {}


def test_a_record_with_an_explicit_deck_replays_exactly() -> None:
    names = [TABLE.names[k] for k in deal(77, TABLE)]
    state = GAME.start(["Ana", "Bo", "Cy"], deck=names)
    play_randomly(state, random.Random(4))
    record = state.record()
    assert record.seed is None
    assert record.setup["deck"] == names
    again = GAME.load(record.to_json())
    assert again.view(0) == state.view(0)
    assert GAME.start(["Ana", "Bo", "Cy"], seed=77).config.deck == state.config.deck


def test_a_record_may_end_in_the_middle_of_a_turn() -> None:
    rng = random.Random(8)
    state = GAME.start(["Ana", "Bo"], seed=8)
    while not state.mid_turn:
        play_randomly(state, rng, 1)
    text = state.record().to_json()
    again = GAME.load(text)
    assert again.mid_turn
    assert again.legal_actions() == state.legal_actions()
    assert again.record().to_json() == text


def test_corrupt_records_are_refused_naming_the_turn() -> None:
    _, text = finished(6, 2)
    data = json.loads(text)
    data["turns"][4] = "Z"
    with pytest.raises(RecordError, match="turn 5: 'Z': malformed decision"):
        GAME.load(json.dumps(data))
    data["turns"] = [*data["turns"][:3], "A gift:fig>1", *data["turns"][4:]]
    with pytest.raises(RecordError, match="turn 4: 'A gift:fig>1'"):
        GAME.load(json.dumps(data))
    for field, value, message in [
        ("game", "exhibition", "not 'tucano'"),
        ("rules_version", "tucano-0", "unknown rules_version"),
        ("options", {"links": True}, "no options"),
        ("players", ["Solo"], "2 to 4 players"),
    ]:
        broken = {**json.loads(text), field: value}
        with pytest.raises(RecordError, match=message):
            GAME.load(json.dumps(broken))
    turns = json.loads(text)["turns"]
    extra = {**json.loads(text), "turns": [*turns, "A"]}
    with pytest.raises(RecordError, match=f"turn {len(turns) + 1}: 'A': the game is over"):
        GAME.load(json.dumps(extra))
    with pytest.raises(RecordError, match="'deck' must be a list"):
        GAME.replay(Record.from_dict({**json.loads(text), "deck": "acai"}, ("deck",)))


# The first 8 turns can meet no toucan (the upper half lasts until the 9th
# refill), so every turn is one of the three columns: perft is 3^depth.  The
# locked positions below are later, with toucans in the columns.
def test_perft_from_a_new_game_is_three_to_the_depth() -> None:
    state = GAME.start(["Ana", "Bo"], seed=1)
    assert [perft(state, depth) for depth in range(1, 6)] == [3, 9, 27, 81, 243]


LOCKED = [(4, 2, 10, [3, 21, 109]), (11, 3, 12, [244, 1127, 4417]), (23, 4, 14, [2046])]


@pytest.mark.parametrize(("seed", "players", "turns", "counts"), LOCKED)
def test_perft_counts_are_locked(seed: int, players: int, turns: int, counts: list[int]) -> None:
    state = GAME.start([f"P{i}" for i in range(players)], seed=seed)
    while state.turn < turns:
        state.push(state.legal_turns()[0])
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts
