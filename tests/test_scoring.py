"""Fame points: every category, the tiebreak, the ranking, solo scoring.

Most tests write the halls directly (``put``) and then call ``score_game``:
that bypasses placement on purpose, since scoring does not depend on how a
hall came to be.  All 6 Continents depends on the round a hall was completed,
so it is also tested through played turns.
"""

from collections.abc import Mapping, Sequence

import pytest

from conftest import (
    EIN,
    GAME,
    SPOTS,
    Card,
    build_deck,
    card,
    continent,
    new_game,
    play_script,
    spot,
)
from vitrine.games.exhibition import ExhibitionState, score_game
from vitrine.games.exhibition.scoring import ScoreSheet

BASE_KEYS = {"all_continents", "continent_focus", "decades", "chain", "empty_spots", "depot"}


def put(
    state: ExhibitionState,
    player: int,
    spots: Mapping[str, Card],
    depot: Sequence[Card] = (),
) -> None:
    """Write a hall and depot directly (bypasses placement on purpose)."""
    hall = [-1] * len(SPOTS)
    for name, value in spots.items():
        hall[SPOTS.index(name)] = card(value)
    state.halls[player] = hall
    state.depots[player] = [card(c) for c in depot]


def sheets(state: ExhibitionState) -> list[ScoreSheet]:
    return score_game(state).players


def category(state: ExhibitionState, key: str) -> list[int]:
    return [sheet.categories[key] for sheet in sheets(state)]


def test_totals_are_the_sum_of_the_categories() -> None:
    state = new_game(2)
    put(state, 0, {"G1": 1910, "G2": 1913, "Y1": 1903, "Y2": 1972}, depot=[1999])
    put(state, 1, {"M1": 1950})
    for sheet in sheets(state):
        assert sheet.total == sum(sheet.categories.values())
    assert set(sheets(state)[0].categories) == BASE_KEYS | {"years_gap"}


# -------------------------------------------------------------- All 6 Continents


ALL6_SCRIPTS = [
    # Ana: six continents in General in round 6, then One Continent.
    ["1900 G1", "1901 G2", "1902 G3", "1903 G4", "1908 G5", "1909 G6",
     "1948 C1", "1949 C2", "1956 C3"],
    # Bo: six in round 6.
    ["1910 G1", "1911 G2", "1912 G3", "1913 G4", "1914 G5", "1915 G6",
     "1941 E1", "1942 E2", "1946 E3"],
    # Cy: five in round 5, a South American card to the depot, the sixth in round 7.
    ["1916 G1", "1918 G2", "1919 G3", "1920 G4", "1922 G5", "1928 D",
     "1931 G6", "1950 M1", "1951 Y1"],
    # Di: five in round 5, three depot cards, the sixth in round 9.
    ["1924 G1", "1925 G2", "1927 G3", "1929 G4", "1932 G5", "1933 D",
     "1937 D", "1938 D", "1936 G6"],
]  # fmt: skip
ALL6 = [turn for turns in zip(*ALL6_SCRIPTS, strict=True) for turn in turns]


@pytest.mark.parametrize(
    ("turns", "round_", "six_round", "awards"),
    [
        (22, 6, [6, 6, 0, 0], [0, 0, 0, 0]),  # round 6 not complete yet
        (24, 7, [6, 6, 0, 0], [5, 5, 0, 0]),  # shared award for the same round
        (27, 7, [6, 6, 7, 0], [5, 5, 0, 0]),
        (28, 8, [6, 6, 7, 0], [5, 5, 4, 0]),  # dense: the next round gets 4
        (35, 9, [6, 6, 7, 0], [5, 5, 4, 0]),
        (36, 10, [6, 6, 7, 9], [5, 5, 4, 3]),
    ],
)
def test_all_continents_by_round(
    turns: int, round_: int, six_round: list[int], awards: list[int]
) -> None:
    state = play_script(ALL6, players=4, stop=turns)
    assert state.round == round_
    assert state.six_round == six_round
    assert state.view(None)["all_continents_round"] == [r or None for r in six_round]
    assert category(state, "all_continents") == awards


