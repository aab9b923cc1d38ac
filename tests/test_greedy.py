"""Greedy play's fast values against the plain algorithm they replace.

``GreedyBot`` asks the game for its decisions' values (``greedy_values``);
Exhibition computes them in its compiled core from the packed view, drawing
the random numbers ``determinize`` would draw without building one.  Given
the same view and the same random stream, the bot must choose what
``greedy_reference.ReferenceGreedyBot`` (the algorithm as it was) chooses
and leave the stream exactly where it leaves it: then a greedy game is the
same game, whichever path ran.  Checked on whole games of every game and
player count, with Exhibition's options, and on many positions, compiled
and in pure Python (``VITRINE_PURE_PYTHON=1``).
"""

import random
from pathlib import Path
from typing import Any

import pytest

from greedy_reference import ReferenceGreedyBot
from system_parts import COMPILED_CORE_PART, require
from vitrine.bots import GreedyBot
from vitrine.engine.evaluation import greedy_values as plain_greedy_values
from vitrine.engine.protocol import Game
from vitrine.games import get_game
from vitrine.games.exhibition import ExhibitionGame
from vitrine.games.exhibition.fastplayout import PURE_PYTHON_VARIABLE, CompiledCore, pack
from vitrine.games.exhibition.greedy import draw_as_shuffle
from vitrine.lab.rules import read_overlay

pytestmark = pytest.mark.playout_core  # make test runs these again in pure Python

DOCS = Path(__file__).resolve().parent.parent / "docs"
EXHIBITION = ExhibitionGame()
OPTIONS: list[dict[str, Any]] = [
    {},
    {"secret_decade": True, "variations": ["links", "unique_decades"]},
    {"variations": ["spread_the_years", "one_decade", "short_era"]},
]


def same_game(game: Game, players: int, options: dict[str, Any], seed: int) -> int:
    """Play a game with both bots deciding every decision from the same view
    and equal streams; they must agree, and draw alike.  The decisions played."""
    state = game.new_game([f"P{seat}" for seat in range(players)], options, seed)
    reference_rng, fast_rng = random.Random(seed), random.Random(seed)
    reference, fast = ReferenceGreedyBot(), GreedyBot()
    decisions = 0
    while not state.is_over:
        view = state.view(state.current_player)
        action = reference.choose(game, view, reference_rng)
        assert fast.choose(game, view, fast_rng) == action, (seed, decisions, view["turns"][-3:])
        assert fast_rng.getstate() == reference_rng.getstate()
        state.apply_action(action)
        decisions += 1
    return decisions


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_exhibition_greedy_games_are_the_reference_games(players: int) -> None:
    for index, options in enumerate(OPTIONS):
        assert same_game(EXHIBITION, players, options, 100 * players + index) > 20


@pytest.mark.parametrize(
    ("name", "overlay"),
    [
        ("exhibition", "years-gap-steep"),
        ("tucano", "coconut-6"),
        ("dontgointhere", "two-ghost-faces"),
    ],
)
def test_greedy_games_under_a_rule_overlay_are_the_reference_games(name: str, overlay: str) -> None:
    """The lab plays greedy under designers' overlays: the fast values must
    read the overlay's data (Exhibition's core is packed from its hall)."""
    _, game = read_overlay(DOCS / "overlays" / f"{overlay}.json", name)
    assert same_game(game, 3, {}, 11) > 20


@pytest.mark.parametrize(("name", "players"), [("tucano", 3), ("dontgointhere", 4)])
def test_other_games_greedy_games_are_the_reference_games(name: str, players: int) -> None:
    assert same_game(get_game(name), players, {}, 7) > 20


def positions(count: int, seed: int) -> list[dict[str, Any]]:
    """Views of seats to act in random Exhibition games of every player
    count and the options above, at every stage of the game."""
    rng = random.Random(seed)
    views: list[dict[str, Any]] = []
    while len(views) < count:
        players = rng.randint(1, 5)
        state = EXHIBITION.start(
            [f"P{seat}" for seat in range(players)],
            rng.choice(OPTIONS),
            seed=rng.randrange(10**6),
        )
        depth = rng.randrange(120)
        while not state.is_over and depth:
            state.apply_action(rng.choice(state.legal_actions()))
            depth -= 1
        if not state.is_over:
            views.append(state.view(state.current_player))
    return views


def test_exhibition_values_are_the_plain_values_on_many_positions() -> None:
    for number, view in enumerate(positions(400, 5)):
        plain_rng, fast_rng = random.Random(number), random.Random(number)
        expected = plain_greedy_values(EXHIBITION, view, plain_rng)
        assert EXHIBITION.greedy_values(view, fast_rng) == expected
        assert fast_rng.getstate() == plain_rng.getstate()


def test_drawing_as_shuffle_leaves_the_stream_where_shuffle_does() -> None:
    for size in [*range(12), 31, 32, 33, 64, 65, 96, 129]:
        for seed in range(8):
            shuffled, drawn = random.Random(seed), random.Random(seed)
            shuffled.shuffle(list(range(size)))
            draw_as_shuffle(drawn, size)
            assert drawn.getstate() == shuffled.getstate(), (size, seed)


def test_pure_python_greedy_plays_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE_PYTHON_VARIABLE, "1")
    for view in positions(20, 6):
        assert EXHIBITION.greedy_values(view, random.Random(1)) == plain_greedy_values(
            EXHIBITION, view, random.Random(1)
        )
    assert same_game(EXHIBITION, 3, OPTIONS[1], 9) > 20


def test_the_core_refuses_a_state_of_the_wrong_step() -> None:
    require(COMPILED_CORE_PART)
    state = EXHIBITION.start(["Ana", "Bo"], seed=3)
    core = CompiledCore(state.config).core
    with pytest.raises(ValueError, match="no card to place"):
        core.place_values(pack(state), 0.01)
    with pytest.raises(ValueError, match="not in the market"):
        core.take_values(pack(state), [state.draw_pile[0]], -1, 0.01)
    state.take(state.takes()[0])
    with pytest.raises(ValueError, match="not a take step"):
        core.take_values(pack(state), [], -1, 0.01)
