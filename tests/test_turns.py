"""Turn flow: taking, vehicles, refills, depot, ending, rounds, the two-step API."""

import random
from collections import Counter

import pytest

from conftest import (
    CONTINENTS,
    GAME,
    assert_refused,
    build_deck,
    card,
    new_game,
    play_script,
    snapshot,
)
from vitrine.engine.errors import IllegalTurnError, NotationError, VitrineError
from vitrine.games.exhibition import DEPOT, END, ExhibitionState, Take, Turn

# A deck whose market is known: OC, SA, AF, AS, EU, NA groups, then the stock.
GROUPS = [
    [1913, 1901, 1907],  # OC group (dealt out of order: the group is sorted)
    [1909, 1911, 1928],
    [1902, 1905, 1912],
    [1908, 1914, 1916],
    [1910, 1919, 1921],
    [1903, 1904, 1915],
]
STOCK = [1906, 1999, 1945, 1960]


def known_game(players: int = 2) -> ExhibitionState:
    return new_game(players, deck=build_deck(GROUPS, STOCK))


def market(state: ExhibitionState) -> dict[str, list[str]]:
    result: dict[str, list[str]] = state.view(None)["market"]
    return result


# ---------------------------------------------------------------------- setup


def test_deal_market_groups_vehicles() -> None:
    state = known_game(5)
    assert market(state) == {
        "OC": ["1901", "1907", "1913"],
        "SA": ["1909", "1911", "1928"],
        "AF": ["1902", "1905", "1912"],
        "AS": ["1908", "1914", "1916"],
        "EU": ["1910", "1919", "1921"],
        "NA": ["1903", "1904", "1915"],
    }
    assert state.view(None)["vehicles"] == ["OC", "SA", "AF", "AS", "EU"]
    assert state.view(None)["stock_count"] == 101 - 18
    assert state.stock[:4] == tuple(card(y) for y in STOCK)
    assert state.current_player == 0
    assert state.round == 1
    assert state.phase == "take"


def test_einstein_is_shown_last_in_its_group() -> None:
    state = new_game(2, deck=build_deck([[1999, "EIN", 1901]]))
    assert market(state)["OC"] == ["1901", "1999", "EIN"]


# ----------------------------------------------------------------------- take


def test_take_only_at_own_vehicle_continent() -> None:
    state = known_game()
    assert state.legal_actions() == ["1901", "1907", "1913"]
    assert_refused(
        state,
        "1909",
        "1909 lies at South America, but your vehicle is at Oceania, which still has cards",
    )
    assert_refused(state, "1909 G1", "1909 lies at South America")
    assert_refused(state, "1950", "1950 is not in the market")
    assert_refused(state, "1950 G1", "1950 is not in the market")
    state.push("1907 G1")
    assert state.current_player == 1
    assert state.legal_actions() == ["1909", "1911", "1928"]  # Bo's vehicle: South America
    assert_refused(state, "1901", "your vehicle is at South America")


def test_white_cards_take_one_action_per_destination() -> None:
    state = new_game(2, deck=build_deck([[1901, 1945, "EIN"]]))
    whites = [f"{w}@{code}" for w in ("1945", "EIN") for code in CONTINENTS]
    assert state.legal_actions() == sorted(["1901", *whites])


def test_white_take_needs_a_destination_and_coloured_take_refuses_one() -> None:
    state = new_game(2, deck=build_deck([[1901, 1945, "EIN"]]))
    before = snapshot(state)
    with pytest.raises(IllegalTurnError, match="1945 is white: choose the vehicle's destination"):
        state.take(Take(card(1945), -1))
    with pytest.raises(IllegalTurnError, match="1901 is not white"):
        state.take(Take(card(1901), 2))
    with pytest.raises(NotationError, match="1945 is white"):
        state.apply_action("1945")
    with pytest.raises(NotationError, match="1901 is not white"):
        state.apply_action("1901@AF")
    assert snapshot(state) == before


def test_vehicle_moves_to_the_card_continent() -> None:
    state = new_game(2, deck=build_deck([[1909, 1910, 1945]]))
    state.push("1909 G1")  # South America card taken at Oceania
    assert state.view(None)["vehicles"] == ["SA", "SA"]
    state = new_game(2, deck=build_deck([[1909, 1910, 1945]]))
    state.push("1910 G1")
    assert state.view(None)["vehicles"] == ["EU", "SA"]


