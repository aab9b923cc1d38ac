"""Paired comparisons: one metric per game, baseline against variant, game by game.

An experiment plays the same schedule (deals, seatings, the bots' random
streams) under two rule sets, so game k of one side and game k of the other
differ only by the rules (and whatever the rules change downstream).  Each
metric's difference is therefore measured per pair, and its 95% interval is
the paired t-interval of the mean difference: far narrower than comparing
two independent runs, since the luck of the deal cancels out.

Many metrics are tested at once, so a few would pass p < 0.05 by chance;
a difference is called significant when its Benjamini-Hochberg q-value (the
false discovery rate over every metric of the experiment) is below 0.05.
The t-intervals themselves are not adjusted.
"""

import dataclasses
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scipy import stats

from vitrine.kit.report.measures import (
    CHANGES,
    POINTS,
    SHARE,
    TURNS,
    GameMeasures,
    Measure,
    Measures,
)
from vitrine.kit.report.played import PlayedGame, positions
from vitrine.parallel import results_as_done
from vitrine.report.metrics import tension
from vitrine.report.results import game_report

LEVEL = 0.95
FDR = 0.05  # the false discovery rate under which a difference is called significant
TRACE_PAIRS = 1000  # pairs whose lead is traced turn by turn (the costliest metrics)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def common_measures(played: PlayedGame) -> Measures:
    """What every game's result tells: seats, bots, scores, length."""
    found: Measures = {}
    seats = played.seats
    if len(seats) > 1:
        for seat in seats:
            found[f"seat {seat.seat + 1} wins"] = Measure("win rate by seat", SHARE, seat.share)
        totals = sorted((seat.total for seat in seats), reverse=True)
        found["winning margin"] = Measure("points per player", POINTS, totals[0] - totals[1])
        bots = sorted({seat.bot for seat in seats})
        if len(bots) > 1:
            for bot in bots:
                mine = [seat.share for seat in seats if seat.bot == bot]
                found[f"{bot} wins"] = Measure("win rate by bot", SHARE, _mean(mine))
    for name in seats[0].categories:
        values = [seat.categories.get(name, 0.0) for seat in seats]
        found[name] = Measure("points per player", POINTS, _mean(values))
    found["total"] = Measure("points per player", POINTS, _mean([seat.total for seat in seats]))
    found["game length"] = Measure("game length", TURNS, float(played.turns))
    return found


def lead_measures(played: PlayedGame) -> Measures:
    """Drama, decisiveness and lead changes: every seat evaluated after every turn."""
    if played.players < 2:
        return {}
    game = played.definition
    evaluations = [
        [game.evaluate(state, seat) for seat in range(played.players)]
        for _, state in positions(played)
    ]
    traced = tension(evaluations, {seat.seat for seat in played.seats if seat.rank == 1})
    return {
        "lead changes": Measure("lead", CHANGES, float(traced.lead_changes)),
        "drama": Measure("lead", SHARE, traced.drama),
        "decisiveness": Measure("lead", SHARE, traced.decisiveness),
    }


def measure(played: PlayedGame, traced: bool, own: GameMeasures | None) -> Measures:
    """Every metric of one game; ``traced``: with the lead's (costly);
    ``own``: the game's own metrics (full showcases, ghosts), if it has any."""
    found = common_measures(played)
    if traced:
        found.update(lead_measures(played))
    if own is not None:
        found.update(own(played))
    return found


def _measure_job(job: tuple[PlayedGame, bool, GameMeasures | None]) -> tuple[int, str, Measures]:
    played, traced, own = job
    return played.number, played.run, measure(played, traced, own)


@dataclass(frozen=True)
class Difference:
    name: str
    group: str
    unit: str
    pairs: int
    baseline: float  # the mean under each rule set
    variant: float
    difference: float  # variant minus baseline, the mean of the pairs' differences
    low: float  # the paired 95% t-interval of the difference
    high: float
    p: float
    q: float  # Benjamini-Hochberg adjusted

    @property
    def significant(self) -> bool:
        return self.q < FDR


