"""Tucano's engine speed: uniform random playouts (the search's rollouts) and
ISMCTS iterations, per player count.  Single process, one core.
Run: ``.venv/bin/python bench/tucano.py [--seconds S]``.
"""

import argparse
import random
import time

from vitrine.bots import Budget, IsmctsBot
from vitrine.games.tucano import TucanoGame


def playouts_per_second(game: TucanoGame, players: int, seconds: float) -> float:
    rng = random.Random(players)
    names = [f"P{seat}" for seat in range(players)]
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.start(names, seed=games).rollout(rng)
        games += 1
    return games / (time.perf_counter() - start)


def iterations_per_second(game: TucanoGame, players: int, seconds: float) -> float:
    state = game.start([f"P{seat}" for seat in range(players)], seed=players)
    bot = IsmctsBot(Budget(seconds=seconds))
    bot.choose(game, state.view(0), random.Random(1))
    return bot.last_iterations / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    seconds = parser.parse_args().seconds
    game = TucanoGame()
    print("players  playouts/s  ismcts iterations/s (first decision)")
    for players in (2, 3, 4):
        rate = playouts_per_second(game, players, seconds)
        iterations = iterations_per_second(game, players, seconds)
        print(f"{players:>7}  {rate:>10.0f}  {iterations:>10.0f}")


if __name__ == "__main__":
    main()
