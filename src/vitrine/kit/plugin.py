"""A game's plug-in: everything game-specific that the shared rooms ask of a game.

The shared rooms (the command line, the web app, the bots' levels, the
research adapters, the balance lab) know games only through the registry
(:mod:`vitrine.games`), which finds each game's ``GamePlugin`` through the
Python entry-point group ``vitrine.games``: a game is one folder that
declares one plug-in, and an installed third-party package adds a game the
same way (docs/adding-a-game.md).

The plug-in is data, as OpenSpiel states a game's type: names, titles,
levels, identifiers.  The parts that need heavier imports (the adapters'
numpy encoding, the terminal renderer, the report's charts, the solo
challenge's solver) are factories, so that finding the games imports none
of them, and a game without one of them still plays everywhere else.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vitrine.engine.protocol import Game
from vitrine.kit.tutorial import LANGUAGES, Tutorial

if TYPE_CHECKING:
    from vitrine.kit.chance import ChanceGame
    from vitrine.kit.encoding import Encoding
    from vitrine.kit.render import Renderer
    from vitrine.kit.report.game_report import GameReport
    from vitrine.kit.solo import SoloChallenge


@dataclass(frozen=True)
class PageAssets:
    """The game's page module and stylesheet, files of ``web/`` in the game's
    package, which the server serves as ``/games/<name>/static/<file>``.

    The module draws a view and exports what the shared table, replay and
    review pages ask of it (see docs/adding-a-game.md); the stylesheet styles
    only what the module draws."""

    script: str
    stylesheet: str
    # The picture the home page shows beside the game's name: an SVG of ``web/``
    # drawn for the project (None: the site's own mark stands in).
    illustration: str | None = None


@dataclass(frozen=True)
class GamePlugin:
    """One game, as the shared rooms see it.

    ``name`` is the registry's key, the ``game`` of every record and the
    entry point's name; it never changes once records exist.  ``position``
    orders the games wherever they are listed (lowest first); the first game
    is every command's and page's default.
    """

    name: str
    package: str  # the game's Python package: its data/ and web/ files are read from it
    titles: Mapping[str, str]  # the game's name, per language of LANGUAGES
    summaries: Mapping[str, str]  # one line that says what the game is, per language
    make_game: Callable[[], Game]  # the published rules
    position: int = 100
    # Bot levels that differ from the defaults (``bots.levels``), per player count:
    # {players: {level: bot spec}}.
    levels: Mapping[int, Mapping[str, str]] = field(default_factory=dict)
    page: PageAssets | None = None
    # How long a game takes, in minutes, at the fewest and at the most players:
    # the decisions with a choice that every seat makes, at 12 s each
    # (tests/test_home.py measures them with greedy bots); None: not measured.
    minutes: tuple[int, int] | None = None
    # The adapters: the observation encoding (built from a new game's spectator
    # view), OpenSpiel's chance events, and the names the frameworks list it by.
    encoding: "Callable[[Mapping[str, Any]], Encoding] | None" = None
    chance: "Callable[[], ChanceGame] | None" = None
    gymnasium_id: str | None = None  # against bots, e.g. "vitrine/Game-v1"
    solo_gymnasium_id: str | None = None  # alone, for a game with a solo mode
    pettingzoo_name: str | None = None  # the module name, versioned: "game_v1"
    # The terminal's picture of a view (``vitrine play``, the adapters' render modes).
    renderer: "Callable[[Game], Renderer] | None" = None
    # What the game adds to ``vitrine --version`` (how its search runs, say).
    build_note: Callable[[], str] | None = None
    # What only the game's rules give meaning to in the balance lab's report
    # (``vitrine report``, ``vitrine experiment``): its sections, its metrics
    # for paired experiments, what a seat means.  It draws with matplotlib,
    # which the web app does not install: built only when a report asks.
    report: "Callable[[], GameReport] | None" = None
    # The solo challenge (``vitrine solo``), for a game with a score to beat alone.
    solo: "Callable[[], SoloChallenge] | None" = None
    # The guided first game the pages teach it by (/learn/<name>; kit.tutorial).
    tutorial: Callable[[], Tutorial] | None = None

    def __post_init__(self) -> None:
        missing = [
            f"{what}[{language!r}]"
            for what, texts in (("titles", self.titles), ("summaries", self.summaries))
            for language in LANGUAGES
            if not texts.get(language)
        ]
        if missing:
            raise ValueError(f"the game plug-in {self.name!r} lacks {', '.join(missing)}")

    def title(self, language: str) -> str:
        """The game's name in ``language``, in English where it has none."""
        return self.titles.get(language) or self.titles["en"]
