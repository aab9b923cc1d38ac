"""Placement legality, showcase by showcase, through the engine's public API.

Every position is reached by playing turns (``play_script``); the last
script entry is a take only, so the pending card's targets can be checked:
``assert_accepted`` (listed and placeable) or ``assert_refused`` (not listed,
refused with a message naming the rule, state unchanged).

Continents used below (data/cards.json, pinned by the first test):
EU 1900 1906 1910 1919 1921 1927 1934 1935 1941 1943 1952 1969 1977 1981
OC 1901 1907 1913 1917 1920 1923 1930 1932 1948 1949 1956 1962 1966 1973
AF 1902 1905 1912 1922 1924 1938 1957 1959 1963 1968 1970 1974
NA 1903 1904 1915 1918 1925 1926 1933 1939 1942 1944 1955 1958 1965
AS 1908 1914 1916 1929 1937 1946 1947 1953 1954 1961 1964 1978
SA 1909 1911 1928 1931 1936 1940 1950 1951 1960 1967 1971 1972 1975 1999
"""

import pytest

from conftest import GAME, SPOTS, assert_accepted, assert_refused, continent, play_script
from vitrine.engine.errors import VitrineError

USED = {
    "EU": [1900, 1906, 1910, 1919, 1921, 1927, 1934, 1935, 1941, 1943, 1952, 1969, 1977, 1981],
    "OC": [1901, 1907, 1913, 1917, 1920, 1923, 1930, 1932, 1948, 1949, 1956, 1962, 1966, 1973],
    "AF": [1902, 1905, 1912, 1922, 1924, 1938, 1957, 1959, 1963, 1968, 1970, 1974],
    "NA": [1903, 1904, 1915, 1918, 1925, 1926, 1933, 1939, 1942, 1944, 1955, 1958, 1965],
    "AS": [1908, 1914, 1916, 1929, 1937, 1946, 1947, 1953, 1954, 1961, 1964, 1978],
    "SA": [1909, 1911, 1928, 1931, 1936, 1940, 1950, 1951, 1960, 1967, 1971, 1972, 1975, 1999],
}


def test_card_data_continents_these_tests_rely_on() -> None:
    for code, years in USED.items():
        for year in years:
            assert continent(year) == code, year
    assert continent(1945) is None
    assert continent("EIN") is None


# ------------------------------------------------------------------ ascending


def test_ascending_years_in_general() -> None:
    state = play_script(["1930 G1", "1950 G5", "1941"])
    for target in ("G2", "G3", "G4"):
        assert_accepted(state, target)
    refusal = assert_refused(state, "G6", "1941 cannot go to G6", "General", "1951..1999")
    assert refusal.code == "years_window"
    assert refusal.params == {
        "card": "1941",
        "spot": "G6",
        "showcase": "general",
        "around": ["1950"],
        "low": 1951,
        "high": 1999,
    }


def test_ascending_refuses_a_later_year_left_of_an_earlier_one() -> None:
    state = play_script(["1930 G1", "1950 G5", "1969"])
    assert_accepted(state, "G6")
    for target in ("G2", "G3", "G4"):
        assert_refused(state, target, "1969 cannot go to " + target, "1931..1949")


def test_ascending_holds_across_empty_spots_and_leftmost() -> None:
    state = play_script(["1950 G3", "1941"])
    assert_accepted(state, "G1")
    assert_accepted(state, "G2")
    for target in ("G4", "G5", "G6"):
        assert_refused(state, target, "1951..1999")


def test_ascending_in_one_continent_and_years_gap() -> None:
    state = play_script(["1919 C2", "1910"])
    assert_accepted(state, "C1")
    assert_refused(state, "C3", "1910 cannot go to C3")
    state = play_script(["1950 Y2", "1952"])
    assert_refused(state, "Y1", "1952 cannot go to Y1", "1900..1949")


# ---------------------------------------------------------- different continents


