"""Shared helpers for the Tucano tests: positions built by hand, random play."""

import random
from collections.abc import Mapping, Sequence

from vitrine.games.tucano import TucanoGame, TucanoState
from vitrine.games.tucano.cards import load_card_table

GAME = TucanoGame()
TABLE = load_card_table()


def kind(name: str) -> int:
    found = TABLE.kind_of(name)
    assert found is not None, name
    return found


def position(
    players: int = 3,
    columns: Sequence[Sequence[str]] = ((), (), ()),
    faceup: Mapping[int, Mapping[str, int]] | None = None,
    current: int = 0,
    seed: int = 1,
    rules_version: str | None = None,
) -> TucanoState:
    """A game from ``seed`` with the columns and face-up cards replaced by hand.

    The draw pile keeps its cards, so refills still happen; rule tests built
    this way do not conserve the 70 cards (the property tests check that).
    """
    state = GAME.start(
        [f"P{seat}" for seat in range(players)], seed=seed, rules_version=rules_version
    )
    state.columns = [[kind(name) for name in column] for column in columns]
    for seat, cards in (faceup or {}).items():
        for name, count in cards.items():
            state.faceup[seat][kind(name)] = count
    state.current = current
    return state


def last_turn(
    columns: Sequence[Sequence[str]],
    faceup: Mapping[int, Mapping[str, int]],
    rules_version: str | None = None,
) -> TucanoState:
    """A two-player position whose draw pile is empty, Ana to play: taking
    a column that leaves one is the last turn."""
    state = position(2, columns, faceup, rules_version=rules_version)
    state.draw_pile = []
    return state


def joker_choice(seed: int, players: int = 3) -> TucanoState:
    """A real game, played at random from ``seed``, at the moment its joker's
    holder must choose between two fruits or more (T-10); games that end
    without that choice are dealt again from the same random stream."""
    rng = random.Random(seed)
    names = ["Ana", "Bo", "Cy", "Di"][:players]
    state = GAME.start(names, seed=seed)
    while not state.joker_due:
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_over:
            state = GAME.start(names, seed=rng.randrange(1000))
    return state


def hand(state: TucanoState, seat: int) -> dict[str, int]:
    return state.view(None)["hands"][seat]["faceup"]  # type: ignore[no-any-return]


def play_randomly(state: TucanoState, rng: random.Random, decisions: int = 10_000) -> None:
    """Up to ``decisions`` uniformly random decisions, through the checked interface."""
    for _ in range(decisions):
        if state.is_over:
            return
        state.apply_action(rng.choice(state.legal_actions()))
