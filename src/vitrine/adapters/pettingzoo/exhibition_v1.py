"""Exhibition: 20th Century as a PettingZoo AEC environment, 1 to 5 players.

``env(players=2, variants=(), obs_type="flat", render_mode=None)``;
``variants`` are the game's option names (``links``, ``secret_decade``...).
A turn is two decisions by the same agent, take then place.
"""

from vitrine.adapters.pettingzoo_env import game_env

raw_env, env = game_env("exhibition", "exhibition_v1")

__all__ = ["env", "raw_env"]
