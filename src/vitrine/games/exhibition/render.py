"""Exhibition: 20th Century on a terminal.

One screen holds the market (one line per continent, vehicles beside it),
every hall as one column of a table whose rows are the spots (so five
players still fit 80 columns and the height does not grow with the player
count), then the viewer's decisions.  Continents are coloured where the
terminal allows and always written as their two-letter codes, so nothing
depends on telling colours apart.  Everything shown comes from a view; the
card table used here is the public card data, not game state.
"""

from functools import cache
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from vitrine.engine.protocol import Game, GameState
from vitrine.games.exhibition import replay_view
from vitrine.games.exhibition.cards import WHITE, CardTable, card_label
from vitrine.games.exhibition.game import ExhibitionGame
from vitrine.games.exhibition.scoring import CATEGORY_NAMES, SECRET_DECADE
from vitrine.kit.render import Sheet, View, legal_list, score_table

# OC purple, AS green and NA yellow as on the cards; the other three take the
# remaining basic colours so that even 8-colour terminals keep all six apart.
CONTINENT_STYLES = {
    "OC": "magenta",
    "SA": "red",
    "AF": "cyan",
    "AS": "green",
    "EU": "bright_blue",
    "NA": "yellow",
}
WHITE_STYLE = "bold"
WHITE_CODE = "--"
EMPTY = "·"
OPEN = "+"  # an empty spot the pending card may go to
NEW = "*"  # a card that arrived since the viewer's last screen
PLACE_EXTRA = ("D", "X")


@cache
def continent_codes(table: CardTable) -> dict[str, str | None]:
    """Each card's continent code (None for a white card) in a card table."""
    codes = table.continent_codes
    return {
        card_label(card): None if k == WHITE else codes[k]
        for card, k in enumerate(table.continent_of)
    }


