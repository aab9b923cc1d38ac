"""What one player (or a spectator) may see: the only door to the state.

Everything public is here: the market in each group's ascending order, the
vehicles, every hall and depot, the discarded cards, the turns so far.  Two
things are withheld: the stock's order (only its size is shown) and the other
players' secret decades until the game is over.  The CLI, the bots and the
server all read the game through this function, so a secret cannot leak by
one interface forgetting to hide it.
"""

from typing import TYPE_CHECKING, Any

from vitrine.engine.protocol import provisional_sheet, view_header
from vitrine.games.exhibition.cards import LABELS
from vitrine.games.exhibition.config import EMPTY, GAME_NAME
from vitrine.games.exhibition.scoring import SECRET_DECADE, score_game

if TYPE_CHECKING:
    from vitrine.games.exhibition.state import ExhibitionState


def _labels(cards: list[int]) -> list[str]:
    return [LABELS[c] for c in cards]


def public_view(state: "ExhibitionState") -> dict[str, Any]:
    """JSON-ready view of ``state`` that every seat and a spectator share."""
    config = state.config
    table = config.table
    hall = config.hall
    codes = table.continent_codes
    options = config.options.to_dict()
    view: dict[str, Any] = {
        **view_header(GAME_NAME, config.rules_version, config.players, options),
        "showcases": [
            {
                "key": s.key,
                "name": s.name,
                "spots": list(hall.spot_names[s.first_spot : s.first_spot + s.size]),
            }
            for s in hall.showcases
        ],
        "depot_size": hall.depot_size,
        "round": state.round,
        "phase": state.phase,
        "current_player": state.current_player,
        "pending": None if state.pending is None else config.notation.take_text(*state.pending),
        # The card the last take drew into the market, which everyone saw come in (D-13).
        "refill": None if state.refill == EMPTY else LABELS[state.refill],
        "market": {codes[k]: _labels(group) for k, group in enumerate(state.market)},
        "stock_count": len(state.stock),
        "vehicles": [codes[v] for v in state.vehicles],
        "halls": [
            dict(zip(hall.spot_names, [LABELS[c] if c >= 0 else None for c in h], strict=True))
            for h in state.halls
        ],
        "depots": [_labels(d) for d in state.depots],
        "final": list(state.final),
        "discards": _labels(state.discards),
        "all_continents_round": [r or None for r in state.six_round],
        "turns": state.turn_texts(),
    }
    if state.is_over:
        view["scores"] = [
            {
                "player": sheet.player,
                "name": sheet.name,
                "categories": sheet.categories,
                "total": sheet.total,
                "tiebreak_distance": sheet.tiebreak_distance,
                "rank": sheet.rank,
            }
            for sheet in score_game(state).players
        ]
    return view


def private_view(state: "ExhibitionState", viewer: int | None) -> dict[str, Any]:
    """What only seat ``viewer`` (None: a spectator) sees beyond the public view:
    its own secret decade, and its legal decisions when it is to act."""
    secret: list[int | None] = []
    if state.config.options.secret_decade:
        secret = [
            decade if state.is_over or seat == viewer else None
            for seat, decade in enumerate(state.secret_decades)
        ]
    view: dict[str, Any] = {"secret_decades": secret}
    if viewer is not None and viewer == state.current_player:
        view["legal_actions"] = state.legal_actions()
        view["legal_turns"] = state.legal_turns()
    return view


def provisional_scores(state: "ExhibitionState", viewer: int | None) -> list[dict[str, Any]]:
    """The score sheets as if the game ended now (D-14: All 6 Continents counts
    completed rounds only); another player's secret decade stays unknown."""
    sheets = []
    for sheet in score_game(state).players:
        categories: dict[str, int | None] = dict(sheet.categories)
        if SECRET_DECADE in categories and not state.is_over and sheet.player != viewer:
            categories[SECRET_DECADE] = None
        sheets.append(provisional_sheet(sheet.player, sheet.name, categories))
    return sheets
