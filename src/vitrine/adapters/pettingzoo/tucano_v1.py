"""Tucano as a PettingZoo AEC environment, 2 to 4 players.

``env(players=2, obs_type="flat", render_mode=None)``; Tucano has no
variants.  A turn is a column, then one decision per toucan taken.
"""

from vitrine.adapters.pettingzoo_env import game_env

raw_env, env = game_env("tucano", "tucano_v1")

__all__ = ["env", "raw_env"]
