"""The clairvoyant solo solver: its line is real, it beats greedy, and its bound holds.

The bound is checked against every line we can afford to see: the solver's
own, random playouts from early positions, and every completion of short
endgames enumerated exhaustively.
"""

import itertools
import random

import pytest

from system_parts import COMPILED_CORE_PART, require
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState, score_game
from vitrine.games.exhibition.fastplayout import CompiledCore, core_for, pack
from vitrine.games.exhibition.game import solo_deal
from vitrine.games.exhibition.notation import Turn
from vitrine.games.exhibition.purecore import PureCore
from vitrine.games.exhibition.solo_bound import solo_upper_bound
from vitrine.games.exhibition.solver import (
    WEIGHTS,
    SoloSolution,
    best_line,
    decision_totals,
    solve,
)
from vitrine.tournament.challenge import play_solo

pytestmark = pytest.mark.playout_core  # make test runs these again in pure Python

SEEDS = (0, 1, 2)
BEAM = 6
# Every category at its most: All 6 Continents, Mid Century 1950, Years Gap
# with no market card outside, Continent Focus 7 (one per distinct-continents
# showcase, 3 in One Continent), 10 decades, a chain through all 16 spots.
CATEGORY_MAXIMUM = 100 + 100 + 500 + 700 + 1000 + 1600


@pytest.fixture(scope="module")
def solutions() -> dict[int, SoloSolution]:
    return {seed: solve(solo_deal(seed), BEAM) for seed in SEEDS}


def total(state: ExhibitionState) -> int:
    return score_game(state).players[0].total


def replayed(seed: int, turns: tuple[str, ...]) -> ExhibitionState:
    state = solo_deal(seed)
    for turn in turns:
        state.push(turn)
    return state


def test_best_line_replays_to_exactly_its_score(solutions: dict[int, SoloSolution]) -> None:
    for seed, solution in solutions.items():
        state = replayed(seed, solution.turns)
        assert state.is_over
        sheet = score_game(state).players[0]
        assert sheet.total == solution.best_total
        assert dict(sheet.categories) == dict(solution.categories)
        assert solution.seed == seed


def test_solver_beats_greedy_on_the_same_deal(solutions: dict[int, SoloSolution]) -> None:
    for seed, solution in solutions.items():
        assert solution.best_total >= play_solo("exhibition", "greedy", seed).total


def test_upper_bound_is_above_the_best_and_not_trivially_loose(
    solutions: dict[int, SoloSolution],
) -> None:
    for seed, solution in solutions.items():
        bound = solo_upper_bound(solo_deal(seed))
        assert solution.best_total <= bound == solution.upper_bound
        assert bound < CATEGORY_MAXIMUM - 1000


def test_bound_holds_along_the_best_line_and_at_the_pending_take(
    solutions: dict[int, SoloSolution],
) -> None:
    for seed, solution in solutions.items():
        state = solo_deal(seed)
        for turn in solution.turns:
            assert solo_upper_bound(state) >= solution.best_total
            take = turn.split(" ")[0]
            state.apply_action(take)
            assert solo_upper_bound(state) >= solution.best_total
            state.apply_action(turn.split(" ")[1])
        assert solo_upper_bound(state) == solution.best_total


def test_bound_holds_for_random_playouts() -> None:
    rng = random.Random(7)
    for seed in range(4):
        state = solo_deal(seed)
        for _ in range(rng.randrange(6)):
            state.play_unchecked(rng.choice(state.legal_moves()))
        bound = solo_upper_bound(state)
        for _ in range(40):
            playout = state.copy()
            playout.playout(rng)
            assert total(playout) <= bound


def best_completion(state: ExhibitionState) -> int:
    """The exact optimum from ``state``, by trying every line (short endgames only)."""
    if state.is_over:
        return total(state)
    best = None
    for turn in state.legal_moves():
        child = state.copy()
        child.play_unchecked(turn)
        value = best_completion(child)
        best = value if best is None else max(best, value)
    assert best is not None
    return best


@pytest.mark.parametrize(("seed", "left"), list(itertools.product(SEEDS, (1, 3, 5))))
def test_bound_holds_over_every_endgame_line(
    solutions: dict[int, SoloSolution], seed: int, left: int
) -> None:
    turns = solutions[seed].turns
    state = replayed(seed, turns[: len(turns) - left])
    exact = best_completion(state)
    assert solutions[seed].best_total <= exact <= solo_upper_bound(state)


def test_solving_a_game_in_progress_continues_it() -> None:
    state = solo_deal(11)
    for _ in range(3):
        state.play_unchecked(state.legal_moves()[0])
    before = state.turn_texts()
    solution = solve(state, 4)
    assert state.turn_texts() == before  # the caller's state is left alone
    for turn in solution.turns:
        state.push(turn)
    assert state.is_over
    assert total(state) == solution.best_total


def test_solving_a_finished_game_reports_its_score() -> None:
    state = solo_deal(3)
    state.playout(random.Random(1))
    solution = solve(state)
    assert solution.turns == ()
    assert solution.best_total == solution.upper_bound == total(state)


