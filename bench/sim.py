"""Simulator throughput: games/s against the number of worker processes.

Runs ``run_simulation`` itself (schedule, worker pool, Parquet parts) on a
fresh directory per measurement, so the figure includes everything a
``vitrine simulate`` run pays but the command's start-up.  The machine's
other load shows in the figures: quote them with the load there was.
Run: ``.venv/bin/python bench/sim.py [--game G] [--games N] [--bots LIST] [--players K]``.
"""

import argparse
import os
import platform
import tempfile
import time
from pathlib import Path

from vitrine.games import game_names, get_game
from vitrine.simulate import Settings, run_simulation


def measure(settings: Settings, games: int, workers: int) -> float:
    """Games per second of a whole run of ``games`` games."""
    with tempfile.TemporaryDirectory() as scratch:
        start = time.perf_counter()
        run_simulation(settings, games, Path(scratch) / "run", workers)
        return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=game_names(), default="exhibition")
    parser.add_argument("--games", type=int, default=400, help="games per measurement")
    parser.add_argument("--bots", default="greedy", help="comma-separated bot specs")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    args = parser.parse_args()
    lineup = tuple(args.bots.split(","))
    options = get_game(args.game).parse_options([])
    settings = Settings(args.game, args.players, lineup, (), options, 1)
    print(
        f"vitrine simulate benchmark: Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; "
        f"{args.games} games of {args.game}, {args.players} players, bots {args.bots}"
    )
    print(f"{'workers':>7} {'games/s':>9} {'speed-up':>9}")
    base = 0.0
    for workers in (int(w) for w in args.workers.split(",")):
        rate = measure(settings, args.games, workers)
        base = base or rate
        print(f"{workers:>7} {rate:>9.1f} {rate / base:>9.2f}")


if __name__ == "__main__":
    main()