@pytest.mark.parametrize("dest", CONTINENTS)
def test_white_card_moves_the_vehicle_to_the_chosen_destination(dest: str) -> None:
    state = new_game(2, deck=build_deck([[1909, 1910, 1945]]))
    state.push(f"1945@{dest} G1")
    assert state.view(None)["vehicles"] == [dest, "SA"]
    assert state.turn_texts() == [f"1945@{dest} G1"]


def test_vehicle_moves_at_the_take_before_placing() -> None:
    state = new_game(2, deck=build_deck([[1909, 1910, 1945]]))
    state.apply_action("1945@NA")
    assert state.view(None)["vehicles"] == ["NA", "SA"]
    assert state.current_player == 0


# --------------------------------------------------------------------- refill


def test_refill_goes_to_the_group_taken_from_and_stays_sorted() -> None:
    state = known_game()
    state.apply_action("1913")
    # D-13: the refill is revealed before the placement.
    assert market(state)["OC"] == ["1901", "1906", "1907"]
    assert state.view(None)["stock_count"] == 101 - 19
    state.apply_action("G1")
    assert state.view(None)["vehicles"] == ["OC", "SA"]
    state.push("1911 G1")  # Bo, at South America
    assert market(state)["SA"] == ["1909", "1928", "1999"]
    others = {k: v for k, v in market(state).items() if k not in ("OC", "SA")}
    assert others == {k: v for k, v in market(known_game()).items() if k not in ("OC", "SA")}


def test_refill_after_a_white_card_goes_to_where_it_was_taken() -> None:
    state = new_game(2, deck=build_deck([[1909, 1910, 1945]], [1920]))
    state.push("1945@NA M1")
    assert market(state)["OC"] == ["1909", "1910", "1920"]
    fresh = new_game(2, deck=build_deck([[1909, 1910, 1945]], [1920]))
    assert market(state)["NA"] == market(fresh)["NA"]
    assert state.view(None)["vehicles"][0] == "NA"


# ------------------------------------------------------- stock exhaustion game


def _flexibility(state: ExhibitionState, player: int) -> int:
    """How many (card, hall spot) pairs stay open to ``player``."""
    return sum(sum(1 for t in state.targets(player, c) if t >= 0) for c in range(101))


def _long_game(seed: int) -> list[tuple[ExhibitionState, str, ExhibitionState]]:
    """A 5-player game whose players keep their halls open as long as they can.

    Returns every turn as (state before, turn, state after).
    """
    state = GAME.start(["A", "B", "C", "D", "E"], {}, seed=seed)
    steps = []
    while not state.is_over:
        player = state.current
        best: tuple[int, str] | None = None
        for text in state.legal_turns():
            target = text.rsplit(" ", 1)[1]
            value = -(10**6) if target == "X" else -(10**5) if target == "D" else 0
            if target not in ("X", "D"):
                after = state.copy()
                after.push(text)
                value = _flexibility(after, player)
            if best is None or value > best[0]:
                best = (value, text)
        assert best is not None
        before = state.copy()
        state.push(best[1])
        steps.append((before, best[1], state.copy()))
    return steps


@pytest.fixture(scope="module")
def long_game() -> list[tuple[ExhibitionState, str, ExhibitionState]]:
    """The first such game from seed 21, the first today (each seed tried costs
    about a second; the search goes on should a rules change move the games)."""
    for seed in range(21, 60):
        steps = _long_game(seed)
        if any(
            before.stock == () and not before.market[before.vehicles[before.current]]
            for before, _, _ in steps
        ):
            return steps
    raise AssertionError("no seed led to an empty market group at a vehicle")


def test_refills_stop_when_the_stock_is_exhausted(
    long_game: list[tuple[ExhibitionState, str, ExhibitionState]],
) -> None:
    exhausted = 0
    for before, text, after in long_game:
        taken = card(text.split(" ")[0].split("@")[0])
        group = next(k for k, g in enumerate(before.market) if taken in g)
        assert all(g == sorted(g) for g in after.market)
        if before.stock:
            assert len(after.market[group]) == len(before.market[group])
            assert after.stock == before.stock[1:]
            assert before.stock[0] in after.market[group]
        else:
            exhausted += 1
            assert len(after.market[group]) == len(before.market[group]) - 1
            assert after.stock == ()
        untouched = [k for k in range(6) if k != group]
        assert [after.market[k] for k in untouched] == [before.market[k] for k in untouched]
    assert exhausted > 0


