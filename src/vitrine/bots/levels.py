"""Difficulty levels: which bot each level names, per game and player count.

The web app, the terminal and the coach offer four levels.  Each names one
bot spec for every game and player count, chosen so that every level is
measurably stronger than the one below it there (``bench/bots.py ladder``
measures every adjacent pair; docs/bots.md quotes the figures and says why
each choice was made) and so that ``expert`` thinks at most about a second
per decision on one core.  A level changes in one place, here or in the
game's plug-in: what plays as ``expert`` (and so what the coach asks) follows.
"""

from vitrine.engine.errors import VitrineError
from vitrine.games import get_plugin

LEVELS = ("beginner", "casual", "strong", "expert")

# Every game and player count, unless the game's plug-in names another bot
# (``GamePlugin.levels``, with the reasons for its choices beside them).
DEFAULTS = {
    "beginner": "random",
    "casual": "greedy",
    "strong": "ismcts:500",
    "expert": "ismcts+:3000",
}


def level_spec(level: str, game: str, players: int) -> str:
    """The bot spec ``level`` names for ``game`` at ``players`` seats."""
    if level not in DEFAULTS:
        raise VitrineError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return get_plugin(game).levels.get(players, {}).get(level, DEFAULTS[level])
