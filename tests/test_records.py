"""Game records (D-12): round trips, exact replays, and precise refusals."""

import json
from dataclasses import replace
from typing import Any

import pytest

from vitrine.engine.errors import RecordError
from vitrine.engine.record import Record
from vitrine.games.exhibition import ExhibitionGame, deal
from vitrine.games.exhibition.cards import EINSTEIN

GAME = ExhibitionGame()
BOT_SEAT = {"seat": 1, "turns_before": 0, "level": "casual", "why": "left"}


def _record(**changes: Any) -> str:
    data: dict[str, Any] = {
        "game": "exhibition",
        "rules_version": GAME.rules_version,
        "seed": 42,
        "players": ["Ana", "Bo"],
        "options": {"secret_decade": False, "variations": []},
        "turns": [],
    }
    data.update(changes)
    return json.dumps({k: v for k, v in data.items() if v is not None})


def _first_turns(count: int) -> list[str]:
    state = GAME.start(["Ana", "Bo"], seed=42)
    turns = []
    for _ in range(count):
        turn = state.legal_turns()[0]
        state.push(turn)
        turns.append(turn)
    return turns


def test_record_round_trips_through_json() -> None:
    state = GAME.start(["Ana", "Bo", "Cy"], {"secret_decade": True}, seed=9)
    for turn in _first_turns(0):
        state.push(turn)
    for _ in range(7):
        state.push(state.legal_turns()[-1])
    record = state.record()
    assert Record.from_json(record.to_json(), ("deck", "secret_decades")) == record
    data = json.loads(record.to_json())
    assert list(data) == [
        "game",
        "rules_version",
        "seed",
        "secret_decades",
        "players",
        "options",
        "turns",
    ]
    assert data["secret_decades"] == list(state.config.secret_decades)


def test_seats_a_bot_finished_ride_along_and_change_nothing() -> None:
    turns = _first_turns(3)
    substitutes = [{"seat": 1, "turns_before": 2, "level": "casual", "why": "timeout"}]
    text = _record(turns=turns, substitutes=substitutes)
    record = Record.from_json(text, GAME.setup_fields)
    assert [s.to_dict() for s in record.substitutes] == substitutes
    assert json.loads(record.to_json())["substitutes"] == substitutes
    plain = GAME.load(_record(turns=turns))
    assert GAME.load(text).view(None) == plain.view(None)  # the rules ignore it


def test_a_record_says_when_hints_were_allowed() -> None:
    record = Record.from_json(_record(hints=True), GAME.setup_fields)
    assert record.hints
    assert json.loads(record.to_json())["hints"] is True
    assert "hints" not in json.loads(replace(record, hints=False).to_json())


def test_explicit_deck_record_deals_as_d12_says() -> None:
    deck, _ = deal(5, GAME.table)
    labels = [1900 + c if c != EINSTEIN else "EIN" for c in deck]
    state = GAME.load(_record(seed=None, deck=labels))
    for continent in range(6):
        assert state.market[continent] == sorted(deck[3 * continent : 3 * continent + 3])
    assert state.stock == deck[18:]
    assert json.loads(state.record().to_json())["deck"] == labels
    assert GAME.start(["Ana", "Bo"], seed=5).view(None)["market"] == state.view(None)["market"]


def test_records_of_exhibition_2026_1_replay_on_the_cards_they_were_played_with() -> None:
    """1972 was North American until exhibition-2026.2 (D-1).  A record of
    2026.1 that takes it replays on its own cards and keeps its version; the
    same turns under today's cards move the vehicle elsewhere."""
    groups = [[1972], [1909], [1905], [1908], [1906], [1958]]  # OC .. NA
    deck = [c if c != EINSTEIN else "EIN" for c in _labels(groups)]
    old = _record(
        rules_version="exhibition-2026.1",
        seed=None,
        deck=deck,
        players=["Solo"],
        turns=["1972 G1", "1958 E1"],  # from Oceania, then at North America
    )
    state = GAME.load(old)
    assert state.view(None)["rules_version"] == "exhibition-2026.1"
    assert state.view(None)["vehicles"] == ["NA"]
    assert json.loads(state.record().to_json())["rules_version"] == "exhibition-2026.1"
    assert state.config.table.subject_of[72] == "Pong video game"
    now = json.loads(old) | {"rules_version": GAME.rules_version}
    with pytest.raises(RecordError, match="turn 2: '1958 E1'") as caught:
        GAME.load(json.dumps(now))
    assert caught.value.code == "vehicle_elsewhere"  # the vehicle went to South America
    # And the rulebook's Years Gap, 1903 and 1972, is one continent under 2026.1.
    groups = [[1903], [1909], [1905], [1908], [1906], [1972]]
    both = json.loads(old) | {"turns": ["1903 Y1", "1972 Y2"]}
    both["deck"] = [c if c != EINSTEIN else "EIN" for c in _labels(groups)]
    with pytest.raises(RecordError, match="turn 2: '1972 Y2'") as caught:
        GAME.load(json.dumps(both))
    assert caught.value.code == "continent_repeated"
    now = GAME.load(json.dumps(both | {"rules_version": GAME.rules_version}))
    assert now.view(None)["halls"][0]["Y2"] == "1972"


