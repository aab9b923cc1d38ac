"""What an Exhibition state asks from above, answered in one place.

A state's view, the reason a placement is refused, its final returns, its
playout core and the re-deal of what a player cannot see are computed by
modules that read the state (``view``, ``explain``, ``scoring``,
``fastplayout``); the state reaches them through ``STATE_VIEWS``, which every
game configuration carries (``config.ExhibitionViews``), and so imports
none of them.
"""

from random import Random
from typing import Any

from vitrine.engine.errors import IllegalTurnError
from vitrine.games.exhibition.config import GameConfig, Rollouts
from vitrine.games.exhibition.explain import explain_refusal
from vitrine.games.exhibition.fastplayout import build_core
from vitrine.games.exhibition.scoring import returns
from vitrine.games.exhibition.state import ExhibitionState
from vitrine.games.exhibition.view import private_view, provisional_scores, public_view


class StateViews:
    """``config.ExhibitionViews`` for every Exhibition game: it holds nothing,
    so one object serves every configuration."""

    def public_view(self, state: ExhibitionState) -> dict[str, Any]:
        return public_view(state)

    def private_view(self, state: ExhibitionState, player: int | None) -> dict[str, Any]:
        return private_view(state, player)

    def provisional_scores(
        self, state: ExhibitionState, viewer: int | None
    ) -> list[dict[str, Any]]:
        return provisional_scores(state, viewer)

    def redeterminize(self, state: ExhibitionState, viewer: int, rng: Random) -> None:
        """Re-deal what ``viewer`` cannot see: from now on refills come from the
        stock at random, and the other players' secret decades are dealt anew
        from the decades ``viewer`` has not seen."""
        state.draw_rng = rng
        if state.secret_decades and not state.is_over:
            own = state.secret_decades[viewer]
            free = [d for d in state.config.table.secret_decades if d != own]
            others = rng.sample(free, len(state.secret_decades) - 1)
            others.insert(viewer, own)
            state.secret_decades = tuple(others)

    def explain_refusal(
        self, state: ExhibitionState, player: int, card: int, target: int
    ) -> IllegalTurnError:
        return explain_refusal(state, player, card, target)

    def returns(self, state: ExhibitionState) -> list[float]:
        return returns(state)

    def build_core(self, config: GameConfig) -> Rollouts:
        return build_core(config)


STATE_VIEWS = StateViews()
