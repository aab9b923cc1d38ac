"""Ratings for rated tables: a pure library, no database, no server.

``model`` rates one game (OpenSkill's Plackett-Luce) and says what people
see; ``ranks`` turns a finished table's ranks into the rated seats' (bots
dropped, players who left last); ``history`` applies rated games one at a
time and rebuilds every rating from them.  Storing ratings is the server's
part.  See docs/ratings.md.
"""

from vitrine.ratings.history import Change, RatedGame, Ratings, apply, rebuild
from vitrine.ratings.model import (
    INITIAL,
    POINTS_PER_MU,
    PROVISIONAL_SIGMA,
    SHOWN_AT_START,
    Rating,
    provisional,
    rate,
    shown,
)
from vitrine.ratings.ranks import ranks_for

__all__ = [
    "INITIAL",
    "POINTS_PER_MU",
    "PROVISIONAL_SIGMA",
    "SHOWN_AT_START",
    "Change",
    "RatedGame",
    "Rating",
    "Ratings",
    "apply",
    "provisional",
    "ranks_for",
    "rate",
    "rebuild",
    "shown",
]
