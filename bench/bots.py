"""Bots: search speed, a strength table and the solo challenge.

A benchmark, not a test: it prints figures to quote.  Budgets are in
iterations, so strength figures compare across machines; speed figures are
for one core of the machine that runs it.

    .venv/bin/python bench/bots.py speed [--iterations N] [--beam W]
    VITRINE_PURE_PYTHON=1 .venv/bin/python bench/bots.py speed   # the pure-Python core
    .venv/bin/python bench/bots.py strength --games 200 [--workers 2] [--table four]
    .venv/bin/python bench/bots.py strength --game tucano --search ismcts:500
    .venv/bin/python bench/bots.py solo --deals 1000 --search-deals 200 [--workers 2]
    .venv/bin/python bench/bots.py ladder [--ladder-game tucano --players 4] [--workers 2]
    .venv/bin/python bench/bots.py ladder --report      # what the saved games say, nothing played
    .venv/bin/python bench/bots.py think [--ladder-game exhibition --players 5]

The ladder plays every adjacent pair of difficulty levels at every game and
player count, sequentially (``vitrine.tournament.ladder``: each pair stops as
soon as its interval excludes parity), keeping every game in a file per
pair under ``--ladder-dir`` so that an interrupted run resumes.  ``think``
plays games with the expert in every seat and prints the distribution of
its CPU seconds per decision (one core: the process's own time, which other
load on the machine barely moves).

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
from itertools import pairwise
from pathlib import Path

from rich.console import Console

from vitrine.bots import LEVELS, Budget, IsmctsBot, level_spec, make_bot
from vitrine.cli.solo import print_tables
from vitrine.games import game_names, get_game
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState
from vitrine.games.exhibition.fastplayout import core_name
from vitrine.games.exhibition.game import solo_deal
from vitrine.games.exhibition.solver import DEFAULT_BEAM, best_line
from vitrine.tournament import make_schedule, run_tournament, summarize
from vitrine.tournament.challenge import run_challenge, solo_challenge
from vitrine.tournament.ladder import LOOKS, Pair, Verdict, load_lines, measure, verdict
from vitrine.tournament.play import player_names

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
        outcomes = run_challenge(
            GAME.name, seeds, specs, DEFAULT_BEAM, args.workers, None, progress
        )
        print_tables(console, solo_challenge(GAME.name), outcomes, specs)


# Every game and the player counts it is played at, in the ladder's order.
LADDER_COUNTS = {
    "exhibition": (1, 2, 3, 4, 5),
    "tucano": (2, 3, 4),
    "dontgointhere": (2, 3, 4, 5),
}
LADDER_FIRST_DEAL = 1_000_000  # deals no bot was tuned on (tuning uses small seeds)


def ladder_configs(args: argparse.Namespace) -> list[tuple[str, int]]:
    games = [args.ladder_game] if args.ladder_game else list(LADDER_COUNTS)
    return [
        (game, players)
        for game in games
        for players in LADDER_COUNTS[game]
        if args.players is None or players == args.players
    ]


def ladder_pairs(game: str, players: int, names: list[str] | None) -> list[tuple[str, Pair]]:
    """Each adjacent pair of levels (``casual<strong``) and the bots they name."""
    pairs = []
    for lower, higher in pairwise(LEVELS):
        label = f"{lower}<{higher}"
        if names and label not in names:
            continue
        specs = level_spec(lower, game, players), level_spec(higher, game, players)
        pairs.append((label, Pair(game, players, *specs)))
    return pairs


def verdict_line(label: str, result: Verdict) -> str:
    pair = result.pair
    if pair.players == 1:  # solo totals are x100
        figure = f"{result.mean:+7.0f} ({result.low:+.0f} to {result.high:+.0f}) points"
    else:
        figure = f"{result.mean:7.1%} ({result.low:.1%}-{result.high:.1%})"
    state = "ahead" if result.ahead else "BEHIND" if result.decided else "undecided"
    bots = f"{pair.lower} < {pair.higher}"
    return (
        f"{pair.game:<14}{pair.players:>2}  {label:<17} {bots:<27}"
        f"{result.deals:>5}{result.games:>6}  {figure:<32} {state}"
    )


LADDER_HEADER = (
    f"{'game':<14}{'n':>2}  {'levels':<17} {'bots':<27}{'deals':>5}{'games':>6}  "
    f"{'higher level: score (95% CI)':<32} verdict"
)


def ladder(args: argparse.Namespace) -> None:
    """Every adjacent pair of levels, measured (or, with --report, read back)."""
    out = Path(args.ladder_dir)
    print(
        f"Ladder: duplicate deals from {args.seed}, looks at {', '.join(map(str, LOOKS))} deals "
        f"(cap {args.max_deals}), load {os.getloadavg()[0]:.1f}"
    )
    print(LADDER_HEADER)
    for game, players in ladder_configs(args):
        for label, pair in ladder_pairs(game, players, args.pairs):
            if args.report:
                result = saved_verdict(pair, out, args.seed)
                print(
                    verdict_line(label, result)
                    if result
                    else f"{game:<14}{players:>2}  "
                    f"{label:<17} {pair.lower} < {pair.higher}: no deal played yet"
                )
                continue
            start = time.perf_counter()
            result = measure(
                pair, out, args.seed, args.workers, args.max_deals, Console(stderr=True)
            )
            seconds = time.perf_counter() - start
            print(f"{verdict_line(label, result)}  [{seconds:.0f} s]", flush=True)


def saved_verdict(pair: Pair, out: Path, first_deal: int) -> Verdict | None:
    """The pair's verdict on the whole deals its file holds, counted from
    ``first_deal`` up to the last look they complete."""
    lines = load_lines(out / pair.file_name())
    complete = 0
    while all((first_deal + complete, s) in lines for s in (0, 1)):
        complete += 1
    looked = [look for look in LOOKS if look <= complete]
    if not looked:
        return None
    deals = list(range(first_deal, first_deal + looked[-1]))
    return verdict(pair, lines, deals, 2)


def quantile(ordered: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted values lie."""
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def think(args: argparse.Namespace) -> None:
    """CPU seconds per decision of the expert, every seat, over whole games."""
    print(f"Expert's think time, CPU seconds per decision (load {os.getloadavg()[0]:.1f})")
    print(
        f"{'game':<14}{'n':>2}  {'expert':<16}{'decisions':>9}{'median':>8}{'p90':>8}"
        f"{'p99':>8}{'max':>8}"
    )
    for game_name, players in ladder_configs(args):
        spec = level_spec("expert", game_name, players)
        game = get_game(game_name)
        times: list[float] = []
        for deal in range(args.seed, args.seed + args.think_games):
            bots = [make_bot(spec, game_name, players) for _ in range(players)]
            names = player_names([spec] * players)
            state = game.new_game(names, {}, deal)
            rng = random.Random(deal)
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                view = state.view(seat)
                start = time.process_time()
                action = bots[seat].choose(game, view, rng)
                if len(view["legal_actions"]) > 1:  # a forced decision asks nothing
                    times.append(time.process_time() - start)
                state.apply_action(action)
        times.sort()

        print(
            f"{game_name:<14}{players:>2}  {spec:<16}{len(times):>9}{quantile(times, 0.5):>8.3f}"
            f"{quantile(times, 0.9):>8.3f}{quantile(times, 0.99):>8.3f}{times[-1]:>8.3f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("part", choices=["speed", "strength", "solo", "ladder", "think"])
    parser.add_argument("--iterations", type=int, default=20_000, help="ISMCTS probe budget")
    parser.add_argument("--beam", type=int, default=DEFAULT_BEAM, help="speed: the solver's width")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--game", choices=game_names(), default="exhibition", help="strength: the game"
    )
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
    parser.add_argument("--ladder-game", choices=list(LADDER_COUNTS), help="ladder, think")
    parser.add_argument("--players", type=int, help="ladder, think: only this player count")
    parser.add_argument(
        "--pair",
        dest="pairs",
        action="append",
        help="ladder: only this pair of levels, e.g. casual<strong (default: all)",
    )
    parser.add_argument("--max-deals", type=int, default=LOOKS[-1], help="ladder: the cap")
    parser.add_argument("--ladder-dir", default="bench/ladder", help="ladder: the saved games")
    parser.add_argument("--report", action="store_true", help="ladder: play nothing, report")
    parser.add_argument("--think-games", type=int, default=2, help="think: games per count")
    args = parser.parse_args()
    if args.seed is None:  # the first deal `vitrine tournament` / `vitrine solo` play
        args.seed = {"solo": 0, "ladder": LADDER_FIRST_DEAL}.get(args.part, 1)
    parts = {"speed": speed, "strength": strength, "solo": solo, "ladder": ladder, "think": think}
    parts[args.part](args)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