# The rulebook's own example, played: "if 3 players got their 6th continent in
# their 11th turn, and no one reached that yet, they all get 5 fp ... the 4th
# player, in for example round 13, gets 4 fp, and the 5th player in a later
# round 3 fp."  Five players, fourteen rounds: Ana, Bo and Cy complete six
# continents in round 11 (Oceania, South America, Africa last), Di in round 13
# (Asia last), Ed in round 14 (Europe last).  Found by a randomised search over
# legal placements (each hall kept to five continents until its round).
RULEBOOK_ALL6 = [
    ["1904 G2", "1989 C2", "1924 E1", "1972 Y2", "1983 G4", "1946 E4", "1996 G5",
     "1926 Y1", "1974 M1", "1940 E3", "1956 G3", "1941 C1", "1934 E2", "1913 D"],
    ["1908 G4", "1906 E1", "1915 M1", "1968 G6", "1917 E4", "1902 Y1", "1981 Y2",
     "1949 G5", "1961 C2", "1916 C1", "1909 E2", "1914 E3", "1964 C3", "1900 G3"],
    ["1971 E1", "1919 Y1", "1965 G1", "1987 C2", "1979 E4", "1943 M1", "1947 Y2",
     "1901 C1", "1980 G2", "1977 E3", "1990 G4", "1982 G3", "1976 E2", "1952 D"],
    ["1995 C2", "1991 E2", "1928 G6", "1948 M1", "1985 Y1", "1912 G3", "1984 E1",
     "1997 E4", "1938 C1", "1903 G1", "1923 G4", "1927 G5", "1998 Y2", "1993 E3"],
    ["1958 C3", "1966 G4", "1978 E4", "1986 Y1", "1999 M1", "1931 G1", "1942 G3",
     "1950 E1", "1992 Y2", "1994 G5", "1925 C1", "1939 C2", "1959 E2", "1935 G2"],
]  # fmt: skip
RULEBOOK_ALL6_GAME = [turn for turns in zip(*RULEBOOK_ALL6, strict=True) for turn in turns]


@pytest.mark.parametrize(
    ("rounds", "awards"),
    [(10, [0] * 5), (11, [5, 5, 5, 0, 0]), (12, [5, 5, 5, 0, 0]), (13, [5, 5, 5, 4, 0]),
     (14, [5, 5, 5, 4, 3])],
)  # fmt: skip
def test_all_continents_as_the_rulebook_counts_rounds(rounds: int, awards: list[int]) -> None:
    state = play_script(RULEBOOK_ALL6_GAME, players=5, stop=5 * rounds)
    assert state.round == rounds + 1
    assert state.six_round == [r if r <= rounds else 0 for r in (11, 11, 11, 13, 14)]
    assert category(state, "all_continents") == awards


def test_all_continents_white_cards_and_depot_do_not_count() -> None:
    # Five continents and 1945 in General, the sixth continent in the depot.
    state = play_script(["1900 G1", "1901 G2", "1902 G3", "1903 G4", "1945@AS G5", "1909 D"])
    assert state.six_round == [0]
    assert category(state, "all_continents") == [0]


def test_all_continents_dense_awards_for_five_players() -> None:
    state = new_game(5)
    # Direct on purpose: the rounds in which each hall first held six continents.
    state.six_round[:] = [3, 3, 5, 0, 8]
    state.round = 9
    assert category(state, "all_continents") == [5, 5, 4, 0, 3]
    state.round = 8  # round 8 is still being played
    assert category(state, "all_continents") == [5, 5, 4, 0, 0]
    state.six_round[:] = [1, 2, 3, 4, 5]
    state.round = 6
    assert category(state, "all_continents") == [5, 4, 3, 2, 1]


# Bo ends at once (Africa blocked in his hall); Ana fills her hall, South
# America coming last with G6, which completes both six continents and the
# game in the same (unfinished) round: at the end it counts.
ANA_LAST_SIX = [
    "1900 G1", "1901 G2", "1902 G3", "1903 G4", "1908 G5", "1910 E1", "1912 E2", "1913 E3",
    "1914 E4", "1952 M1", "1920 C1", "1923 C2", "1930 C3", "1980 Y1", "1997 Y2", "1909 G6",
]  # fmt: skip
BO_ENDS = ["1922 G1", "1924 E1", "1950 M1", "1921 C1", "1938 Y1", "1995 X"]


def test_all_continents_in_the_last_turn_counts_at_the_end() -> None:
    script = [t for pair in zip(ANA_LAST_SIX, BO_ENDS, strict=False) for t in pair]
    script += ANA_LAST_SIX[len(BO_ENDS) :]
    state = play_script(script, players=2, stop=len(script) - 1)
    assert state.final == [False, True]
    assert state.six_round == [0, 0]
    state.push(script[-1])
    assert state.is_over
    assert state.six_round == [state.round, 0]
    assert category(state, "all_continents") == [5, 0]


