"""Bots for any game of the engine protocol, by name.

A bot spec is ``name`` or ``name:budget``: ``random``, ``greedy``,
``ismcts:2000`` (iterations per decision), ``ismcts:1.5s`` (seconds),
``pimc:16`` (samples per decision; games with a perfect-information search).
Difficulty levels name the specs the web app offers.
"""

from collections.abc import Callable

from vitrine.bots.base import Analysis, Analyst, Bot
from vitrine.bots.ismcts import Budget, IsmctsBot
from vitrine.bots.pimc import PimcBot
from vitrine.bots.simple import GreedyBot, RandomBot
from vitrine.engine.errors import VitrineError

BOTS: dict[str, Callable[[Budget | None], Bot]] = {
    "random": lambda budget: RandomBot(),
    "greedy": lambda budget: GreedyBot(),
    "ismcts": lambda budget: IsmctsBot(budget),
    "ismcts+": lambda budget: IsmctsBot(budget, enhanced=True),
    "pimc": lambda budget: PimcBot() if budget is None else PimcBot(_samples(budget)),
}
SEARCH_BOTS = ("ismcts", "ismcts+", "pimc")


def _samples(budget: Budget) -> int:
    if budget.iterations is None:
        raise VitrineError("pimc's budget is a number of samples per decision, e.g. pimc:16")
    return budget.iterations


LEVELS = {
    "beginner": "random",
    "casual": "greedy",
    "strong": "ismcts:500",
    "expert": "ismcts+:3000",
}


def level_spec(level: str, game: str, players: int) -> str:
    """The spec a level names for ``game`` at ``players`` seats: one place to
    make a level stronger where a game or a player count needs another bot
    (today every game and count shares ``LEVELS``)."""
    if level not in LEVELS:
        raise VitrineError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return LEVELS[level]


def make_bot(spec: str) -> Bot:
    """A bot from its spec, e.g. ``greedy``, ``ismcts:2000`` or a level name."""
    spec = LEVELS.get(spec, spec)
    name, _, budget_text = spec.partition(":")
    if name not in BOTS:
        known = ", ".join([*BOTS, *LEVELS])
        raise VitrineError(f"unknown bot {name!r} (known: {known})")
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
    "GreedyBot",
    "IsmctsBot",
    "PimcBot",
    "RandomBot",
    "level_spec",
    "make_bot",
]
