"""What one player (or a spectator) may see: the only door to the state.

Withheld: the deck's order and the cards set aside at setup (only their
numbers show), the other players' ghost tokens until the game ends (G-14),
and the Secret Passage's face-down card from everyone who has not placed a
meeple there, until the third meeple reveals it.  Every change of a ghost
count is public, as at the table (``ghost_events``): a player who counts
them knows every count, as the bots do.
"""

from typing import Any

from vitrine.engine.protocol import provisional_sheet, view_header
from vitrine.games.dontgointhere.config import CARDS_PER_ROOM, EMPTY, GAME_NAME, NOBODY, PHASES
from vitrine.games.dontgointhere.scoring import GHOST_PENALTY, score_game
from vitrine.games.dontgointhere.state import DontGoInThereState

FACE_DOWN = "?"


def _board(state: DontGoInThereState, board: int, viewer: int | None) -> dict[str, Any]:
    components = state.config.components
    room = state.rooms[board]
    if room == EMPTY:
        return {"board": board, "room": None, "cards": [], "spaces": [], "seen_by": []}
    hidden = state.face_down(board) and (viewer is None or not state.seen[board] >> viewer & 1)
    cards: list[str | None] = [
        None if card == EMPTY else components.label(card) for card in state.slots[board]
    ]
    if hidden:
        cards[CARDS_PER_ROOM - 1] = FACE_DOWN
    return {
        "board": board,
        "room": components.rooms[room].code,
        "cards": cards,
        "spaces": [None if owner == NOBODY else owner for owner in state.spaces[board]],
        "seen_by": [p for p in range(state.num_players) if state.seen[board] >> p & 1]
        if state.face_down(board)
        else [],
    }


def public_view(state: DontGoInThereState) -> dict[str, Any]:
    """JSON-ready view of ``state`` that every seat and a spectator share."""
    config = state.config
    components = config.components
    label = components.label
    view: dict[str, Any] = {
        **view_header(GAME_NAME, config.rules.version, config.players, config.options),
        "types": [components.types[t].code for t in config.types],
        "phase": PHASES[state.phase],
        "current_player": state.current_player,
        "deck_count": len(state.deck),
        "removed_count": len(state.removed),
        "resolving": None if state.board == EMPTY else state.board,
        "placer": None if state.board == EMPTY else state.placer,
        "picks": [state.spaces[state.board][s] for s in state.queue],
        "dice": ["G" if face else "-" for face in state.dice],
        "ghost_events": [[seat, change] for seat, change in state.ghost_events],
        "meeples": [state.free_meeples(p) for p in range(config.num_players)],
        "tableaus": [
            {"held": [label(c) for c in held], "dispelled": [label(c) for c in gone]}
            for held, gone in zip(state.held, state.dispelled, strict=True)
        ],
        "clock_done": state.clock_done,
        "turns": list(state.history),
    }
    if state.is_over:
        view["scores"] = [
            {
                "player": sheet.player,
                "name": sheet.name,
                "categories": sheet.categories,
                "total": sheet.total,
                "ghosts": sheet.ghosts,
                "dispelled": sheet.dispelled,
                "rank": sheet.rank,
            }
            for sheet in score_game(state)
        ]
    return view


def private_view(state: DontGoInThereState, viewer: int | None) -> dict[str, Any]:
    """What only seat ``viewer`` (None: a spectator) sees beyond the public view:
    the boards with the Secret Passage's card where it looked, its own ghost
    tokens, and its legal decisions when it is to act."""
    over = state.is_over
    view: dict[str, Any] = {
        "boards": [_board(state, board, viewer) for board in range(len(state.rooms))],
        "ghosts": [
            count if over or seat == viewer else None for seat, count in enumerate(state.ghosts)
        ],
    }
    if viewer is not None and viewer == state.current_player:
        view["legal_actions"] = state.legal_actions()
        view["legal_turns"] = view["legal_actions"]
    return view


def provisional_scores(state: DontGoInThereState, viewer: int | None) -> list[dict[str, Any]]:
    """Curses per type as if the game ended now (before the end-game effects);
    the ghost penalty stays unknown until the end, since it compares every
    player's hidden ghost tokens (G-14)."""
    sheets = []
    for sheet in score_game(state):
        categories: dict[str, int | None] = dict(sheet.categories)
        if not state.is_over:
            categories[GHOST_PENALTY] = None
        sheets.append(provisional_sheet(sheet.player, sheet.name, categories))
    return sheets