# -------------------------------------------------------------------- Years Gap


def test_years_gap_dense_ranking() -> None:
    state = new_game(5)
    put(state, 0, {"Y1": 1903, "Y2": 1972})  # 69
    put(state, 1, {"Y1": 1910, "Y2": 1950})  # 40
    put(state, 2, {"Y1": 1920, "Y2": 1989})  # 69
    put(state, 3, {"Y1": 1930, "Y2": 1946})  # 16
    put(state, 4, {"Y1": 1945, "Y2": 1960})  # 15: 1945 counts as 1945
    assert category(state, "years_gap") == [5, 4, 5, 3, 2]


def test_years_gap_einstein_or_empty_scores_nothing_and_is_unranked() -> None:
    state = new_game(5)
    put(state, 0, {"Y1": 1930, "Y2": EIN})
    put(state, 1, {"Y1": EIN, "Y2": 1950})
    put(state, 2, {"Y1": 1930})
    put(state, 3, {"Y1": 1920, "Y2": 1930})  # 10
    put(state, 4, {"Y1": 1920, "Y2": 1925})  # 5
    assert category(state, "years_gap") == [0, 0, 0, 5, 4]


def test_years_gap_1945_is_its_year() -> None:
    state = new_game(2)
    put(state, 0, {"Y1": 1945, "Y2": 1960})  # 15
    put(state, 1, {"Y1": 1940, "Y2": 1956})  # 16
    assert category(state, "years_gap") == [4, 5]
    put(state, 0, {"Y1": 1930, "Y2": 1945})  # 15
    put(state, 1, {"Y1": 1931, "Y2": 1945})  # 14
    assert category(state, "years_gap") == [5, 4]


# ------------------------------------------------------- Short Era, Antiquity


def test_short_era_smallest_gap_wins() -> None:
    state = new_game(5, variations=["short_era"])
    put(state, 0, {"Y1": 1920, "Y2": 1930})  # 10
    put(state, 1, {"Y1": 1950, "Y2": 1955})  # 5
    put(state, 2, {"Y1": 1960, "Y2": 1970})  # 10
    put(state, 3, {"Y1": 1960})  # incomplete
    put(state, 4, {"Y1": 1900, "Y2": 1999})  # 99
    assert category(state, "short_era") == [4, 5, 4, 0, 3]
    assert "years_gap" not in sheets(state)[0].categories
    assert set(sheets(state)[0].categories) == BASE_KEYS | {"short_era"}


def test_antiquity_oldest_right_card_wins() -> None:
    state = new_game(5, variations=["antiquity"])
    put(state, 0, {"Y1": 1920, "Y2": 1950})
    put(state, 1, {"Y1": 1901, "Y2": 1940})
    put(state, 2, {"Y1": 1930, "Y2": 1950})
    put(state, 3, {"Y2": 1902})  # incomplete: only both spots filled score (D-14)
    put(state, 4, {"Y1": 1960, "Y2": 1999})
    assert category(state, "antiquity") == [4, 5, 4, 0, 3]
    assert set(sheets(state)[0].categories) == BASE_KEYS | {"antiquity"}


def test_unique_decades_scores_nothing() -> None:
    state = new_game(2, variations=["unique_decades"])
    put(state, 0, {"Y1": 1931, "Y2": 1962})
    put(state, 1, {})
    first = sheets(state)[0]
    assert set(first.categories) == BASE_KEYS
    # Y1/Y2 count as hall cards like any other: 2 decades, focus 1, chain 1.
    assert first.categories["decades"] == 2
    assert first.total == 0 + 1 + 2 + 1 - 14 + 0


# ---------------------------------------------- Focus, Decades, Chain, penalties


def test_continent_focus_counts_the_most_frequent_continent_whites_excluded() -> None:
    state = new_game(2)
    put(
        state,
        0,
        {"G1": 1910, "E1": 1919, "C1": 1921, "Y1": 1901, "Y2": 1913, "M1": 1945, "G2": EIN},
        depot=[1927, 1934, 1935],  # three more European cards in the depot: ignored
    )
    put(state, 1, {"G1": 1945, "G2": EIN})
    assert [continent(y) for y in (1910, 1919, 1921)] == ["EU"] * 3
    assert category(state, "continent_focus") == [3, 0]