class ExhibitionRenderer:
    """Renders Exhibition views; see the module docstring for the layout."""

    def __init__(self, game: Game) -> None:
        if not isinstance(game, ExhibitionGame):
            raise TypeError("ExhibitionRenderer needs the Exhibition game")
        self.game = game
        table = game.table
        codes = table.continent_codes
        self.continent_names = dict(zip(codes, table.continent_names, strict=True))
        self.code_of = continent_codes(table)

    # ------------------------------------------------------------ pieces

    def card(self, label: str, new: bool = False) -> Text:
        """A card with its continent code, so the colour is never the only clue."""
        code = self.code_of.get(label)
        style = WHITE_STYLE if code is None else CONTINENT_STYLES.get(code, "")
        text = Text(f"{label:<4} {code or WHITE_CODE}", style=style)
        if new:
            text.append(NEW, style="bold")
        return text

    def code(self, code: str) -> Text:
        return Text(code, style=CONTINENT_STYLES.get(code, ""))

    def _title(self, view: View) -> str:
        players: list[str] = view["players"]
        current = view["current_player"]
        if current is None:
            return "Game over"
        doing = "to take" if view["pending"] is None else f"to place {view['pending']}"
        return f"Round {view['round']} · {players[current]} {doing} · stock {view['stock_count']}"

    def _market(self, view: View, previous: View | None) -> Table:
        by_vehicle: dict[str, list[str]] = {}
        for name, code in zip(view["players"], view["vehicles"], strict=True):
            by_vehicle.setdefault(code, []).append(name)
        old = self._market_cards(previous)
        grid = Table.grid(padding=(0, 1))
        for _ in range(4):
            grid.add_column(no_wrap=True)
        for code, cards in view["market"].items():
            shown = Text()
            for label in cards:
                shown.append_text(self.card(label, new=old is not None and label not in old))
                shown.append("  " if old is None or label in old else " ")
            shown.rstrip()
            here = by_vehicle.get(code)
            vehicles = Text("◀ " + ", ".join(here), style="bold") if here else Text()
            name = Text(self.continent_names.get(code, ""), style="dim")
            grid.add_row(self.code(code), name, shown or Text("(empty)", style="dim"), vehicles)
        return grid

    @staticmethod
    def _market_cards(view: View | None) -> set[str] | None:
        if view is None:
            return None
        return {label for cards in view["market"].values() for label in cards}

    def _hall_header(self, view: View, seat: int) -> Text:
        name: str = view["players"][seat]
        marks = ["you"] if seat == view["viewer"] else []
        if view["final"][seat]:
            marks.append("final")
        style = "bold reverse" if seat == view["current_player"] else "bold"
        header = Text(name, style=style)
        header.append("\n")
        header.append_text(self.code(view["vehicles"][seat]))
        if marks:
            header.append(" " + " ".join(marks), style="dim")
        return header

    def _halls(self, view: View, previous: View | None) -> Table:
        players: list[str] = view["players"]
        open_spots: set[str] = set()
        if view["viewer"] is not None and view.get("pending") and "legal_actions" in view:
            open_spots = set(view["legal_actions"])
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
        table.add_column("Hall", style="dim", no_wrap=True)
        table.add_column("", no_wrap=True)
        for seat in range(len(players)):
            table.add_column(self._hall_header(view, seat), no_wrap=True)
        for showcase in view["showcases"]:
            for index, spot in enumerate(showcase["spots"]):
                cells = [
                    self._spot(view, previous, seat, spot, open_spots)
                    for seat in range(len(players))
                ]
                table.add_row(showcase["name"] if index == 0 else "", spot, *cells)
        depot_open = "D" in open_spots
        for row in range(view["depot_size"]):
            cells = []
            for seat, depot in enumerate(view["depots"]):
                if row < len(depot):
                    old = previous["depots"][seat] if previous else depot
                    cells.append(self.card(depot[row], new=row >= len(old)))
                elif depot_open and seat == view["viewer"] and row == len(depot):
                    cells.append(Text(OPEN, style="bold green"))
                else:
                    cells.append(Text(EMPTY, style="dim"))
            table.add_row("Depot" if row == 0 else "", "D" if row == 0 else "", *cells)
        return table

    def _spot(
        self, view: View, previous: View | None, seat: int, spot: str, open_spots: set[str]
    ) -> Text:
        label = view["halls"][seat][spot]
        if label is not None:
            new = previous is not None and previous["halls"][seat][spot] is None
            return self.card(label, new=new)
        if seat == view["viewer"] and spot in open_spots:
            return Text(OPEN, style="bold green")
        return Text(EMPTY, style="dim")

    def _notes(self, view: View, previous: View | None) -> Text:
        notes = Text()
        viewer = view["viewer"]
        secrets: list[int | None] = view["secret_decades"]
        if viewer is not None and secrets and secrets[viewer] is not None:
            notes.append(f"Your secret decade: {secrets[viewer]}s (+1 per hall card from it)\n")
        old = self._market_cards(previous)
        if old is not None:
            refills = [
                f"{label} at {code}"
                for code, cards in view["market"].items()
                for label in cards
                if label not in old
            ]
            if refills:
                notes.append(f"New in the market: {', '.join(refills)}.  ")
            notes.append(f"{NEW} new since your last look.  ", style="dim")
        if view.get("pending") and viewer == view["current_player"]:
            notes.append(f"{OPEN} where {view['pending']} may go.", style="dim")
        notes.rstrip()
        return notes

    # ------------------------------------------------------------ Renderer

    def board(self, view: View, previous: View | None = None) -> RenderableType:
        # A record of earlier rules is shown on the cards it was played with.
        self.code_of = continent_codes(self.game.table_of(view["rules_version"]))
        parts: list[RenderableType] = [
            Rule(self._title(view), align="left"),
            self._market(view, previous),
            Text(),
            self._halls(view, previous),
        ]
        notes = self._notes(view, previous)
        if notes:
            parts.append(notes)
        return Group(*parts)

    def decisions(self, view: View) -> RenderableType:
        actions: list[str] = view.get("legal_actions", [])
        if view["pending"] is None:
            text = Text("Take: ", style="bold")
            text.append_text(legal_list(actions))
            turns: list[str] = view.get("legal_turns", [])
            spots = [t for t in turns if t.rsplit(" ", 1)[-1] not in PLACE_EXTRA]
            example = f", e.g. '{(spots or turns)[0]}'" if turns else ""
            hint = f"Type a take, or a whole turn{example}.  ? help · quit"
        else:
            text = Text(f"Place {view['pending']}: ", style="bold")
            order = [spot for s in view["showcases"] for spot in s["spots"]] + list(PLACE_EXTRA)
            ranked = sorted(actions, key=lambda a: order.index(a) if a in order else len(order))
            text.append_text(legal_list(ranked))
            hint = "D: depot" + (" · X: end your exhibition" if "X" in actions else "")
            hint += ".  ? help · quit"
        return Group(Text(), text, Text(hint, style="dim"))

    def describe(self, decision: str, view: View) -> str:
        """A take (``1907``, ``1945@EU``) or a placement of the pending card."""
        card, _, destination = decision.partition("@")
        if card in self.code_of:
            if destination:
                return f"take {card} and send the vehicle to {self.continent_names[destination]}"
            return f"take {card}"
        pending = (view.get("pending") or "the card").partition("@")[0]
        if decision == "D":
            return f"put {pending} in the depot"
        if decision == "X":
            return f"put {pending} aside and end the exhibition"
        showcase = next(s for s in view["showcases"] if decision in s["spots"])
        return f"put {pending} at {decision} ({showcase['name']})"

    def prompt(self, view: View) -> str:
        name: str = view["players"][view["viewer"]]
        if view["pending"] is None:
            return f"{name}, take"
        return f"{name}, place {view['pending']}"

    def results(self, view: View) -> RenderableType:
        return self.score_table(view["scores"], view["secret_decades"], "Final scores")

    def score_sheets(self, state: GameState) -> RenderableType:
        sheets = replay_view.score_sheets(state)
        secrets = replay_view.secret_decades(state)
        title = (
            "Final scores"
            if state.is_over
            else "Scores so far (All 6 Continents: completed rounds only)"
        )
        return self.score_table(sheets, secrets, title)

    def report(self, state: GameState) -> dict[str, Any]:
        return replay_view.report(state)

    def score_table(
        self, sheets: list[dict[str, Any]], secrets: list[int | None], title: str
    ) -> Table:
        """The shared score table, a secret decade named beside its points."""

        def category(seat: int, key: str) -> str:
            value = str(sheets[seat]["categories"].get(key, ""))
            if key == SECRET_DECADE and seat < len(secrets) and secrets[seat] is not None:
                value += f" ({secrets[seat]}s)"
            return value

        def tiebreak(sheet: Sheet) -> str:
            distance = sheet["tiebreak_distance"]
            return "-" if distance is None else str(distance)

        solo = len(sheets) < 2  # nobody to tie with or rank against
        return score_table(
            sheets,
            title,
            "Category",
            rows=[] if solo else [("Tiebreak (Mid Century to 1950)", tiebreak)],
            name=lambda key: CATEGORY_NAMES.get(key, key),
            category=category,
            ranked=not solo,
        )
