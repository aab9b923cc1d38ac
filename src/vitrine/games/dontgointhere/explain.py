"""Why a well-formed decision is refused here, in words a player can act on.

Each reason also has a code and params (notation words, room letters, type
codes, seats' names), so the web page can say it in French.
"""

from typing import TYPE_CHECKING, Any

from vitrine.engine.errors import IllegalTurnError
from vitrine.games.dontgointhere.state import DICE, EMPTY, OVER, PICK, PLACE, TOME

if TYPE_CHECKING:
    from vitrine.games.dontgointhere.state import DgitState

KINDS = ("placement", "card pick", "Tome's choice", "dice choice")  # by the word's id range


def _expected(state: "DgitState") -> str:
    legal = ", ".join(state.legal_actions())
    if state.phase == PLACE:
        return "place a meeple (e.g. " + ", ".join(state.legal_actions()[:2]) + ")"
    room = state.config.components.rooms[state.rooms[state.board]].name
    if state.phase == PICK:
        return f"take a card above the {room}: {legal}"
    if state.phase == TOME:
        return f"choose the type your Tomes dispel: {legal}"
    return f"make the {room}'s dice choice: {legal}"


def refusal(state: "DgitState", action: int) -> IllegalTurnError:
    """The refusal of ``action`` (a parsed, illegal decision), with its reason."""
    config = state.config
    notation = config.notation
    word = notation.words[action]
    if state.phase == OVER:
        return IllegalTurnError("the game is over", "game_over", {"word": word})
    kind = sum(action >= base for base in (notation.pick_base, notation.tome_base, notation.keep))
    params: dict[str, Any] = {"word": word, "legal": state.legal_actions()}
    if state.board != EMPTY:
        params["room"] = config.components.rooms[state.rooms[state.board]].code
    if kind != (PLACE, PICK, TOME, DICE).index(state.phase):
        params |= {"kind": kind, "phase": ("place", "dice", "pick", "tome")[state.phase]}
        return IllegalTurnError(
            f"{word} is a {KINDS[kind]}, but now you must {_expected(state)}", "dgit_phase", params
        )
    message, code, extra = (_placement, _pick, _tome, _dice)[kind](state, action, word)
    return IllegalTurnError(message, code, params | extra)


Reason = tuple[str, str, dict[str, Any]]


def _placement(state: "DgitState", action: int, word: str) -> Reason:
    config = state.config
    components = config.components
    room, space = divmod(action, components.spaces)
    name = components.rooms[room].name
    if room not in state.rooms:
        shown = state.rooms[components.rooms[room].board]
        if shown == EMPTY:
            words = f"the {name}'s board has left the game: its deck ran out"
            return words, "dgit_board_removed", {"at": components.rooms[room].code}
        words = f"the {name} is not face up: its board shows the {components.rooms[shown].name}"
        return (
            words,
            "dgit_room_hidden",
            {
                "at": components.rooms[room].code,
                "shown": components.rooms[shown].code,
            },
        )
    owner = config.players[state.spaces[state.rooms.index(room)][space]]  # the other reason, G-5
    return f"space {word} already holds {owner}'s meeple", "dgit_space_taken", {"owner": owner}


def _pick(state: "DgitState", action: int, word: str) -> Reason:
    return f"no {word} lies above the room: {_expected(state)}", "dgit_no_card", {}


def _tome(state: "DgitState", action: int, word: str) -> Reason:
    config = state.config
    kind = action - config.notation.tome_base
    if kind == config.codes.tome:
        return "a Tome cannot dispel Tomes: choose another type", "dgit_tome_tomes", {}
    name = config.components.types[kind].name
    words = f"{name} is not in this game: {_expected(state)}"
    return words, "dgit_type_absent", {"type": config.components.types[kind].code}


def _dice(state: "DgitState", action: int, word: str) -> Reason:
    hallway = state.rooms[state.board] == state.config.room_codes.hallway
    if hallway and word in ("BLANK", "GHOST"):
        face = "ghost" if word == "BLANK" else "blank"
        return (
            f"no die shows a {face} to change: {_expected(state)}",
            "dgit_no_face",
            {"face": face},
        )
    return f"{word} is not a choice of this room: {_expected(state)}", "dgit_not_here", {}