@pytest.mark.parametrize(("first", "second"), [("G1", "G2"), ("E1", "E2"), ("Y1", "Y2")])
def test_different_continents_inside_a_showcase(first: str, second: str) -> None:
    state = play_script([f"1910 {first}", "1919"])  # both Europe, 9 years apart
    refusal = assert_refused(
        state, second, f"1919 cannot go to {second}", "already holds a card of Europe"
    )
    assert (refusal.code, refusal.params["continent"]) == ("continent_repeated", "EU")
    state = play_script([f"1910 {first}", "1913"])  # Oceania
    assert_accepted(state, second)


def test_different_continents_is_per_showcase() -> None:
    state = play_script(["1910 G1", "1919"])
    assert_accepted(state, "E1")
    assert_accepted(state, "C1")
    assert_accepted(state, "Y1")
    assert_accepted(state, "M1")


# ---------------------------------------------------------------- One Continent


def test_one_continent_needs_one_continent() -> None:
    state = play_script(["1910 C1", "1919"])
    assert_accepted(state, "C2")
    assert_accepted(state, "C3")
    state = play_script(["1910 C1", "1913"])
    assert_refused(state, "C2", "1913 cannot go to C2", "One Continent holds Europe cards only")


def test_one_continent_first_come_claim_against_other_players() -> None:
    # Ana claims Europe; Bo may not put a European card in his One Continent.
    state = play_script(["1910 C1", "1919"], players=2)
    assert state.current == 1
    assert_refused(
        state, "C1", "1919 cannot go to C1", "Europe is already claimed by Ana's One Continent"
    )
    for target in ("C2", "C3"):
        assert_refused(state, target, "Europe is already claimed by Ana's")
    assert_accepted(state, "G1")  # only One Continent is affected
    state = play_script(["1910 C1", "1913"], players=2)
    assert_accepted(state, "C1")


def test_own_claim_does_not_block_oneself() -> None:
    state = play_script(["1910 C1", "1913 C1", "1919"], players=2)
    assert state.current == 0
    assert_accepted(state, "C2")
    # Bo's claim binds Ana.
    state = play_script(["1919 G1", "1913 C1", "1917"], players=2)
    assert_refused(state, "C1", "Oceania is already claimed by Bo's One Continent")


def test_only_coloured_cards_claim_a_continent() -> None:
    # Ana's One Continent holds only 1945: it claims nothing, Bo may take Europe.
    state = play_script(["1945@EU C1", "1919"], players=2)
    assert_accepted(state, "C1")
    state = play_script(["EIN@EU C2", "1919"], players=2)
    assert_accepted(state, "C1")
    assert_accepted(state, "C3")


def test_later_claim_never_invalidates_and_white_only_avoids_claims() -> None:
    # Ana holds 1945 alone in One Continent; Bo then claims Europe.  Ana's
    # showcase stays as it is and still accepts another continent, but the
    # wild continent must avoid Europe: a European card is refused.
    script = ["1945@EU C1", "1919 C1", "1956"]
    state = play_script(script, players=2)
    assert state.halls[0][11] == 45
    assert state.halls[1][11] == 19
    assert_accepted(state, "C2")
    assert_accepted(state, "C3")
    state = play_script(["1945@EU C1", "1919 C1", "1952"], players=2)
    assert_refused(state, "C2", "Europe is already claimed by Bo's")
    # Einstein (white) may still join the white-only showcase.
    state = play_script(["1945@EU C1", "1919 C1", "EIN@OC"], players=2)
    assert_accepted(state, "C3")


def test_white_only_one_continent_then_a_coloured_card_between() -> None:
    state = play_script(["1945@SA C1", "EIN@SA C3", "1950"])
    assert_accepted(state, "C2")  # EIN's year 1951..1999, continent SA
    state = play_script(["1945@SA C1", "EIN@SA C3", "1940"])
    assert_refused(state, "C2", "1940 cannot go to C2")  # 1945 is fixed


