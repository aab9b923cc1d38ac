"""What every adapter does the same way: set up a game, deal, observe, check an action.

Kept apart from any one framework so that the PettingZoo, Gymnasium and
OpenSpiel adapters refuse the same bad input with the same words.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any

import numpy as np

from vitrine.adapters.encoding import check_observation_type, encoding_for
from vitrine.engine.errors import IllegalTurnError, VitrineError
from vitrine.engine.protocol import Game, GameState
from vitrine.games import get_game
from vitrine.kit.encoding import Encoding

DEAL_SEEDS = 2**31  # deals drawn from a seeded generator lie in range(DEAL_SEEDS)
ILLEGAL_REWARD = (
    -1.0
)  # an illegal action ends the episode with this, as PettingZoo's classic games do


@dataclass(frozen=True)
class Table:
    """One game at a fixed player count and options, with its encoding."""

    game_name: str
    game: Game
    options: dict[str, Any]
    names: tuple[str, ...]
    encoding: Encoding
    obs_type: str

    def deal(self, seed: int) -> GameState:
        return self.game.new_game(self.names, self.options, seed)


def make_table(
    game_name: str, names: Sequence[str], variants: Sequence[str], obs_type: str
) -> Table:
    """Checks everything up front (game, options, player count, observation
    type) so that a mistake fails at construction, not mid-episode."""
    game = get_game(game_name)
    options = game.parse_options(list(variants))
    check_observation_type(obs_type)
    probe = game.new_game(list(names), options, 0)  # refuses a player count the game lacks
    return Table(game_name, game, options, tuple(names), encoding_for(game_name, probe), obs_type)


def action_id(action: object) -> int:
    """``action`` as a plain int: a Python or numpy integer, or a 0-d integer
    array (what ``Discrete.sample`` and many policies hand out, and what the
    action space's ``contains`` accepts); anything else is refused by name."""
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    if isinstance(action, bool | np.bool_) or not isinstance(action, Integral):
        raise VitrineError(f"an action is an integer action id, got {action!r}")
    return int(action)


def checked_action(state: GameState, action: object) -> int:
    """``action`` as a legal action id of ``state``, or an error naming it."""
    chosen = action_id(action)
    if state.is_over:
        raise IllegalTurnError("the game is over: no action is legal")
    legal = state.legal_action_ids()
    if chosen not in legal:
        texts = ", ".join(state.action_text(a) for a in legal[:8])
        more = ", ..." if len(legal) > 8 else ""
        raise IllegalTurnError(
            f"action {chosen} is not legal here; legal: {texts}{more} "
            f"({len(legal)} ids, see the action mask)"
        )
    return chosen
