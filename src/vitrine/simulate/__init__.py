"""The balance lab's simulator: many games between bots, saved to Parquet, resumable.

``store`` keeps a run on disk (its settings, and its games in Parquet parts
written whole); ``runner`` plays the games still missing with the
tournament's schedule and player, on every core.  ``vitrine report`` reads
what ``store`` wrote.
"""

from vitrine.simulate.runner import run_simulation
from vitrine.simulate.store import Settings, read_games

__all__ = ["Settings", "read_games", "run_simulation"]