@dataclass(frozen=True)
class Comparison:
    pairs: int
    differences: list[Difference]
    only_baseline: list[str]  # metrics one rule set has and the other lacks
    only_variant: list[str]


def paired_difference(
    name: str, group: str, unit: str, pairs: Sequence[tuple[float, float]]
) -> Difference:
    """The mean difference of ``pairs`` (baseline, variant) with its paired
    t-interval and two-sided p-value (q is filled in later)."""
    baseline = [b for b, _ in pairs]
    variant = [v for _, v in pairs]
    deltas = [v - b for b, v in pairs]
    mean = statistics.fmean(deltas)
    if len(pairs) < 2:
        low = high = p = math.nan
    elif statistics.pstdev(deltas) == 0:  # every pair differs alike: no spread to test
        low = high = mean
        p = 1.0 if mean == 0 else 0.0
    else:
        result = stats.ttest_rel(variant, baseline)
        interval = result.confidence_interval(LEVEL)
        low, high, p = float(interval.low), float(interval.high), float(result.pvalue)
    return Difference(
        name,
        group,
        unit,
        len(pairs),
        statistics.fmean(baseline),
        statistics.fmean(variant),
        mean,
        low,
        high,
        p,
        math.nan,
    )


def with_q_values(differences: Sequence[Difference]) -> list[Difference]:
    """Each difference with its Benjamini-Hochberg q-value over all of them."""
    tested = [d for d in differences if not math.isnan(d.p)]
    if not tested:
        return list(differences)
    adjusted = stats.false_discovery_control([d.p for d in tested], method="bh")
    q = {id(d): float(value) for d, value in zip(tested, adjusted, strict=True)}
    return [dataclasses.replace(d, q=q.get(id(d), math.nan)) for d in differences]


def compare(
    baseline: Sequence[PlayedGame], variant: Sequence[PlayedGame], workers: int = 1
) -> Comparison:
    """Every metric of the games both sides played (paired by game number),
    measured on ``workers`` processes."""
    numbers = sorted({g.number for g in baseline} & {g.number for g in variant})
    paired = set(numbers)
    traced = set(numbers[:TRACE_PAIRS])
    own = game_report(baseline[0].definition.name)
    game_measures = None if own is None else own.measures
    jobs = [
        (g, g.number in traced, game_measures) for g in [*baseline, *variant] if g.number in paired
    ]
    found: dict[tuple[str, int], Measures] = {}
    with results_as_done(_measure_job, jobs, workers) as finished:
        for number, run, measures in finished:
            found[(run, number)] = measures
    base_run, variant_run = baseline[0].run, variant[0].run
    names: dict[str, tuple[str, str]] = {}
    only_baseline: set[str] = set()
    only_variant: set[str] = set()
    pairs: dict[str, list[tuple[float, float]]] = {}
    for number in numbers:
        mine, theirs = found[(base_run, number)], found[(variant_run, number)]
        only_baseline |= set(mine) - set(theirs)
        only_variant |= set(theirs) - set(mine)
        for name in mine.keys() & theirs.keys():
            names.setdefault(name, (mine[name].group, mine[name].unit))
            pairs.setdefault(name, []).append((mine[name].value, theirs[name].value))
    order = {name: i for i, name in enumerate(_ordered(found, base_run, numbers))}
    differences = [
        paired_difference(name, *names[name], pairs[name])
        for name in sorted(pairs, key=lambda n: order.get(n, len(order)))
    ]
    return Comparison(
        len(numbers), with_q_values(differences), sorted(only_baseline), sorted(only_variant)
    )


def _ordered(
    found: Mapping[tuple[str, int], Measures], run: str, numbers: Sequence[int]
) -> list[str]:
    """Metric names in the order a game lists them (groups together)."""
    names: dict[str, None] = {}
    for number in numbers:
        names.update(dict.fromkeys(found[(run, number)]))
    return list(names)
