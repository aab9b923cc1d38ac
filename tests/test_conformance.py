"""Every installed game keeps the engine protocol's promises (``kit.conformance``),
and the checker itself notices a game that breaks one."""

from random import Random
from typing import Any

import pytest

from vitrine.games import game_names, get_game
from vitrine.kit.conformance import ConformanceError, check_game, check_position


@pytest.mark.parametrize("name", game_names())
def test_every_game_keeps_the_protocols_promises(name: str) -> None:
    assert check_game(get_game(name), seeds=range(2)) > 0


class Leaky:
    """A game's state wrapped so that its spectator view names somebody as its
    viewer: what a view must never do."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def view(self, player: int | None) -> dict[str, Any]:
        return {**self.public_view(), **self.private_view(player)}

    def private_view(self, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = self.state.private_view(player)
        return {**view, "viewer": "somebody"} if player is None else view


class Overlapping(Leaky):
    """A state whose private view repeats a public key (the seats' names): a
    server that builds the public part once would send one of them twice."""

    def private_view(self, player: int | None) -> dict[str, Any]:
        return {**self.state.private_view(player), "players": ["somebody else"]}


class Unmerged(Leaky):
    """A state whose whole view is not its two parts: what a seat reads over a
    socket (the parts) would differ from its HTTP answer (the view)."""

    def view(self, player: int | None) -> dict[str, Any]:
        return {**self.state.view(player), "round": -1}


@pytest.mark.parametrize(
    ("wrapper", "promise"),
    [
        (Leaky, "a view says whose it is"),
        (Overlapping, "a view's two parts share no key"),
        (Unmerged, "a view is its public and private parts"),
    ],
)
def test_the_checker_notices_a_broken_promise(wrapper: type[Leaky], promise: str) -> None:
    game = get_game(game_names()[0])
    state = game.new_game(["A", "B"], {}, 1)
    check_position(game, state, Random(1), "a sound position")
    with pytest.raises(ConformanceError, match=promise):
        check_position(game, wrapper(state), Random(1), "a broken position")


@pytest.mark.parametrize("name", game_names())
def test_a_game_refuses_another_games_state(name: str) -> None:
    """A bot handed the wrong game's state learns so at once, in words
    (``GameBase.own``), rather than from an attribute error deep inside."""
    other = next(n for n in game_names() if n != name)
    state = get_game(other).new_game(["A", "B"], {}, 1)
    with pytest.raises(TypeError, match=f"is not a state of the game '{name}'"):
        get_game(name).evaluate(state, 0)
