"""Exhibition: 20th Century, as the shared rooms see it (see ``vitrine.kit.plugin``)."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vitrine.engine.protocol import Game
from vitrine.games.exhibition.game import ExhibitionGame, solo_deal
from vitrine.kit.plugin import GamePlugin, PageAssets
from vitrine.kit.tutorial import Tutorial

if TYPE_CHECKING:
    from vitrine.kit.chance import ChanceGame
    from vitrine.kit.encoding import Encoding
    from vitrine.kit.render import Renderer
    from vitrine.kit.report.game_report import GameReport
    from vitrine.kit.solo import SoloChallenge


def encoding(view: Mapping[str, Any]) -> "Encoding":
    from vitrine.games.exhibition.encoding import ExhibitionEncoding

    return ExhibitionEncoding(view)


def chance() -> "ChanceGame":
    from vitrine.games.exhibition.chance import EXHIBITION

    return EXHIBITION


def renderer(game: Game) -> "Renderer":
    from vitrine.games.exhibition.render import ExhibitionRenderer

    return ExhibitionRenderer(game)


def tutorial() -> Tutorial:
    from vitrine.games.exhibition.tutorial import TUTORIAL

    return TUTORIAL


def report() -> "GameReport":
    from vitrine.games.exhibition.report import REPORT

    return REPORT


def build_note() -> str:
    from vitrine.games.exhibition.fastplayout import core_name

    return core_name()


def solo() -> "SoloChallenge":
    from vitrine.games.exhibition.scoring import CATEGORY_NAMES, SOLO_TARGET
    from vitrine.games.exhibition.solver import DEFAULT_BEAM, SoloSolution, solve
    from vitrine.kit.solo import ClairvoyantSolver, SoloChallenge

    def solve_deal(seed: int, beam_width: int) -> SoloSolution:
        return solve(solo_deal(seed), beam_width)

    return SoloChallenge(
        target=SOLO_TARGET,  # in solo points (x100)
        points="x100",
        deal=solo_deal,
        category_names=CATEGORY_NAMES,
        # Alone, the stock's order is all that is hidden: seeing it, a deal is a puzzle.
        solver=ClairvoyantSolver(solve_deal, DEFAULT_BEAM),
    )


PLUGIN = GamePlugin(
    name="exhibition",
    package=__package__,
    titles={"en": "Exhibition: 20th Century", "fr": "Exhibition : le XXᵉ siècle"},
    summaries={
        "en": "Curate a museum of the 20th century: take cards from the continents "
        "and place them in showcases, in order of years.",
        "fr": "Composez un musée du XXᵉ siècle : prenez des cartes sur les continents "
        "et placez-les dans des vitrines, par ordre des années.",
    },
    make_game=ExhibitionGame,
    position=0,
    # Alone, the stock's order is all that is hidden: PIMC over the solver.
    levels={1: {"expert": "pimc:16"}},
    page=PageAssets(
        script="exhibition.js", stylesheet="exhibition.css", illustration="illustration.svg"
    ),
    minutes=(10, 30),
    tutorial=tutorial,
    encoding=encoding,
    chance=chance,
    gymnasium_id="vitrine/Exhibition-v1",
    solo_gymnasium_id="vitrine/ExhibitionSolo-v1",
    pettingzoo_name="exhibition_v1",
    renderer=renderer,
    report=report,
    build_note=build_note,
    solo=solo,
)
