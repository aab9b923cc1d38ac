"""The coach: how well its reviews tell players apart, and how fast they come.

A benchmark, not a test: it prints figures to quote (docs/review.md).

    .venv/bin/python bench/review.py quality --game exhibition --pair greedy,random --games 100
    .venv/bin/python bench/review.py quality --game tucano --pair expert,expert --games 10
    .venv/bin/python bench/review.py speed [--games 3] [--hints 20]

``quality`` plays ``--games`` games between the two bots of ``--pair``
(seeds 1.., seats swapped every other game), reviews both seats of each
(review seed: the game's seed plus 1000, another seed than the players'),
and prints per bot the decisions graded, the share graded best, best or
good, each grade's share, the mean loss, the mean points loss and the
accuracy (the bot's accuracy in a game, as a review gives it, averaged over
the games).  ``expert,expert`` is the
expert reviewed by itself.  ``speed`` times whole reviews of 2-player
Exhibition games between greedy bots (both fill their halls: as many
decisions as a game between good players) at the default budget, in this process
(one core), then hints on positions of those games; wall and CPU seconds both,
as a loaded machine stretches the first.
"""

import argparse
import os
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from vitrine.bots import make_bot
from vitrine.engine.protocol import GameState
from vitrine.games import game_names, get_game
from vitrine.parallel import results_as_done
from vitrine.review import GRADES, coach_spec, hint, review_record
from vitrine.review.grades import NOISE_Z, confident_loss, game_accuracy
from vitrine.review.review import DecisionReview

REVIEW_SEED_OFFSET = 1000
Z_SHOWN = (0.0, 2.0, 3.0)