# --------------------------------------------------------------------- One Era


def test_one_era_gap_ten_per_step_to_the_right() -> None:
    cases = [
        ("E2", "1924", "1925"),  # 0 empty spots between: <= 10
        ("E3", "1934", "1935"),  # 1 empty spot between: <= 20
        ("E4", "1944", "1945@NA"),  # 2 empty spots between: <= 30 (1945's year is fixed)
    ]
    for target, ok, too_far in cases:
        state = play_script(["1914 E1", ok])
        assert_accepted(state, target)
        state = play_script(["1914 E1", too_far])
        assert_refused(state, target, "cannot go to " + target, "One Era")


def test_one_era_gap_to_the_left_and_between() -> None:
    state = play_script(["1944 E4", "1914"])
    assert_accepted(state, "E1")
    state = play_script(["1944 E4", "1913"])
    assert_refused(state, "E1", "1913 cannot go to E1", "1914..1943")
    state = play_script(["1914 E1", "1934 E3", "1924"])
    assert_accepted(state, "E2")
    state = play_script(["1914 E1", "1934 E3", "1923"])
    assert_refused(state, "E2", "only years 1924..1924 fit")
    state = play_script(["1914 E1", "1934 E3", "1925"])
    assert_refused(state, "E2", "only years 1924..1924 fit")


def test_one_era_far_apart_cards_leave_no_spot_between() -> None:
    state = play_script(["1914 E1", "1944 E4", "1924"])
    assert_accepted(state, "E2")
    state = play_script(["1914 E1", "1944 E4", "1925"])
    assert_refused(state, "E2", "1925 cannot go to E2")  # 11 > 10 from E1
    assert_refused(state, "E3", "1925 cannot go to E3")  # 19 > 10 to E4
    state = play_script(["1914 E1", "1944 E4", "1934"])
    assert_accepted(state, "E3")


# ----------------------------------------------------------------- Mid Century


@pytest.mark.parametrize("take", ["1900", "1999", "1945@OC", "EIN@OC", "1950"])
def test_mid_century_accepts_anything(take: str) -> None:
    state = play_script([take])
    assert_accepted(state, "M1")


def test_mid_century_accepts_anything_whatever_the_rest_of_the_hall() -> None:
    state = play_script(["1999 G1", "1998 E1", "1997 C1", "1996 Y1", "1900"])
    assert_accepted(state, "M1")


# ------------------------------------------------------------------ wild 1945


def test_1945_continent_is_wild_in_general() -> None:
    script = ["1900 G1", "1901 G2", "1902 G3", "1903 G4", "1945@AS G5", "1946"]
    state = play_script(script)
    assert_accepted(state, "G6")  # 1945 plays South America, 1946 is Asia
    script = ["1900 G1", "1901 G2", "1902 G3", "1903 G4", "1908 G5", "1945@SA"]
    state = play_script(script)
    assert_accepted(state, "G6")  # five continents in the showcase, 1945 is the sixth


def test_1945_year_is_fixed_in_general() -> None:
    state = play_script(["1950 G2", "1945@OC"])
    assert_accepted(state, "G1")
    assert_refused(state, "G3", "1945 cannot go to G3", "1951..1999")
    state = play_script(["1944 G2", "1945@OC"])
    assert_refused(state, "G1", "1945 cannot go to G1", "1900..1943")
    assert_accepted(state, "G3")


def test_1945_in_one_era_counts_its_year() -> None:
    state = play_script(["1930 E1", "1945@OC"])
    assert_refused(state, "E2", "1945 cannot go to E2", "1931..1940")
    assert_accepted(state, "E3")
    assert_accepted(state, "E4")
    state = play_script(["1945@OC E2", "1950"])  # 1950 SA next to a wild continent
    assert_accepted(state, "E3")
    state = play_script(["1945@OC E2", "1956"])
    assert_refused(state, "E3", "1956 cannot go to E3")


