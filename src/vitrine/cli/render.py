"""The renderer of a game, asked of its plug-in: the commands name no game."""

from vitrine.engine.protocol import Game
from vitrine.games import get_plugin
from vitrine.kit.render import PlainRenderer, Renderer


def renderer_for(game: Game) -> Renderer:
    """The renderer ``game``'s plug-in hands over, else the plain one."""
    make = get_plugin(game.name).renderer
    return PlainRenderer(game) if make is None else make(game)
