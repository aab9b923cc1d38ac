"""The solo challenge: bots through seeded solo deals, against the game's
score to beat and its clairvoyant solver.

Deal ``i`` of a run is the solo game dealt by seed ``first + i``, the same for
every bot (so bots are compared on identical deals) and for the clairvoyant
solver, which bounds from both sides what the deal allowed.  Each bot plays
with a ``Random`` seeded by the deal, through its view only, so a run gives
the same totals whatever the number of workers (bots with a time budget
excepted).  What is the game's own (the score to beat, the deal, the
solver) comes from its plug-in's ``solo`` hook (:mod:`vitrine.kit.solo`).
"""

import json
import math
import statistics
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from random import Random
from typing import IO, Any

from rich.console import Console

from vitrine.bots import make_bot
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import GameState
from vitrine.games import get_plugin, plugins
from vitrine.kit.solo import ClairvoyantSolver, SoloChallenge
from vitrine.parallel import progress_bar, results_as_done
from vitrine.tournament.play import game_definition

SOLVER = "solver"
Z95 = 1.959963984540054  # two-sided 95% normal quantile: deals are many


def solo_games() -> tuple[str, ...]:
    """The installed games that have a solo challenge, in listing order."""
    return tuple(plugin.name for plugin in plugins() if plugin.solo is not None)


@cache
def solo_challenge(game: str) -> SoloChallenge:
    """The solo challenge of ``game``, built once per process (a worker's
    too), refused by name for a game without one."""
    factory = get_plugin(game).solo
    if factory is None:
        raise VitrineError(
            f"{game} has no solo challenge (games with one: {', '.join(solo_games())})"
        )
    return factory()


def solver_of(game: str) -> ClairvoyantSolver:
    """The clairvoyant solver of ``game``'s solo challenge, refused by name
    for a game without one."""
    solver = solo_challenge(game).solver
    if solver is None:
        raise VitrineError(f"{game}'s solo challenge has no clairvoyant solver")
    return solver


@dataclass(frozen=True)
class SoloResult:
    """One player's (a bot's or the solver's) game on one deal."""

    seed: int
    bot: str
    total: int
    categories: Mapping[str, int]
    seconds: float
    turns: tuple[str, ...] = ()  # the solver's line, the evidence for its total

    def to_json(self, best: int | None, bound: int | None) -> dict[str, Any]:
        line: dict[str, Any] = {
            "seed": self.seed,
            "bot": self.bot,
            "total": self.total,
            "categories": dict(self.categories),
            "seconds": round(self.seconds, 3),
        }
        if self.turns:
            line["turns"] = list(self.turns)
        if best is not None:
            line["solver_best"] = best
            line["upper_bound"] = bound
        return line


@dataclass(frozen=True)
class DealOutcome:
    """Every bot's game on one deal, and the solver's bounds when asked."""

    seed: int
    games: tuple[SoloResult, ...]
    solver: SoloResult | None = None
    upper_bound: int | None = None


def play_solo(game: str, spec: str, seed: int) -> SoloResult:
    """The bot ``spec`` plays the solo deal of ``seed`` at ``game`` to the end."""
    started = time.perf_counter()
    definition = game_definition(game)
    state = solo_challenge(game).deal(seed)
    bot = make_bot(spec, game, 1)
    rng = Random(seed)
    while not state.is_over:
        state.apply_action(bot.choose(definition, state.view(0), rng))
    total, categories = final_score(state)
    return SoloResult(seed, spec, total, categories, time.perf_counter() - started)


def final_score(state: GameState) -> tuple[int, dict[str, int]]:
    """The lone player's total and categories, read from the finished
    spectator view's ``scores`` (the engine protocol's)."""
    scores = state.view(None).get("scores")
    if not isinstance(scores, list) or len(scores) != 1:
        raise VitrineError("a finished solo game's spectator view has no 'scores' of one player")
    return scores[0]["total"], dict(scores[0]["categories"])