def test_1945_in_one_continent_takes_the_showcase_continent() -> None:
    state = play_script(["1931 C1", "1945@OC"])
    assert_accepted(state, "C2")
    assert_accepted(state, "C3")
    state = play_script(["1931 C1", "1945@OC C2", "1950"])
    assert_accepted(state, "C3")  # SA after SA and a white card
    state = play_script(["1950 C1", "1945@OC"])
    assert_refused(state, "C2", "1945 cannot go to C2")  # year fixed


def test_1945_in_years_gap() -> None:
    state = play_script(["1945@OC Y1", "1946"])
    assert_accepted(state, "Y2")
    state = play_script(["1945@OC Y1", "1944"])
    assert_refused(state, "Y2", "1944 cannot go to Y2")
    state = play_script(["1940 Y2", "1945@OC"])
    assert_refused(state, "Y1", "1945 cannot go to Y1")


# ------------------------------------------------------------------- Einstein


def test_einstein_needs_a_year_strictly_between_neighbours() -> None:
    state = play_script(["1910 G1", "1911 G3", "EIN@OC"])
    assert_refused(state, "G2", "EIN cannot go to G2", "no year fits between 1910 and 1911")
    assert_accepted(state, "G4")
    state = play_script(["1910 G1", "1912 G3", "EIN@OC"])
    assert_accepted(state, "G2")  # 1911


def test_einstein_year_stays_within_the_century() -> None:
    state = play_script(["1900 G2", "EIN@OC"])
    assert_refused(state, "G1", "EIN cannot go to G1")
    assert_accepted(state, "G3")
    state = play_script(["1999 Y1", "EIN@OC"])
    assert_refused(state, "Y2", "EIN cannot go to Y2")
    state = play_script(["1900 Y2", "EIN@OC"])
    assert_refused(state, "Y1", "EIN cannot go to Y1")
    state = play_script(["1998 Y1", "EIN@OC"])
    assert_accepted(state, "Y2")


def test_einstein_continent_is_wild() -> None:
    script = ["1900 G1", "1901 G2", "1902 G3", "1903 G4", "1908 G5", "EIN@SA"]
    assert_accepted(play_script(script), "G6")
    state = play_script(["1931 C1", "EIN@SA"])
    assert_accepted(state, "C2")
    state = play_script(["1931 C1", "EIN@SA C2", "1936"])
    assert_accepted(state, "C3")


def test_later_card_squeezing_einstein_to_nothing_is_refused_in_general() -> None:
    # Control: without Einstein, 1911 fits between 1910 and 1913.
    state = play_script(["1910 G1", "1913 G4", "1911"])
    assert_accepted(state, "G3")
    # With Einstein on G2 (1911 or 1912), G3 needs Einstein < year < 1913.
    state = play_script(["1910 G1", "EIN@SA G2", "1913 G4", "1911"])
    assert_refused(state, "G3", "1911 cannot go to G3", "1912..1912")
    state = play_script(["1910 G1", "EIN@SA G2", "1913 G4", "1912"])
    assert_accepted(state, "G3")


def test_later_card_squeezing_einstein_to_nothing_is_refused_in_one_era() -> None:
    state = play_script(["1910 E1", "1911"])
    assert_accepted(state, "E3")
    state = play_script(["1910 E1", "EIN@SA E2", "1911"])
    assert_refused(state, "E3", "1911 cannot go to E3")
    state = play_script(["1910 E1", "EIN@SA E2", "1912"])
    assert_accepted(state, "E3")


