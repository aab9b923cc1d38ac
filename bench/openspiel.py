"""The OpenSpiel games' speed: random games through ``pyspiel``, chance
outcomes sampled by their probabilities, counted in steps (decisions and
chance events) per second.  Single process, one core; needs the
``openspiel`` extra.  Run: ``.venv/bin/python bench/openspiel.py [--games N]``.
"""

import argparse
import time

import numpy as np
import pyspiel

from vitrine.adapters.openspiel_game import PREFIX, random_step

TABLES = ("exhibition(players=2)", "tucano(players=4)", "dontgointhere(players=3)")


def random_games(name: str, games: int) -> tuple[int, float]:
    """Steps taken and seconds spent playing ``games`` random games of ``name``."""
    game = pyspiel.load_game(PREFIX + name)
    rng = np.random.default_rng(1)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
            steps += 1
    return steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    for name in TABLES:
        steps, seconds = random_games(name, args.games)
        print(
            f"{PREFIX + name}: {args.games} games, {steps} steps in {seconds:.2f} s, "
            f"{steps / seconds:,.0f} steps/s"
        )


if __name__ == "__main__":
    main()