def test_a_wider_beam_never_does_worse_than_a_quarter_as_wide() -> None:
    narrow, wide = solve(solo_deal(5), 3), solve(solo_deal(5), 12)
    assert narrow.turns and wide.turns
    assert narrow.best_total <= wide.best_total <= wide.upper_bound == narrow.upper_bound
    assert wide.positions > narrow.positions


def test_refusals() -> None:
    duo = ExhibitionGame().start(["Ana", "Bo"], seed=1)
    with pytest.raises(ValueError, match="beam width"):
        solve(solo_deal(0), 0)
    with pytest.raises(ValueError, match="one-player"):
        solve(duo)
    with pytest.raises(ValueError, match="one-player"):
        solo_upper_bound(duo)


def test_solving_after_a_take_completes_that_turn() -> None:
    state = solo_deal(12)
    state.apply_action(state.legal_actions()[0])
    solution = solve(state, 3)
    assert solution.turns[0].startswith(state.turn_texts()[-1] + " ")
    for turn in solution.turns:
        state.push(turn)
    assert total(state) == solution.best_total


def test_a_search_sample_is_solved_on_its_own_stock_order() -> None:
    state = solo_deal(13)
    state.redeterminize(0, random.Random(2))  # refills would now be drawn at random
    solution = solve(state, 3)
    state.draw_rng = None
    for turn in solution.turns:
        state.push(turn)
    assert total(state) == solution.best_total


@pytest.mark.parametrize(
    ("seed", "variations", "played"),
    [
        (20, (), 0),
        (21, ("spread_the_years", "short_era"), 0),
        (22, ("links", "one_decade"), 2),
        (23, ("antiquity",), 5),
        (24, ("unique_decades",), 1),
    ],
)
def test_the_pure_and_compiled_searches_find_the_same_lines(
    seed: int, variations: tuple[str, ...], played: int
) -> None:
    """Line for line, total for total, position for position, at every beam
    width the widening uses, also from a game in progress and after a take."""
    require(COMPILED_CORE_PART)
    state = solo_deal(seed, {"variations": list(variations)})
    rng = random.Random(seed)
    for _ in range(played):
        state.play_unchecked(state.random_move(rng))
    if seed % 2:
        state.apply_action(state.legal_actions()[-1])  # the refill is out: place next
    compiled, pure = CompiledCore(state.config), PureCore(state.config)
    for width in (1, 3, 12):
        assert pure.beam(state, width, WEIGHTS) == compiled.beam(state, width, WEIGHTS)
    turns, total, _ = best_line(state, 12)  # the widening: the best of widths 12, 3 and 1
    assert total == max(pure.beam(state, width, WEIGHTS).total for width in (12, 3, 1))
    for turn in turns:
        state.play(turn)
    assert state.is_over
    assert score_game(state).players[0].total == total


def test_a_beam_line_replays_to_its_total() -> None:
    """The core in use: its line is legal from the position and scores its total."""
    state = solo_deal(25)
    line, total, positions = core_for(state.config).beam(state, 5, WEIGHTS)
    for turn in line:
        state.play(Turn(*turn))
    assert state.is_over
    assert score_game(state).players[0].total == total
    assert positions > len(line)


@pytest.mark.parametrize("core_kind", [CompiledCore, PureCore])
def test_both_searches_refuse_what_they_cannot_search(
    core_kind: type[CompiledCore | PureCore],
) -> None:
    if core_kind is CompiledCore:
        require(COMPILED_CORE_PART)
    solo = solo_deal(0)
    with pytest.raises(ValueError, match="beam width must be at least 1, got 0"):
        core_kind(solo.config).beam(solo, 0, WEIGHTS)
    duo = ExhibitionGame().start(["Ana", "Bo"], seed=1)
    with pytest.raises(ValueError, match="one-player games only"):
        core_kind(duo.config).beam(duo, 4, WEIGHTS)


def test_the_compiled_search_refuses_a_malformed_position() -> None:
    require(COMPILED_CORE_PART)
    solo = solo_deal(0)
    with pytest.raises(ValueError, match="malformed packed state"):
        CompiledCore(solo.config).core.beam(pack(solo)[:-1], 4, *WEIGHTS)


@pytest.mark.parametrize("seed", SEEDS)
def test_decision_totals_are_each_decisions_optimum_in_short_endgames(
    solutions: dict[int, SoloSolution], seed: int
) -> None:
    """A beam wider than the endgame is exhaustive: each decision's total is
    the exact optimum after it, at the take and at the placement."""
    turns = solutions[seed].turns
    state = replayed(seed, turns[: len(turns) - 3])
    for _ in range(2):  # the take, then the placement
        totals = decision_totals(state, 100_000)
        assert list(totals) == state.legal_actions()
        for action, value in totals.items():
            child = state.copy()
            child.apply_action(action)
            assert value == best_completion(child)
        state.apply_action(max(totals, key=totals.__getitem__))