def test_einstein_in_one_era_relays_the_gap_rule() -> None:
    state = play_script(["1910 E1", "1940 E4", "EIN@SA"])
    assert_accepted(state, "E2")  # only as 1920
    assert_accepted(state, "E3")  # only as 1930
    state = play_script(["EIN@SA E1", "1905"])
    assert_accepted(state, "E2")
    state = play_script(["EIN@SA E1", "1900"])
    assert_refused(state, "E2", "1900 cannot go to E2")
    # Einstein on E2 with E4 = 1940 is 1920..1939 (two steps), so E1 must be >= 1910.
    state = play_script(["EIN@SA E2", "1940 E4", "1909"])
    assert_refused(state, "E1", "1909 cannot go to E1")
    state = play_script(["EIN@SA E2", "1940 E4", "1910"])
    assert_accepted(state, "E1")


def test_einstein_in_one_continent_and_years_gap_squeeze() -> None:
    state = play_script(["1950 C1", "1951 C3", "EIN@SA"])
    assert_refused(state, "C2", "EIN cannot go to C2")
    state = play_script(["1950 C1", "EIN@SA C2", "1951"])
    assert_refused(state, "C3", "1951 cannot go to C3")
    state = play_script(["1950 C1", "EIN@SA C2", "1960"])
    assert_accepted(state, "C3")


# ------------------------------------------------------------ spread_the_years


SPREAD = ["spread_the_years"]


def test_spread_the_years_minimum_gaps() -> None:
    cases = [("E2", "1930", "1929"), ("E3", "1950", "1949"), ("E4", "1970", "1968")]
    for target, ok, too_close in cases:
        state = play_script(["1910 E1", ok], variations=SPREAD)
        assert_accepted(state, target)
        state = play_script(["1910 E1", too_close], variations=SPREAD)
        assert_refused(state, target, "cannot go to " + target)


def test_spread_the_years_both_sides() -> None:
    state = play_script(["1910 E1", "1970 E4", "1930"], variations=SPREAD)
    assert_accepted(state, "E2")  # the only year: >= 1930 and <= 1970 - 40
    assert_refused(state, "E3", "1930 cannot go to E3")
    state = play_script(["1910 E1", "1970 E4", "1931"], variations=SPREAD)
    assert_refused(state, "E2", "1931 cannot go to E2")
    assert_refused(state, "E3", "1931 cannot go to E3")
    state = play_script(["1910 E1", "1970 E4", "1950"], variations=SPREAD)
    assert_accepted(state, "E3")
    assert_refused(state, "E2", "1950 cannot go to E2")


def test_spread_the_years_keeps_different_continents_and_replaces_one_era() -> None:
    state = play_script(["1910 E1", "1934"], variations=SPREAD)
    assert_refused(state, "E2", "already holds a card of Europe")
    # One Era's max gap is gone.
    state = play_script(["1910 E1", "1999"], variations=SPREAD)
    assert_accepted(state, "E2")


@pytest.mark.parametrize(
    ("variation", "targets"),
    [
        ("spread_the_years", ["E1", "E2", "E3", "E4"]),
        ("links", ["G1", "G3", "G6"]),
        ("one_decade", ["C1", "C2", "C3"]),
        ("short_era", ["Y1", "Y2"]),
        ("antiquity", ["Y1", "Y2"]),
        ("unique_decades", ["Y1", "Y2"]),
    ],
)
@pytest.mark.parametrize("white", ["1945@OC", "EIN@OC"])
def test_white_cards_refused_in_every_variation(
    variation: str, targets: list[str], white: str
) -> None:
    state = play_script([white], variations=[variation])
    for target in targets:
        assert_refused(state, target, "white cards may not be placed in")
    assert_accepted(state, "M1")


# ----------------------------------------------------------------------- links


LINKS = ["links"]


