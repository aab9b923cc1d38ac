"""From game results to what a tournament reports: win rates with their
uncertainty (Wilson intervals, ``kit.stats``), a rating that uses every
pairwise result, and mean scores.
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from vitrine.kit.stats import wilson_interval
from vitrine.tournament.play import GameResult

ANCHOR_RATING = 1000.0
ELO_SCALE = 400.0  # rating points per factor 10 in the odds, as in Elo
PRIOR_DRAWS = 1.0  # virtual drawn games between every two bots (see fit_ratings)
FIT_TOLERANCE = 1e-10
FIT_ITERATIONS = 100_000


@dataclass(frozen=True)
class Outcome:
    """One pairwise result: ``score`` is ``first``'s (1 win, 0.5 draw, 0 loss)."""

    first: str
    second: str
    score: float


def pairwise_outcomes(results: Iterable[GameResult]) -> list[Outcome]:
    """Every pair of seats of every game, decided by rank: a multiplayer game
    says who finished ahead of whom, not only who won.  Two seats of the same
    bot say nothing about it and are left out."""
    outcomes = []
    for result in results:
        for a, b in combinations(result.seats, 2):
            if a.bot != b.bot:
                score = 0.5 if a.rank == b.rank else float(a.rank < b.rank)
                outcomes.append(Outcome(a.bot, b.bot, score))
    return outcomes


def fit_ratings(bots: Sequence[str], outcomes: Iterable[Outcome], anchor: str) -> dict[str, float]:
    """Elo-scale Bradley-Terry ratings by maximum likelihood, ``anchor`` at 1000.

    Fitted by Hunter's MM iteration, draws counting half a win each.  A bot
    that never lost would have an infinite maximum-likelihood rating, so
    every two bots also get ``PRIOR_DRAWS`` virtual draws: ratings stay
    finite and small samples are pulled towards equal.
    """
    if len(bots) < 2:
        return dict.fromkeys(bots, ANCHOR_RATING)
    index = {bot: i for i, bot in enumerate(bots)}
    n = len(bots)
    wins = [PRIOR_DRAWS * (n - 1) / 2] * n
    games = [[0.0 if i == j else PRIOR_DRAWS for j in range(n)] for i in range(n)]
    for outcome in outcomes:
        i, j = index[outcome.first], index[outcome.second]
        wins[i] += outcome.score
        wins[j] += 1 - outcome.score
        games[i][j] += 1
        games[j][i] += 1
    strength = [1.0] * n
    for _ in range(FIT_ITERATIONS):
        updated = [
            wins[i] / sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            for i in range(n)
        ]
        scale = math.exp(sum(math.log(s) for s in updated) / n)  # fix the free constant
        updated = [s / scale for s in updated]
        change = max(abs(math.log(u / s)) for u, s in zip(updated, strength, strict=True))
        strength = updated
        if change < FIT_TOLERANCE:
            break
    offset = ANCHOR_RATING - ELO_SCALE * math.log10(strength[index[anchor]])
    return {bot: offset + ELO_SCALE * math.log10(strength[index[bot]]) for bot in bots}


@dataclass(frozen=True)
class BotSummary:
    bot: str
    games: int  # seats played: a bot in two seats of one game counts twice
    wins: float  # shares of first place
    low: float  # 95% Wilson interval of the win rate
    high: float
    mean_total: float
    mean_categories: dict[str, float]
    rating: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def rating_anchor(lineup: Sequence[str]) -> str:
    """``random`` when it plays, since its strength never changes; else the first bot."""
    return "random" if "random" in lineup else lineup[0]


def summarize(results: Sequence[GameResult], lineup: Sequence[str]) -> list[BotSummary]:
    """One summary per bot of the line-up, best rating first (line-up order on ties).

    ``results`` should come in schedule order: float sums then do not depend
    on the order in which games finished.
    """
    bots = list(dict.fromkeys(lineup))  # a bot in several seats is summarised once
    ratings = fit_ratings(bots, pairwise_outcomes(results), rating_anchor(bots))
    summaries = []
    for bot in bots:
        seats = [seat for result in results for seat in result.seats if seat.bot == bot]
        count = len(seats)
        wins = sum(seat.share for seat in seats)
        low, high = wilson_interval(wins, count)
        categories: dict[str, list[float]] = {}
        for seat in seats:
            for key, value in seat.categories.items():
                categories.setdefault(key, []).append(value)
        summaries.append(
            BotSummary(
                bot=bot,
                games=count,
                wins=wins,
                low=low,
                high=high,
                mean_total=sum(seat.total for seat in seats) / count if count else 0.0,
                mean_categories={k: sum(v) / len(v) for k, v in categories.items()},
                rating=ratings[bot],
            )
        )
    order = {bot: i for i, bot in enumerate(lineup)}
    return sorted(summaries, key=lambda s: (-s.rating, order[s.bot]))