def play_deal(game: str, seed: int, specs: Sequence[str], beam: int | None) -> DealOutcome:
    """One deal for every bot, then the solver when ``beam`` is given."""
    games = tuple(play_solo(game, spec, seed) for spec in specs)
    if beam is None:
        return DealOutcome(seed, games)
    solution = solver_of(game).solve(seed, beam)
    solver = SoloResult(
        seed,
        SOLVER,
        solution.best_total,
        solution.categories,
        solution.seconds,
        solution.turns,
    )
    return DealOutcome(seed, games, solver, solution.upper_bound)


@dataclass(frozen=True)
class Summary:
    """A bot's totals over a run's deals, in the game's solo points."""

    bot: str
    deals: int
    mean: float
    stdev: float
    ci95: float  # half-width of the 95% confidence interval of the mean
    minimum: int
    quartiles: tuple[float, float, float]
    maximum: int
    above: float  # share of deals scoring more than the challenge's target
    gap_to_best: float | None = None  # mean of (solver best - total)
    gap_to_bound: float | None = None  # mean of (upper bound - total)
    seconds: float = 0.0  # mean time per deal
    categories: Mapping[str, float] = field(default_factory=dict)


def summarize(
    bot: str,
    totals: Sequence[int],
    target: int,
    best: Sequence[int] | None = None,
    bound: Sequence[int] | None = None,
    seconds: Sequence[float] = (),
    categories: Sequence[Mapping[str, int]] = (),
) -> Summary:
    """Statistics of one bot's totals against the ``target`` to beat; ``best``
    and ``bound`` are per deal, aligned."""
    if not totals:
        raise ValueError("no deals to summarize")
    count = len(totals)
    stdev = statistics.stdev(totals) if count > 1 else 0.0
    if count > 1:
        low, median, high = statistics.quantiles(totals, n=4, method="inclusive")
    else:
        low = median = high = float(totals[0])
    keys = list(dict.fromkeys(key for sheet in categories for key in sheet))
    return Summary(
        bot=bot,
        deals=count,
        mean=statistics.fmean(totals),
        stdev=stdev,
        ci95=Z95 * stdev / math.sqrt(count),
        minimum=min(totals),
        quartiles=(low, median, high),
        maximum=max(totals),
        above=sum(1 for total in totals if total > target) / count,
        gap_to_best=_mean_gap(best, totals),
        gap_to_bound=_mean_gap(bound, totals),
        seconds=statistics.fmean(seconds) if seconds else 0.0,
        categories={k: statistics.fmean(s.get(k, 0) for s in categories) for k in keys},
    )


def _mean_gap(reference: Sequence[int] | None, totals: Sequence[int]) -> float | None:
    if reference is None:
        return None
    if len(reference) != len(totals):
        raise ValueError("one reference value per deal is needed")
    return statistics.fmean(r - t for r, t in zip(reference, totals, strict=True))


def summaries(outcomes: Sequence[DealOutcome], specs: Sequence[str], target: int) -> list[Summary]:
    """One summary per bot, then the solver's (its gap to the bound only)."""
    ordered = sorted(outcomes, key=lambda outcome: outcome.seed)
    solved = [o for o in ordered if o.solver is not None]
    best = [o.solver.total for o in solved if o.solver is not None] or None
    bound = [o.upper_bound for o in solved if o.upper_bound is not None] or None
    result = []
    for index, spec in enumerate(specs):
        games = [o.games[index] for o in ordered]
        result.append(_summary_of(spec, games, target, best, bound))
    solver_games = [o.solver for o in solved if o.solver is not None]
    if solver_games:
        result.append(_summary_of(SOLVER, solver_games, target, None, bound))
    return result


def _summary_of(
    bot: str,
    games: Sequence[SoloResult],
    target: int,
    best: Sequence[int] | None,
    bound: Sequence[int] | None,
) -> Summary:
    return summarize(
        bot,
        [game.total for game in games],
        target,
        best,
        bound,
        [game.seconds for game in games],
        [game.categories for game in games],
    )


def json_lines(outcome: DealOutcome) -> Iterator[dict[str, Any]]:
    """The deal's lines for ``--out``: each bot's game, then the solver's line."""
    best = outcome.solver.total if outcome.solver is not None else None
    for game in outcome.games:
        yield game.to_json(best, outcome.upper_bound)
    if outcome.solver is not None:
        yield outcome.solver.to_json(best, outcome.upper_bound)