def test_number_of_decades_einstein_excluded_1945_in_the_forties() -> None:
    state = new_game(2)
    put(state, 0, {"G1": 1941, "G2": 1945, "G3": 1950, "G6": EIN, "Y2": 1999}, depot=[1905])
    put(state, 1, {"M1": EIN})
    assert category(state, "decades") == [3, 0]
    put(state, 1, {"M1": 1945})
    assert category(state, "decades") == [3, 1]
    put(state, 1, {f"G{i}": 1900 + 10 * i for i in range(1, 7)} | {"M1": 1905, "E1": 1975})
    assert category(state, "decades") == [3, 8]  # 1900s (1905) .. 1970s
    put(state, 1, {"G1": 1901, "G2": 1912, "G3": 1923, "G4": 1934, "G5": 1947, "G6": 1958,
                   "E1": 1969, "E2": 1970, "E3": 1981, "E4": 1992})  # fmt: skip
    assert category(state, "decades") == [3, 10]


def test_chain_of_years() -> None:
    state = new_game(2)
    put(state, 0, {"G1": 1944, "Y1": 1945, "C3": 1946, "M1": 1948})  # not adjacent
    put(state, 1, {"G1": 1944, "G2": EIN, "G3": 1946})  # Einstein fills no year
    assert category(state, "chain") == [3, 1]
    put(state, 0, {})  # empty hall: at least 1
    put(state, 1, {"G1": 1999, "G2": 1900}, depot=[1901])  # no wrap; depot ignored
    assert category(state, "chain") == [1, 1]
    put(state, 0, {"G1": 1970, "G2": 1971, "G3": 1972, "E1": 1973, "M1": 1960, "Y1": 1961})
    assert category(state, "chain")[0] == 4
    put(state, 1, {"G1": 1997, "G2": 1998, "G3": EIN})  # Einstein is no 1999 either
    assert category(state, "chain")[1] == 2


def test_empty_spot_and_depot_penalties() -> None:
    state = new_game(2)
    put(state, 0, {"G1": 1910, "M1": 1950}, depot=[1901, 1902])
    put(state, 1, {}, depot=[1903, 1904, 1905])
    assert category(state, "empty_spots") == [-14, -16]
    assert category(state, "depot") == [-2, -3]
    put(state, 1, {name: 1900 + i for i, name in enumerate(SPOTS)})
    assert category(state, "empty_spots")[1] == 0
    assert category(state, "depot")[1] == 0


def test_secret_decade_variant() -> None:
    state = new_game(3, secret_decades=[1930, 1980, 1940])
    put(state, 0, {"G1": 1931, "G2": 1935, "G3": EIN, "G4": 1940}, depot=[1939])
    put(state, 1, {"G1": 1980, "G2": 1989, "M1": 1945, "Y1": 1979})
    put(state, 2, {"G1": 1945, "G2": 1941, "G3": EIN})
    assert category(state, "secret_decade") == [2, 2, 2]
    for sheet in sheets(state):
        assert set(sheet.categories) == BASE_KEYS | {"years_gap", "secret_decade"}
        assert sheet.total == sum(sheet.categories.values())
    plain = new_game(3)
    assert "secret_decade" not in sheets(plain)[0].categories


# ------------------------------------------------------------------- tiebreak


def test_tiebreak_mid_century_closest_to_1950() -> None:
    state = new_game(5)
    put(state, 0, {"G1": 1902, "M1": 1948})  # distance 2
    put(state, 1, {"G1": 1902, "M1": 1952})  # distance 2: ties with Ana
    put(state, 2, {"G1": 1902, "M1": 1960})  # distance 10
    put(state, 3, {"G1": 1902, "G3": 1960, "M1": EIN}, depot=[1990])  # Einstein: loses
    put(state, 4, {"G1": 1902, "G3": 1960})  # empty Mid Century: loses, ties with Einstein
    result = sheets(state)
    assert len({sheet.total for sheet in result}) == 1, [s.total for s in result]
    assert [s.tiebreak_distance for s in result] == [2, 2, 10, None, None]
    assert [s.rank for s in result] == [1, 1, 3, 4, 4]


def test_total_beats_the_tiebreak() -> None:
    state = new_game(2)
    put(state, 0, {"G1": 1902, "M1": 1999})
    put(state, 1, {"M1": 1950})
    result = sheets(state)
    assert result[0].total > result[1].total
    assert result[0].tiebreak_distance == 49
    assert result[1].tiebreak_distance == 0
    assert [s.rank for s in result] == [1, 2]


# ------------------------------------------------------------------------ solo


