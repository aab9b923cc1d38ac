"""Tucano on a terminal.

One screen holds the three columns, then one line per player: their face-up
cards grouped by fruit with the points those are worth now, and the sizes
of their face-down piles (never their contents, T-6, until the turns are
over; then the joker's holder chooses its fruit, each choice shown with the
totals it gives, T-10).  Toucans stand out in
capitals so nothing depends on colour.  Everything shown comes from a view;
only ``score_sheets`` and ``report`` (for ``vitrine replay``) read the state.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from vitrine.engine.protocol import GameState
from vitrine.games.tucano.state import TucanoState
from vitrine.kit.render import PlainRenderer, Sheet, View, legal_list, score_table

TOUCAN_STYLE = "bold magenta"
JOKER_STYLE = "bold yellow"


def card_text(card: str, kinds: Mapping[str, str]) -> Text:
    kind = kinds.get(card)
    if kind == "toucan":
        return Text(card.upper(), style=TOUCAN_STYLE)
    return Text(card, style=JOKER_STYLE if kind == "joker" else "")


class TucanoRenderer(PlainRenderer):
    """Renders Tucano views; see the module docstring for the layout."""

    @staticmethod
    def _kinds(view: View) -> dict[str, str]:
        return {card["id"]: card["kind"] for card in view["cards"]}

    def _title(self, view: View) -> str:
        current = view["current_player"]
        if current is None:
            return "Game over"
        if view["phase"] == "joker":
            return f"The turns are over · {view['players'][current]} chooses the joker's fruit"
        deck = f"draw pile {view['deck_count']}"
        if view["toucan_free"]:
            deck += f" (top {view['toucan_free']} without toucans)"
        name = view["players"][current]
        return f"Turn {view['turn']}/{view['turns_total']} · {name} to play · {deck}"

    def _columns(self, view: View) -> Table:
        kinds = self._kinds(view)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        for column in view["columns"]:
            cards = Text(" ").join(card_text(c, kinds) for c in column["cards"])
            grid.add_row(column["name"], cards or Text("(empty)", style="dim"))
        return grid

    def _hands(self, view: View) -> Table:
        kinds = self._kinds(view)
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("Seat", no_wrap=True)
        table.add_column("Face up")
        table.add_column("Face down", no_wrap=True)
        table.add_column("Points up", justify="right")
        for seat, hand in enumerate(view["hands"]):
            name = Text(f"{seat} {view['players'][seat]}")
            if seat == view["current_player"]:
                name.stylize("bold reverse")
            if seat == view["viewer"]:
                name.append(" (you)", style="dim")
            cards = Text("  ").join(
                card_text(card, kinds) + Text(f" x{count}" if count > 1 else "")
                for card, count in hand["faceup"].items()
            )
            piles = "+".join(map(str, hand["piles"])) or "-"
            if view.get("revealed"):  # the turns are over: every pile is turned over
                piles = " | ".join(" ".join(pile) for pile in view["revealed"][seat]) or "-"
            table.add_row(name, cards, piles, str(hand["faceup_points"]))
        return table

    def board(self, view: View, previous: View | None = None) -> RenderableType:
        parts: list[RenderableType] = [
            Rule(self._title(view), align="left"),
            self._columns(view),
            self._hands(view),
        ]
        waiting = [f"{name} x{n}" if n > 1 else name for name, n in view["pending"].items() if n]
        if waiting:
            parts.append(Text(f"Toucans to resolve: {', '.join(waiting)}", style=TOUCAN_STYLE))
        for fruit, totals in view.get("joker_totals", {}).items():
            shown = ", ".join(
                f"{name} {total}" for name, total in zip(view["players"], totals, strict=True)
            )
            parts.append(Text(f"joker:{fruit} gives {shown}", style=JOKER_STYLE))
        return Group(*parts)

    def decisions(self, view: View) -> RenderableType:
        actions: list[str] = view.get("legal_actions", [])
        if view["phase"] == "joker":
            text = Text("Choose the joker's fruit: ", style="bold").append_text(legal_list(actions))
            hint = "It joins a fruit you hold and have not completed.  ? help · quit"
            return Group(Text(), text, Text(hint, style="dim"))
        toucans = any(view["pending"].values())
        text = Text("Resolve a toucan: " if toucans else "Take a column: ", style="bold")
        text.append_text(legal_list(actions))
        hint = (
            "gift:<card>><seat> gives, steal:<card><<seat> takes, flip turns your "
            "face-up cards down"
            if toucans
            else "Type a column, or a whole turn such as 'B gift:coconut>1'"
        )
        return Group(Text(), text, Text(hint + ".  ? help · quit", style="dim"))

    def describe(self, decision: str, view: View) -> str:
        """A column (``B``), a toucan's use (``gift:coconut>1``, ``flip``) or
        the joker's fruit at the end (``joker:papaya``)."""
        toucan, _, target = decision.partition(":")
        if toucan == "joker":
            return f"count the joker as {target}"
        if not target:
            if toucan == "flip":
                return "flip your face-up cards face down"
            if toucan in ("gift", "steal"):
                return f"discard the {toucan} toucan unused"
            return f"take column {decision}"
        card, arrow, seat = re.split(r"([<>])", target)
        name = view["players"][int(seat)]
        return f"give {card} to {name}" if arrow == ">" else f"steal {card} from {name}"

    def prompt(self, view: View) -> str:
        name: str = view["players"][view["viewer"]]
        if view["phase"] == "joker":
            return f"{name}, the joker"
        return f"{name}, {'resolve' if any(view['pending'].values()) else 'take'}"

    def results(self, view: View) -> RenderableType:
        return self.score_table(view["scores"], "Final scores")

    def score_sheets(self, state: GameState) -> RenderableType:
        if not isinstance(state, TucanoState):
            raise TypeError("not a Tucano state")
        title = "Final scores" if state.is_over else "Scores so far (face-down piles included)"
        return self.score_table([asdict(s) for s in state.score_sheets()], title)

    def report(self, state: GameState) -> dict[str, Any]:
        if not isinstance(state, TucanoState):
            raise TypeError("not a Tucano state")
        data = super().report(state)
        data["scores"] = [asdict(s) for s in state.score_sheets()]
        data["turns"] = state.turn_texts()
        return data

    @staticmethod
    def score_table(sheets: Sequence[Sheet], title: str) -> Table:
        """Fruits down, players across; the joker's fruit in its own row."""
        return score_table(sheets, title, "Fruit", [("Joker as", lambda s: s["joker"] or "-")])
