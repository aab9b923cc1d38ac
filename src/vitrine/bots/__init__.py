"""Bots for any game of the engine protocol, by name.

A bot spec is ``name`` or ``name:budget``: ``random``, ``greedy``,
``ismcts:2000`` (iterations per decision), ``ismcts:1.5s`` (seconds),
``pimc:16`` (samples per decision; games with a perfect-information search),
``rollout:300`` (informed playouts per decision), ``careless:50`` (greedy
with that percentage of its decisions at random).
Difficulty levels (``beginner`` .. ``expert``) name a spec per game and
player count (``levels.level_spec``).
"""

from collections.abc import Callable

from vitrine.bots.base import Analysis, Analyst, Bot, points_per_unit
from vitrine.bots.ismcts import Budget, IsmctsBot
from vitrine.bots.levels import LEVELS, level_spec
from vitrine.bots.pimc import PimcBot, RolloutBot
from vitrine.bots.simple import CarelessBot, GreedyBot, RandomBot
from vitrine.engine.errors import VitrineError

BOTS: dict[str, Callable[[Budget | None], Bot]] = {
    "random": lambda budget: RandomBot(),
    "greedy": lambda budget: GreedyBot(),
    "careless": lambda budget: CarelessBot(),  # its parameter is a percentage: see make_bot
    "ismcts": lambda budget: IsmctsBot(budget),
    "ismcts+": lambda budget: IsmctsBot(budget, enhanced=True),
    "pimc": lambda budget: PimcBot() if budget is None else PimcBot(_count(budget, "pimc", 16)),
    "rollout": lambda budget: (
        RolloutBot() if budget is None else RolloutBot(_count(budget, "rollout", 300))
    ),
}
SEARCH_BOTS = ("ismcts", "ismcts+", "pimc", "rollout")


def _count(budget: Budget, name: str, example: int) -> int:
    """A sampling bot's budget: a count per decision, never seconds."""
    if budget.iterations is None:
        raise VitrineError(
            f"{name}'s budget is a number of {'samples' if name == 'pimc' else 'playouts'} "
            f"per decision, e.g. {name}:{example}"
        )
    return budget.iterations


def _percent(text: str) -> int:
    """careless's parameter: the percentage of its decisions played at random."""
    if text.isascii() and text.isdigit() and 0 < int(text) < 100:
        return int(text)
    raise VitrineError(
        "careless's parameter is the percentage of its decisions played at random, "
        f"1 to 99, e.g. careless:50 (not {text!r})"
    )


def make_bot(spec: str, game: str | None = None, players: int | None = None) -> Bot:
    """A bot from its spec, e.g. ``greedy``, ``ismcts:2000``, or a level name,
    which names a bot for ``game`` at ``players`` seats (``level_spec``)."""
    if spec in LEVELS:
        if game is None or players is None:
            raise VitrineError(
                f"the level {spec!r} names a bot per game and player count: say which"
            )
        spec = level_spec(spec, game, players)
    name, _, budget_text = spec.partition(":")
    if name not in BOTS:
        known = ", ".join([*BOTS, *LEVELS])
        raise VitrineError(f"unknown bot {name!r} (known: {known})")
    if name == "careless" and budget_text:
        return CarelessBot(_percent(budget_text))
    budget = None
    if budget_text:
        if name not in SEARCH_BOTS:
            raise VitrineError(f"bot {name!r} takes no budget (only {', '.join(SEARCH_BOTS)} do)")
        try:
            budget = Budget.parse(budget_text)
        except ValueError as error:
            raise VitrineError(str(error)) from None
    return BOTS[name](budget)


__all__ = [
    "BOTS",
    "LEVELS",
    "Analysis",
    "Analyst",
    "Bot",
    "Budget",
    "CarelessBot",
    "GreedyBot",
    "IsmctsBot",
    "PimcBot",
    "RandomBot",
    "RolloutBot",
    "level_spec",
    "make_bot",
    "points_per_unit",
]
