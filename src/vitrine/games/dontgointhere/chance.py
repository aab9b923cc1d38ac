"""Don't Go In There's randomness as explicit chance events, for OpenSpiel.

The engine's seed chooses the types (unless the options name them, G-24),
shuffles their cards, sets the first ones aside and turns each board to a
random side (G-25); the dice roll from a stream of their own (G-2).

The types are a uniform choice of as many as the table needs, the set of
an unbiased shuffle's first ones, so the setup draws them one at a time,
each uniform over the types not yet drawn.  The cards are then drawn lazily,
each with the chance of its copies among the cards not yet seen: the deck is
the tail of a uniform shuffle, so its cards in order are a uniform draw
without replacement from every card of the types, and the cards set aside
are simply those never drawn.  That holds because the engine never looks at
the cards set aside (no rule, view or score reads them: only their number
shows) and deals the whole deck, three to a room, so which cards they are
is decided by the draws themselves.  The setup draws the nine cards dealt,
board by board, then each board's side, uniform over its two rooms.

During play, the action that resolves a room rolls a die per dice icon on its
cards, the Basement's ``REROLL`` rolls them all again, and the action that
ends a room deals three cards to the flipped board while the deck lasts
(G-13).  How many dice and cards an action takes is the engine's to say: it
is applied to a copy, counting the faces it reads from given dice and the
cards it takes from the deck.  Neither number depends on the faces or cards
drawn in the same action, so the copy's are the real ones.  Each die is a
ghost with the chance of its ghost faces among its faces; then come the cards.
The chosen faces are handed to the state as given dice (with no stream, so
no roll is ever made behind OpenSpiel's back) and the chosen cards moved to
the top of the deck, the unseen cards being re-split between the deck and
the cards set aside, before the engine applies the action itself.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from vitrine.engine.protocol import Game, GameState
from vitrine.games.dontgointhere.components import VALUES, Components, load_components
from vitrine.games.dontgointhere.config import (
    CARDS_PER_ROOM,
    MAX_PLAYERS,
    MEEPLES_TO_RESOLVE,
    MIN_PLAYERS,
)
from vitrine.games.dontgointhere.game import BLANK_FACE, GHOST_FACE, DontGoInThereGame
from vitrine.games.dontgointhere.position import Dice
from vitrine.games.dontgointhere.setup import parse_types
from vitrine.games.dontgointhere.state import DontGoInThereState
from vitrine.kit.chance import ChanceGame, Draws, Outcomes, uniform

SEED = 0  # the engine wants one; its deal is replaced and its dice stream never read


class DontGoInThereChance:
    """Where a game of Don't Go In There meets chance, for one player count
    and choice of types.  Outcomes: a card (its int) or a die face
    (``blank``, ``ghost``, just above the cards) during play; in the setup,
    by position, a type index, a card, then a room index per board."""

    def __init__(self, game: Game, names: Sequence[str], options: Mapping[str, Any]):
        assert isinstance(game, DontGoInThereGame)
        self.game = game
        self.components = components = game.components
        self.names = tuple(names)
        self.options = dict(options)
        self.chosen = parse_types(self.options, components)
        self.type_count, self.remove = components.setup[len(names)]
        self.type_draws = 0 if self.chosen else self.type_count
        self.boards = sorted({room.board for room in components.rooms})
        self.dealt_cards = CARDS_PER_ROOM * len(self.boards)
        self.blank, self.ghost = die_outcomes(components)
        ghost = components.ghost_faces / components.die_faces
        self.die = [(self.blank, 1.0 - ghost), (self.ghost, ghost)]

    def _types(self, dealt: Sequence[int]) -> tuple[int, ...]:
        return self.chosen or tuple(sorted(dealt[: self.type_draws]))

    @staticmethod
    def _next_card(unseen: Sequence[int], drawn: Sequence[int]) -> Outcomes:
        """The next card drawn from ``unseen`` (in any order) once ``drawn`` are gone."""
        left = Counter(_less(unseen, drawn))
        total = left.total()
        return [(card, count / total) for card, count in sorted(left.items())]

    def setup_outcomes(self, dealt: Sequence[int]) -> Outcomes:
        """The next type, card or board side, none once the setup is complete."""
        done = len(dealt)
        if done < self.type_draws:
            return uniform(sorted(set(range(len(self.components.types))) - set(dealt)))
        cards_end = self.type_draws + self.dealt_cards
        if done < cards_end:
            every = self.components.cards_of(self._types(dealt))
            return self._next_card(every, dealt[self.type_draws :])
        if done < cards_end + len(self.boards):
            board = self.boards[done - cards_end]
            rooms = self.components.rooms
            return uniform([index for index, room in enumerate(rooms) if room.board == board])
        return []

    def setup_text(self, dealt: Sequence[int], outcome: int) -> str:
        components = self.components
        done = len(dealt)
        if done < self.type_draws:
            return f"type {components.types[outcome].code}"
        if done < self.type_draws + self.dealt_cards:
            return f"deal {components.label(outcome)}"
        room = components.rooms[outcome]
        return f"board {room.board + 1}: {room.name}"

    def start(self, dealt: Sequence[int]) -> DontGoInThereState:
        """The game once the setup is dealt; the order of the undealt cards
        and which of them are set aside are immaterial, since every later
        card is a chance event of its own.  It never rolls a die itself."""
        fields = self.setup_fields(dealt, ())
        state = self.game.start(self.names, self.options, seed=SEED, setup=fields)
        state.dice_source = Dice((), None)
        return state

    def setup_fields(self, dealt: Sequence[int], draws: Sequence[int]) -> dict[str, Any]:
        """The deck (the cards dealt, then those drawn, in order, then the
        rest), the cards set aside (from the rest: they are never seen), the
        rooms face up and every die drawn, as the game's setup reads them."""
        components = self.components
        label = components.label
        faces, drawn = self._split(draws)
        cards = [*dealt[self.type_draws : self.type_draws + self.dealt_cards], *drawn]
        unseen = _less(components.cards_of(self._types(dealt)), cards)
        return {
            "deck": [label(card) for card in cards + unseen[self.remove :]],
            "removed": [label(card) for card in unseen[: self.remove]],
            "rooms": [components.rooms[room].code for room in dealt[-len(self.boards) :]],
            "dice": "".join(GHOST_FACE if ghost else BLANK_FACE for ghost in faces),
        }

    def _split(self, draws: Sequence[int]) -> tuple[list[bool], list[int]]:
        """Draws as the dice faces rolled (True a ghost) and the cards dealt."""
        faces = [outcome == self.ghost for outcome in draws if outcome in (self.blank, self.ghost)]
        cards = [outcome for outcome in draws if outcome not in (self.blank, self.ghost)]
        return faces, cards

    def draws(self, state: GameState, action: int) -> Draws:
        """The dice ``action`` rolls and the cards it deals, found by applying
        it to a copy that rolls from given faces (as many as there are dice:
        ``components`` checks that no roll needs more)."""
        assert isinstance(state, DontGoInThereState)
        trial = state.copy()
        faces = self.components.dice_count
        trial.dice_source = Dice([False] * faces, None)
        trial.apply_action_id(action)
        return faces - len(trial.dice_source.given), len(state.deck) - len(trial.deck)

    def refill_outcomes(self, state: GameState, draws: Draws, drawn: Sequence[int]) -> Outcomes:
        """The next die or card after ``drawn``; dice first, as the roll
        comes before the room ends."""
        assert isinstance(state, DontGoInThereState)
        dice = draws[0]
        if len(drawn) < dice:
            return self.die
        return self._next_card(state.deck + state.removed, drawn[dice:])

    def refill_text(self, outcome: int) -> str:
        if outcome == self.ghost:
            return "die ghost"
        if outcome == self.blank:
            return "die blank"
        return f"draw {self.components.label(outcome)}"

    def apply_with_refill(self, state: GameState, action: int, drawn: Sequence[int]) -> None:
        """Apply ``action`` rolling the drawn faces and dealing the drawn
        cards: those go on top of the deck (its end, next card last)."""
        assert isinstance(state, DontGoInThereState)
        faces, cards = self._split(drawn)
        unseen = _less(state.deck + state.removed, cards)
        kept = len(state.removed)
        state.removed = unseen[:kept]
        state.deck = unseen[kept:] + cards[::-1]
        state.dice_source = Dice(faces, None)
        state.apply_action_id(action)


def _less(cards: Sequence[int], taken: Sequence[int]) -> list[int]:
    """``cards`` without ``taken`` (a copy each), sorted."""
    rest = Counter(cards)
    rest.subtract(taken)
    return sorted(rest.elements())


def die_outcomes(components: Components) -> tuple[int, int]:
    """The outcomes of a die, blank and ghost: the ids just above the cards."""
    cards = len(components.types) * VALUES
    return cards, cards + 1


def _chance_game(components: Components) -> ChanceGame:
    deck = max(
        types * VALUES * components.copies - remove for types, remove in components.setup.values()
    )
    rooms = deck // CARDS_PER_ROOM
    tome_choices = VALUES * components.copies // 2  # every second Tome, and Tomes stay
    return ChanceGame(
        long_name="Don't Go In There (vitrine)",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        # a room: its placements, a dice choice and its picks
        max_game_length=rooms * (2 * MEEPLES_TO_RESOLVE + 1) + tome_choices,
        max_chance_outcomes=die_outcomes(components)[1] + 1,
        chance=DontGoInThereChance,
    )


DONTGOINTHERE = _chance_game(load_components())
