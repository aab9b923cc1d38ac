"""Perft counts locked in: any change to what is legal changes them.

Depth 1 is also derived by hand: at the first turn the start player's vehicle
stands at Oceania with three cards; each coloured card fits all 16 empty
spots or the depot (17 turns), and a white card has those 17 for each of the
6 destinations.
"""

import pytest

from vitrine.engine.perft import perft, perft_divide
from vitrine.games.exhibition import ExhibitionGame

GAME = ExhibitionGame()

LOCKED = [
    (1, 2, {}, [51, 2592, 108741]),
    (7, 1, {}, [51, 2148, 103327]),
    (5, 3, {}, [136, 6927, 349200]),
    (25, 3, {}, [136, 6927, 353277]),
    (42, 4, {}, [51, 2583]),
    (3, 3, {"variations": ["short_era"]}, [51, 2592]),
    (
        2026,
        5,
        {
            "secret_decade": True,
            "variations": ["links", "spread_the_years", "one_decade", "unique_decades"],
        },
        [51, 2597],
    ),
]


@pytest.mark.parametrize(("seed", "players", "options", "counts"), LOCKED)
def test_perft_counts_are_locked(
    seed: int, players: int, options: dict[str, object], counts: list[int]
) -> None:
    state = GAME.start([f"P{i}" for i in range(players)], options, seed=seed)
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(
    ("version", "counts"),
    [("exhibition-2026.1", [51, 2601, 107256]), ("exhibition-2026.2", [51, 2592, 107204])],
)
def test_perft_follows_the_cards_of_each_rules_version(version: str, counts: list[int]) -> None:
    """Seed 44 deals 1972 into the market: North American under 2026.1,
    South American since (D-1), so the second player's turns differ."""
    state = GAME.start(["P0", "P1"], seed=44, rules_version=version)
    assert 72 in [card for group in state.market for card in group]
    assert [perft(state, depth) for depth in range(1, 4)] == counts


def test_first_turn_count_follows_from_the_rules() -> None:
    for seed in (1, 5):
        state = GAME.start(["A", "B"], seed=seed)
        oceania = state.market[0]
        whites = sum(1 for card in oceania if card in (45, 100))
        assert perft(state, 1) == 17 * (len(oceania) - whites) + 17 * 6 * whites


def test_divide_sums_to_perft_and_leaves_the_state_alone() -> None:
    state = GAME.start(["A", "B"], seed=1)
    before = state.view(None)
    divided = perft_divide(state, 2)
    assert sum(divided.values()) == perft(state, 2)
    assert list(divided) == state.legal_turns()
    assert state.view(None) == before


def test_perft_depth_zero_is_one_and_negative_is_refused() -> None:
    state = GAME.start(["A"], seed=1)
    assert perft(state, 0) == 1
    with pytest.raises(ValueError, match="depth"):
        perft(state, -1)
