"""Building Don't Go In There positions for tests from explicit setups.

A test names the cards dealt first (board by board, three each) and the
dice to roll; the rest of the deck and the cards set aside follow in a
fixed order, so every position is an ordinary, replayable game.
"""

from collections import Counter
from collections.abc import Sequence

from vitrine.games.dontgointhere import DontGoInThereGame, DontGoInThereState

GAME = DontGoInThereGame()
COMPONENTS = GAME.components
TYPES = {
    2: ["AM", "CA", "CL", "DO", "MI"],
    3: ["AM", "CA", "CL", "DO", "MI", "TO"],
    4: ["AM", "CA", "CL", "DO", "MI", "TO", "TW"],
    5: ["AM", "CA", "CL", "DO", "MI", "TO", "TW", "RI"],
}


def names(players: int) -> list[str]:
    return ["Ana", "Bo", "Cy", "Di", "Ed"][:players]


def setup_for(
    players: int,
    first: Sequence[str] = (),
    rooms: Sequence[str] = ("A", "B", "L"),
    dice: str = "",
    types: Sequence[str] | None = None,
) -> dict[str, object]:
    """Setup fields dealing ``first`` (labels) before the rest of the cards."""
    codes = sorted(types or TYPES[players])
    kinds = tuple(COMPONENTS.type_index(code) for code in codes)
    rest = Counter(COMPONENTS.cards_of(kinds))
    dealt = [COMPONENTS.card(label) for label in first]
    rest.subtract(dealt)
    remainder = sorted(rest.elements())
    _, remove = COMPONENTS.setup[players]
    deck = dealt + remainder[: len(remainder) - remove]
    removed = remainder[len(remainder) - remove :]
    setup: dict[str, object] = {
        "deck": [COMPONENTS.label(c) for c in deck],
        "removed": [COMPONENTS.label(c) for c in removed],
        "rooms": list(rooms),
    }
    if dice:
        setup["dice"] = dice
    return setup


def make_state(
    players: int = 2,
    first: Sequence[str] = (),
    rooms: Sequence[str] = ("A", "B", "L"),
    dice: str = "",
    types: Sequence[str] | None = None,
    rules_version: str | None = None,
) -> DontGoInThereState:
    codes = sorted(types or TYPES[players])
    setup = setup_for(players, first, rooms, dice, codes)
    return GAME.start(
        names(players), {"types": codes}, seed=1, setup=setup, rules_version=rules_version
    )


def play(state: DontGoInThereState, *actions: str) -> DontGoInThereState:
    for action in actions:
        state.apply_action(action)
    return state


def labels(cards: Sequence[int]) -> list[str]:
    return sorted(COMPONENTS.label(c) for c in cards)
