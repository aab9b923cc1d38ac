"""Full states consistent with a player's view: how bots reason without cheating.

Hidden from a player: the deck's order, the cards set aside at setup, the
Secret Passage's face-down card unless they placed there and the dice still
to be rolled.  A sample deals the unseen cards at random into those places
and rolls future dice from the sampler's ``Random``.  The other players'
ghost counts are hidden too, but every change of them is public (the
view's ``ghost_events``), so a sample gives each the count those changes
add up to, as a player who counts them knows it (G-15).
"""

from collections import Counter
from collections.abc import Mapping
from random import Random
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.games.dontgointhere.components import Components
from vitrine.games.dontgointhere.config import CARDS_PER_ROOM, EMPTY, NOBODY, PHASES
from vitrine.games.dontgointhere.position import Dice
from vitrine.games.dontgointhere.rules import Rules
from vitrine.games.dontgointhere.setup import make_config
from vitrine.games.dontgointhere.state import DontGoInThereState
from vitrine.games.dontgointhere.view import FACE_DOWN
from vitrine.kit.game import Views


def counted_ghosts(events: list[tuple[int, int]], players: int) -> list[int]:
    """Every seat's ghosts as the public changes add them up."""
    counts = [0] * players
    for seat, change in events:
        counts[seat] += change
    return counts


def _hidden_slots(state: DontGoInThereState, viewer: int) -> list[int]:
    """Boards whose face-down card ``viewer`` has not seen."""
    return [
        board
        for board in range(len(state.rooms))
        if state.face_down(board) and not state.seen[board] >> viewer & 1
    ]


def resample(state: DontGoInThereState, viewer: int, rng: Random) -> None:
    """Re-deal, in place, everything ``viewer`` cannot see."""
    boards = _hidden_slots(state, viewer)
    pool = state.deck + state.removed + [state.slots[b][CARDS_PER_ROOM - 1] for b in boards]
    rng.shuffle(pool)
    for board in boards:
        state.slots[board][CARDS_PER_ROOM - 1] = pool.pop()
    state.removed = pool[: len(state.removed)]
    state.deck = pool[len(state.removed) :]
    state.dice_source = Dice((), None, rng)


def determinize(
    components: Components,
    rules: Rules,
    views: Views[Any],
    view: Mapping[str, Any],
    rng: Random,
) -> DontGoInThereState:
    """A state matching ``view`` (played under ``rules``, the view's
    version) with the hidden parts sampled from ``rng``; ``views``: what its
    configuration carries (``state_views``)."""
    viewer = view["viewer"]
    if viewer is None:
        raise VitrineError("a spectator's view cannot be determinized: it belongs to no seat")
    types = tuple(components.type_index(code) for code in view["types"])
    players, options = view["players"], view["options"]
    config = make_config(components, players, options, types, None, {}, rules, views)
    state = DontGoInThereState.__new__(DontGoInThereState)
    state.config = config
    card = components.card
    seen: list[int] = []
    state.rooms, state.slots, state.spaces, state.seen = [], [], [], []
    for entry in view["boards"]:
        room = EMPTY if entry["room"] is None else components.room_index(entry["room"])
        state.rooms.append(room)
        slots = [EMPTY] * CARDS_PER_ROOM
        for slot, label in enumerate(entry["cards"]):
            if label is not None and label != FACE_DOWN:
                slots[slot] = card(label)
                seen.append(slots[slot])
        state.slots.append(slots)
        spaces = entry["spaces"] or [None] * components.spaces
        state.spaces.append([NOBODY if owner is None else owner for owner in spaces])
        state.seen.append(sum(1 << p for p in entry["seen_by"]))
    state.held = [[card(c) for c in t["held"]] for t in view["tableaus"]]
    state.dispelled = [[card(c) for c in t["dispelled"]] for t in view["tableaus"]]
    seen += [c for pile in state.held + state.dispelled for c in pile]
    unseen = list((Counter(components.cards_of(types)) - Counter(seen)).elements())
    hidden = sum(FACE_DOWN in entry["cards"] for entry in view["boards"])
    if len(unseen) != view["deck_count"] + view["removed_count"] + hidden:
        raise VitrineError("view is inconsistent: visible cards and pile sizes do not add up")
    rng.shuffle(unseen)
    for board, entry in enumerate(view["boards"]):
        if FACE_DOWN in entry["cards"]:
            state.slots[board][CARDS_PER_ROOM - 1] = unseen.pop()
    state.removed = unseen[: view["removed_count"]]
    state.deck = unseen[view["removed_count"] :]
    state.ghost_events = [(seat, change) for seat, change in view["ghost_events"]]
    counted = counted_ghosts(state.ghost_events, len(view["players"]))
    state.ghosts = [
        count if count is not None else counted[seat] for seat, count in enumerate(view["ghosts"])
    ]
    state.clock_done = view["clock_done"]
    state.dice = [face == "G" for face in view["dice"]]
    state.dice_source = Dice((), None, rng)
    state.history = list(view["turns"])
    state.phase = PHASES.index(view["phase"])
    current = view["current_player"]
    state.current = NOBODY if current is None else current
    resolving = view["resolving"]
    state.board = EMPTY if resolving is None else resolving
    state.placer = NOBODY if view["placer"] is None else view["placer"]
    row = state.spaces[state.board] if resolving is not None else []
    occupied = [space for space, owner in enumerate(row) if owner != NOBODY]
    state.queue = occupied[len(occupied) - len(view["picks"]) :]  # picks go top down
    return state
