"""Exhibition: 20th Century.

>>> from vitrine.games.exhibition import ExhibitionGame
>>> state = ExhibitionGame().start(["Ana", "Bo"], seed=42)
>>> state.push(state.legal_turns()[0])
"""

from vitrine.games.exhibition.config import RULES_VERSION
from vitrine.games.exhibition.game import ExhibitionGame, deal
from vitrine.games.exhibition.notation import DEPOT, END, Take, Turn
from vitrine.games.exhibition.scoring import GameScore, ScoreSheet, score_game
from vitrine.games.exhibition.state import ExhibitionState

__all__ = [
    "DEPOT",
    "END",
    "RULES_VERSION",
    "ExhibitionGame",
    "ExhibitionState",
    "GameScore",
    "ScoreSheet",
    "Take",
    "Turn",
    "deal",
    "score_game",
]
