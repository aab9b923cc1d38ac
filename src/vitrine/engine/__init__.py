"""The game-independent protocol: states, turns, records, RNG and errors."""

from vitrine.engine.errors import IllegalTurnError, NotationError, RecordError, VitrineError
from vitrine.engine.protocol import Game, GameState, replay_json
from vitrine.engine.record import Record
from vitrine.engine.rng import SplitMix64

__all__ = [
    "Game",
    "GameState",
    "IllegalTurnError",
    "NotationError",
    "Record",
    "RecordError",
    "SplitMix64",
    "VitrineError",
    "replay_json",
]
