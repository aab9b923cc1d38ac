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

from vitrine.bots.base import Analysis, standard_error
from vitrine.engine.protocol import Game, GameState

EXPLORATION = 0.7
FOCUS_SHARE = 0.25  # the least share of an analysis's iterations spent on its focus


class Node:
    """Statistics of one decision in the tree, for the player who made it."""

    __slots__ = (
        "available",
        "children",
        "mean",
        "point_squares",
        "points",
        "reward",
        "squares",
        "visits",
    )

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.mean = 0.0  # reward / visits, kept at backup: UCB reads it far more often
        self.squares = 0.0  # of the rewards, kept for the root's children only
        self.points = 0.0  # the final scores of an analysis's playouts, root's children only
        self.point_squares = 0.0


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
        root, root_state = self._search(game, view, rng, self.enhanced)
        return root_state.action_text(self._best(root))

    def analyse(
        self, game: Game, view: Mapping[str, Any], rng: Random, focus: str | None = None
    ) -> Analysis:
        """The same search, backing up the game's plain returns (never shaped:
        the values must be win shares, or scores alone), each root decision
        valued by the mean result of the iterations through it, and by the
        mean final score (in points) the same playouts gave the seat.

        ``focus`` then gets extra iterations that start with it until at least
        FOCUS_SHARE of the budget went through it: the search spends little on
        a decision it finds poor, and a review must still value it fairly
        (a quarter of 3000 iterations gives a win share's mean a standard
        error under 0.02).
        """
        root, root_state = self._search(game, view, rng, shaped=None)
        best = self._best(root)
        if focus is not None:
            ids = root_state.legal_action_ids()
            forced = next(a for a in ids if root_state.action_text(a) == focus)
            wanted = math.ceil(FOCUS_SHARE * self.last_iterations)
            child = root.children.get(forced)
            while child is None or child.visits < wanted:
                self._iterate(root, root_state, ids, view["viewer"], rng, None, first=forced)
                child = root.children[forced]
        text = root_state.action_text
        children = root.children.items()
        return Analysis(
            best=text(best),
            values={text(a): node.reward / node.visits for a, node in children},
            weights={text(a): node.visits for a, node in children},
            errors={
                text(a): standard_error(node.reward, node.squares, node.visits)
                for a, node in children
            },
            points={text(a): node.points / node.visits for a, node in children},
            points_errors={
                text(a): standard_error(node.points, node.point_squares, node.visits)
                for a, node in children
            },
        )

    def _search(
        self, game: Game, view: Mapping[str, Any], rng: Random, shaped: bool | None
    ) -> tuple[Node, GameState]:
        """The tree grown from ``view`` within the budget, and its root state;
        ``shaped``: as ``_iterate`` takes it."""
        viewer: int = view["viewer"]
        root_state = game.determinize(view, rng)
        root = Node()
        # The root's decisions are the viewer's, known to them: the same in every sample.
        root_legal = root_state.legal_action_ids()
        iterations = 0
        limit = self.budget.iterations
        seconds = self.budget.seconds
        deadline = None if seconds is None else time.perf_counter() + seconds
        while True:
            if limit is not None and iterations >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, root_state, root_legal, viewer, rng, shaped)
            iterations += 1
        self.last_iterations = iterations
        return root, root_state

    @staticmethod
    def _best(root: Node) -> int:
        """The most visited root decision (the more rewarded of equals)."""
        return max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward))[0]

    def _iterate(
        self,
        root: Node,
        root_state: GameState,
        root_legal: list[int],
        viewer: int,
        rng: Random,
        shaped: bool | None,
        first: int | None = None,
    ) -> None:
        """One iteration: a fresh sample, down the tree (through ``first`` at
        the root when given), one node added, a playout backed up;
        ``root_legal``: the root state's legal decisions.  ``shaped``: the
        playout's shaped returns, or its plain ones; None, an analysis's:
        plain returns, and the final scores kept at the root's children
        (the same playout: the values do not change for it)."""
        state = root_state.copy()
        state.redeterminize(viewer, rng)
        node = root
        path: list[tuple[Node, int]] = []
        exploration = self.exploration
        log, sqrt = math.log, math.sqrt
        legal = root_legal
        while (player := state.current_player) is not None:  # None: the game is over
            children = node.children
            unexplored = []
            # One pass counts every legal child available and scores it by
            # UCB with its new availability; the scores count only when
            # every legal decision has a child.
            action, best_score = -1, -math.inf
            for candidate in legal:
                child = children.get(candidate)
                if child is None:
                    unexplored.append(candidate)
                    continue
                available = child.available = child.available + 1
                if unexplored:
                    continue
                visits = child.visits
                score = child.mean + exploration * sqrt(log(available) / visits)
                if score > best_score:
                    action, best_score = candidate, score
            if first is not None:
                action, first = first, None
            elif unexplored:
                action = unexplored[rng.randrange(len(unexplored))]
            state.apply_action_id(action)
            child = children.get(action)
            if child is None:
                child = children[action] = Node()
                path.append((child, player))
                break
            node = child
            path.append((node, player))
            legal = state.legal_action_ids()
        if shaped is None:
            rewards, scores = state.scored_rollout(rng, informed=self.enhanced)
        else:
            rewards = state.rollout(rng, informed=self.enhanced, shaped=shaped)
        for visited, player in path:
            visits = visited.visits = visited.visits + 1
            reward = visited.reward = visited.reward + rewards[player]
            visited.mean = reward / visits
        top, player = path[0]
        top.squares += rewards[player] * rewards[player]
        if shaped is None:
            top.points += scores[player]
            top.point_squares += scores[player] * scores[player]
