"""The rating model: OpenSkill's Plackett-Luce, one game at a time.

Plackett-Luce because the games are free-for-all for two to five players:
a finished game is a ranking of every seat, which is exactly what the
Plackett-Luce model describes, where Elo or Glicko would have to cut it into
pairs that are not independent.  The update is Weng and Lin's Bayesian
approximation (JMLR 12, 2011, algorithm 4) as the ``openskill`` library
implements it: each player is a normal belief about their skill, ``mu`` and
``sigma``, that one game moves in closed form.

The library's default parameters (mu 25, sigma 25/3, beta 25/6, tau 25/300)
with one change: ``limit_sigma``, so that a game never makes a player less
certain.  Then a rating that has lost its "?" never gets it back, which a
player would read as a penalty, while tau still keeps sigma from reaching
zero and freezing the rating (it stops falling at about 1.5).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce(limit_sigma=True)

SHOWN_AT_START = 1500
# Shown points per unit of mu, so that a difference means about what it means
# in chess: 400 points for odds of 10 to 1.  Between two players whose sigma
# is small, Plackett-Luce gives odds of exp(difference / (sqrt(2) * beta)).
POINTS_PER_MU = 400 / (math.log(10) * math.sqrt(2) * _MODEL.beta)
# A rating is provisional while sigma is above this: 60% of the starting
# sigma, 147 shown points, which a newcomer among settled players of their
# strength passes after a median of 10 or 11 games (tests/test_ratings.py).
PROVISIONAL_SIGMA = 5.0


@dataclass(frozen=True)
class Rating:
    """A player's skill in one game: the mean and spread of its belief."""

    mu: float
    sigma: float


INITIAL = Rating(_MODEL.mu, _MODEL.sigma)


def shown(rating: Rating) -> int:
    """The number people see: mu on a chess-like scale, 1500 at the start.

    mu rather than a conservative mu - 3 sigma: the "?" already says a
    rating is uncertain, and with mu winning alone never lowers the number
    and finishing last alone never raises it, where mu - 3 sigma also
    rises with the games played, so that a poor result can raise it.
    """
    return round(SHOWN_AT_START + POINTS_PER_MU * (rating.mu - INITIAL.mu))


def provisional(rating: Rating) -> bool:
    """True while the rating is too uncertain to stand alone (shown with "?")."""
    return rating.sigma > PROVISIONAL_SIGMA


def check_ranks(seats: int, ranks: Sequence[int]) -> None:
    """Refuse what cannot be rated: fewer than two seats, a rank for each
    seat missing or one too many, a rank below 1."""
    if seats < 2:
        raise ValueError(f"a rated game needs at least 2 rated seats, got {seats}")
    if len(ranks) != seats:
        raise ValueError(f"{len(ranks)} ranks for {seats} rated seats")
    if any(rank < 1 for rank in ranks):
        raise ValueError(f"ranks start at 1, got {list(ranks)}")


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The ratings after one game, seat by seat: each seat its own team,
    ``ranks`` 1 first, equal ranks a tie (only their order counts), rated
    as a tie by openskill (Weng and Lin's way; docs/ratings.md says what
    it makes of a shared first place).

    Pure arithmetic on its arguments, so the same input gives the same
    floats, bit for bit: what lets a rebuild reproduce stored ratings.
    """
    check_ranks(len(ratings), ranks)
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]