def read_outcomes(lines: Iterable[tuple[str, str]]) -> tuple[list[DealOutcome], list[str]]:
    """Deals back from saved ``--out`` lines, given as (where, text) pairs so a
    refusal names the file and line: runs over different seeds (split to use
    more machines, or continued later) join into one table.  Every deal must
    hold a game of every bot, once, and the solver's on every deal or none.
    Returns the deals in seed order and the bots in order of appearance."""
    games: dict[int, dict[str, SoloResult]] = {}
    solved: dict[int, tuple[SoloResult, int]] = {}
    for where, text in lines:
        if not text.strip():
            continue
        result, bound = _saved_game(where, text)
        deal = games.setdefault(result.seed, {})
        if result.bot == SOLVER:
            if result.seed in solved:
                raise VitrineError(f"{where}: the solver played deal {result.seed} twice")
            if bound is None:
                raise VitrineError(f"{where}: the solver's line has no upper bound")
            solved[result.seed] = result, bound
        elif result.bot in deal:
            raise VitrineError(f"{where}: {result.bot} played deal {result.seed} twice")
        else:
            deal[result.bot] = result
    if not games:
        raise VitrineError("no saved games to read")
    specs = list(dict.fromkeys(bot for deal in games.values() for bot in deal))
    outcomes = []
    for seed in sorted(games):
        missing = [spec for spec in specs if spec not in games[seed]]
        if missing:
            raise VitrineError(f"deal {seed} has no game of {', '.join(missing)}")
        if solved and seed not in solved:
            raise VitrineError(f"deal {seed} has no solver line, where other deals have one")
        solver, bound = solved.get(seed, (None, None))
        played = tuple(games[seed][spec] for spec in specs)
        outcomes.append(DealOutcome(seed, played, solver, bound))
    return outcomes, specs


def _saved_game(where: str, text: str) -> tuple[SoloResult, int | None]:
    """One saved line, checked field by field: its game and upper bound."""
    try:
        line = json.loads(text)
    except json.JSONDecodeError as error:
        raise VitrineError(f"{where}: not JSON ({error.msg})") from None
    if not isinstance(line, dict):
        raise VitrineError(f"{where}: a line must be a JSON object")
    for key, kind in (("seed", int), ("bot", str), ("total", int), ("categories", dict)):
        if not isinstance(line.get(key), kind) or isinstance(line.get(key), bool):
            raise VitrineError(f"{where}: {key!r} must be {kind.__name__}")
    categories = line["categories"]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in categories.values()):
        raise VitrineError(f"{where}: every category's points must be an int")
    seconds, bound = line.get("seconds", 0.0), line.get("upper_bound")
    if not isinstance(seconds, int | float) or isinstance(seconds, bool):
        raise VitrineError(f"{where}: 'seconds' must be a number")
    if bound is not None and (not isinstance(bound, int) or isinstance(bound, bool)):
        raise VitrineError(f"{where}: 'upper_bound' must be int")
    turns = line.get("turns", [])
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise VitrineError(f"{where}: 'turns' must be a list of turns in notation")
    result = SoloResult(
        line["seed"], line["bot"], line["total"], categories, float(seconds), tuple(turns)
    )
    return result, bound


def run_challenge(
    game: str,
    seeds: Sequence[int],
    specs: Sequence[str],
    beam: int | None,
    workers: int,
    lines: IO[str] | None = None,
    console: Console | None = None,
) -> list[DealOutcome]:
    """Play every deal of ``game`` with ``workers`` processes, in seed order.

    Each deal's JSON lines are written to ``lines`` as it finishes, so an
    interrupted run keeps what it played; a progress bar goes to ``console``.
    """
    outcomes = []
    with (
        results_as_done(
            partial(play_deal, game, specs=specs, beam=beam), seeds, min(workers, len(seeds))
        ) as finished,
        progress_bar(console) as progress,
    ):
        task = progress.add_task("deals", total=len(seeds))
        for outcome in finished:
            if lines is not None:
                for line in json_lines(outcome):
                    lines.write(json.dumps(line) + "\n")
                lines.flush()
            outcomes.append(outcome)
            progress.advance(task)
    return sorted(outcomes, key=lambda outcome: outcome.seed)
