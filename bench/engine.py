"""Engine speed: random playouts and legal-turn generation, per player count.

Each turn is chosen uniformly among the legal turns (``random_move`` draws
uniformly from ``legal_moves``, which lists exactly the turns of
``legal_turns`` in canonical notation, one tuple each), so the games/s figure
compares across implementations.  Single process, one
core.  Run: ``.venv/bin/python bench/engine.py [--seconds S]``.
"""

import argparse
import platform
import random
import time

from vitrine.games.exhibition import ExhibitionGame, ExhibitionState


def playout(state: ExhibitionState, rng: random.Random) -> int:
    """Play random turns to the end; the number of turns played."""
    turns = 0
    while not state.is_over:
        state.play_unchecked(state.random_move(rng))
        turns += 1
    return turns


def measure_playouts(game: ExhibitionGame, players: int, seconds: float) -> tuple[float, float]:
    """(games/s, turns/s) over as many seeded games as fit in ``seconds``."""
    rng = random.Random(players)
    names = [f"P{seat}" for seat in range(players)]
    games = turns = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        turns += playout(game.start(names, seed=games), rng)
        games += 1
    return games / elapsed, turns / elapsed


def measure_generation(game: ExhibitionGame, players: int, seconds: float) -> float:
    """Canonical legal-turn lists per second, over positions of random games."""
    rng = random.Random(players)
    names = [f"P{seat}" for seat in range(players)]
    positions: list[ExhibitionState] = []
    seed = 0
    while len(positions) < 500:
        state = game.start(names, seed=seed)
        seed += 1
        while not state.is_over and len(positions) < 500:
            positions.append(state.copy())
            moves = state.legal_moves()
            state.play_unchecked(moves[rng.randrange(len(moves))])
    count = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for position in positions:
            position.legal_turns()
        count += len(positions)
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    game = ExhibitionGame()
    print(f"vitrine engine benchmark: Python {platform.python_version()}, one core")
    print(
        f"{'players':>7} {'games/s':>9} {'turns/s':>9} {'turns/game':>10} {'legal-turn gens/s':>18}"
    )
    for players in (1, 2, 4, 5):
        games_rate, turns_rate = measure_playouts(game, players, args.seconds)
        generation = measure_generation(game, players, args.seconds)
        print(
            f"{players:>7} {games_rate:>9.0f} {turns_rate:>9.0f} "
            f"{turns_rate / games_rate:>10.1f} {generation:>18.0f}"
        )


if __name__ == "__main__":
    main()
