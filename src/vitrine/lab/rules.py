"""Reading a designer's rule overlay file, checked against its game at once.

The file is the overlay of ``engine.overlay`` with ``game`` and ``base``
optional (the game asked for, its current rules)::

    {"title": "Years Gap scores 4 for first place",
     "changes": {"hall": {"rank_awards": [4, 3, 2, 1, 0]}}}
"""

import json
from pathlib import Path

from vitrine.engine.errors import VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import Game
from vitrine.games import get_game

MAX_BYTES = 1_000_000  # an overlay is a few hundred bytes: refuse a huge file unread


def read_overlay(path: Path, game_name: str) -> tuple[Overlay, Game]:
    """The overlay in ``path`` and ``game_name`` under it; every refusal
    names the file, and the field at fault where there is one."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise VitrineError(f"{path}: larger than {MAX_BYTES} bytes: not a rule overlay")
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise VitrineError(f"{path}: cannot read the rule overlay: {error.strerror}") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise VitrineError(f"{path}: the rule overlay is not valid JSON: {error}") from None
    published = get_game(game_name)
    if isinstance(data, dict):
        data = {"game": game_name, "base": published.rules_version, **data}
    try:
        overlay = Overlay.from_dict(data, str(path))
        return overlay, published.with_overlay(overlay)
    except VitrineError as error:
        message = error.message if error.message.startswith(str(path)) else f"{path}: {error}"
        raise VitrineError(message, error.code, error.params) from None
