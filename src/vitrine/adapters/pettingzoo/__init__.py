"""One PettingZoo environment module per game, named and versioned as PettingZoo's own are.

``from vitrine.adapters.pettingzoo import exhibition_v1`` then
``exhibition_v1.env(players=3, render_mode="ansi")``, as with
``pettingzoo.classic.chess_v6``; see :mod:`vitrine.adapters.pettingzoo_env`.

The modules are not files: each installed game's plug-in names its module
(``GamePlugin.pettingzoo_name``), and the finder below makes it on import,
so that a game added by another package gets its module too.
"""

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType

from vitrine.games import plugins
from vitrine.kit.plugin import GamePlugin


def plugin_of(module_name: str) -> GamePlugin | None:
    """The game whose PettingZoo module is ``module_name`` (unqualified), if any."""
    return next((p for p in plugins() if p.pettingzoo_name == module_name), None)


class GameModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``vitrine.adapters.pettingzoo.<name>`` for every game's module name."""

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __name__ or plugin_of(name) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        from vitrine.adapters.pettingzoo_env import game_env  # PettingZoo: only when asked

        name = module.__name__.rpartition(".")[2]
        plugin = plugin_of(name)
        assert plugin is not None  # find_spec found it
        game = plugin.make_game()
        raw_env, env = game_env(plugin.name, name)
        vars(module).update(raw_env=raw_env, env=env, __all__=["env", "raw_env"])
        module.__doc__ = (
            f"{plugin.title('en')} as a PettingZoo AEC environment, {game.min_players} to "
            f'{game.max_players} players: ``env(players=2, variants=(), obs_type="flat", '
            f"render_mode=None)``; ``variants`` are the game's option names."
        )


def __getattr__(name: str) -> ModuleType:
    """A game's module as an attribute of the package, as ``from
    vitrine.adapters.pettingzoo import tucano_v1`` asks for it (and as type
    checkers read it)."""
    if plugin_of(name) is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")


def __dir__() -> list[str]:
    """The games' modules, with the package's own names."""
    return sorted({*globals(), *(p.pettingzoo_name for p in plugins() if p.pettingzoo_name)})


sys.meta_path.append(GameModules())