def play(game_name: str, specs: Sequence[str], seed: int) -> GameState:
    """A game between ``specs`` (in seat order) from ``seed``, to its end."""
    game = get_game(game_name)
    bots = [make_bot(spec, game_name, len(specs)) for spec in specs]
    state = game.new_game([f"{spec} {seat}" for seat, spec in enumerate(specs)], {}, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply_action(bots[seat].choose(game, state.view(seat), rng))
    return state


# spec, grade, loss, difference, its error, points loss
Graded = tuple[str, str, float, float, float, float]


def review_game(job: tuple[str, tuple[str, str], int, str | None]) -> list[Graded]:
    """(spec, grade, loss, difference of values, its error, points loss) of
    every graded decision of one game (difference 0 where the coach's best
    was played)."""
    game_name, pair, seed, budget = job
    specs = pair if seed % 2 else pair[::-1]
    state = play(game_name, specs, seed)
    review = review_record(
        get_game(game_name), state.record(), budget=budget, seed=seed + REVIEW_SEED_OFFSET
    )
    return [
        (specs[d.seat], d.grade, d.loss, *difference(d), d.points_loss)
        for d in review.decisions
        if graded(d)
    ]


def difference(decision: DecisionReview) -> tuple[float, float]:
    if decision.best == decision.played:
        return 0.0, 0.0
    assert decision.value_best is not None and decision.value_played is not None
    assert decision.error is not None
    return decision.value_best - decision.value_played, decision.error


def graded(decision: DecisionReview) -> bool:
    return decision.value_best is not None


def quality(
    game_name: str, pair: tuple[str, str], games: int, budget: str | None, workers: int
) -> None:
    jobs = [(game_name, pair, seed, budget) for seed in range(1, games + 1)]
    rows: dict[str, list[Graded]] = defaultdict(list)
    accuracies: dict[str, list[float]] = defaultdict(list)
    started = time.perf_counter()
    with results_as_done(review_game, jobs, workers) as finished:
        for count, result in enumerate(finished, start=1):
            for row in result:
                rows[row[0]].append(row)
            for spec in dict.fromkeys(pair):  # each player's accuracy in this game
                accuracy = game_accuracy([row[2] for row in result if row[0] == spec])
                if accuracy is not None:
                    accuracies[spec].append(accuracy)
            shares = ", ".join(
                f"{spec} {sum(r[1] in ('best', 'good') for r in rows[spec]) / len(rows[spec]):.1%}"
                for spec in dict.fromkeys(pair)
                if rows[spec]
            )
            print(f"  game {count}/{games} done, best+good so far: {shares}", flush=True)
    coach = coach_spec(get_game(game_name), 2, budget)
    print(f"{game_name}, 2 players, {games} games of {pair[0]} against {pair[1]}, coach {coach}")
    print(f"  {time.perf_counter() - started:.0f} s with {workers} worker(s), load {load()}")
    header = "  ".join(f"{name:>10}" for name in GRADES)
    print(
        f"  {'bot':<14} {'graded':>6} {'best+good':>9} {header} {'mean loss':>9}"
        f" {'points loss':>11} {'accuracy':>8}"
    )
    points = {}
    for spec in dict.fromkeys(pair):
        decisions = rows[spec]
        count = len(decisions)
        share = {name: sum(row[1] == name for row in decisions) / count for name in GRADES}
        shares = "  ".join(f"{share[name]:>10.1%}" for name in GRADES)
        mean = sum(row[2] for row in decisions) / count
        best_good = share["best"] + share["good"]
        points[spec] = sum(row[5] for row in decisions) / count
        accuracy = sum(accuracies[spec]) / len(accuracies[spec])  # a game's, on average
        print(
            f"  {spec:<14} {count:>6} {best_good:>9.1%} {shares} {mean:>9.4f}"
            f" {points[spec]:>11.2f} {accuracy:>8.1f}"
        )
    if len(points) == 2 and points[pair[0]]:
        print(
            f"  mean points loss, {pair[1]} to {pair[0]}: {points[pair[1]] / points[pair[0]]:.1f}"
        )
    print(f"  mean loss with the noise discount at z standard errors (the review's: {NOISE_Z:g}):")
    for z in Z_SHOWN:
        means = {
            spec: sum(confident_loss(row[3], row[4], z) for row in rows[spec]) / len(rows[spec])
            for spec in dict.fromkeys(pair)
        }
        line = ", ".join(f"{spec} {mean:.4f}" for spec, mean in means.items())
        if len(means) == 2:
            line += f", ratio {means[pair[1]] / means[pair[0]]:.1f}"
        print(f"    z = {z:g}: {line}")


def speed(games: int, hints: int) -> None:
    game = get_game("exhibition")
    print(f"2-player Exhibition, coach {coach_spec(game, 2)} (default budget), one core")
    states = [play("exhibition", ("greedy", "greedy"), seed) for seed in range(1, games + 1)]
    for seed, state in enumerate(states, start=1):
        started, cpu = time.perf_counter(), time.process_time()
        review = review_record(game, state.record(), seed=seed)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        searched = sum(graded(d) for d in review.decisions)
        print(
            f"  game {seed}: {len(review.decisions)} decisions ({searched} searched), "
            f"whole review {seconds:.1f} s wall, {cpu:.1f} s CPU, load {load()}"
        )
    times, cpu_times = [], []
    rng = random.Random(1)
    for number in range(hints):
        state = states[number % len(states)]
        record = state.record()
        cut = rng.randrange(1, len(record.turns))
        position = game.replay(replace(record, turns=record.turns[:cut]))
        seat = position.current_player
        assert seat is not None
        started, cpu = time.perf_counter(), time.process_time()
        hint(game, position.view(seat), seed=number)
        times.append(time.perf_counter() - started)
        cpu_times.append(time.process_time() - cpu)
    if not times:
        return
    mean = sum(times) / len(times)
    print(
        f"  {hints} hints: mean {mean:.2f} s, max {max(times):.2f} s wall; "
        f"max {max(cpu_times):.2f} s CPU; load {load()}"
    )


def load() -> str:
    return f"{os.getloadavg()[0]:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("quality")
    check.add_argument("--game", choices=game_names(), default="exhibition")
    check.add_argument("--pair", default="greedy,random")
    check.add_argument("--games", type=int, default=100)
    check.add_argument("--budget", help="the coach's budget (default: the expert's)")
    check.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    timing = commands.add_parser("speed")
    timing.add_argument("--games", type=int, default=3)
    timing.add_argument("--hints", type=int, default=20, help="0: time the reviews only")
    args = parser.parse_args()
    if args.command == "speed" and (args.games < 1 or args.hints < 0):
        parser.error("speed needs --games 1 or more and --hints 0 or more")
    if args.command == "quality":
        first, second = args.pair.split(",")
        quality(args.game, (first, second), args.games, args.budget, args.workers)
    else:
        speed(args.games, args.hints)


if __name__ == "__main__":
    main()
