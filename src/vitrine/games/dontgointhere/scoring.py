"""Curses, the ghost penalty and ranks: fewer curses is better.

Scores are read from the tableaus as they stand, so the same function
gives the final result (after the end-game effects) and a provisional one
during the game (for greedy play and reports).
"""

from dataclasses import dataclass

from vitrine.games.dontgointhere.components import card_type, curse
from vitrine.games.dontgointhere.position import Position

GHOST_PENALTY = "Ghost penalty"


@dataclass(frozen=True)
class ScoreSheet:
    player: int
    name: str
    categories: dict[str, int]  # curses per type in play, then the ghost penalty
    total: int
    ghosts: int
    dispelled: int
    rank: int


def ghost_penalties(ghosts: list[int]) -> list[int]:
    """1 curse per 2 ghosts for the most ghosts (ties all), if any at all."""
    most = max(ghosts)
    return [count // 2 if most > 0 and count == most else 0 for count in ghosts]


def score_game(state: Position) -> list[ScoreSheet]:
    """One sheet per seat, ranked by fewest curses, then fewest ghosts."""
    config = state.config
    types = config.components.types
    penalties = ghost_penalties(state.ghosts)
    rows = []
    for player, held in enumerate(state.held):
        categories = dict.fromkeys((types[t].name for t in config.types), 0)
        for card in held:
            categories[types[card_type(card)].name] += curse(card)
        categories[GHOST_PENALTY] = penalties[player]
        rows.append((player, categories, sum(categories.values())))
    keys = [(total, state.ghosts[player]) for player, _, total in rows]
    return [
        ScoreSheet(
            player=player,
            name=config.players[player],
            categories=categories,
            total=total,
            ghosts=state.ghosts[player],
            dispelled=len(state.dispelled[player]),
            rank=1 + sum(other < keys[player] for other in keys),
        )
        for player, categories, total in rows
    ]
