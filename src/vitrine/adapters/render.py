"""The render modes of the PettingZoo and Gymnasium environments, from the terminal renderers.

Both frameworks name their modes in ``metadata["render_modes"]`` and take
one as ``render_mode`` when the environment is built: ``"ansi"`` returns
the picture as text from ``render()``, ``"human"`` prints it to the
terminal after every reset and step (and ``render()`` returns None).  The
picture is the one ``vitrine play`` shows, drawn from a view, so a render
never shows more than that view's owner may see.
"""

import io
from collections.abc import Mapping
from typing import Any

from rich.console import Console

from vitrine.cli.render import renderer_for
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game
from vitrine.kit.render import make_console

RENDER_MODES = ("human", "ansi")
RENDER_WIDTH = 100  # columns of an "ansi" picture: a terminal's, fixed so text is reproducible


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise VitrineError(
            f"unknown render mode {render_mode!r} (known: {', '.join(RENDER_MODES)}, or None)"
        )
    return render_mode


def render(game: Game, view: Mapping[str, Any], render_mode: str | None) -> str | None:
    """The view's picture in ``render_mode``: text for ``"ansi"``, printed for
    ``"human"``; nothing without a mode (the frameworks' convention)."""
    if render_mode is None:
        return None
    picture = renderer_for(game).board(view)
    if render_mode == "human":
        make_console().print(picture)
        return None
    text = io.StringIO()
    Console(file=text, width=RENDER_WIDTH, color_system=None, highlight=False).print(picture)
    return text.getvalue()
