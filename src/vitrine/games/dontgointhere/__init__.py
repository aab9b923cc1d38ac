"""Don't Go In There (Jeff Chin and Andrew Nerger, R2i Games 2022).

>>> from vitrine.games.dontgointhere import DontGoInThereGame
>>> state = DontGoInThereGame().new_game(["Ana", "Bo"], {}, seed=42)
>>> state.apply_action(state.legal_actions()[0])
"""

from vitrine.games.dontgointhere.config import RULES_VERSION
from vitrine.games.dontgointhere.game import DontGoInThereGame
from vitrine.games.dontgointhere.state import DontGoInThereState

__all__ = ["RULES_VERSION", "DontGoInThereGame", "DontGoInThereState"]