@pytest.mark.parametrize(
    ("card", "ok"),
    [
        ("1919", True),  # Europe like 1910, 9 years: same continent (D-9)
        ("1913", True),  # Oceania, 3 years
        ("1915", True),  # North America, 5 years
        ("1914", True),  # Asia, 4 years
        ("1916", False),  # Asia, 6 years
        ("1917", False),  # Oceania, 7 years
        ("1969", True),  # Europe, 59 years
    ],
)
def test_links_continent_or_five_years(card: str, ok: bool) -> None:
    state = play_script(["1910 G1", card], variations=LINKS)
    for target in ("G2", "G4", "G6"):  # empty spots between never widen the rule (D-14)
        if ok:
            assert_accepted(state, target)
        else:
            assert_refused(
                state, target, f"{card} cannot go to {target}", "share a continent or lie within 5"
            )


def test_links_still_ascending() -> None:
    state = play_script(["1910 G2", "1906"], variations=LINKS)  # Europe, but older
    assert_accepted(state, "G1")
    assert_refused(state, "G3", "1906 cannot go to G3")


def test_links_checks_both_neighbours() -> None:
    state = play_script(["1910 G1", "1927 G4", "1921"], variations=LINKS)
    assert_accepted(state, "G2")  # Europe, links both
    state = play_script(["1910 G1", "1927 G4", "1913"], variations=LINKS)
    assert_refused(state, "G2", "1927 does neither")
    state = play_script(["1910 G1", "1927 G4", "1924"], variations=LINKS)
    assert_refused(state, "G3", "1910 does neither")
    state = play_script(["1910 G1", "1914 G4", "1912"], variations=LINKS)
    assert_accepted(state, "G2")  # Africa, within 5 of both


def test_links_neighbours_are_the_consecutive_filled_spots() -> None:
    # G1 = 1910 and G3 = 1914 (4 years, linked).  A card right of 1914 is
    # checked against 1914 only, not against 1910.
    state = play_script(["1910 G1", "1914 G3", "1918"], variations=LINKS)
    assert_accepted(state, "G4")
    assert_accepted(state, "G6")
    state = play_script(["1910 G1", "1914 G3", "1920"], variations=LINKS)
    assert_refused(state, "G4", "1914 does neither")


def test_links_replaces_general_different_continents() -> None:
    state = play_script(["1910 G1", "1919 G2", "1921"], variations=LINKS)
    assert_accepted(state, "G3")  # three European cards


# ------------------------------------------------------------------ one_decade


DECADE = ["one_decade"]


def test_one_decade_same_decade_different_continents() -> None:
    state = play_script(["1931 C1", "1934"], variations=DECADE)
    assert_accepted(state, "C2")
    state = play_script(["1931 C1", "1941"], variations=DECADE)
    assert_refused(state, "C2", "One Decade holds cards of the 1930s only")
    state = play_script(["1931 C1", "1936"], variations=DECADE)
    assert_refused(state, "C2", "already holds a card of South America")
    state = play_script(["1934 C2", "1931"], variations=DECADE)
    assert_accepted(state, "C1")
    assert_refused(state, "C3", "1931 cannot go to C3")


def test_one_decade_has_no_cross_player_claim() -> None:
    state = play_script(["1931 C1", "1936"], players=2, variations=DECADE)
    assert_accepted(state, "C1")
    state = play_script(["1931 C1", "1933"], players=2, variations=DECADE)
    assert_accepted(state, "C1")


# ------------------------------------------------------ short_era / antiquity


@pytest.mark.parametrize("variation", ["short_era", "antiquity"])
def test_short_era_and_antiquity_placement(variation: str) -> None:
    state = play_script(["1950 Y1", "1952"], variations=[variation])
    assert_accepted(state, "Y2")
    state = play_script(["1950 Y1", "1951"], variations=[variation])
    assert_refused(state, "Y2", "already holds a card of South America")
    state = play_script(["1950 Y1", "1941"], variations=[variation])
    assert_refused(state, "Y2", "1941 cannot go to Y2")
    state = play_script(["1950 Y2", "1941"], variations=[variation])
    assert_accepted(state, "Y1")


# -------------------------------------------------------------- unique_decades


UNIQUE = ["unique_decades"]


