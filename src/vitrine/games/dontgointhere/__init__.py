"""Don't Go In There (Jeff Chin and Andrew Nerger, R2i Games 2022).

>>> from vitrine.games.dontgointhere import DgitGame
>>> state = DgitGame().new_game(["Ana", "Bo"], {}, seed=42)
>>> state.apply_action(state.legal_actions()[0])
"""

from vitrine.games.dontgointhere.game import DgitGame
from vitrine.games.dontgointhere.state import RULES_VERSION, DgitState

__all__ = ["RULES_VERSION", "DgitGame", "DgitState"]
