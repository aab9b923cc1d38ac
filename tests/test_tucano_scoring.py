"""Tucano's scoring: every fruit's table at every count, majorities, the joker (T-9, T-10)."""

import pytest

from tucano_helpers import TABLE, kind
from vitrine.games.tucano.scoring import score_sheets, totals

# The tables as docs/tucano.md gives them (from the BGA material file), typed
# out independently of data/cards.json so that a wrong data file fails here.
SET_TABLES = {
    "acai": [1, 2, 3, 5, 8, 13],
    "carambola": [1, 3, 6, 10, 15],
    "coconut": [8, 6, 4, 2, 0, -2],
    "fig": [-2, 0, 9, 16],
    "lime": [-2, -8],
    "lychee": [5, 12],
    "orange": [4, 8, 12, 0],
    "papaya": [1, 1, 9, 20],
    "pineapple": [0, -2, -4],
    "rambutan": [3, 6, 9, 12, 15],
}
MAJORITY = {"avocado": (3, 1), "banana": (2, 0), "pomegranate": (1, -1)}


def counts(*hands: dict[str, int]) -> list[list[int]]:
    result = []
    for cards in hands:
        row = [0] * (TABLE.joker + 1)
        for name, count in cards.items():
            row[kind(name)] = count
        result.append(row)
    return result


def sheets(*hands: dict[str, int]) -> list[dict[str, object]]:
    names = [f"P{seat}" for seat in range(len(hands))]
    return [vars(sheet) for sheet in score_sheets(TABLE, counts(*hands), names)]


def test_the_deck_holds_70_cards_of_13_fruits_a_joker_and_12_toucans() -> None:
    assert TABLE.deck_size == 70
    assert TABLE.fruits == 13
    assert sum(TABLE.counts[: TABLE.fruits]) == 57
    assert [TABLE.counts[k] for k in (TABLE.flip, TABLE.gift, TABLE.steal)] == [4, 4, 4]
    assert TABLE.total_turns == 24


@pytest.mark.parametrize(
    ("fruit", "count", "points"),
    [(f, n, p) for f, table in SET_TABLES.items() for n, p in enumerate([0, *table])],
)
def test_set_fruit_scores_its_table_at_every_count(fruit: str, count: int, points: int) -> None:
    assert TABLE.counts[kind(fruit)] == len(SET_TABLES[fruit])
    sheet = sheets({fruit: count}, {})[0]
    assert sheet["categories"][fruit] == points  # type: ignore[index]
    assert sheet["total"] == points


@pytest.mark.parametrize("fruit", sorted(MAJORITY))
def test_majority_fruit_pays_the_sole_most_the_high_value(fruit: str) -> None:
    high, low = MAJORITY[fruit]
    result = sheets({fruit: 3}, {fruit: 2}, {})
    assert [s["categories"][fruit] for s in result] == [3 * high, 2 * low, 0]  # type: ignore[index]


@pytest.mark.parametrize("fruit", sorted(MAJORITY))
def test_majority_tie_for_most_pays_everyone_the_low_value(fruit: str) -> None:
    _, low = MAJORITY[fruit]
    result = sheets({fruit: 2}, {fruit: 2}, {fruit: 1})
    assert [s["categories"][fruit] for s in result] == [2 * low, 2 * low, low]  # type: ignore[index]


@pytest.mark.parametrize("fruit", sorted(MAJORITY))
def test_a_lone_holder_of_a_majority_fruit_is_the_sole_most(fruit: str) -> None:
    high, _ = MAJORITY[fruit]
    assert sheets({fruit: 1}, {})[0]["categories"][fruit] == high  # type: ignore[index]


def test_totals_are_the_sum_of_the_fruits_and_ranks_share_ties() -> None:
    result = sheets({"lychee": 2, "lime": 1}, {"lychee": 0, "papaya": 3, "banana": 1}, {"fig": 1})
    assert [s["total"] for s in result] == [10, 11, -2]
    assert [s["rank"] for s in result] == [2, 1, 3]
    tied = sheets({"lychee": 1}, {"orange": 1, "papaya": 1})
    assert [s["rank"] for s in tied] == [1, 1]


def test_joker_joins_the_fruit_worth_most_to_its_holder() -> None:
    result = sheets({"joker": 1, "papaya": 3, "lychee": 1}, {})
    assert result[0]["joker"] == "papaya"  # 9 -> 20 beats lychee 5 -> 12
    assert result[0]["total"] == 20 + 5


def test_joker_never_completes_beyond_all_copies_nor_joins_a_fruit_not_held() -> None:
    result = sheets({"joker": 1, "lychee": 2, "coconut": 2}, {})
    assert result[0]["joker"] == "coconut"  # lychee is complete, nothing else held
    assert result[0]["categories"]["coconut"] == 4  # type: ignore[index]
    assert result[0]["total"] == 12 + 4


def test_joker_with_no_eligible_fruit_scores_nothing() -> None:
    alone = sheets({"joker": 1}, {"papaya": 1})
    assert alone[0]["joker"] is None
    assert alone[0]["total"] == 0
    complete = sheets({"joker": 1, "lime": 2}, {})
    assert complete[0]["joker"] is None
    assert complete[0]["total"] == -8


def test_joker_counts_for_a_majority_and_may_break_a_tie() -> None:
    result = sheets({"joker": 1, "avocado": 2}, {"avocado": 2})
    assert result[0]["joker"] == "avocado"
    assert [s["categories"]["avocado"] for s in result] == [9, 2]  # type: ignore[index]


def test_joker_prefers_the_lead_over_its_holders_own_total() -> None:
    # Acai: own total 2 - 1 = 1 against P1's 7 (lead -6).  Pomegranate ties P1
    # for most: own 1 - 2 = -1 against 5 - 2 = 3 (lead -4), the better lead.
    hands = ({"joker": 1, "acai": 1, "pomegranate": 1}, {"pomegranate": 2, "lychee": 1})
    result = sheets(*hands)
    own_best = max(
        totals(TABLE, counts({**hands[0], "joker": 0, fruit: hands[0][fruit] + 1}, hands[1]))[0]
        for fruit in ("acai", "pomegranate")
    )
    assert result[0]["joker"] == "pomegranate"
    assert result[0]["total"] == -1 < own_best == 1
    assert [s["total"] for s in result] == [1 - 2, 5 - 2]


def test_the_majority_table_in_the_data_matches() -> None:
    for fruit, (high, low) in MAJORITY.items():
        assert TABLE.majority[kind(fruit)] == (high, low)
        assert TABLE.set_points[kind(fruit)] is None
