"""Bots for any game of the engine protocol, by name."""

from vitrine.bots.base import Bot
from vitrine.bots.simple import GreedyBot, RandomBot
from vitrine.engine.errors import VitrineError

BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    """A bot from its name, e.g. ``greedy``."""
    try:
        return BOTS[name]()
    except KeyError:
        raise VitrineError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
