"""Terminal rendering: the per-game renderer interface and how one is chosen.

Only the picture of a view is game-specific; the commands stay generic by
asking :func:`renderer_for` for the game's renderer.  A game without its own
renderer still plays, shown as its raw view, so adding a game never breaks
the command line.
"""

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from vitrine.engine.protocol import Game, GameState

View = Mapping[str, Any]


def make_console() -> Console:
    """A console bound to the current ``sys.stdout``.

    Made per command rather than at import so that a test runner's captured
    stdout is the one written to.  Rich turns colour off by itself for pipes,
    dumb terminals and ``NO_COLOR``; highlighting is off because it would
    colour years as if they were numbers of interest.
    """
    return Console(highlight=False)


def say(console: Console, message: str, style: str = "") -> None:
    """One message line, never re-wrapped (so messages and paths stay whole)
    and never read as markup (names and engine messages may hold brackets)."""
    console.print(Text(message, style=style), soft_wrap=True)


class Renderer(Protocol):
    """How one game looks on a terminal.

    Everything a player sees comes from a view; only the trusted ``report``
    and ``score_sheets`` (for ``vitrine replay``) read the state itself.
    """

    def board(self, view: View, previous: View | None = None) -> RenderableType:
        """The position as the view's owner sees it.

        ``previous`` is the last view the same owner was shown, so that what
        changed since (a refill, the others' placements) can stand out.
        """

    def decisions(self, view: View) -> RenderableType:
        """The viewer's legal decisions, ordered and worded for a person."""

    def prompt(self, view: View) -> str:
        """The prompt text for the viewer's next decision (without the suffix)."""

    def results(self, view: View) -> RenderableType:
        """The final scores, from the view of a finished game."""

    def score_sheets(self, state: GameState) -> RenderableType:
        """The score breakdown of any position, finished or not (trusted)."""

    def report(self, state: GameState) -> dict[str, Any]:
        """Everything about a position as JSON-ready data (trusted)."""


def legal_list(actions: Sequence[str]) -> Text:
    """Legal decisions on one line, wrapped by the console as needed."""
    return Text("  ".join(actions)) if actions else Text("(none)", style="dim")


class PlainRenderer:
    """The fallback for games without a renderer: the view as data."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def board(self, view: View, previous: View | None = None) -> RenderableType:
        shown = {k: v for k, v in view.items() if k not in ("legal_actions", "legal_turns")}
        return Pretty(shown)

    def decisions(self, view: View) -> RenderableType:
        return legal_list(view.get("legal_actions", []))

    def prompt(self, view: View) -> str:
        return f"seat {view.get('viewer')}"

    def results(self, view: View) -> RenderableType:
        return Pretty(view.get("scores", view))

    def score_sheets(self, state: GameState) -> RenderableType:
        if not state.is_over:
            return Text("The game is not over: no results yet.")
        table = Table(title="Results")
        table.add_column("Seat")
        table.add_column("Result", justify="right")
        for seat, value in enumerate(state.returns()):
            table.add_row(str(seat), f"{value:g}")
        return table

    def report(self, state: GameState) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game.name,
            "over": state.is_over,
            "current_player": state.current_player,
            "view": json.loads(json.dumps(state.view(None))),
        }
        if state.is_over:
            data["returns"] = state.returns()
        return data


def renderer_for(game: Game) -> Renderer:
    """The renderer registered for ``game``'s name, else the plain one."""
    if game.name == "exhibition":
        from vitrine.cli.exhibition_render import ExhibitionRenderer

        return ExhibitionRenderer(game)
    if game.name == "dontgointhere":
        from vitrine.cli.dontgointhere_render import DgitRenderer

        return DgitRenderer(game)
    if game.name == "tucano":
        from vitrine.cli.tucano_render import TucanoRenderer

        return TucanoRenderer(game)
    return PlainRenderer(game)
