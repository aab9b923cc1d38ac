"""Don't Go In There on a terminal.

One line per board: the room and its effect, the cards above it (type code,
curse value and dice icons, ``?`` face down), the four spaces with their
flashlights and meeples; then the last roll, and a table with one column per
player: face-up cards, dispelled ones (in brackets), meeples left and the
viewer's own ghosts.  Everything shown comes from a view.
"""

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from vitrine.engine.protocol import Game, GameState
from vitrine.games.dontgointhere.components import Components
from vitrine.games.dontgointhere.game import DontGoInThereGame
from vitrine.games.dontgointhere.notation import LEFT_COPY, RIGHT_COPY
from vitrine.games.dontgointhere.scoring import score_game
from vitrine.games.dontgointhere.state import DontGoInThereState
from vitrine.kit.render import Row, View, legal_list, score_table

COPY_MARKS = (LEFT_COPY, RIGHT_COPY)
FREE = "·"
HIDDEN = "hidden"
DICE_WORDS = {
    "KEEP": "keep the dice as they are",
    "REROLL": "roll the dice again",
    "BLANK": "turn a ghost die to a blank",
    "GHOST": "turn a blank die to a ghost",
}
PHASE_WORDS = {
    "place": "to place a meeple",
    "dice": "to choose about the dice",
    "pick": "to take a card",
    "tome": "to choose the Tome's type",
}


class DontGoInThereRenderer:
    """Renders Don't Go In There views; see the module docstring."""

    def __init__(self, game: Game) -> None:
        if not isinstance(game, DontGoInThereGame):
            raise TypeError("DontGoInThereRenderer needs the Don't Go In There game")
        self.components: Components = game.components

    def card(self, label: str | None) -> Text:
        if label is None:
            return Text("--", style="dim")
        if label == "?":
            return Text("?? face down", style="italic")
        components = self.components
        icons = components.dice_icons[int(label[-1]) - 1]
        return Text(f"{label}", style="bold").append(f" {'d' * icons}", style="dim")

    def _title(self, view: View) -> str:
        current = view["current_player"]
        if current is None:
            return "Game over"
        name = view["players"][current]
        return f"{name} {PHASE_WORDS[view['phase']]} · deck {view['deck_count']}"

    def _boards(self, view: View) -> Group:
        """Two lines a board: room, cards and spaces, then the room's effect."""
        components = self.components
        players: list[str] = view["players"]
        lines = []
        for entry in view["boards"]:
            if entry["room"] is None:
                lines.append(Text(f"Board {entry['board'] + 1}: removed", style="dim"))
                continue
            room = components.rooms[components.room_index(entry["room"])]
            line = Text(f"{room.code} {room.name:<15}", style="bold")
            line.append_text(Text("  ").join(self.card(label) for label in entry["cards"]))
            line.append("   ")
            for space, (owner, light) in enumerate(
                zip(entry["spaces"], components.flashlights, strict=True)
            ):
                who = FREE if owner is None else players[owner]
                line.append(
                    f"{space + 1}{'*' * light}:{who} ", style="" if owner is None else "bold"
                )
            if view["resolving"] == entry["board"]:
                line.append(" resolving", style="reverse")
            lines.append(line)
            lines.append(Text("  " + room.effect, style="dim"))
        return Group(*lines)

    def _tableaus(self, view: View) -> Table:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("", style="dim", no_wrap=True)
        players: list[str] = view["players"]
        for seat, name in enumerate(players):
            marks = " (you)" if seat == view["viewer"] else ""
            style = "bold reverse" if seat == view["current_player"] else "bold"
            table.add_column(Text(name + marks, style=style))
        tableaus = view["tableaus"]
        table.add_row("Cards", *(" ".join(t["held"]) or "-" for t in tableaus))
        table.add_row("Dispelled", *(" ".join(t["dispelled"]) or "-" for t in tableaus))
        table.add_row("Meeples", *(str(m) for m in view["meeples"]))
        table.add_row("Ghosts", *(HIDDEN if g is None else str(g) for g in view["ghosts"]))
        return table

    def board(self, view: View, previous: View | None = None) -> RenderableType:
        dice = " ".join(view["dice"]) or "(none yet)"
        parts: list[RenderableType] = [
            Rule(self._title(view), align="left"),
            self._boards(view),
            Text(f"Dice (G ghost, - blank): {dice}   Flashlights: * per space"),
            self._tableaus(view),
        ]
        return Group(*parts)

    def decisions(self, view: View) -> RenderableType:
        actions: list[str] = view.get("legal_actions", [])
        text = Text("Choices: ", style="bold").append_text(legal_list(actions))
        hint = "L2: a meeple on the Library's space 2 · MI3: take that card · ? help · quit"
        if any(action.endswith(COPY_MARKS) for action in actions):
            hint = "MI3< / MI3>: the left / right one of two alike in the Library · " + hint
        return Group(Text(), text, Text(hint, style="dim"))

    def describe(self, decision: str, view: View) -> str:
        """A placement (``L2``), a card (``MI3``; ``MI3<``, ``MI3>`` the left
        or right of two alike), the Tome's type or a dice choice."""
        components = self.components
        side = {"<": " (the left one)", ">": " (the right one)"}.get(decision[-1], "")
        decision = decision.rstrip("<>")
        names = {room.code: room.name for room in components.rooms}
        types = {card_type.code: card_type.name for card_type in components.types}
        if decision.startswith("T:"):
            return f"dispel your {types[decision[2:]]} cards"
        head, tail = decision[:-1], decision[-1]
        if tail.isdigit() and head in names:
            return f"put a meeple on the {names[head]}, space {tail}"
        if tail.isdigit() and head in types:
            return f"take the {types[head]} of curse {tail}{side}"
        return DICE_WORDS[decision]

    def prompt(self, view: View) -> str:
        name: str = view["players"][view["viewer"]]
        return f"{name}, {view['phase']}"

    def results(self, view: View) -> RenderableType:
        return self.score_table(view["scores"], "Final scores (fewest curses wins)")

    def score_sheets(self, state: GameState) -> RenderableType:
        title = "Final scores (fewest curses wins)" if state.is_over else "Curses so far"
        return self.score_table(self.report(state)["scores"], title)

    def report(self, state: GameState) -> dict[str, Any]:
        if not isinstance(state, DontGoInThereState):
            raise TypeError("not a Don't Go In There state")
        data: dict[str, Any] = {
            "game": "dontgointhere",
            "over": state.is_over,
            "current_player": state.current_player,
            "ghosts": list(state.ghosts),
            "scores": [
                {
                    "player": s.player,
                    "name": s.name,
                    "categories": s.categories,
                    "total": s.total,
                    "ghosts": s.ghosts,
                    "dispelled": s.dispelled,
                    "rank": s.rank,
                }
                for s in score_game(state)
            ],
        }
        if state.is_over:
            data["returns"] = state.returns()
        return data

    @staticmethod
    def score_table(sheets: list[dict[str, Any]], title: str) -> Table:
        rows: list[Row] = [
            ("Ghosts", lambda s: str(s["ghosts"])),
            ("Cards dispelled", lambda s: str(s["dispelled"])),
        ]
        return score_table(sheets, title, "Curses", rows)