def test_take_from_any_continent_when_the_vehicle_group_is_empty(
    long_game: list[tuple[ExhibitionState, str, ExhibitionState]],
) -> None:
    seen = 0
    for before, _, _ in long_game:
        group = before.market[before.vehicles[before.current]]
        if group:
            expected = set(group)
        else:
            seen += 1
            expected = {c for g in before.market for c in g}
        takes = {card(a.split("@")[0]) for a in before.legal_actions()}
        assert takes == expected
    assert seen > 0


def test_long_game_ends_with_every_exhibition_final(
    long_game: list[tuple[ExhibitionState, str, ExhibitionState]],
) -> None:
    last = long_game[-1][2]
    assert last.is_over
    assert all(last.final)
    assert last.current_player is None


# ---------------------------------------------------------------------- depot


def test_depot_holds_at_most_three() -> None:
    state = play_script(["1901 D", "1902 D", "1903 D", "1904"])
    assert state.depots[0] == [card(1901), card(1902), card(1903)]
    assert "D" not in state.legal_actions()
    assert_refused(state, "D", "the depot is full (3 cards)")
    state = play_script(["1901 D", "1902 D", "1903 D"])
    assert_refused(state, state.legal_actions()[0] + " D", "the depot is full (3 cards)")
    state = play_script(["1901 D", "1902 D", "1903"])
    assert "D" in state.legal_actions()


# -------------------------------------------------------------- ending with X

# Player 0's hall after these turns refuses every Asian card: Asia is in
# General, One Era and Years Gap, One Continent is Oceania, Mid Century full.
BLOCK_ASIA = ["1908 G1", "1914 E1", "1950 M1", "1901 C1", "1916 Y1"]


def test_end_only_when_no_hall_spot_fits() -> None:
    state = play_script(["1907"])
    assert "X" not in state.legal_actions()
    assert_refused(
        state, "X", "you may end the exhibition only when 1907 fits no hall spot (it fits"
    )
    state = play_script(["1907"])
    assert_refused(state, "1907 X", "only when 1907 fits no hall spot")
    state = play_script([*BLOCK_ASIA, "1953"])  # Asian: fits no spot
    assert state.legal_actions() == ["D", "X"]
    state = play_script([*BLOCK_ASIA, "1955"])  # North America fits elsewhere
    assert "X" not in state.legal_actions()
    assert_refused(state, "X", "only when 1955 fits no hall spot")


def test_end_discards_the_card_and_makes_the_exhibition_final() -> None:
    state = play_script([*BLOCK_ASIA, "1998"], players=1)
    state.apply_action("X")
    assert state.final == [True]
    assert state.is_over
    assert state.view(None)["discards"] == ["1998"]
    assert card(1998) not in state.depots[0]
    assert card(1998) not in state.halls[0]
    assert state.turn_texts()[-1] == "1998 X"


def test_end_is_forced_when_the_depot_is_full() -> None:
    state = play_script([*BLOCK_ASIA, "1902 D", "1903 D", "1904 D", "1998"])
    assert state.legal_actions() == ["X"]
    assert_refused(state, "D", "the depot is full")
    assert_refused(state, "G2", "1998 cannot go to G2", "already holds a card of Asia")
    assert_refused(state, "M1", "M1 already holds 1950")
    assert_refused(state, "C2", "One Continent holds Oceania cards only")


# A solo hall with every spot filled but Y2, which nothing fits after 1999.
NEAR_FULL = [
    "1900 G1", "1901 G2", "1902 G3", "1903 G4", "1908 G5", "1909 G6",
    "1910 E1", "1911 E2", "1912 E3", "1913 E4", "1950 M1",
    "1920 C1", "1923 C2", "1930 C3", "1999 Y1",
]  # fmt: skip


def at_take_step(script: list[str], then: str) -> ExhibitionState:
    """The take step after ``script``, with ``then`` (a take) lying at the vehicle."""
    probe = play_script([*script, then])
    state = GAME.start(["Ana"], {}, deck=list(probe.config.deck))
    for entry in script:
        state.push(entry)
    return state


@pytest.mark.parametrize("white", ["1945", "EIN"])
def test_one_end_turn_per_destination_for_a_white_card(white: str) -> None:
    script = [*NEAR_FULL, "1960 D", "1961 D", "1962 D"]
    state = play_script([*script, f"{white}@OC"])
    assert state.legal_actions() == ["X"]
    state = at_take_step(script, f"{white}@OC")
    mine = [t for t in state.legal_turns() if t.startswith(white + "@")]
    assert mine == sorted(f"{white}@{code} X" for code in CONTINENTS)
    assert all(t.endswith(" X") for t in state.legal_turns())


