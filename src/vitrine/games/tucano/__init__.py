"""Tucano (Helvetiq 2021): take a column of fruit, use the toucans, score sets and majorities.

>>> from vitrine.games.tucano import TucanoGame
>>> state = TucanoGame().start(["Ana", "Bo"], seed=42)
>>> state.push(state.legal_turns()[0])
"""

from vitrine.games.tucano.config import RULES_VERSION
from vitrine.games.tucano.game import TucanoGame, deal
from vitrine.games.tucano.notation import Decision
from vitrine.games.tucano.state import TucanoState

__all__ = ["RULES_VERSION", "Decision", "TucanoGame", "TucanoState", "deal"]
