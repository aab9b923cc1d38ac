"""The ladder: is each bot level stronger than the one below it, game by game, count by count?

A *pair* is two bots, the lower level and the higher, at one game and
player count.  It is measured on duplicate deals: each deal is played under
both rotations of the two bots over the seats (``schedule.seatings``): at
two players head to head from both seats; at more, mixed tables (lower,
higher, lower... then higher, lower, higher...); alone, each bot plays the
deal.  A deal's result is one number:

* with several players, the higher level's score against the lower over
  every pair of seats holding one of each, by rank (1 ahead, 1/2 level,
  0 behind), averaged over the deal's games: 1/2 is parity;
* alone, the higher level's total less the lower's: 0 is parity.

Deals are independent, so their results' mean has a t-interval.  The pair
is looked at after each of LOOKS deals and stops at the first look whose
interval excludes parity at the level 5% / len(LOOKS) (Bonferroni over the
looks, which are fixed in advance whatever the cap): a pair at parity is
then declared ahead or behind with a chance below 5% in all, however many
looks it took.  The verdict quotes the plain 95% interval at the stop.

Every game's result is appended to the pair's own file as it finishes, so
a run interrupted at any point resumes where it stopped and a finished pair
costs nothing to report again.
"""

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from statistics import NormalDist
from typing import Any

from rich.console import Console

from vitrine.kit.stats import mean_interval, wilson_interval
from vitrine.tournament.play import GameResult
from vitrine.tournament.runner import played
from vitrine.tournament.schedule import Entry, make_schedule

LOOKS = (8, 16, 32, 64, 128, 256)  # deals; the stopping rule spends 5% over all of them
FAMILY_LEVEL = 0.95  # the chance, over all looks, of not declaring a pair at parity unequal
REPORT_LEVEL = 0.95


@dataclass(frozen=True)
class Pair:
    game: str
    players: int
    lower: str  # bot specs
    higher: str

    @property
    def lineup(self) -> list[str]:
        return [self.lower, self.higher]

    @property
    def parity(self) -> float:
        return 0.0 if self.players == 1 else 0.5

    def file_name(self) -> str:
        bots = "-vs-".join(spec.replace(":", "_") for spec in self.lineup)
        return f"{self.game}-{self.players}p-{bots}.jsonl"


@dataclass(frozen=True)
class Verdict:
    pair: Pair
    deals: int
    games: int
    mean: float  # of the deals' results
    low: float  # its REPORT_LEVEL interval
    high: float
    decided: bool  # the stopping rule's interval excludes parity

    @property
    def ahead(self) -> bool:
        """The higher level measurably ahead."""
        return self.decided and self.low > self.pair.parity


def look_level(looks: Sequence[int] = LOOKS) -> float:
    """The confidence of the interval each look tests parity with."""
    return 1 - (1 - FAMILY_LEVEL) / len(looks)


def game_line(result: GameResult) -> dict[str, Any]:
    """What the ladder keeps of a game."""
    return {
        "deal": result.entry.deal,
        "seating": result.entry.seating,
        "seats": list(result.entry.seats),
        "ranks": [seat.rank for seat in result.seats],
        "totals": [seat.total for seat in result.seats],
        "seconds": round(result.seconds, 3),
    }


def load_lines(path: Path) -> dict[tuple[int, int], dict[str, Any]]:
    """The games a pair's file holds, by (deal, seating); a line cut short
    by an interruption is ignored (its game is played again)."""
    lines: dict[tuple[int, int], dict[str, Any]] = {}
    if not path.exists():
        return lines
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            line = json.loads(text)
            lines[(line["deal"], line["seating"])] = line
        except (ValueError, KeyError, TypeError):
            continue
    return lines