def test_white_card_with_depot_room_has_depot_and_end_per_destination() -> None:
    state = at_take_step(list(NEAR_FULL), "1945@OC")
    mine = [t for t in state.legal_turns() if t.startswith("1945@")]
    assert mine == sorted(f"1945@{code} {t}" for code in CONTINENTS for t in ("D", "X"))


# ------------------------------------------------------------- final players


def test_full_hall_makes_the_exhibition_final() -> None:
    state = play_script([*NEAR_FULL[:-1], "1980 Y1", "1999"])
    assert state.final == [False]
    state.apply_action("Y2")
    assert state.final == [True]
    assert state.is_over
    assert -1 not in state.halls[0]
    assert state.legal_turns() == []
    assert state.legal_actions() == []
    assert state.legal_moves() == []
    before = snapshot(state)
    for action in ("1907", "G1"):
        with pytest.raises(IllegalTurnError, match="the game is over"):
            state.apply_action(action)
    with pytest.raises(IllegalTurnError, match="the game is over"):
        state.push("1907 G1")
    with pytest.raises(IllegalTurnError, match="the game is over"):
        state.place(0)
    assert snapshot(state) == before


ANA_FULL = [*NEAR_FULL[:-1], "1980 Y1", "1999 Y2"]
BO_HALL = [
    "1914 G1", "1915 G2", "1919 G3", "1922 G4", "1928 G5", "1932 G6",
    "1933 E1", "1934 E2", "1936 E3", "1938 E4", "1951 M1",
    "1941 C1", "1943 C2", "1952 C3", "1953 Y1", "1955 D",
]  # fmt: skip


def test_full_hall_player_is_skipped_and_the_other_plays_on() -> None:
    script = [turn for pair in zip(ANA_FULL, BO_HALL, strict=True) for turn in pair]
    state = play_script(script, players=2, stop=len(script) - 1)
    assert state.final == [True, False]
    assert state.current_player == 1
    assert state.round == 16
    state.push(BO_HALL[-1])
    assert state.current_player == 1  # Ana is skipped
    assert state.round == 17
    assert not state.is_over
    turn = state.legal_turns()[0]
    state.push(turn)
    assert state.current_player == 1
    assert state.round == 18


# Three players; Bo blocks Asia in his hall (BLOCK_ASIA) and ends with 1998.
ANA = ["1902 G1", "1903 G2", "1909 G3", "1917 G4", "1919 G5", "1929 G6", "1934 C1", "1935 C2"]
BO = [*BLOCK_ASIA, "1998 X"]
CY = ["1911 G1", "1912 G2", "1915 G3", "1920 G4", "1921 G5", "1937 G6", "1941 M1"]


def test_ended_exhibition_is_skipped_in_later_rounds() -> None:
    script = [t for trio in zip(ANA, BO, CY, strict=False) for t in trio]  # 6 rounds
    state = play_script([*script, ANA[6], CY[6], ANA[7]], players=3, stop=len(script))
    assert state.final == [False, True, False]
    assert state.round == 7
    assert state.current_player == 0
    state.push(ANA[6])
    assert state.current_player == 2  # Bo is skipped
    assert state.round == 7
    state.push(CY[6])
    assert state.current_player == 0
    assert state.round == 8
    assert not state.is_over


def test_rounds_count_turns_of_every_player() -> None:
    state = known_game(3)
    assert (state.round, state.current_player) == (1, 0)
    state.push("1907 G1")
    assert (state.round, state.current_player) == (1, 1)
    state.push("1911 G1")
    assert (state.round, state.current_player) == (1, 2)
    state.push("1905 G1")
    assert (state.round, state.current_player) == (2, 0)


def test_game_ends_when_every_exhibition_is_final() -> None:
    state = play_script([*BLOCK_ASIA, "1998 X"])
    assert state.is_over
    assert state.phase == "over"
    assert state.view(None)["phase"] == "over"
    assert state.current_player is None
    # Two players: the game goes on until the second one ends too.
    script = [t for pair in zip(BLOCK_ASIA, ANA, strict=False) for t in pair]
    state = play_script([*script, "1998 X"], players=2)
    assert not state.is_over
    assert state.current_player == 1


# --------------------------------------------------------- two-step API (D-13)


