"""The research environments' speed: steps a second with a uniformly random legal policy.

Every PettingZoo environment (decisions of every agent), every Gymnasium
environment (the agent's decisions; the bots' are inside each step, so
random bots are used to measure the environment rather than a bot), and the
vectorised environment at several batch sizes (steps of all copies
together).  Single process; figures are steps per second of CPU time (this
process's ``time.process_time``, which a busy machine distorts far less than
the clock), then of wall time.  The OpenSpiel games have their own bench
(``bench/openspiel.py``).  Needs the dev extras.  Run:
``.venv/bin/python bench/adapters.py [--seconds S] [--only NAME]``.
"""

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from vitrine.adapters.gymnasium_env import GAME_IDS, SOLO_IDS
from vitrine.adapters.pettingzoo import dontgointhere_v1, exhibition_v1, tucano_v1
from vitrine.adapters.vector_env import VectorTableEnv

Runner = Callable[[float], int]  # plays for about that many seconds; the steps taken


def pettingzoo(module: object, players: int) -> Runner:
    def run(seconds: float) -> int:
        game = module.env(players=players)  # type: ignore[attr-defined]
        rng = np.random.default_rng(0)
        steps, start = 0, time.process_time()
        while time.process_time() - start < seconds:
            game.reset(seed=steps)
            for _agent in game.agent_iter():
                obs, _, done, truncated, _ = game.last()
                action = (
                    None if done or truncated else rng.choice(np.flatnonzero(obs["action_mask"]))
                )
                game.step(action)
                steps += action is not None
        return steps

    return run


def gym(env_id: str, **kwargs: Any) -> Runner:
    def run(seconds: float) -> int:
        env = gymnasium.make(env_id, **kwargs)
        obs, _ = env.reset(seed=0)
        rng = np.random.default_rng(0)
        steps, start = 0, time.process_time()
        while time.process_time() - start < seconds:
            obs, _, done, _, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            steps += 1
            if done:
                obs, _ = env.reset()
        return steps

    return run


def vector(game: str, num_envs: int, **kwargs: Any) -> Runner:
    def run(seconds: float) -> int:
        env = VectorTableEnv(game, num_envs, **kwargs)
        batch, _ = env.reset(seed=0)
        rng = np.random.default_rng(0)
        steps, start = 0, time.process_time()
        while time.process_time() - start < seconds:
            # a random legal action per copy: the legal one of highest random key
            keys = rng.random(batch["action_mask"].shape[1])
            batch, *_ = env.step((batch["action_mask"] * keys).argmax(axis=1))
            steps += num_envs
        return steps

    return run


RANDOM = {"opponents": ["random"]}
BENCHES: dict[str, Runner] = {
    "pettingzoo exhibition_v1, 2 players": pettingzoo(exhibition_v1, 2),
    "pettingzoo tucano_v1, 4 players": pettingzoo(tucano_v1, 4),
    "pettingzoo dontgointhere_v1, 3 players": pettingzoo(dontgointhere_v1, 3),
    **{f"gymnasium {solo}": gym(solo) for solo in SOLO_IDS.values()},
    f"gymnasium {GAME_IDS['exhibition']}, 1 random bot": gym(GAME_IDS["exhibition"], **RANDOM),
    f"gymnasium {GAME_IDS['tucano']}, 1 random bot": gym(GAME_IDS["tucano"], **RANDOM),
    f"gymnasium {GAME_IDS['dontgointhere']}, 1 random bot": gym(
        GAME_IDS["dontgointhere"], **RANDOM
    ),
    "vector exhibition solo, 1 copy": vector("exhibition", 1),
    "vector exhibition solo, 16 copies": vector("exhibition", 16),
    "vector exhibition solo, 64 copies": vector("exhibition", 64),
    "vector exhibition solo, 256 copies": vector("exhibition", 256),
    "vector exhibition, 1 random bot, 64 copies": vector("exhibition", 64, **RANDOM),
    "vector tucano, 1 random bot, 64 copies": vector("tucano", 64, **RANDOM),
    "vector dontgointhere, 1 random bot, 64 copies": vector("dontgointhere", 64, **RANDOM),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per bench")
    parser.add_argument("--only", help="run the benches whose name contains this")
    args = parser.parse_args()
    for name, run in BENCHES.items():
        if args.only and args.only not in name:
            continue
        cpu, wall = time.process_time(), time.perf_counter()
        steps = run(args.seconds)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"{name}: {steps} steps, {steps / cpu:,.0f} steps/s CPU, {steps / wall:,.0f} wall")


if __name__ == "__main__":
    main()
