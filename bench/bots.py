"""Bots: search speed, a strength table and the solo challenge.

A benchmark, not a test: it prints figures to quote.  Budgets are in
iterations, so strength figures compare across machines; speed figures are
for one core of the machine that runs it.

    .venv/bin/python bench/bots.py speed [--iterations N] [--beam W]
    VITRINE_PURE_PYTHON=1 .venv/bin/python bench/bots.py speed   # the pure-Python core
    .venv/bin/python bench/bots.py strength --games 200 [--workers 2] [--table four]
    .venv/bin/python bench/bots.py strength --game tucano --search ismcts:500
    .venv/bin/python bench/bots.py solo --deals 1000 --search-deals 200 [--workers 2]

The solo part plays the fast bots (random, greedy) over ``--deals`` deals and
the search bots (ismcts:2000, pimc:16) over ``--search-deals``, each deal
also solved clairvoyantly; runs split over machines are joined with
``vitrine solo-results``.
"""

import argparse
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console

from vitrine.bots import Budget, IsmctsBot
from vitrine.cli.solo import print_tables
from vitrine.games import GAMES
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState
from vitrine.games.exhibition.challenge import run_challenge
from vitrine.games.exhibition.fastplayout import core_name
from vitrine.games.exhibition.solver import DEFAULT_BEAM, best_line, solo_deal
from vitrine.tournament import make_schedule, run_tournament, summarize

GAME = ExhibitionGame()
SEARCH = "ismcts:2000"
SOLO_FAST = ["random", "greedy"]
SOLO_SEARCH = [SEARCH, "pimc:16"]
SPEED_DEAL = 3  # the solver's speed probe


def midgame(players: int, seed: int = 11) -> ExhibitionState:
    """A position after six random turns per player: the bench's fixed probe."""
    state = GAME.start([f"P{seat}" for seat in range(players)], seed=seed)
    rng = random.Random(5)
    for _ in range(6 * players):
        state.push(rng.choice(state.legal_turns()))
    return state


def rate(work: int, seconds: float) -> str:
    return f"{work / seconds:>10,.0f}"


def speed(args: argparse.Namespace) -> None:
    print(
        f"Speed, one core, Python {platform.python_version()} ({platform.machine()}), {core_name()}"
    )
    header = f"{'players':>7} {'ismcts it/s':>12} {'ismcts+ it/s':>13}"
    print(f"{header} {'rollouts/s':>11} {'Py playouts/s':>14}")
    for players in (2, 4):
        state = midgame(players)
        seat = state.current
        searches = []
        for enhanced in (False, True):
            bot = IsmctsBot(Budget(iterations=args.iterations), enhanced=enhanced)
            start = time.perf_counter()
            bot.choose(GAME, state.view(seat), random.Random(1))
            searches.append(rate(bot.last_iterations, time.perf_counter() - start))
        rng = random.Random(2)
        samples = [state.copy() for _ in range(2000)]
        for sample in samples:
            sample.redeterminize(seat, rng)
        start = time.perf_counter()
        for sample in samples:
            sample.rollout(rng)
        rollouts = rate(len(samples), time.perf_counter() - start)
        start = time.perf_counter()
        for sample in samples[:300]:
            sample.playout(rng)
            sample.returns()
        python = rate(300, time.perf_counter() - start)
        print(f"{players:>7} {searches[0]:>12} {searches[1]:>13} {rollouts:>11} {python:>14}")
    deal = solo_deal(SPEED_DEAL)
    start = time.perf_counter()
    _, _, positions = best_line(deal, args.beam)
    seconds = time.perf_counter() - start
    per_second = rate(positions, seconds).strip()
    print(f"solver: deal {SPEED_DEAL} at beam {args.beam}: {per_second} positions/s")


def table(lineup: list[str], players: int, args: argparse.Namespace) -> None:
    schedule = make_schedule(lineup, players, args.games, args.seed)
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        results = run_tournament(args.game, {}, schedule, Path(out), args.workers)
        seconds = time.perf_counter() - start
    print(f"\n{players} players, {len(results)} games ({', '.join(lineup)}), {seconds:.0f} s")
    header = f"{'bot':<14} {'seats':>5} {'wins':>6} {'win rate':>8} {'95% CI':>15}"
    print(f"{header} {'mean':>6} {'rating':>6}")
    for summary in summarize(results, lineup):
        interval = f"{summary.low:>7.1%}-{summary.high:<7.1%}"
        print(
            f"{summary.bot:<14} {summary.games:>5} {summary.wins:>6.1f} {summary.win_rate:>8.1%} "
            f"{interval} {summary.mean_total:>6.2f} {summary.rating:>6.0f}"
        )


TABLES = ("greedy-random", "ismcts-greedy", "ismcts+-ismcts", "four")


def lineups(search: str) -> dict[str, tuple[list[str], int]]:
    """Each strength table's bots and player count, with ``search`` as the ISMCTS."""
    informed = search.replace("ismcts:", "ismcts+:", 1)
    return {
        "greedy-random": (["greedy", "random"], 2),
        "ismcts-greedy": ([search, "greedy"], 2),
        "ismcts+-ismcts": ([informed, search], 2),
        "four": (["random", "greedy", search, search], 4),
    }


def strength(args: argparse.Namespace) -> None:
    print(
        f"Strength at {args.game}: {args.games} games per table, "
        f"duplicate deals from seed {args.seed}"
    )
    tables = lineups(args.search)
    for name in args.tables or TABLES:
        lineup, players = tables[name]
        table(lineup, players, args)


def solo(args: argparse.Namespace) -> None:
    console = Console(highlight=False)
    for specs, deals in ((SOLO_FAST, args.deals), (SOLO_SEARCH, args.search_deals)):
        seeds = range(args.seed, args.seed + deals)
        console.print(f"\nSolo: {', '.join(specs)} on {deals} deals from seed {args.seed}")
        progress = Console(stderr=True)
        outcomes = run_challenge(seeds, specs, DEFAULT_BEAM, args.workers, None, progress)
        print_tables(console, outcomes, specs)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("part", choices=["speed", "strength", "solo"])
    parser.add_argument("--iterations", type=int, default=20_000, help="ISMCTS probe budget")
    parser.add_argument("--beam", type=int, default=DEFAULT_BEAM, help="speed: the solver's width")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", choices=GAMES, default="exhibition", help="strength: the game")
    parser.add_argument(
        "--search", default=SEARCH, help="strength: the ISMCTS spec, e.g. ismcts:500"
    )
    parser.add_argument("--seed", type=int, help="the first deal [default: 1; solo: 0]")
    parser.add_argument("--deals", type=int, default=1000, help="solo deals of the fast bots")
    parser.add_argument("--search-deals", type=int, default=200, help="solo deals, search bots")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--table",
        dest="tables",
        action="append",
        choices=TABLES,
        help="only these strength tables (default: all)",
    )
    args = parser.parse_args()
    if args.seed is None:  # the first deal `vitrine tournament` / `vitrine solo` play
        args.seed = 0 if args.part == "solo" else 1
    {"speed": speed, "strength": strength, "solo": solo}[args.part](args)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
