"""A game's randomness as explicit chance events: the seam between a game and OpenSpiel.

OpenSpiel's algorithms want every random event as a chance node with its
outcomes and their probabilities, where the engine deals from a seeded deck
order.  Each game says how its setup and its draws become chance events,
and which record setup fields the outcomes make, so that a game played
through OpenSpiel replays (a ``Chance``), and what OpenSpiel must know of it
up front (a ``ChanceGame``).  A game hands its ``ChanceGame`` to the
OpenSpiel adapter through its plug-in, so the adapter itself names no game.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from vitrine.engine.protocol import Game, GameState

Outcomes = list[tuple[int, float]]  # a chance event's outcomes, with probabilities summing to 1
Draws = tuple[int, ...]  # how many draws of each kind an action makes, in the order they come


def uniform(outcomes: Sequence[int]) -> Outcomes:
    """Each outcome equally likely: a draw from cards that are all different."""
    return [(outcome, 1.0 / len(outcomes)) for outcome in outcomes]


class Chance(Protocol):
    """One game, at one player count and options, as chance events.

    The setup is a sequence of events (``dealt`` holds the outcomes so far);
    after an action, zero or more draws follow (``drawn`` holds those made),
    and only once they are all chosen is the action applied with them.
    """

    def setup_outcomes(self, dealt: Sequence[int]) -> Outcomes:
        """The next setup event; empty once the setup is complete."""

    def setup_text(self, dealt: Sequence[int], outcome: int) -> str: ...

    def start(self, dealt: Sequence[int]) -> GameState:
        """The game once the setup is dealt."""

    def setup_fields(self, dealt: Sequence[int], draws: Sequence[int]) -> dict[str, Any]:
        """The record's setup fields of a game whose setup dealt ``dealt`` and
        whose actions then drew ``draws``, in order: ``start`` begins from a
        placeholder order that the draws rearrange, so its own record would
        not replay the game played.  What was never drawn may lie in any
        order the rules allow."""

    def draws(self, state: GameState, action: int) -> Draws:
        """What ``action`` draws, in the game's own counts (dice, cards...);
        nothing (all zero) when it draws nothing.  Asked once per action,
        since finding out may mean applying it to a copy."""

    def refill_outcomes(self, state: GameState, draws: Draws, drawn: Sequence[int]) -> Outcomes:
        """The next of the ``draws`` (fewer than them are ``drawn``)."""

    def refill_text(self, outcome: int) -> str: ...

    def apply_with_refill(self, state: GameState, action: int, drawn: Sequence[int]) -> None:
        """Apply ``action`` with ``drawn`` as the cards it draws, in order."""


@dataclass(frozen=True)
class ChanceGame:
    """What OpenSpiel must know of a game before it is loaded."""

    long_name: str
    min_players: int
    max_players: int
    max_game_length: int  # player decisions, chance events not counted
    max_chance_outcomes: int  # every outcome lies in range(max_chance_outcomes)
    # The chance events of the game at one table: the definition, the seats'
    # names (their count is the player count) and the parsed options.
    chance: Callable[[Game, Sequence[str], Mapping[str, Any]], Chance]
