"""What one player (or a spectator) may see: the only door to the state.

Public: the columns, every player's face-up cards and the points they are
worth, how many face-down piles each player has and their sizes, the size
of the draw pile (and how much of it surely holds no toucan), the toucans
waiting to be resolved, the discards, the card data.  Hidden from everyone
until the turns are over (T-6): the draw pile's order and what the face-down
piles hold.  The turn log is withheld until then as well: together with
the piles' sizes it would tell what went face down, which the rules make
nobody able to look at again.  Once the turns are over every pile is turned
over, so while the joker's holder chooses its fruit (T-10) everything shows,
with each player's total for every fruit the holder may choose.
"""

from typing import TYPE_CHECKING, Any

from vitrine.engine.protocol import provisional_sheet, view_header
from vitrine.games.tucano.cards import CardTable
from vitrine.games.tucano.config import GAME_NAME
from vitrine.games.tucano.determinize import toucan_free_top
from vitrine.games.tucano.notation import JOKER_CHOICE, NONE, Decision
from vitrine.games.tucano.scoring import score_sheets, totals

if TYPE_CHECKING:
    from vitrine.games.tucano.state import TucanoState


def card_data(table: CardTable) -> list[dict[str, Any]]:
    """The public card data, for renderers: ids, counts and scoring tables."""
    cards: list[dict[str, Any]] = []
    for kind, name in enumerate(table.names):
        entry: dict[str, Any] = {
            "id": name,
            "name": table.titles[kind],
            "count": table.counts[kind],
        }
        if kind < table.fruits:
            points = table.set_points[kind]
            if points is not None:
                entry.update(kind="set", points=list(points[1:]))
            else:
                most, other = table.majority[kind]  # type: ignore[misc]
                entry.update(kind="majority", most=most, other=other)
        else:
            entry["kind"] = "joker" if kind == table.joker else "toucan"
        cards.append(entry)
    return cards


def _totals_with(state: "TucanoState", fruit: int) -> list[int]:
    """Every player's total if the joker's holder chose ``fruit``."""
    trial = state.copy()
    trial.apply(Decision(JOKER_CHOICE, fruit, NONE))
    return trial.totals()


def public_view(state: "TucanoState") -> dict[str, Any]:
    """JSON-ready view of ``state`` that every seat and a spectator share: in
    Tucano nobody sees more than anyone else (T-6)."""
    config = state.config
    table = config.table
    names = table.names
    n = config.num_players
    faceup_points = totals(table, state.faceup)
    over = state.is_over
    turns_over = over or state.joker_due
    view: dict[str, Any] = {
        **view_header(GAME_NAME, config.rules.version, config.players, {}),
        "cards": card_data(table),
        "phase": "over" if over else "joker" if state.joker_due else "turns",
        "turn": state.turn + (0 if turns_over else 1),
        "turns_total": table.total_turns,
        "current_player": state.current_player,
        "columns": [
            {"name": name, "cards": [names[k] for k in cards]}
            for name, cards in zip(table.columns, state.columns, strict=True)
        ],
        "deck_count": len(state.draw_pile),
        "toucan_free": toucan_free_top(table.upper_half, table.deck_size, len(state.draw_pile)),
        "pending": {names[table.flip + i]: count for i, count in enumerate(state.pending)},
        "hands": [
            {
                "faceup": {names[k]: count for k, count in enumerate(state.faceup[seat]) if count},
                "piles": [len(pile) for pile in state.piles[seat]],
                "faceup_points": faceup_points[seat],
            }
            for seat in range(n)
        ],
        "discards": [names[k] for k in state.discards],
    }
    if turns_over:
        view["turns"] = state.turn_texts()
        view["revealed"] = [[[names[k] for k in pile] for pile in piles] for piles in state.piles]
    if state.joker_due:
        view["joker_totals"] = {
            names[fruit]: _totals_with(state, fruit) for fruit in state.joker_fruits()
        }
    if over:
        view["scores"] = [
            {
                "player": sheet.player,
                "name": sheet.name,
                "categories": sheet.categories,
                "joker": sheet.joker,
                "total": sheet.total,
                "rank": sheet.rank,
            }
            for sheet in state.score_sheets()
        ]
    return view


def private_view(state: "TucanoState", viewer: int | None) -> dict[str, Any]:
    """What only seat ``viewer`` sees beyond the public view: its legal decisions."""
    if viewer is not None and viewer == state.current_player:
        return {"legal_actions": state.legal_actions()}
    return {}


def provisional_scores(state: "TucanoState", viewer: int | None) -> list[dict[str, Any]]:
    """Points per fruit as if the game ended now, from the face-up cards alone:
    nobody, owners included, may look at the face-down piles before the end (T-6)."""
    config = state.config
    over = state.is_over
    counts = [state.held(p) if over else state.faceup[p] for p in range(state.num_players)]
    return [
        provisional_sheet(sheet.player, sheet.name, dict(sheet.categories))
        for sheet in score_sheets(config.table, counts, config.players, state.joker)
    ]