def test_solo_scores_times_100_with_all_continents_worth_1() -> None:
    state = play_script(["1900 G1", "1901 G2", "1902 G3", "1903 G4", "1908 G5", "1909 G6"])
    sheet = sheets(state)[0]
    assert score_game(state).solo
    assert sheet.categories == {
        "all_continents": 100,
        "years_gap": 0,
        "continent_focus": 100,
        "decades": 100,
        "chain": 400,  # 1900..1903
        "empty_spots": -1000,
        "depot": 0,
        "mid_century": 0,
    }
    assert sheet.total == 100 + 100 + 100 + 400 - 1000
    assert sheet.rank == 1


@pytest.mark.parametrize(
    ("mid", "points"),
    [(1950, 100), (1960, 80), (1948, 96), (1900, 0), (1999, 2), (EIN, 0), (None, 0), (1945, 90)],
)
def test_solo_mid_century(mid: int | None, points: int) -> None:
    state = new_game(1)
    put(state, 0, {} if mid is None else {"M1": mid})
    assert category(state, "mid_century") == [points]


def test_mid_century_is_no_category_with_several_players() -> None:
    state = new_game(2)
    put(state, 0, {"M1": 1950})
    assert "mid_century" not in sheets(state)[0].categories


# Market groups of years 1960..1976, inside most intervals used below.
HIGH_GROUPS: list[list[Card]] = [[1960 + 3 * k, 1961 + 3 * k, 1962 + 3 * k] for k in range(6)]

SOLO_MARKET: list[list[Card]] = [
    [1901, 1955, 1956],
    [1957, 1958, 1959],
    [1960, 1961, 1962],
    [1963, 1964, 1965],
    [1966, 1967, 1945],
    [1968, "EIN", 1999],
]


def test_solo_years_gap_against_the_market() -> None:
    # The stock (e.g. 1900, 1902...) never counts: only the 18 face-up cards.
    state = new_game(1, deck=build_deck(SOLO_MARKET))
    put(state, 0, {"Y1": 1910, "Y2": 1970})  # outside: 1901, 1999 (not EIN, 1945 inside)
    assert category(state, "years_gap") == [300]
    put(state, 0, {"Y1": 1950, "Y2": 1970})  # outside: 1901, 1945, 1999
    assert category(state, "years_gap") == [200]
    put(state, 0, {"Y1": 1970, "Y2": 1980})  # 17 face-up cards outside (not EIN): 0
    assert category(state, "years_gap") == [0]
    put(state, 0, {"Y1": 1900, "Y2": EIN})
    assert category(state, "years_gap") == [0]
    put(state, 0, {"Y1": 1900})
    assert category(state, "years_gap") == [0]
    put(state, 0, {"Y1": 1900, "Y2": 1998})  # outside: 1999 only
    assert category(state, "years_gap") == [400]


def test_solo_short_era_against_the_market() -> None:
    market: list[list[Card]] = [[1931, 1932, 1945], [1929, 1951, "EIN"], *HIGH_GROUPS[2:]]
    state = new_game(1, deck=build_deck(market), variations=["short_era"])
    put(state, 0, {"Y1": 1930, "Y2": 1950})  # inside: 1931, 1932, 1945
    assert category(state, "short_era") == [200]
    put(state, 0, {"Y1": 1930, "Y2": 1932})  # not strictly inside: only 1931
    assert category(state, "short_era") == [400]
    put(state, 0, {"Y1": 1930})
    assert category(state, "short_era") == [0]


def test_solo_antiquity_against_the_market() -> None:
    market: list[list[Card]] = [[1901, 1902, 1945], [1950, 1951, "EIN"], *HIGH_GROUPS[2:]]
    state = new_game(1, deck=build_deck(market), variations=["antiquity"])
    put(state, 0, {"Y1": 1930, "Y2": 1950})  # older than 1950: 1901, 1902, 1945
    assert category(state, "antiquity") == [200]
    put(state, 0, {"Y1": 1920, "Y2": 1945})  # older than 1945: 1901, 1902
    assert category(state, "antiquity") == [300]
    put(state, 0, {"Y2": 1945})
    assert category(state, "antiquity") == [0]


def test_solo_einstein_in_the_market_never_counts() -> None:
    with_einstein: list[list[Card]] = [[1901, 1902, "EIN"], *HIGH_GROUPS[1:]]
    with_1903: list[list[Card]] = [[1901, 1902, 1903], *HIGH_GROUPS[1:]]
    a = new_game(1, deck=build_deck(with_einstein))
    b = new_game(1, deck=build_deck(with_1903))
    for state in (a, b):
        put(state, 0, {"Y1": 1950, "Y2": 1999})
    # Einstein lies where 1903 would: 1903 counts (below 1950), Einstein does not.
    assert category(a, "years_gap") == [300]
    assert category(b, "years_gap") == [200]


