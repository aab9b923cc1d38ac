"""vitrine: exact rules engines, bots and tools for card games.

Exhibition: 20th Century is the first game; the game-independent protocol
lives in :mod:`vitrine.engine` and each game in :mod:`vitrine.games`.
"""

__version__ = "0.1.0"
