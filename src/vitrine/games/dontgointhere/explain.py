"""Why a well-formed decision is refused here, in words a player can act on.

Each reason also has a code and params (notation words, room letters, type
codes, seats' names), so the web page can say it in French.
"""

from typing import Any

from vitrine.engine.errors import IllegalTurnError, Reason
from vitrine.games.dontgointhere.config import DICE, EMPTY, OVER, PHASES, PICK, PLACE, TOME
from vitrine.games.dontgointhere.notation import LEFT_COPY, RIGHT_COPY
from vitrine.games.dontgointhere.position import Position

KINDS = ("placement", "card pick", "Tome's choice", "dice choice")  # by the word's id range


def _expected(state: Position) -> str:
    legal = ", ".join(state.legal_actions())
    if state.phase == PLACE:
        return "place a meeple (e.g. " + ", ".join(state.legal_actions()[:2]) + ")"
    room = state.config.components.rooms[state.rooms[state.board]].name
    if state.phase == PICK:
        return f"take a card above the {room}: {legal}"
    if state.phase == TOME:
        return f"choose the type your Tomes dispel: {legal}"
    return f"make the {room}'s dice choice: {legal}"


def refusal(state: Position, action: int) -> IllegalTurnError:
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
        reason = Reason(
            "dgit_phase",
            {"kind": kind, "phase": PHASES[state.phase]},
            f"{word} is a {KINDS[kind]}, but now you must {_expected(state)}",
        )
    else:
        reason = (_placement, _pick, _tome, _dice)[kind](state, action, word)
    return IllegalTurnError(reason.words, reason.code, params | reason.params)


def _placement(state: Position, action: int, word: str) -> Reason:
    config = state.config
    components = config.components
    room, space = divmod(action, components.spaces)
    name = components.rooms[room].name
    if room not in state.rooms:
        shown = state.rooms[components.rooms[room].board]
        at = components.rooms[room].code
        if shown == EMPTY:
            words = f"the {name}'s board has left the game: its deck ran out"
            return Reason("dgit_board_removed", {"at": at}, words)
        shown_room = components.rooms[shown]
        words = f"the {name} is not face up: its board shows the {shown_room.name}"
        return Reason("dgit_room_hidden", {"at": at, "shown": shown_room.code}, words)
    owner = config.players[state.spaces[state.rooms.index(room)][space]]  # the other reason, G-5
    return Reason(
        "dgit_space_taken", {"owner": owner}, f"space {word} already holds {owner}'s meeple"
    )


def _pick(state: Position, action: int, word: str) -> Reason:
    notation = state.config.notation
    card, _ = notation.pick_of(action)
    label = notation.words[notation.pick_id(card)]
    if card not in state.slots[state.board]:
        return Reason("dgit_no_card", {}, f"no {label} lies above the room: {_expected(state)}")
    left, right = label + LEFT_COPY, label + RIGHT_COPY
    if word == label:
        words = (
            f"two {label} lie in the Library, where their places differ: "
            f"take {left} (the left one) or {right} (the right one)"
        )
        return Reason("dgit_which_copy", {"card": label, "left": left, "right": right}, words)
    words = f"{word} picks one of two {label} in the Library; here {label} is one choice: {label}"
    return Reason("dgit_one_copy", {"card": label}, words)


def _tome(state: Position, action: int, word: str) -> Reason:
    config = state.config
    kind = action - config.notation.tome_base
    if kind == config.codes.tome:
        return Reason("dgit_tome_tomes", {}, "a Tome cannot dispel Tomes: choose another type")
    card_type = config.components.types[kind]
    words = f"{card_type.name} is not in this game: {_expected(state)}"
    return Reason("dgit_type_absent", {"type": card_type.code}, words)


def _dice(state: Position, action: int, word: str) -> Reason:
    hallway = state.rooms[state.board] == state.config.room_codes.hallway
    if hallway and word in ("BLANK", "GHOST"):
        face = "ghost" if word == "BLANK" else "blank"
        words = f"no die shows a {face} to change: {_expected(state)}"
        return Reason("dgit_no_face", {"face": face}, words)
    return Reason("dgit_not_here", {}, f"{word} is not a choice of this room: {_expected(state)}")
