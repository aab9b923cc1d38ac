"""Why a well-formed decision is refused here, in words a player can act on."""

from typing import TYPE_CHECKING

from vitrine.games.dontgointhere.state import DICE, EMPTY, OVER, PICK, PLACE, TOME

if TYPE_CHECKING:
    from vitrine.games.dontgointhere.state import DgitState


def _expected(state: "DgitState") -> str:
    components = state.config.components
    if state.phase == PLACE:
        return "place a meeple (e.g. " + ", ".join(state.legal_actions()[:2]) + ")"
    room = components.rooms[state.rooms[state.board]].name
    if state.phase == PICK:
        return f"take a card above the {room}: " + ", ".join(state.legal_actions())
    if state.phase == TOME:
        return "choose the type your Tomes dispel: " + ", ".join(state.legal_actions())
    return f"make the {room}'s dice choice: " + ", ".join(state.legal_actions())


def explain_refusal(state: "DgitState", action: int) -> str:
    """The reason ``action`` (a parsed, illegal decision) is refused."""
    config = state.config
    notation = config.notation
    components = config.components
    word = notation.words[action]
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    if action < notation.pick_base:
        if phase != PLACE:
            return f"{word} is a placement, but now you must {_expected(state)}"
        room, space = divmod(action, components.spaces)
        name = components.rooms[room].name
        if room not in state.rooms:
            board = components.rooms[room].board
            shown = state.rooms[board]
            if shown == EMPTY:
                return f"the {name}'s board has left the game: its deck ran out"
            return f"the {name} is not face up: its board shows the {components.rooms[shown].name}"
        owner = state.spaces[state.rooms.index(room)][space]  # the only other reason (G-5)
        return f"space {word} already holds {config.players[owner]}'s meeple"
    if action < notation.tome_base:
        if phase != PICK:
            return f"{word} is a card pick, but now you must {_expected(state)}"
        return f"no {word} lies above the room: {_expected(state)}"
    if action < notation.keep:
        if phase != TOME:
            return f"{word} is a Tome's choice, but now you must {_expected(state)}"
        kind = action - notation.tome_base
        if kind == config.codes.tome:
            return "a Tome cannot dispel Tomes: choose another type"
        return f"{components.types[kind].name} is not in this game: " + _expected(state)
    if phase != DICE:
        return f"{word} is a dice choice, but now you must {_expected(state)}"
    if word in ("BLANK", "GHOST"):
        face = "ghost" if word == "BLANK" else "blank"
        if state.rooms[state.board] == config.room_codes.hallway:
            return f"no die shows a {face} to change: {_expected(state)}"
    return f"{word} is not a choice of this room: {_expected(state)}"
