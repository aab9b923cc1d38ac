"""What any game's simulated results tell, named after the general game
systems' metrics where they mean the same (Browne's and Ludii's: balance,
advantage, drama, decisiveness, lead changes).

Win rates are win shares (a first place shared by k seats counts 1/k) with
Wilson 95% intervals, as the tournament reports them.
"""

import itertools
import math
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from vitrine.kit.report.played import PlayedGame
from vitrine.kit.report.rates import Rate, rate

BUDGET = re.compile(r"^(?P<bot>[^:]+):(?P<budget>\d+(?:\.\d+)?)(?P<unit>s?)$")


def seat_rates(games: Sequence[PlayedGame]) -> list[Rate]:
    """Each seat's win rate over games of one player count."""
    players = games[0].players
    return [
        rate(f"seat {seat + 1}", sum(g.seats[seat].share for g in games), len(games))
        for seat in range(players)
    ]


def balance(rates: Sequence[Rate]) -> float:
    """1 when every seat wins equally often, less by the gap between the
    luckiest and unluckiest seat (Ludii's Balance)."""
    values = [r.rate for r in rates]
    return 1.0 - (max(values) - min(values))


def advantage(rates: Sequence[Rate]) -> float:
    """The start player's win rate above the fair 1/n (Ludii's AdvantageP1, centred)."""
    return rates[0].rate - 1.0 / len(rates)


def bot_rates(games: Sequence[PlayedGame]) -> list[Rate]:
    bots = list(dict.fromkeys(seat.bot for game in games for seat in game.seats))
    return [
        rate(
            bot,
            sum(s.share for g in games for s in g.seats if s.bot == bot),
            sum(1 for g in games for s in g.seats if s.bot == bot),
        )
        for bot in bots
    ]


@dataclass(frozen=True)
class Spread:
    name: str
    mean: float
    sd: float
    p10: float
    median: float
    p90: float


def spread(name: str, values: Sequence[float]) -> Spread:
    ordered = sorted(values)

    def quantile(q: float) -> float:
        return ordered[min(int(q * len(ordered)), len(ordered) - 1)]

    sd = statistics.pstdev(ordered) if len(ordered) > 1 else 0.0
    return Spread(name, statistics.fmean(ordered), sd, quantile(0.1), quantile(0.5), quantile(0.9))


def category_spreads(games: Sequence[PlayedGame]) -> list[Spread]:
    names = list(dict.fromkeys(k for g in games for s in g.seats for k in s.categories))
    result = [
        spread(name, [s.categories[name] for g in games for s in g.seats if name in s.categories])
        for name in names
    ]
    return [*result, spread("total", [s.total for g in games for s in g.seats])]


@dataclass(frozen=True)
class Tension:
    """How a game's lead evolved, from each seat's evaluation after every turn."""

    drama: float  # share of turns when no eventual winner led
    decisiveness: float  # share of the game the eventual winner led to the end
    lead_changes: int  # times the sole leader changed


def tension(evaluations: Sequence[Sequence[float]], winners: set[int]) -> Tension:
    leaders = []
    for values in evaluations:
        best = max(values)
        leaders.append({seat for seat, v in enumerate(values) if math.isclose(v, best)})
    behind = [not (lead & winners) for lead in leaders]
    last_behind = max((t for t, b in enumerate(behind) if b), default=-1)
    sole = [next(iter(lead)) for lead in leaders if len(lead) == 1]
    changes = sum(1 for a, b in itertools.pairwise(sole) if a != b)
    turns = len(evaluations)
    return Tension(sum(behind) / turns, 1.0 - (last_behind + 1) / turns, changes)


@dataclass(frozen=True)
class SkillStep:
    bot: str
    budget: float
    unit: str
    doubled: Rate  # the win rate of the bot with twice the budget


def skill_step(games: Sequence[PlayedGame]) -> SkillStep | None:
    """For a run pitting one bot against itself with twice the budget, the
    stronger one's win rate by pairwise rank (ties half); else None."""
    bots = sorted({s.bot for g in games for s in g.seats})
    parsed = [BUDGET.match(bot) for bot in bots]
    if len(bots) != 2 or not all(parsed):
        return None
    (a, b) = [m for m in parsed if m is not None]
    if a["bot"] != b["bot"] or a["unit"] != b["unit"]:
        return None
    low, high = sorted([a, b], key=lambda m: float(m["budget"]))
    if not math.isclose(float(high["budget"]), 2 * float(low["budget"])):
        return None
    wins, trials = 0.0, 0
    for game in games:
        for strong in (s for s in game.seats if s.bot == high.string):
            for weak in (s for s in game.seats if s.bot == low.string):
                wins += 0.5 if strong.rank == weak.rank else float(strong.rank < weak.rank)
                trials += 1
    label = f"{low.string} vs {high['budget']}{high['unit']}"
    return SkillStep(low["bot"], float(low["budget"]), low["unit"], rate(label, wins, trials))
