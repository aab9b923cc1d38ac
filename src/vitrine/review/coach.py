"""The coach: the strongest bot of a game, asked for values instead of a move.

"The strongest bot" is one named choice, the ``expert`` level as
``bots.level_spec`` resolves it for the game and the player count, so a
stronger expert makes a stronger coach with no edit here.  The coach must be
an ``Analyst`` (a search bot): it values decisions, it does not only pick.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from vitrine.bots import Analysis, Analyst, Budget, level_spec, make_bot, points_per_unit
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game

COACH_LEVEL = "expert"


def coach_spec(game: Game, players: int, budget: str | None = None) -> str:
    """The coach's bot spec; ``budget`` (``3000`` iterations, ``2s``) replaces
    the expert's own budget."""
    spec = level_spec(COACH_LEVEL, game.name, players)
    if budget is None:
        return spec
    try:
        Budget.parse(budget)
    except ValueError as error:
        raise VitrineError(str(error), "review_budget", {"budget": budget}) from None
    return f"{spec.partition(':')[0]}:{budget}"


def make_coach(game: Game, players: int, budget: str | None = None) -> Analyst:
    """The coach for a game of ``players`` seats."""
    spec = coach_spec(game, players, budget)
    bot = make_bot(spec)
    if not isinstance(bot, Analyst):
        raise VitrineError(
            f"the {COACH_LEVEL} level plays {spec}, which cannot value decisions",
            "review_no_analyst",
            {"spec": spec},
        )
    return bot


@dataclass(frozen=True)
class Hint:
    """The coach's suggestion for one view, and its margin over the next best."""

    decision: str
    value: float | None  # on the scale of ``returns`` for the seat (None: the only decision)
    runner_up: str | None  # the next best decision (None: it was the only one)
    margin: float  # how much more ``decision`` is worth than ``runner_up``
    coach: str
    points_per_unit: float | None = None  # alone: the points a value of 1 stands for

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision": self.decision,
            "value": None if self.value is None else round(self.value, 4),
            "runner_up": self.runner_up,
            "margin": round(self.margin, 4),
            "coach": self.coach,
            "points_per_unit": self.points_per_unit,
        }


def hint_from(analysis: Analysis, coach: str) -> Hint:
    """The suggestion an analysis makes: its best, and the next most valued."""
    best = analysis.best
    value = analysis.values[best]
    others = [(v, a) for a, v in analysis.values.items() if a != best]
    if not others:
        return Hint(best, value, None, 0.0, coach)
    runner_value, runner = max(others, key=lambda item: (item[0], -analysis.weights[item[1]]))
    return Hint(best, value, runner, max(0.0, value - runner_value), coach)


def hint(game: Game, view: Mapping[str, Any], seed: int = 0, budget: str | None = None) -> Hint:
    """The coach's suggestion for the seat whose ``view`` it is, to play now;
    the same view, seed and budget give the same hint."""
    actions = view.get("legal_actions")
    if not actions:
        raise VitrineError("no decision to hint: it is not this seat's turn", "hint_not_your_turn")
    coach = make_coach(game, len(view["players"]), budget)
    if len(actions) == 1:
        return Hint(actions[0], None, None, 0.0, coach.name)
    rng = Random(seed)
    found = hint_from(coach.analyse(game, view, rng), coach.name)
    if len(view["players"]) == 1:
        found = replace(found, points_per_unit=points_per_unit(game.determinize(view, rng)))
    return found
