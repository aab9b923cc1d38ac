"""Don't Go In There, as the shared rooms see it (see ``vitrine.kit.plugin``)."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vitrine.engine.protocol import Game
from vitrine.games.dontgointhere.game import DontGoInThereGame
from vitrine.kit.plugin import GamePlugin, PageAssets
from vitrine.kit.tutorial import Tutorial

if TYPE_CHECKING:
    from vitrine.kit.chance import ChanceGame
    from vitrine.kit.encoding import Encoding
    from vitrine.kit.render import Renderer
    from vitrine.kit.report.game_report import GameReport


def encoding(view: Mapping[str, Any]) -> "Encoding":
    from vitrine.games.dontgointhere.encoding import DontGoInThereEncoding

    return DontGoInThereEncoding(view)


def chance() -> "ChanceGame":
    from vitrine.games.dontgointhere.chance import DONTGOINTHERE

    return DONTGOINTHERE


def renderer(game: Game) -> "Renderer":
    from vitrine.games.dontgointhere.render import DontGoInThereRenderer

    return DontGoInThereRenderer(game)


def tutorial() -> Tutorial:
    from vitrine.games.dontgointhere.tutorial import TUTORIAL

    return TUTORIAL


def report() -> "GameReport":
    from vitrine.games.dontgointhere.report import REPORT

    return REPORT


# Don't Go In There plays out in Python, about a thousand times slower than
# Exhibition's compiled core: its expert's budget is what fits in a second a
# decision at each count (the slowest decisions of ``bench/bots.py think``),
# and its strong level a smaller search (docs/bots.md gives the ladder's figures).
STRONG = "ismcts:200"

PLUGIN = GamePlugin(
    name="dontgointhere",
    package=__package__,
    titles={"en": "Don't Go In There", "fr": "Don't Go In There (N'entrez pas là)"},
    summaries={
        "en": "Explore a haunted mansion: send meeples into its rooms, take the cards "
        "they reveal, and end with the fewest curses.",
        "fr": "Explorez un manoir hanté : envoyez vos meeples dans ses pièces, prenez "
        "les cartes qu'elles révèlent et finissez avec le moins de malédictions.",
    },
    make_game=DontGoInThereGame,
    position=2,
    levels={
        2: {"strong": STRONG, "expert": "ismcts+:1000"},
        3: {"strong": STRONG, "expert": "ismcts+:650"},
        4: {"strong": STRONG, "expert": "ismcts+:450"},
        5: {"strong": STRONG, "expert": "ismcts+:350"},
    },
    page=PageAssets(
        script="dontgointhere.js", stylesheet="dontgointhere.css", illustration="illustration.svg"
    ),
    minutes=(10, 25),
    tutorial=tutorial,
    encoding=encoding,
    chance=chance,
    gymnasium_id="vitrine/DontGoInThere-v1",
    pettingzoo_name="dontgointhere_v1",
    renderer=renderer,
    report=report,
)