def _labels(groups: list[list[int]]) -> list[int]:
    """A deck order dealing ``groups`` to the continents, then the other cards."""
    named = [year - 1900 for group in groups for year in group]
    rest = [c for c in range(101) if c not in named]
    deck: list[int] = []
    for group in groups:
        deck += [year - 1900 for year in group]
        while len(deck) % 3:
            deck.append(rest.pop(0))
    return [1900 + c if c != EINSTEIN else EINSTEIN for c in deck + rest]


def test_replay_reaches_the_same_position_and_a_pending_take() -> None:
    turns = _first_turns(5)
    state = GAME.load(_record(turns=turns))
    assert state.turn_texts() == turns
    take = state.legal_actions()[0]
    state.apply_action(take)
    replayed = GAME.load(state.record().to_json())
    assert replayed.phase == "place"
    assert replayed.turn_texts()[-1] == take
    assert replayed.view(0) == state.view(0)


@pytest.mark.parametrize(
    ("changes", "message", "code"),
    [
        (
            {"rules_version": "exhibition-1999"},
            "unknown rules_version 'exhibition-1999'",
            "record_rules_version",
        ),
        ({"game": "chess"}, "record is for the game 'chess'", "record_game"),
        ({"players": "Ana"}, "'players' must be a list", "record_players"),
        ({"players": []}, "1 to 5 players", "player_count"),
        ({"players": ["A", "B", "C", "D", "E", "F"]}, "1 to 5 players, got 6", "player_count"),
        ({"players": ["Ana", ""]}, "non-empty names", "record_players"),
        ({"seed": -1}, "'seed' must be an integer", "record_seed"),
        ({"seed": "42"}, "'seed' must be an integer", "record_seed"),
        ({"seed": None}, "needs a seed or a deck order", "seed_or_deck"),
        ({"turns": "1907 G3"}, "'turns' must be a list", "record_turns"),
        ({"turns": [1907]}, "turn 1: turn must be a string", "record_turn_not_string"),
        ({"options": {"variant": True}}, "unknown option(s): variant", "options_unknown"),
        (
            {"options": {"variations": ["links", "links"]}},
            "names a variation twice",
            "variations_repeated",
        ),
        (
            {"options": {"variations": ["teleport"]}},
            "unknown variation showcase 'teleport'",
            "unknown_variation",
        ),
        (
            {"options": {"variations": ["short_era", "antiquity"]}},
            "both cover the years_gap showcase",
            "variations_overlap",
        ),
        (
            {"options": {"secret_decade": "yes"}},
            "'secret_decade' must be true or false",
            "secret_decade_form",
        ),
        ({"extra": 1}, "unknown field(s) in record: extra", "record_unknown_fields"),
        ({"substitutes": {}}, "'substitutes' must be a list", "record_substitutes"),
        ({"hints": "yes"}, "'hints' must be true or false", "record_hints"),
        (
            {"substitutes": [{"seat": 0}]},
            "entry 0 must be an object with seat, turns_before",
            "record_substitute_entry",
        ),
        (
            {"substitutes": [{**BOT_SEAT, "seat": 2}]},
            "'seat' must be a seat from 0 to 1",
            "record_substitute_seat",
        ),
        (
            {"substitutes": [{**BOT_SEAT, "seat": True}]},
            "'seat' must be a seat",
            "record_substitute_seat",
        ),
        (
            {"substitutes": [{**BOT_SEAT, "turns_before": 1}]},
            "'turns_before' must be from 0 to 0",
            "record_substitute_turns",
        ),
        (
            {"substitutes": [{**BOT_SEAT, "level": ""}]},
            "'level' must name the bot",
            "record_substitute_level",
        ),
        (
            {"substitutes": [{**BOT_SEAT, "why": "bored"}]},
            "'why' must be one of left, timeout",
            "record_substitute_why",
        ),
        (
            {"substitutes": [BOT_SEAT, BOT_SEAT]},
            "entry 1: seat 1 is handed to a bot twice",
            "record_substitute_twice",
        ),
        ({"deck": [1900] * 101}, "'deck' position 2: 1900 appears twice", "deck_card_twice"),
        ({"deck": list(range(1900, 2000))}, "must hold all 101 cards, got 100", "deck_size"),
        (
            {"deck": [*range(1900, 2000), "ein"]},
            "'deck' position 101: 'ein' is not a card",
            "deck_unknown_card",
        ),
        (
            {"deck": [*range(1901, 2000), 1899, "EIN"]},
            "'deck' position 100: 1899 is not a card",
            "deck_unknown_card",
        ),
        ({"secret_decades": [1930, 1980]}, "secret_decade option is off", "decades_option_off"),
        (
            {"options": {"secret_decade": True}, "secret_decades": [1930, 1930]},
            "must all differ",
            "decades_repeated",
        ),
        (
            {"options": {"secret_decade": True}, "secret_decades": [1930]},
            "one decade per player",
            "decades_count",
        ),
        (
            {"options": {"secret_decade": True}, "secret_decades": [1930, 1935]},
            "1935 is not a decade",
            "decade_unknown",
        ),
    ],
)
def test_malformed_records_are_refused_precisely(
    changes: dict[str, Any], message: str, code: str
) -> None:
    with pytest.raises(RecordError) as caught:
        GAME.load(_record(**changes))
    assert message in str(caught.value)
    assert caught.value.code == code  # so the replay page can word it in French
    json.dumps(caught.value.params)


