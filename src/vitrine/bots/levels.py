"""Difficulty levels: which bot each level names, per game and player count.

The web app, the terminal and the coach offer four levels.  Each names one
bot spec for every game and player count, chosen so that every level is
measurably stronger than the one below it there (``bench/bots.py ladder``
measures every adjacent pair; docs/bots.md quotes the figures and says why
each choice was made) and so that ``expert`` thinks at most about a second
per decision on one core.  A level changes here, in one place: what plays
as ``expert`` (and so what the coach asks) follows.
"""

from vitrine.engine.errors import VitrineError

LEVELS = ("beginner", "casual", "strong", "expert")

# Every game and player count, unless CHOICES says otherwise.
DEFAULTS = {
    "beginner": "random",
    "casual": "greedy",
    "strong": "ismcts:500",
    "expert": "ismcts+:3000",
}
# Tucano and Don't Go In There play out in Python, about a thousand times
# slower than Exhibition's compiled core: their expert's budget is what
# fits in a second a decision at each count (the slowest decisions of
# ``bench/bots.py think``), and their strong level a smaller search.  In
# Tucano plain playouts (ismcts) are no match for greedy, so at two players
# both levels play out with the informed policy.  From three players a
# toucan may have many targets and the expert values each decision on
# shared samples (rollout); no smaller search was shown both above greedy
# and below the expert there, so strong is greedy and casual greedy with
# half its decisions at random.
STRONG_PYTHON = "ismcts:200"
TUCANO_MANY = {"casual": "careless:50", "strong": "greedy"}
CHOICES: dict[tuple[str, int], dict[str, str]] = {
    # Alone, the stock's order is all that is hidden: PIMC over the solver.
    ("exhibition", 1): {"expert": "pimc:16"},
    ("tucano", 2): {"strong": "ismcts+:150", "expert": "ismcts+:500"},
    ("tucano", 3): {**TUCANO_MANY, "expert": "rollout:400"},
    ("tucano", 4): {**TUCANO_MANY, "expert": "rollout:300"},
    ("dontgointhere", 2): {"strong": STRONG_PYTHON, "expert": "ismcts+:1000"},
    ("dontgointhere", 3): {"strong": STRONG_PYTHON, "expert": "ismcts+:650"},
    ("dontgointhere", 4): {"strong": STRONG_PYTHON, "expert": "ismcts+:450"},
    ("dontgointhere", 5): {"strong": STRONG_PYTHON, "expert": "ismcts+:350"},
}


def level_spec(level: str, game: str, players: int) -> str:
    """The bot spec ``level`` names for ``game`` at ``players`` seats."""
    if level not in DEFAULTS:
        raise VitrineError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return CHOICES.get((game, players), {}).get(level, DEFAULTS[level])
