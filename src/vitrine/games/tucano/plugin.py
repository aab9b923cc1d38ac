"""Tucano, as the shared rooms see it (see ``vitrine.kit.plugin``)."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vitrine.engine.protocol import Game
from vitrine.games.tucano.game import TucanoGame
from vitrine.kit.plugin import GamePlugin, PageAssets
from vitrine.kit.tutorial import Tutorial

if TYPE_CHECKING:
    from vitrine.kit.chance import ChanceGame
    from vitrine.kit.encoding import Encoding
    from vitrine.kit.render import Renderer
    from vitrine.kit.report.game_report import GameReport


def encoding(view: Mapping[str, Any]) -> "Encoding":
    from vitrine.games.tucano.encoding import TucanoEncoding

    return TucanoEncoding(view)


def chance() -> "ChanceGame":
    from vitrine.games.tucano.chance import TUCANO

    return TUCANO


def renderer(game: Game) -> "Renderer":
    from vitrine.games.tucano.render import TucanoRenderer

    return TucanoRenderer(game)


def tutorial() -> Tutorial:
    from vitrine.games.tucano.tutorial import TUTORIAL

    return TUTORIAL


def report() -> "GameReport":
    from vitrine.games.tucano.report import REPORT

    return REPORT


# Tucano plays out in Python, about a thousand times slower than Exhibition's
# compiled core: its expert's budget is what fits in a second a decision at
# each count (the slowest decisions of ``bench/bots.py think``).  Plain
# playouts (ismcts) are no match for greedy, so at two players both search
# levels play out with the informed policy.  From three players a toucan may
# have many targets and the expert values each decision on shared samples
# (rollout); no smaller search was shown both above greedy and below the
# expert there, so strong is greedy and casual greedy with half its decisions
# at random (docs/bots.md gives the ladder's figures).
MANY_PLAYERS = {"casual": "careless:50", "strong": "greedy"}

PLUGIN = GamePlugin(
    name="tucano",
    package=__package__,
    titles={"en": "Tucano", "fr": "Tucano"},
    summaries={
        "en": "Take a column of fruit, play the toucans to flip, give and steal, "
        "and score sets and majorities.",
        "fr": "Prenez une colonne de fruits, jouez les toucans pour retourner, donner "
        "et voler, et marquez séries et majorités.",
    },
    make_game=TucanoGame,
    position=1,
    levels={
        2: {"strong": "ismcts+:150", "expert": "ismcts+:500"},
        3: {**MANY_PLAYERS, "expert": "rollout:400"},
        4: {**MANY_PLAYERS, "expert": "rollout:300"},
    },
    page=PageAssets(script="tucano.js", stylesheet="tucano.css", illustration="illustration.svg"),
    minutes=(5, 10),
    tutorial=tutorial,
    encoding=encoding,
    chance=chance,
    gymnasium_id="vitrine/Tucano-v1",
    pettingzoo_name="tucano_v1",
    renderer=renderer,
    report=report,
)
