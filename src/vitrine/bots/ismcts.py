"""Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, 2012).

The bot sees only its view.  Each iteration samples a state the player
cannot tell from the real one (``Game.determinize`` once per decision, then
``redeterminize`` per iteration: hidden stock order and other players'
secrets dealt anew), walks the tree of the *player's* decisions and
everyone else's (single-observer ISMCTS), adds one node, plays out with the
game's fast policy and backs the result up.

Because different samples allow different decisions at the same node (a
refill shows another card), each child counts how often it was *available*,
and UCB uses that count in place of the parent's visits, as in the paper.
Chance (the refill after a take) is left open-loop: the node after a take is
the same whatever card came out, which suits games where, as here, the
refill does not change what the taker may do next.

Rewards are vectors: every node stores the result of the player who chose
the decision leading to it, so each player maximises their own result
(multiplayer max^n style).  The enhanced variant (``ismcts+``) plays out with
the game's informed policy and backs up shaped returns, which also grade a
result by its score margin.
"""

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from vitrine.engine.protocol import Game, GameState

EXPLORATION = 0.7


class Node:
    """Statistics of one decision in the tree, for the player who made it."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


@dataclass(frozen=True)
class Budget:
    """How long to think: a number of iterations, or seconds of wall time."""

    iterations: int | None = None
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> "Budget":
        """``2000`` (iterations) or ``1.5s`` (seconds)."""
        try:
            if text.endswith("s"):
                seconds = float(text[:-1])
                if seconds > 0:
                    return cls(seconds=seconds)
            else:
                iterations = int(text)
                if iterations > 0:
                    return cls(iterations=iterations)
        except ValueError:
            pass
        raise ValueError(
            f"a budget is a positive number of iterations or seconds ('2000', '1.5s'), not {text!r}"
        )

    def __str__(self) -> str:
        return f"{self.seconds:g}s" if self.seconds is not None else str(self.iterations)


class IsmctsBot:
    """SO-ISMCTS with availability-corrected UCB and the game's playout policy."""

    def __init__(
        self,
        budget: Budget | None = None,
        exploration: float = EXPLORATION,
        enhanced: bool = False,
    ) -> None:
        self.budget = budget or Budget(iterations=2000)
        self.exploration = exploration
        self.enhanced = enhanced
        self.name = f"{'ismcts+' if enhanced else 'ismcts'}:{self.budget}"
        self.last_iterations = 0

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        actions: list[str] = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        viewer: int = view["viewer"]
        root_state = game.determinize(view, rng)
        root = Node()
        iterations = 0
        limit = self.budget.iterations
        seconds = self.budget.seconds
        deadline = None if seconds is None else time.perf_counter() + seconds
        while True:
            if limit is not None and iterations >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, root_state, viewer, rng)
            iterations += 1
        self.last_iterations = iterations
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward))
        return root_state.action_text(best[0])

    def _iterate(self, root: Node, root_state: GameState, viewer: int, rng: Random) -> None:
        state = root_state.copy()
        state.redeterminize(viewer, rng)
        node = root
        path: list[tuple[Node, int]] = []
        exploration = self.exploration
        while not state.is_over:
            player = state.current_player
            assert player is not None
            legal = state.legal_action_ids()
            children = node.children
            unexplored = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    unexplored.append(action)
                else:
                    child.available += 1
            if unexplored:
                action = unexplored[rng.randrange(len(unexplored))]
                child = children[action] = Node()
                state.apply_action_id(action)
                path.append((child, player))
                break
            best_action = legal[0]
            best_score = -math.inf
            for action in legal:
                child = children[action]
                score = child.reward / child.visits + exploration * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > best_score:
                    best_action, best_score = action, score
            node = children[best_action]
            state.apply_action_id(best_action)
            path.append((node, player))
        rewards = state.rollout(rng, informed=self.enhanced, shaped=self.enhanced)
        for visited, player in path:
            visited.visits += 1
            visited.reward += rewards[player]
