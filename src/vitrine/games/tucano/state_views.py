"""What a Tucano state asks from above, answered in one place.

A state's view and provisional scores (``view``) and the re-deal of what
nobody can see (``determinize``) read the state; the state reaches them
through ``STATE_VIEWS``, which every game configuration carries
(``kit.game.Views``), and so imports none of them.
"""

from random import Random
from typing import Any

from vitrine.games.tucano.determinize import deal_hidden
from vitrine.games.tucano.state import TucanoState
from vitrine.games.tucano.view import private_view, provisional_scores, public_view


class StateViews:
    """``kit.game.Views`` for every Tucano game: it holds nothing, so one
    object serves every configuration."""

    def public_view(self, state: TucanoState) -> dict[str, Any]:
        return public_view(state)

    def private_view(self, state: TucanoState, player: int | None) -> dict[str, Any]:
        return private_view(state, player)

    def provisional_scores(self, state: TucanoState, viewer: int | None) -> list[dict[str, Any]]:
        return provisional_scores(state, viewer)

    def redeterminize(self, state: TucanoState, viewer: int, rng: Random) -> None:
        """Re-deal what nobody can see, the viewer included (T-6): the draw
        pile's order and the face-down piles' contents, keeping the pile sizes
        and the toucans below the upper half (``determinize.deal_hidden``).
        Once the turns are over every pile is turned over: nothing is hidden."""
        if not state.joker_due:
            deal_hidden(state, rng)


STATE_VIEWS = StateViews()
