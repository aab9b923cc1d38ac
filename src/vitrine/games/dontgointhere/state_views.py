"""What a Don't Go In There state asks from above, answered in one place.

A state's view and provisional scores (``view``) and the re-deal of what a
player cannot see (``determinize``) read the state; the state reaches them
through ``STATE_VIEWS``, which every game configuration carries
(``kit.game.Views``), and so imports none of them.
"""

from random import Random
from typing import Any

from vitrine.games.dontgointhere.determinize import resample
from vitrine.games.dontgointhere.state import DontGoInThereState
from vitrine.games.dontgointhere.view import private_view, provisional_scores, public_view


class StateViews:
    """``kit.game.Views`` for every game of Don't Go In There: it holds
    nothing, so one object serves every configuration."""

    def public_view(self, state: DontGoInThereState) -> dict[str, Any]:
        return public_view(state)

    def private_view(self, state: DontGoInThereState, player: int | None) -> dict[str, Any]:
        return private_view(state, player)

    def provisional_scores(
        self, state: DontGoInThereState, viewer: int | None
    ) -> list[dict[str, Any]]:
        return provisional_scores(state, viewer)

    def redeterminize(self, state: DontGoInThereState, viewer: int, rng: Random) -> None:
        """Re-deal everything ``viewer`` cannot see (``determinize.resample``)."""
        resample(state, viewer, rng)


STATE_VIEWS = StateViews()
