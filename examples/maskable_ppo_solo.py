"""Train sb3-contrib's MaskablePPO on solo Exhibition, on the CPU, and print its learning curve.

The environment is the registered ``vitrine/ExhibitionSolo-v1``; the policy
masks illegal actions through the environment's ``action_masks()``, the
sb3-contrib convention, so it never plays one.  Every ``--eval-every``
steps the policy (deterministic) plays the evaluation deals, the same for
every point of the curve and for the two baselines it is measured against:
uniformly random legal decisions and vitrine's greedy bot.  Scores are the
solo score (the sum of the categories, x100 in solo).

Needs the ``train`` extra (``pip install -e '.[train]'``).  Run:

    .venv/bin/python examples/maskable_ppo_solo.py --steps 350000 --out curve.json

The curve in docs/adapters.md comes from that command.
"""

import argparse
import json
import time
from random import Random
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.logger import Logger
from stable_baselines3.common.vec_env import DummyVecEnv

from vitrine.adapters.gymnasium_env import SOLO_IDS, TableEnv
from vitrine.bots import make_bot


def solo_env() -> gymnasium.Env[Any, Any]:
    return gymnasium.make(SOLO_IDS["exhibition"])


def play_deal(env: TableEnv, deal: int, choose: Any) -> int:
    """The solo score of one deal, ``choose(observation, mask)`` deciding."""
    obs, _ = env.reset(options={"deal": deal})
    while True:
        obs, _, done, _, info = env.step(choose(obs, env.action_masks()))
        if done:
            return int(info["total"])


def mean_score(deals: range, choose: Any) -> float:
    env = TableEnv()
    return float(np.mean([play_deal(env, deal, choose) for deal in deals]))


def baselines(deals: range) -> dict[str, float]:
    """Uniformly random legal decisions, and the greedy bot, on ``deals``."""
    rng = np.random.default_rng(0)
    greedy, bot_rng, game = make_bot("greedy"), Random(0), TableEnv().table.game

    def random_choice(obs: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    def greedy_scores() -> float:
        scores = []
        for deal in deals:
            state = TableEnv().table.deal(deal)
            while not state.is_over:
                state.apply_action(greedy.choose(game, state.view(0), bot_rng))
            scores.append(state.view(0)["scores"][0]["total"])
        return float(np.mean(scores))

    return {"random": mean_score(deals, random_choice), "greedy": greedy_scores()}


class Curve(BaseCallback):
    """Evaluates the policy every ``every`` steps on ``deals``, before the
    rollout that follows a training update; keeps the points."""

    def __init__(self, every: int, deals: range) -> None:
        super().__init__()
        self.every, self.deals = every, deals
        self.points: list[dict[str, float]] = []
        self.next_at = 0
        self.started = time.perf_counter()

    def evaluate(self) -> None:
        model = self.model
        assert isinstance(model, MaskablePPO)

        def policy(obs: Any, mask: Any) -> int:
            action, _ = model.predict(obs, deterministic=True, action_masks=mask)
            return int(action)

        point = {
            "steps": self.num_timesteps,
            "mean_score": mean_score(self.deals, policy),
            "seconds": round(time.perf_counter() - self.started, 1),
        }
        self.points.append(point)
        print(json.dumps(point), flush=True)

    def _on_rollout_start(self) -> None:
        if self.num_timesteps >= self.next_at:
            self.evaluate()
            self.next_at += self.every

    def _on_step(self) -> bool:
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=350_000, help="training steps in all")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--n-steps", type=int, default=256, help="steps per env per update")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=4, help="passes over each rollout")
    parser.add_argument("--threads", type=int, default=1, help="torch's CPU threads")
    parser.add_argument("--eval-every", type=int, default=50_000)
    parser.add_argument("--eval-deals", type=int, default=50, help="deals 0..N-1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="write the curve and the baselines here as JSON")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)  # small networks: more threads mostly wait on each other
    deals = range(args.eval_deals)
    reference = baselines(deals)
    print(json.dumps({"baselines": reference}), flush=True)
    vector = DummyVecEnv([solo_env] * args.envs)
    model = MaskablePPO(
        "MultiInputPolicy",
        vector,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        seed=args.seed,
        device="cpu",
    )
    # The curve is this script's output: a logger that writes nowhere, since
    # Stable-Baselines3's default one leaves a /tmp/SB3-<date> folder per run.
    model.set_logger(Logger(folder=None, output_formats=[]))
    curve = Curve(args.eval_every, deals)
    model.learn(total_timesteps=args.steps, callback=curve)
    curve.evaluate()  # after the last update
    if args.out:
        result = {"command": vars(args), "baselines": reference, "curve": curve.points}
        with open(args.out, "w") as out:
            json.dump(result, out, indent=1)


if __name__ == "__main__":
    main()
