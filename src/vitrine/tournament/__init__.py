"""Tournaments between bots, for any game of the engine protocol.

``schedule`` decides who sits where on which deal, ``play`` plays one game
of the schedule, ``runner`` plays them all on every core and saves them,
``stats`` turns the results into win rates (with the kit's intervals,
``kit.stats``), ratings and mean scores.  Nothing here knows a game's
rules: scores come from the finished game's spectator view
(``view(None)["scores"]``, see the engine protocol).
"""

from vitrine.tournament.play import GameResult, SeatResult, play_game
from vitrine.tournament.runner import run_tournament
from vitrine.tournament.schedule import Entry, Schedule, make_schedule, seatings
from vitrine.tournament.stats import BotSummary, fit_ratings, summarize

__all__ = [
    "BotSummary",
    "Entry",
    "GameResult",
    "Schedule",
    "SeatResult",
    "fit_ratings",
    "make_schedule",
    "play_game",
    "run_tournament",
    "seatings",
    "summarize",
]
