"""Exhibition's randomness as explicit chance events, for OpenSpiel.

The engine deals from a seeded deck order; OpenSpiel's algorithms instead
want every random event as a chance node with its outcomes and their
probabilities.  Exhibition has three: the 18 market cards at the start, each
player's secret decade (with the variant), and the refill after every take
while the stock lasts.  Each is uniform over what is left, which is what a
shuffled deck gives, so chance nodes change no probability of the game.
"""

from collections.abc import Sequence

from vitrine.engine.protocol import GameState
from vitrine.games.exhibition.cards import NUM_CARDS, card_label
from vitrine.games.exhibition.game import ExhibitionGame
from vitrine.games.exhibition.state import MARKET_PER_CONTINENT, PLACE_BASE, ExhibitionState

FIRST_DECADE = 1900
DECADES = 10
MAX_OUTCOMES = NUM_CARDS


class ExhibitionChance:
    """Where a game of Exhibition meets chance, for one player count and options."""

    def __init__(self, game: ExhibitionGame, names: Sequence[str], options: dict[str, object]):
        self.game = game
        self.names = tuple(names)
        self.options = options
        self.market_size = MARKET_PER_CONTINENT * game.table.num_continents
        self.decades = len(names) if options.get("secret_decade") else 0

    def setup_outcomes(self, dealt: Sequence[int]) -> list[int]:
        """The outcomes of the next setup event (market cards, then decade
        indices 0..9), none once the setup is complete."""
        if len(dealt) < self.market_size:
            return sorted(set(range(NUM_CARDS)) - set(dealt))
        if len(dealt) < self.market_size + self.decades:
            return sorted(set(range(DECADES)) - set(dealt[self.market_size :]))
        return []

    def setup_text(self, dealt: Sequence[int], outcome: int) -> str:
        if len(dealt) < self.market_size:
            return f"deal {card_label(outcome)}"
        return f"secret decade {FIRST_DECADE + 10 * outcome}s"

    def start(self, dealt: Sequence[int]) -> ExhibitionState:
        """The game once the setup is dealt; the stock's order is immaterial,
        since every refill is a chance event of its own."""
        market = list(dealt[: self.market_size])
        stock = sorted(set(range(NUM_CARDS)) - set(market))
        decades = [FIRST_DECADE + 10 * d for d in dealt[self.market_size :]] or None
        return self.game.start(
            self.names, self.options, deck=market + stock, secret_decades=decades
        )

    @staticmethod
    def refill_outcomes(state: GameState, action: int) -> list[int]:
        """The cards a take may draw into the market; none for a placement or
        once the stock is empty."""
        assert isinstance(state, ExhibitionState)
        return sorted(state.draw_pile) if action < PLACE_BASE else []

    @staticmethod
    def refill_text(outcome: int) -> str:
        return f"refill {card_label(outcome)}"

    @staticmethod
    def apply_with_refill(state: GameState, action: int, outcome: int) -> None:
        """Apply the take ``action`` with ``outcome`` as the card drawn."""
        assert isinstance(state, ExhibitionState)
        pile = state.draw_pile
        index = pile.index(outcome)
        pile[index], pile[-1] = pile[-1], pile[index]
        state.apply_action_id(action)
