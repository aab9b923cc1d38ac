"""Tiny Tricks' randomness as OpenSpiel's chance events: the deal, card by card."""

from collections.abc import Mapping, Sequence
from typing import Any

from tinytricks.game import TinyTricks
from tinytricks.state import CARDS, HAND
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game, GameState
from vitrine.kit.chance import ChanceGame, Draws, Outcomes, uniform


class TinyTricksChance:
    """The deal is every hand's cards in seat order; nothing is drawn later."""

    def __init__(self, game: Game, names: Sequence[str], options: Mapping[str, Any]) -> None:
        assert isinstance(game, TinyTricks)
        self.game: TinyTricks = game
        self.names: tuple[str, ...] = tuple(names)
        self.dealt: int = HAND * len(names)

    def setup_outcomes(self, dealt: Sequence[int]) -> Outcomes:
        if len(dealt) == self.dealt:
            return []
        return uniform(sorted(set(range(CARDS)) - set(dealt)))

    def setup_text(self, dealt: Sequence[int], outcome: int) -> str:
        return f"deal {outcome + 1} to seat {len(dealt) // HAND}"

    def deck(self, dealt: Sequence[int]) -> list[int]:
        """The record's deck: the cards dealt, then those never dealt in any order."""
        cards = [outcome + 1 for outcome in dealt]
        return cards + [card for card in range(1, CARDS + 1) if card not in cards]

    def start(self, dealt: Sequence[int]) -> GameState:
        return self.game.start(self.names, deck=self.deck(dealt))

    def setup_fields(self, dealt: Sequence[int], draws: Sequence[int]) -> dict[str, Any]:
        return {"deck": self.deck(dealt)}

    def draws(self, state: GameState, action: int) -> Draws:
        return ()

    def refill_outcomes(self, state: GameState, draws: Draws, drawn: Sequence[int]) -> Outcomes:
        raise VitrineError("Tiny Tricks draws no card after the deal")

    def refill_text(self, outcome: int) -> str:
        return f"card {outcome + 1}"

    def apply_with_refill(self, state: GameState, action: int, drawn: Sequence[int]) -> None:
        state.apply_action_id(action)


TINY_TRICKS = ChanceGame(
    long_name="Tiny Tricks",
    min_players=2,
    max_players=4,
    max_game_length=HAND * 4,
    max_chance_outcomes=CARDS,
    chance=TinyTricksChance,
)