@pytest.mark.parametrize(
    ("players", "lowest", "highest"),
    [(1, 1940, 1950), (2, 1930, 1960), (3, 1920, 1970), (4, 1910, 1980), (5, 1900, 1990)],
)
def test_unique_decades_allowed_decades_per_player_count(
    players: int, lowest: int, highest: int
) -> None:
    for year in (lowest, lowest + 9, highest, highest + 9):
        if year == 1945:
            continue
        state = play_script([str(year)], players=players, variations=UNIQUE)
        assert_accepted(state, "Y1")
    for year in (lowest - 1, highest + 10):
        if 1900 <= year <= 1999:
            state = play_script([str(year)], players=players, variations=UNIQUE)
            assert_refused(
                state,
                "Y1",
                f"allows only the {lowest}s to the {highest}s with {players} player(s)",
            )


def test_unique_decades_across_players_own_included() -> None:
    state = play_script(["1931 Y1", "1935"], players=2, variations=UNIQUE)
    assert_refused(state, "Y1", "the 1930s are already in Ana's Unique Decades")
    state = play_script(["1931 Y1", "1941"], players=2, variations=UNIQUE)
    assert_accepted(state, "Y1")
    # Ana's own second card may not repeat her decade either.
    state = play_script(["1931 Y1", "1941 G1", "1934"], players=2, variations=UNIQUE)
    assert state.current == 0
    assert_refused(state, "Y2", "the 1930s are already in Ana's Unique Decades")
    state = play_script(["1931 Y1", "1941 Y1", "1952"], players=2, variations=UNIQUE)
    assert_accepted(state, "Y2")
    state = play_script(["1931 Y1", "1941 Y1", "1944"], players=2, variations=UNIQUE)
    assert_refused(state, "Y2", "the 1940s are already in Bo's Unique Decades")


def test_unique_decades_only_looks_at_the_unique_decades_showcase() -> None:
    state = play_script(["1931 G1", "1935"], players=2, variations=UNIQUE)
    assert_accepted(state, "Y1")


def test_unique_decades_keeps_ascending_and_continents() -> None:
    state = play_script(["1950 Y2", "1960"], players=2, variations=UNIQUE)
    assert state.current == 1
    state = play_script(["1950 Y2", "1961 G1", "1936"], players=2, variations=UNIQUE)
    assert_refused(state, "Y1", "already holds a card of South America")
    state = play_script(["1950 Y2", "1961 G1", "1934"], players=2, variations=UNIQUE)
    assert_accepted(state, "Y1")
    state = play_script(["1950 Y1", "1961 G1", "1937"], players=2, variations=UNIQUE)
    assert_refused(state, "Y2", "1937 cannot go to Y2")


# ------------------------------------------------------------------ D-10 options


def test_two_variations_covering_the_same_showcase_are_refused() -> None:
    for pair in (
        ["short_era", "antiquity"],
        ["short_era", "unique_decades"],
        ["antiquity", "unique_decades"],
    ):
        with pytest.raises(VitrineError, match="both cover"):
            GAME.start(["Ana", "Bo"], {"variations": pair}, seed=1)


def test_unknown_variation_is_refused() -> None:
    with pytest.raises(VitrineError, match="unknown variation showcase 'spread'"):
        GAME.start(["Ana", "Bo"], {"variations": ["spread"]}, seed=1)


def test_one_variation_per_base_showcase_keeps_the_spot_names() -> None:
    variations = ["links", "spread_the_years", "one_decade", "unique_decades"]
    state = GAME.start(["Ana", "Bo"], {"variations": variations}, seed=1)
    spots = [name for showcase in state.view(None)["showcases"] for name in showcase["spots"]]
    assert tuple(spots) == SPOTS
    keys = [showcase["key"] for showcase in state.view(None)["showcases"]]
    assert keys == ["links", "spread_the_years", "mid_century", "one_decade", "unique_decades"]
