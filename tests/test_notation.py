"""The turn notation: printing and parsing every form, strict refusals."""

import pytest

from conftest import CONTINENTS, EIN, SPOTS, new_game, play_script, snapshot
from vitrine.engine.errors import NotationError
from vitrine.games.exhibition import DEPOT, END, Take, Turn
from vitrine.games.exhibition.notation import Notation

NOTATION: Notation = new_game(2).config.notation


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        ("1907 G3", Turn(7, -1, 2)),
        ("1945@EU E2", Turn(45, 4, 7)),
        ("EIN@AS D", Turn(EIN, 3, DEPOT)),
        ("1932 X", Turn(32, -1, END)),
        ("1900 M1", Turn(0, -1, 10)),
        ("1999 Y2", Turn(99, -1, 15)),
        ("EIN@OC C1", Turn(EIN, 0, 11)),
        ("1945@NA X", Turn(45, 5, END)),
    ],
)
def test_turn_round_trip(text: str, turn: Turn) -> None:
    assert NOTATION.parse_turn(text) == turn
    assert NOTATION.turn_text(turn) == text


@pytest.mark.parametrize(
    ("text", "take"),
    [("1907", Take(7, -1)), ("EIN@AS", Take(EIN, 3)), ("1945@OC", Take(45, 0))],
)
def test_take_round_trip(text: str, take: Take) -> None:
    assert NOTATION.parse_take(text) == take
    assert NOTATION.take_text(*take) == text


def test_every_card_and_destination_round_trips() -> None:
    for card in range(100):
        if card == 45:
            continue
        text = str(1900 + card)
        assert NOTATION.parse_take(text) == Take(card, -1)
        assert NOTATION.take_text(card, -1) == text
    for white, label in ((45, "1945"), (EIN, "EIN")):
        for index, code in enumerate(CONTINENTS):
            assert NOTATION.parse_take(f"{label}@{code}") == Take(white, index)
            assert NOTATION.take_text(white, index) == f"{label}@{code}"


def test_targets_round_trip() -> None:
    for index, name in enumerate(SPOTS):
        assert NOTATION.parse_target(name) == index
        assert NOTATION.target_text(index) == name
    assert NOTATION.parse_target("D") == DEPOT
    assert NOTATION.parse_target("X") == END
    assert NOTATION.target_text(DEPOT) == "D"
    assert NOTATION.target_text(END) == "X"


def test_variations_keep_the_spot_names() -> None:
    variations = ["links", "spread_the_years", "one_decade", "antiquity"]
    notation = new_game(2, variations=variations).config.notation
    for index, name in enumerate(SPOTS):
        assert notation.parse_target(name) == index
        assert notation.target_text(index) == name


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("1899 G1", ["unknown card '1899'", "a card is a year 1900..1999 or EIN"]),
        ("2000 G1", ["unknown card '2000'"]),
        ("ein@AS D", ["unknown card 'ein'"]),
        ("Ein@AS D", ["unknown card 'Ein'"]),
        ("907 G1", ["unknown card '907'"]),
        ("01907 G1", ["unknown card '01907'"]),
        ("1907 g3", ["unknown target 'g3'", "G1 G2 G3", "Y2), D or X"]),
        ("1907 d", ["unknown target 'd'"]),
        ("1907 x", ["unknown target 'x'"]),
        ("1907 G7", ["unknown target 'G7'"]),
        ("1907 E5", ["unknown target 'E5'"]),
        ("1907 M2", ["unknown target 'M2'"]),
        ("1907 C4", ["unknown target 'C4'"]),
        ("1907 Y3", ["unknown target 'Y3'"]),
        ("1907 G0", ["unknown target 'G0'"]),
        ("1945 E2", ["1945 is white: name the vehicle's destination, e.g. '1945@EU'"]),
        ("EIN D", ["EIN is white: name the vehicle's destination"]),
        ("1907@EU G3", ["1907 is not white: only 1945 and EIN take '@<continent>'"]),
        ("EIN@XX D", ["unknown continent 'XX'", "OC, SA, AF, AS, EU, NA"]),
        ("EIN@as D", ["unknown continent 'as'"]),
        ("EIN@ D", ["unknown continent ''"]),
        ("1907  G3", ["malformed turn '1907  G3'", "'<card>[@<continent>] <target>'"]),
        (" 1907 G3", ["malformed turn"]),
        ("1907 G3 ", ["malformed turn"]),
        ("1907\tG3", ["malformed turn"]),
        ("1907 G3 D", ["malformed turn"]),
        ("1907", ["malformed turn '1907'"]),
        ("", ["malformed turn ''"]),
    ],
)
def test_turn_refusals(text: str, fragments: list[str]) -> None:
    with pytest.raises(NotationError) as info:
        NOTATION.parse_turn(text)
    for fragment in fragments:
        assert fragment in str(info.value), (fragment, str(info.value))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1899", "unknown card '1899'"),
        ("EIN", "EIN is white: name the vehicle's destination"),
        ("1945@eu", "unknown continent 'eu'"),
        ("1907@OC", "1907 is not white"),
        ("1907 ", "malformed take"),
        (" 1907", "malformed take"),
        ("", "malformed take"),
        ("1907 G3", "malformed take"),
    ],
)
def test_take_refusals(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        NOTATION.parse_take(text)
    assert fragment in str(info.value), str(info.value)


@pytest.mark.parametrize("text", ["g1", "G 1", " G1", "G1 ", "", "DX", "1907", "Y0"])
def test_target_refusals(text: str) -> None:
    with pytest.raises(NotationError, match=f"unknown target {text!r}"):
        NOTATION.parse_target(text)


def test_state_refuses_bad_notation_unchanged() -> None:
    state = new_game(2)
    before = snapshot(state)
    for text in ("1899 G1", "1907  G3", "1945 G1", "1907@EU G1", "1907 G7"):
        with pytest.raises(NotationError):
            state.push(text)
    with pytest.raises(NotationError, match=r"\(it is the take step\)"):
        state.apply_action("1899")
    assert snapshot(state) == before
    state = play_script(["1907"], players=2)
    before = snapshot(state)
    with pytest.raises(NotationError, match=r"unknown target 'g1'.*\(it is the place step\)"):
        state.apply_action("g1")
    assert snapshot(state) == before


def test_records_use_the_canonical_notation() -> None:
    state = play_script(["1945@EU E2", "EIN@AS D", "1907 G3"], players=2)
    assert state.turn_texts() == ["1945@EU E2", "EIN@AS D", "1907 G3"]
    assert list(state.record().turns) == ["1945@EU E2", "EIN@AS D", "1907 G3"]