def test_take_then_place() -> None:
    state = known_game()
    state.apply_action("1913")
    assert state.phase == "place"
    assert state.pending == Take(card(1913), -1)
    assert state.view(None)["pending"] == "1913"
    assert state.turn_texts() == ["1913"]
    assert state.current_player == 0
    assert "G1" in state.legal_actions()
    assert all(" " not in a for a in state.legal_actions())
    assert state.legal_turns() == sorted(f"1913 {t}" for t in state.legal_actions())
    state.apply_action("G3")
    assert state.turn_texts() == ["1913 G3"]
    assert state.halls[0][2] == card(1913)
    assert state.current_player == 1
    assert state.phase == "take"


def test_take_and_place_with_objects_and_whole_turns() -> None:
    state = known_game()
    state.take(Take(card(1913), -1))
    state.place(DEPOT)
    assert state.depots[0] == [card(1913)]
    state.play(Turn(card(1911), -1, 0))
    assert state.halls[1][0] == card(1911)
    # A whole turn completing a pending take is accepted.
    state.apply_action("1906")
    state.push("1906 G2")
    assert state.turn_texts() == ["1913 D", "1911 G1", "1906 G2"]


def test_refusals_in_the_two_step_api_change_nothing() -> None:
    state = known_game()
    before = snapshot(state)
    with pytest.raises(IllegalTurnError, match="nothing to place: take a card first"):
        state.place(0)
    with pytest.raises(NotationError, match=r"unknown card 'G3'.*\(it is the take step\)"):
        state.apply_action("G3")
    with pytest.raises(NotationError, match="malformed turn"):
        state.push("1913")
    assert snapshot(state) == before
    # An illegal whole turn is refused before anything is taken: no refill.
    state.push("1913 G3")
    state.push("1909 G1")  # Bo
    before = snapshot(state)
    with pytest.raises(IllegalTurnError, match="1906 cannot go to G4"):
        state.push("1906 G4")  # Ana: G4 is right of 1913
    assert snapshot(state) == before
    state.apply_action("1906")
    before = snapshot(state)
    with pytest.raises(IllegalTurnError, match="1906 was already taken: place it first"):
        state.take(Take(card(1901), -1))
    with pytest.raises(NotationError, match=r"unknown target '1901'.*\(it is the place step\)"):
        state.apply_action("1901")
    with pytest.raises(
        IllegalTurnError, match=r"1906 was already taken: place it \(e.g. '1906 D'\)"
    ):
        state.push("1901 G1")
    with pytest.raises(IllegalTurnError, match="1906 cannot go to G4"):
        state.apply_action("G4")
    with pytest.raises(IllegalTurnError, match="G3 already holds 1913"):
        state.apply_action("G3")
    with pytest.raises(IllegalTurnError, match="only when 1906 fits no hall spot"):
        state.place(END)
    with pytest.raises(NotationError, match="unknown target 'G7'"):
        state.apply_action("G7")
    assert snapshot(state) == before
    state.apply_action("G1")
    assert state.turn_texts()[-1] == "1906 G1"


def test_legal_turns_are_sorted_and_match_the_two_steps() -> None:
    for state in (known_game(), new_game(3, deck=build_deck([[1901, 1945, "EIN"]]))):
        turns = state.legal_turns()
        assert turns == sorted(turns)
        assert len(turns) == len(set(turns))
        assert state.legal_actions() == sorted(state.legal_actions())
        combined = []
        for take in state.legal_actions():
            after = state.copy()
            after.apply_action(take)
            targets = after.legal_actions()
            assert targets == sorted(targets)
            combined += [f"{take} {t}" for t in targets]
        assert turns == sorted(combined)
        notation = state.config.notation
        assert sorted(notation.turn_text(m) for m in state.legal_moves()) == turns


def test_every_legal_turn_is_accepted() -> None:
    state = play_script(["1910 G1", "1913 E2", "1945@EU"])
    for target in state.legal_actions():
        clone = state.copy()
        clone.apply_action(target)
    state = known_game()
    for turn in state.legal_turns():
        clone = state.copy()
        clone.push(turn)


def test_errors_are_vitrine_errors() -> None:
    assert issubclass(IllegalTurnError, VitrineError)
    assert issubclass(NotationError, VitrineError)


def test_random_move_draws_uniformly_from_the_legal_moves() -> None:
    state = GAME.start(["Ana", "Bo"], seed=5)  # a white card at Oceania: 136 turns
    moves = state.legal_moves()
    rng = random.Random(3)
    counts = Counter(state.random_move(rng) for _ in range(40 * len(moves)))
    assert set(counts) == set(moves)
    assert max(counts.values()) < 80 and min(counts.values()) > 15  # mean 40
