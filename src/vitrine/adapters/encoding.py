"""The observation types the adapters offer, and each game's encoding, asked of its plug-in."""

from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import GameState
from vitrine.games import get_plugin
from vitrine.kit.encoding import Encoding

OBSERVATION_TYPES = ("flat", "dict")


def check_observation_type(obs_type: str) -> str:
    if obs_type not in OBSERVATION_TYPES:
        raise VitrineError(
            f"unknown observation type {obs_type!r} (known: {', '.join(OBSERVATION_TYPES)})"
        )
    return obs_type


def encoding_for(game_name: str, state: GameState) -> Encoding:
    """The encoding of ``game_name`` for games shaped like ``state`` (a new game);
    built from its spectator view, so it knows only what everyone may see."""
    encoding = get_plugin(game_name).encoding
    if encoding is None:
        raise VitrineError(f"the game {game_name!r} has no observation encoding")
    return encoding(state.view(None))