# ------------------------------------------------------------------------ Ron


# The English rulebook's "Final Exhibition Example", played by legal turns from
# an explicit deck.  Ron (seat 0) builds the printed hall: the Years Gap 1903
# (North America) and 1972 (South America, D-1), three North American and
# three Oceanian cards, no Asian one but 1994 in his depot with 1996, 1945 in
# the top row with an empty spot left of it, three empty spots; then he
# takes 1999, which fits nowhere, and ends.  Bo ends early with a hall that
# takes no late card, his Years Gap incomplete (unranked).
RON_GROUPS: list[list[Card]] = [  # OC, SA, AF, AS, EU, NA
    [1903, 1907, 1908], [1900, 1909, 1910], [1905, 1911, 1912],
    [1950, 1913, 1914], [1901, 1915, 1916], [1972, 1917, 1918],
]  # fmt: skip
RON_STOCK: list[Card] = [
    1902, 1930, 1945, 1998, 1974, 1962, 1973, 1906, 1904,
    1981, 1920, 1919, 1957, 1996, 1921, 1994, 1926, 1999,
]  # fmt: skip
RON = [
    "1903 Y1", "1972 Y2", "1930 C1", "1962 C2", "1973 C3", "1904 G1", "1945@AS G3",
    "1950 G4", "1974 G5", "1981 G6", "1919 E1", "1926 E2", "1957 M1", "1994 D", "1996 D",
    "1999 X",
]  # fmt: skip
BO = ["1900 G6", "1901 E4", "1902 C3", "1905 M1", "1906 Y2", "1998 X"]
RON_GAME = [turn for pair in zip(RON, BO, strict=False) for turn in pair] + RON[len(BO) :]


def ron_game(stop: int | None = None) -> ExhibitionState:
    state = GAME.start(["Ron", "Bo"], deck=build_deck(RON_GROUPS, RON_STOCK))
    for turn in RON_GAME[:stop]:
        state.push(turn)  # refuses an illegal turn
    return state


def test_rulebook_final_example_ron_is_played_to_the_printed_score() -> None:
    state = ron_game()
    assert state.is_over and state.final == [True, True]
    hall = {spot: label for spot, label in state.view(None)["halls"][0].items() if label}
    assert sorted(hall.values()) == sorted(t.split()[0].split("@")[0] for t in RON[:13])
    held = [continent(year) for year in hall.values()]
    assert "AS" not in held and held.count("NA") == held.count("OC") == 3
    assert max(held.count(c) for c in ("SA", "AF", "EU")) < 3
    assert [continent(y) for y in (1903, 1972)] == ["NA", "SA"]  # D-1: they may share Y
    assert state.view(None)["depots"][0] == ["1994", "1996"] and continent(1994) == "AS"
    sheet = sheets(state)[0]
    assert sheet.categories == {
        "all_continents": 0,  # Asia only in the depot
        "years_gap": 5,  # 1972 - 1903 = 69, the biggest gap (Bo's is incomplete)
        "continent_focus": 3,  # 3 North America (and 3 Oceania)
        "decades": 9,  # all but the 1990s; 1996 in the depot does not count
        "chain": 3,  # 1972-1973-1974
        "empty_spots": -3,
        "depot": -2,
    }
    assert sheet.total == 15
    assert sheet.tiebreak_distance == 7  # Mid Century 1957
    assert GAME.load(state.record().to_json()).view(None) == state.view(None)


def test_rulebook_ron_1945_leaves_room_for_an_asian_or_oceanian_card() -> None:
    """ "See that the 1945 card (free continent choice) makes that an Asian
    (green) or Oceanian (purple) card between 1904 and 1945 could have fit
    in the top row": the empty G2, between 1904 and 1945, before Ron ends."""
    state = ron_game(stop=len(RON_GAME) - 1)
    g2 = state.masks[0][spot("G2")]
    fits = [year for year in range(1900, 2000) if g2 >> card(year) & 1]
    assert fits and all(1904 < year < 1945 for year in fits)
    assert {continent(year) for year in fits} == {"AS", "OC"}
    assert {1908, 1913, 1929, 1932} <= set(fits)  # Asian and Oceanian years in the window
