"""The bot interface, the same for every game.

A bot sees exactly what its player may see: the view (with the legal
decisions in it) and the game's definition.  It answers one decision in the
game's notation.  Bots never receive the real state, so they cannot cheat;
to look ahead they sample states consistent with the view
(``Game.determinize``).
"""

from collections.abc import Mapping
from random import Random
from typing import Any, Protocol

from vitrine.engine.protocol import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
        """One of ``view["legal_actions"]``."""