def test_non_json_and_non_object_records_are_refused() -> None:
    with pytest.raises(RecordError, match="not valid JSON") as caught:
        GAME.load("{not json")
    assert (caught.value.code, caught.value.params) == ("record_not_json", {"line": 1, "column": 2})
    with pytest.raises(RecordError, match="must be a JSON object"):
        GAME.load("[1, 2]")
    with pytest.raises(RecordError, match="lacks the field 'turns'"):
        GAME.load(json.dumps({"game": "exhibition", "rules_version": "x", "players": ["A"]}))


def test_illegal_and_malformed_turns_name_the_turn_number() -> None:
    turns = _first_turns(4)
    state = GAME.start(["Ana", "Bo"], seed=42)
    for turn in turns:
        state.push(turn)
    elsewhere = next(
        c
        for k, group in enumerate(state.market)
        for c in group
        if k != state.vehicles[state.current]
    )
    label = str(1900 + elsewhere) if elsewhere != EINSTEIN else "EIN@EU"
    with pytest.raises(RecordError) as caught:
        GAME.load(_record(turns=[*turns, f"{label} G1"]))
    assert str(caught.value).startswith("turn 5: ")
    assert "your vehicle is at" in str(caught.value)
    # the cause's code and params survive, with the turn at fault, so a page can word it
    assert caught.value.code == "vehicle_elsewhere"
    assert caught.value.params["turn_number"] == 5
    assert caught.value.params["turn"] == f"{label} G1"
    assert caught.value.reason.startswith(label.split("@")[0] + " lies at")
    with pytest.raises(RecordError, match=r"^turn 2: '1907G3': malformed turn"):
        GAME.load(_record(turns=[turns[0], "1907G3"]))
    with pytest.raises(RecordError, match=r"^turn 1: .*unknown target 'Z9'"):
        GAME.load(_record(turns=[turns[0].split()[0] + " Z9"]))


def test_a_take_alone_is_accepted_only_as_the_last_entry() -> None:
    turns = _first_turns(3)
    take = turns[2].split()[0]
    GAME.load(_record(turns=[*turns[:2], take]))
    with pytest.raises(RecordError, match=r"^turn 3: .*malformed turn"):
        GAME.load(_record(turns=[*turns[:2], take, turns[2]]))


def test_turns_after_the_game_ended_are_refused() -> None:
    state = GAME.start(["Ana"], seed=3)
    while not state.is_over:
        state.push(state.legal_turns()[0])
    record = json.loads(state.record().to_json())
    record["turns"].append(record["turns"][-1])
    with pytest.raises(RecordError, match=f"^turn {len(record['turns'])}: .*the game is over"):
        GAME.load(json.dumps(record))
