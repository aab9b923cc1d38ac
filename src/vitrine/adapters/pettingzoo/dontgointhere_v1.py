"""Don't Go In There as a PettingZoo AEC environment, 2 to 5 players.

``env(players=2, variants=(), obs_type="flat", render_mode=None)``;
``variants`` may name the card types in play (``["CA", "MI", "DO", "RI", "TW"]``).
Every decision (a meeple, a card, a Tome type, a dice choice) is one step.
"""

from vitrine.adapters.pettingzoo_env import game_env

raw_env, env = game_env("dontgointhere", "dontgointhere_v1")

__all__ = ["env", "raw_env"]
