"""The registry: the games vitrine plays, found through their plug-ins.

Each game is a package that declares one :class:`~vitrine.kit.plugin.GamePlugin`
and names it in the ``vitrine.games`` entry-point group of its distribution
(``pyproject.toml``): ``name = "package.module:PLUGIN"``.  The games shipped
with vitrine are found the same way as a game an installed third-party
package adds, and nothing outside a game's own folder imports it: every
shared room asks here.
"""

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from vitrine.engine.errors import RecordError, VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import Game
from vitrine.engine.record import Record
from vitrine.kit.plugin import GamePlugin

ENTRY_POINT_GROUP = "vitrine.games"


def _load(entry: EntryPoint) -> GamePlugin:
    """One entry point's plug-in, checked: a broken plug-in is refused by
    name, with where it came from, rather than failing somewhere later."""
    where = f"the game plug-in {entry.name!r} ({entry.value})"
    try:
        plugin = entry.load()
    except Exception as error:  # a third party's import may fail in any way
        raise VitrineError(
            f"{where} could not be loaded: {type(error).__name__}: {error}",
            "plugin_broken",
            {"plugin": entry.name},
        ) from error
    if not isinstance(plugin, GamePlugin):
        raise VitrineError(f"{where} is not a GamePlugin", "plugin_broken", {"plugin": entry.name})
    if plugin.name != entry.name:
        raise VitrineError(
            f"{where} names its game {plugin.name!r}: the entry point's name must be the game's",
            "plugin_broken",
            {"plugin": entry.name},
        )
    return plugin


@cache
def _registry() -> dict[str, GamePlugin]:
    """Every installed game by name, in the order they are listed (``position``).

    Found once per process: entry points are read from the installed
    distributions' metadata, which does not change while vitrine runs."""
    found: dict[str, GamePlugin] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in found:  # one distribution seen twice on the path
            continue
        found[entry.name] = _load(entry)
    if not found:
        raise VitrineError(
            "no game is installed: vitrine finds games through the "
            f"{ENTRY_POINT_GROUP!r} entry points of installed packages (pip install -e .)",
            "no_games",
        )
    ordered = sorted(found.values(), key=lambda plugin: (plugin.position, plugin.name))
    return {plugin.name: plugin for plugin in ordered}


def rescan() -> None:
    """Read the installed games again on the next call: a game installed while
    the process runs (a test's, or a notebook's ``pip install``) is then found."""
    _registry.cache_clear()


def plugins() -> tuple[GamePlugin, ...]:
    """Every installed game's plug-in, in listing order."""
    return tuple(_registry().values())


def game_names() -> tuple[str, ...]:
    """Every installed game's name, in listing order."""
    return tuple(_registry())


def default_game() -> str:
    """The game a command or a page offers first."""
    return game_names()[0]


def get_plugin(name: str) -> GamePlugin:
    """The plug-in of the game ``name``, refused by name when none is installed."""
    plugin = _registry().get(name)
    if plugin is None:
        known = game_names()
        raise VitrineError(
            f"unknown game {name!r} (known: {', '.join(known)})",
            "unknown_game",
            {"game": name, "known": list(known)},
        )
    return plugin


def get_game(name: str, overlay: Overlay | None = None) -> Game:
    """The game definition registered under ``name``, under the rule
    ``overlay`` when one is given (the lab's: the web app never passes one)."""
    game = get_plugin(name).make_game()
    return game if overlay is None else game.with_overlay(overlay)


def read_record(data: object) -> tuple[Game, Record]:
    """The game a record (parsed JSON) names, and the record checked against it."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object", code="record_not_object")
    game = get_game(str(data.get("game")))
    return game, Record.from_dict(data, game.setup_fields)
