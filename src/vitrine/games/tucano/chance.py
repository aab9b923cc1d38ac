"""Tucano's randomness as explicit chance events, for OpenSpiel.

The engine shuffles the fruit and the joker, keeps ``upper_half`` of them on
top and shuffles the rest with the toucans below (T-2).  Drawing lazily from
that pile gives the same chances: while fewer than ``upper_half`` cards have
left it, the next card is uniform over the fruit and jokers left; after
that, over every card left.  Cards of one kind are identical, so an outcome
is a kind, with the chance of its count among the cards it may be.  The
setup deals the columns (A, B, C, then B again); after every turn the
refill draws up to one card a column, each draw a chance event (T-7).
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from vitrine.engine.protocol import Game, GameState
from vitrine.games.tucano.cards import CardTable, load_card_table
from vitrine.games.tucano.config import MAX_PLAYERS, MIN_PLAYERS
from vitrine.games.tucano.determinize import toucan_free_top
from vitrine.games.tucano.game import TucanoGame
from vitrine.games.tucano.state import TucanoState
from vitrine.kit.chance import ChanceGame, Draws, Outcomes


class TucanoChance:
    """Where a game of Tucano meets chance, for one player count."""

    def __init__(self, game: Game, names: Sequence[str], options: Mapping[str, Any]):
        assert isinstance(game, TucanoGame)
        self.game = game
        self.cards = game.table
        self.names = tuple(names)
        self.deck = [kind for kind, count in enumerate(self.cards.counts) for _ in range(count)]

    def _next_card(self, pile: Sequence[int], drawn: Sequence[int]) -> Outcomes:
        """The next card of ``pile`` (its cards in any order) once ``drawn`` are gone."""
        left = Counter(pile)
        left.subtract(drawn)
        size = len(pile) - len(drawn)
        fruit_only = toucan_free_top(self.cards.upper_half, self.cards.deck_size, size) > 0
        eligible = {
            kind: count
            for kind, count in sorted(left.items())
            if count > 0 and not (fruit_only and self.cards.is_toucan(kind))
        }
        total = sum(eligible.values())
        return [(kind, count / total) for kind, count in eligible.items()]

    def setup_outcomes(self, dealt: Sequence[int]) -> Outcomes:
        """The next card dealt to the columns, none once they are dealt."""
        if len(dealt) == sum(self.cards.first_deal):
            return []
        return self._next_card(self.deck, dealt)

    def setup_text(self, dealt: Sequence[int], outcome: int) -> str:
        return f"deal {self.cards.names[outcome]}"

    def start(self, dealt: Sequence[int]) -> TucanoState:
        """The game once the columns are dealt; the pile's order is immaterial,
        since every refill draw is a chance event of its own."""
        return self.game.start(self.names, **self.setup_fields(dealt, ()))

    def setup_fields(self, dealt: Sequence[int], draws: Sequence[int]) -> dict[str, Any]:
        """The deck: the columns as dealt, the refills' ``draws`` in order,
        then the rest sorted, which puts its toucans last; the draws keep
        the toucans below the upper half (see ``_next_card``), and sorting
        keeps them there (T-12)."""
        rest = Counter(self.deck)
        rest.subtract(dealt)
        rest.subtract(draws)
        order = [*dealt, *draws, *sorted(rest.elements())]
        return {"deck": [self.cards.names[kind] for kind in order]}

    @staticmethod
    def draws(state: GameState, action: int) -> Draws:
        """The cards the refill after ``action`` draws (none when it does not
        end the turn): the engine's to say, so ``action`` is applied to a copy."""
        assert isinstance(state, TucanoState)
        trial = state.copy()
        trial.apply_action_id(action)
        return (len(state.draw_pile) - len(trial.draw_pile),)

    def refill_outcomes(self, state: GameState, draws: Draws, drawn: Sequence[int]) -> Outcomes:
        """The next card the refill draws."""
        assert isinstance(state, TucanoState)
        return self._next_card(state.draw_pile, drawn)

    def refill_text(self, outcome: int) -> str:
        return f"draw {self.cards.names[outcome]}"

    @staticmethod
    def apply_with_refill(state: GameState, action: int, drawn: Sequence[int]) -> None:
        """Apply ``action`` with the refill drawing ``drawn`` in order: the
        cards are moved to the top of the pile (its end) first."""
        assert isinstance(state, TucanoState)
        pile = state.draw_pile
        for card in drawn:
            pile.remove(card)
        pile.extend(reversed(drawn))
        state.apply_action_id(action)


def _chance_game(cards: CardTable) -> ChanceGame:
    toucans = sum(cards.counts[cards.flip :])
    return ChanceGame(
        long_name="Tucano (vitrine)",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        # a column a turn, a decision a toucan, and the joker's fruit at the end
        max_game_length=cards.total_turns + toucans + 1,
        max_chance_outcomes=cards.kinds,
        chance=TucanoChance,
    )


TUCANO = _chance_game(load_card_table())
