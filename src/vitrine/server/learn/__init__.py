"""Learn: each game's guided first game, replayed position by position for ``/learn``."""
