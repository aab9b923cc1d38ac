"""Exhibition's randomness as explicit chance events, for OpenSpiel.

Exhibition has three: the 18 market cards at the start, each player's secret
decade (with the variant), and the refill after every take while the stock
lasts.  Each is uniform over what is left, which is what a shuffled deck
gives, so chance nodes change no probability of the game.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from vitrine.engine.protocol import Game, GameState
from vitrine.games.exhibition.cards import NUM_CARDS, card_label
from vitrine.games.exhibition.config import MARKET_PER_CONTINENT, MAX_PLAYERS, PLACE_BASE
from vitrine.games.exhibition.game import ExhibitionGame
from vitrine.games.exhibition.state import ExhibitionState
from vitrine.kit.chance import ChanceGame, Draws, Outcomes, uniform

FIRST_DECADE = 1900
DECADES = 10
MIN_PLAYERS = 2  # solo is a one-player game of score, not of win shares
MAX_DECISIONS = 2 * NUM_CARDS  # a take and a placement for each card


class ExhibitionChance:
    """Where a game of Exhibition meets chance, for one player count and options."""

    def __init__(self, game: Game, names: Sequence[str], options: Mapping[str, Any]):
        assert isinstance(game, ExhibitionGame)
        self.game = game
        self.names = tuple(names)
        self.options = dict(options)
        self.market_size = MARKET_PER_CONTINENT * game.table.num_continents
        self.decades = len(self.names) if self.options.get("secret_decade") else 0

    def setup_outcomes(self, dealt: Sequence[int]) -> Outcomes:
        """The outcomes of the next setup event (market cards, then decade
        indices 0..9), none once the setup is complete."""
        if len(dealt) < self.market_size:
            return uniform(sorted(set(range(NUM_CARDS)) - set(dealt)))
        if len(dealt) < self.market_size + self.decades:
            return uniform(sorted(set(range(DECADES)) - set(dealt[self.market_size :])))
        return []

    def setup_text(self, dealt: Sequence[int], outcome: int) -> str:
        if len(dealt) < self.market_size:
            return f"deal {card_label(outcome)}"
        return f"secret decade {FIRST_DECADE + 10 * outcome}s"

    def start(self, dealt: Sequence[int]) -> ExhibitionState:
        """The game once the setup is dealt; the stock's order is immaterial,
        since every refill is a chance event of its own."""
        return self._start(dealt, ())

    def setup_fields(self, dealt: Sequence[int], draws: Sequence[int]) -> dict[str, Any]:
        """The deck and secret decades, as the game's own record writes them."""
        return dict(self._start(dealt, draws).record().setup)

    def _start(self, dealt: Sequence[int], draws: Sequence[int]) -> ExhibitionState:
        """The game whose deck is the market as dealt, then the refills
        ``draws`` in order, then the rest of the stock (sorted)."""
        market = list(dealt[: self.market_size])
        stock = sorted(set(range(NUM_CARDS)) - set(market) - set(draws))
        decades = [FIRST_DECADE + 10 * d for d in dealt[self.market_size :]] or None
        return self.game.start(
            self.names, self.options, deck=market + list(draws) + stock, secret_decades=decades
        )

    @staticmethod
    def draws(state: GameState, action: int) -> Draws:
        """A take draws one card into the market while the stock lasts; a placement none."""
        assert isinstance(state, ExhibitionState)
        return (int(action < PLACE_BASE and bool(state.draw_pile)),)

    @staticmethod
    def refill_outcomes(state: GameState, draws: Draws, drawn: Sequence[int]) -> Outcomes:
        """The card a take draws: any of the stock's."""
        assert isinstance(state, ExhibitionState)
        return uniform(sorted(state.draw_pile))

    @staticmethod
    def refill_text(outcome: int) -> str:
        return f"refill {card_label(outcome)}"

    @staticmethod
    def apply_with_refill(state: GameState, action: int, drawn: Sequence[int]) -> None:
        """Apply the take ``action`` with its one card drawn."""
        assert isinstance(state, ExhibitionState)
        (card,) = drawn
        pile = state.draw_pile
        index = pile.index(card)
        pile[index], pile[-1] = pile[-1], pile[index]
        state.apply_action_id(action)


EXHIBITION = ChanceGame(
    long_name="Exhibition: 20th Century (vitrine)",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    max_game_length=MAX_DECISIONS,
    max_chance_outcomes=NUM_CARDS,
    chance=ExhibitionChance,
)