def deal_result(pair: Pair, games: Iterable[dict[str, Any]]) -> float:
    """One deal's result for the higher level (see the module's docstring)."""
    scores: list[float] = []
    for line in games:
        seats, ranks, totals = line["seats"], line["ranks"], line["totals"]
        if pair.players == 1:
            total = float(totals[0])
            scores.append(total if seats[0] == pair.higher else -total)
            continue
        high = [rank for spec, rank in zip(seats, ranks, strict=True) if spec == pair.higher]
        low = [rank for spec, rank in zip(seats, ranks, strict=True) if spec == pair.lower]
        versus = [1.0 if h < lo else 0.5 if h == lo else 0.0 for h, lo in product(high, low)]
        scores.append(sum(versus) / len(versus))
    if pair.players == 1:
        return sum(scores)  # the higher's total less the lower's
    return sum(scores) / len(scores)


def verdict(
    pair: Pair,
    lines: dict[tuple[int, int], dict[str, Any]],
    deals: Sequence[int],
    seatings: int,
    looks: Sequence[int] = LOOKS,
) -> Verdict:
    """The pair's standing over ``deals`` (each complete in ``lines``)."""
    results = [deal_result(pair, (lines[(deal, s)] for s in range(seatings))) for deal in deals]
    mean, low, high = interval(pair, results, REPORT_LEVEL)
    _, strict_low, strict_high = interval(pair, results, look_level(looks))
    decided = strict_low > pair.parity or strict_high < pair.parity
    return Verdict(pair, len(deals), len(deals) * seatings, mean, low, high, decided)


def interval(pair: Pair, results: Sequence[float], level: float) -> tuple[float, float, float]:
    """The deals' mean and its t-interval (with several players a score,
    whose mean lies in [0, 1], so the interval is cut to it); where every
    deal gave the same score (a t-interval would be a point), the Wilson
    interval of that share over as many trials, as a score in [0, 1] varies
    at most as a win or a loss does."""
    if pair.players == 1:
        return mean_interval(results, level)
    if len(set(results)) == 1:
        share = results[0]
        z = NormalDist().inv_cdf((1 + level) / 2)
        return (share, *wilson_interval(share * len(results), len(results), z))
    mean, low, high = mean_interval(results, level)
    return (mean, max(0.0, low), min(1.0, high))


def measure(
    pair: Pair,
    out: Path,
    first_deal: int,
    workers: int,
    max_deals: int = LOOKS[-1],
    console: Console | None = None,
    on_look: Callable[[Verdict], None] | None = None,
) -> Verdict:
    """Play the pair look by look until a look decides it or ``max_deals``
    deals are played; resumes from the pair's file in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / pair.file_name()
    lines = load_lines(path)
    looks = [look for look in LOOKS if look <= max_deals]
    result: Verdict | None = None
    for look in looks:
        schedule = make_schedule(pair.lineup, pair.players, 2 * look, first_deal)
        entries = schedule.entries
        todo = [entry for entry in entries if (entry.deal, entry.seating) not in lines]
        if todo:
            _play(pair, todo, workers, console, len(entries) - len(todo), path, lines)
        deals = sorted({entry.deal for entry in entries})
        result = verdict(pair, lines, deals, schedule.seatings_per_deal)
        if on_look is not None:
            on_look(result)
        if result.decided:
            break
    assert result is not None, "max_deals is below the first look"
    return result


def _play(
    pair: Pair,
    todo: Sequence[Entry],
    workers: int,
    console: Console | None,
    already: int,
    path: Path,
    lines: dict[tuple[int, int], dict[str, Any]],
) -> None:
    if path.exists() and not path.read_bytes().endswith(b"\n"):
        with path.open("a", encoding="utf-8") as cut:  # a line cut short stays apart
            cut.write("\n")
    with (
        path.open("a", encoding="utf-8") as saved,
        played(pair.game, {}, todo, workers, console, already) as finished,
    ):
        for game in finished:
            line = game_line(game)
            saved.write(json.dumps(line) + "\n")
            saved.flush()
            lines[(line["deal"], line["seating"])] = line
