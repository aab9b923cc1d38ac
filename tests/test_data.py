"""The data files: the shipped ones load, malformed ones fail naming the entry."""

import copy
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from vitrine.games.exhibition.cards import CardDataError, load_card_table, parse_card_data
from vitrine.games.exhibition.layout import LayoutError, default_layout, parse_layout

PACKAGE = "vitrine.games.exhibition"


def _json(name: str) -> Any:
    return json.loads(resources.files(PACKAGE).joinpath(f"data/{name}").read_text("utf-8"))


def test_shipped_cards_follow_d1() -> None:
    table = load_card_table()
    counts = [list(table.continent_of).count(k) for k in range(6)]
    assert sorted(counts) == [16, 16, 16, 17, 17, 17]
    assert table.continent_codes == ("OC", "SA", "AF", "AS", "EU", "NA")
    assert [c for c in range(101) if table.continent_of[c] == -1] == [45, 100]
    assert len(set(table.subject_of)) == 101
    assert table.secret_decades == tuple(range(1900, 2000, 10))


def test_the_cards_of_exhibition_2026_1_are_kept_for_its_records() -> None:
    """Only 1972 changed: North American (Pong) then, South American now, so
    that the rulebook's Years Gap 1903-1972 can be built (D-1)."""
    now, then = load_card_table(), load_card_table(version="exhibition-2026.1")
    changed = [c for c in range(101) if now.continent_of[c] != then.continent_of[c]]
    assert changed == [72]
    assert [then.continent_codes[then.continent_of[c]] for c in (3, 72)] == ["NA", "NA"]
    assert [now.continent_codes[now.continent_of[c]] for c in (3, 72)] == ["NA", "SA"]
    assert then.subject_of[72] == "Pong video game"
    counts = [list(then.continent_of).count(k) for k in range(6)]
    assert sorted(counts) == [16, 16, 16, 17, 17, 17]


def _with_previous(previous: Any) -> Any:
    return {**_json("cards.json"), "previous": previous}


@pytest.mark.parametrize(
    ("data", "version", "message"),
    [
        (_with_previous([]), None, "'previous': must map rules versions"),
        (_with_previous({"v": [{"card": "1899"}]}), None, "'previous' 'v': names a card"),
        (
            _with_previous({"v": [{"card": "1972", "continent": "XX", "subject": "x"}]}),
            None,
            "card entry 72 ('1972'): unknown continent 'XX'",
        ),
        (_json("cards.json"), "exhibition-1999", "no cards for the rules version"),
    ],
)
def test_malformed_earlier_cards_fail_whichever_version_is_built(
    data: Any, version: str | None, message: str
) -> None:
    with pytest.raises(CardDataError, match=re.escape(message)):
        parse_card_data(data, version)


def test_shipped_hall_is_d3() -> None:
    hall = default_layout().hall()
    assert [(s.prefix, s.size) for s in hall.showcases] == [
        ("G", 6),
        ("E", 4),
        ("M", 1),
        ("C", 3),
        ("Y", 2),
    ]
    assert hall.depot_size == 3
    assert hall.spot_names[:7] == ("G1", "G2", "G3", "G4", "G5", "G6", "E1")


def _broken_cards(index: int, **changes: Any) -> Any:
    data = copy.deepcopy(_json("cards.json"))
    data["cards"][index].update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_broken_cards(12, continent="XX"), "card entry 12 ('1912'): unknown continent 'XX'"),
        (_broken_cards(3, card="1899"), "card entry 3 ('1899'): 'card' must be a year"),
        (_broken_cards(4, card="1903"), "card entry 4 ('1903'): card appears twice"),
        (_broken_cards(7, subject=""), "card entry 7 ('1907'): 'subject' must be"),
        (_broken_cards(45, continent="EU"), "the white cards must be 1945 and EIN"),
        (_broken_cards(50, continent=None), "the white cards must be 1945 and EIN"),
        ({"cards": []}, "top level"),
    ],
)
def test_malformed_card_data_names_the_entry(data: Any, message: str) -> None:
    with pytest.raises(CardDataError) as caught:
        parse_card_data(data)
    assert message in str(caught.value)


def test_card_data_that_is_not_json_fails_loudly(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text("{oops", "utf-8")
    with pytest.raises(CardDataError, match="not valid JSON"):
        load_card_table(path)


def _broken_hall(change: Any) -> Any:
    data = copy.deepcopy(_json("hall.json"))
    change(data)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            _broken_hall(lambda d: d["showcases"][1]["rules"].update(teleport=True)),
            "showcase 1: unknown rule",
        ),
        (_broken_hall(lambda d: d["showcases"][0].update(size=7)), "at most 6 cards"),
        (
            _broken_hall(lambda d: d["showcases"][4].update(scoring="most_gold")),
            "unknown scoring 'most_gold'",
        ),
        (
            _broken_hall(lambda d: d["variations"][0].update(size=3)),
            "must cover a base showcase of its size",
        ),
        (_broken_hall(lambda d: d.update(depot_size=0)), "'depot_size' must be a positive integer"),
        (
            _broken_hall(lambda d: d["variations"][1]["rules"].update(whites=True)),
            "coloured cards only",
        ),
    ],
)
def test_malformed_hall_data_names_the_entry(data: Any, message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        parse_layout(data)
    assert message in str(caught.value)


def test_a_different_board_is_a_data_change() -> None:
    def smaller_general(data: Any) -> None:
        data["showcases"][0]["size"] = 5
        data["variations"] = [v for v in data["variations"] if v["covers"] != "general"]

    data = _broken_hall(smaller_general)
    hall = parse_layout(data).hall()
    assert hall.num_spots == 15
    assert hall.spot_names[:6] == ("G1", "G2", "G3", "G4", "G5", "E1")
