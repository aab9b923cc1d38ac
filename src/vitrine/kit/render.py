"""Terminal rendering: the renderer a game hands over in its plug-in, and the parts renderers share.

Only the picture of a view is game-specific; the commands stay generic by
asking the registry for the game's renderer (``cli.render.renderer_for``).
A game without its own renderer still plays, shown as its raw view
(:class:`PlainRenderer`), so adding a game never breaks the command line.
"""

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from rich import box
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

    def describe(self, decision: str, view: View) -> str:
        """A legal decision of ``view``'s seat in words (the coach's advice)."""

    def score_sheets(self, state: GameState) -> RenderableType:
        """The score breakdown of any position, finished or not (trusted)."""

    def report(self, state: GameState) -> dict[str, Any]:
        """Everything about a position as JSON-ready data (trusted)."""


Sheet = Mapping[str, Any]  # one seat's score sheet: name, categories, total, rank, ...
Row = tuple[str, Callable[[Sheet], str]]  # a game's own score row: its label and each cell


def score_table(
    sheets: Sequence[Sheet],
    title: str,
    heading: str,
    rows: Sequence[Row] = (),
    name: Callable[[str], str] = str,
    category: Callable[[int, str], str] | None = None,
    ranked: bool = True,
) -> Table:
    """Categories down, players across, so the width grows with players only:
    every category (``name`` words its key, ``category(seat, key)`` a cell,
    by default the points), the total, the game's own ``rows``, and the rank
    unless ``ranked`` is off (a solo game has nobody to rank against)."""
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left", show_edge=False)
    table.add_column(heading, no_wrap=True)
    for sheet in sheets:
        table.add_column(sheet["name"], justify="right")
    keys = list(dict.fromkeys(k for sheet in sheets for k in sheet["categories"]))
    for key in keys:
        cells = (
            category(seat, key) if category else str(sheet["categories"].get(key, ""))
            for seat, sheet in enumerate(sheets)
        )
        table.add_row(name(key), *cells)
    table.add_section()
    table.add_row("Total", *(str(s["total"]) for s in sheets), style="bold")
    for label, cell in rows:
        table.add_row(label, *(cell(s) for s in sheets))
    if ranked:
        table.add_row("Rank", *(str(s["rank"]) for s in sheets), style="bold")
    return table


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

    def describe(self, decision: str, view: View) -> str:
        return decision

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
