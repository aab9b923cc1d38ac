"""What cards do: the effects of taking a card, and the end-game effects.

Every own-type dispel takes the highest curses, as the BGA implementation
does (there is no reason to choose otherwise); the Doll's set and the
Tome's type are the exceptions: the Doll's set is chosen by G-9, the Tome's
type is the player's decision, asked only when they have a card it could
dispel (G-26).  Functions here change the state's tableaus
and ghosts and report nothing: the state decides what comes next.
"""

from itertools import combinations

from vitrine.games.dontgointhere.components import card_type, curse
from vitrine.games.dontgointhere.position import Position

CAT_GHOST_LIMIT = 9
CLOCK_TARGET = 8
CLOCK_DISPELS = 2
DOLL_TARGET = 6
MIRROR_SET = 3
RING_SET = 4
MUSIC_BOX_DISPELS = 2


def of_type(held: list[int], kind: int) -> list[int]:
    """The face-up cards of one type, highest curse first."""
    return sorted((c for c in held if card_type(c) == kind), reverse=True)


def dispel(state: Position, player: int, cards: list[int]) -> None:
    held = state.held[player]
    for card in cards:
        held.remove(card)
        state.dispelled[player].append(card)


def doll_set(dolls: list[int], taken: int) -> list[int]:
    """The Dolls to dispel once ``taken`` joins them: a set with ``taken``
    adding up to exactly 6; the fewest cards, then the highest (G-9)."""
    others = list(dolls)
    others.remove(taken)
    for size in range(len(others) + 1):
        for rest in combinations(others, size):  # others are highest first
            if curse(taken) + sum(curse(c) for c in rest) == DOLL_TARGET:
                return [taken, *rest]
    return []


def on_take(state: Position, player: int, card: int) -> bool:
    """Apply the effect of ``player`` taking ``card`` (already in their
    tableau); True when a Tome asks for the player's choice of type."""
    codes = state.config.codes
    kind = card_type(card)
    held = state.held[player]
    if kind == codes.clock:
        clocks = of_type(held, kind)
        if not state.clock_done and sum(curse(c) for c in clocks) >= CLOCK_TARGET:
            state.clock_done = True  # G-8: once per game, for the first to get there
            dispel(state, player, clocks[:CLOCK_DISPELS])
    elif kind == codes.doll:
        dispel(state, player, doll_set(of_type(held, kind), card))
    elif kind == codes.holy_water:
        if len(of_type(held, kind)) % 2 == 0:
            state.change_ghosts(player, -(state.ghosts[player] // 2))  # G-10
    elif kind == codes.mask:
        right = (player - 1) % state.num_players  # G-7
        passed = min(len(of_type(held, kind)), state.ghosts[player])
        state.change_ghosts(player, -passed)
        state.change_ghosts(right, passed)
    elif kind == codes.mirror:
        state.change_ghosts(player, 1)
        mirrors = of_type(held, kind)
        if len(mirrors) >= MIRROR_SET:
            dispel(state, player, mirrors[:MIRROR_SET])
    elif kind == codes.ring:
        rings = of_type(held, kind)
        if len(rings) >= RING_SET:
            dispel(state, player, rings[:RING_SET])
    elif kind == codes.twin:
        if held.count(card) >= 2:
            dispel(state, player, [card, card])
    elif kind == codes.tome:
        return len(of_type(held, kind)) % 2 == 0 and (
            any(card_type(c) != kind for c in held) or not state.config.rules.tome_needs_a_card
        )  # G-26: with no other card face up, nothing is asked
    return False


def tome_dispel(state: Position, player: int, kind: int) -> None:
    dispel(state, player, of_type(state.held[player], kind))


def end_game(state: Position) -> None:
    """The end-game effects in the order Amulet, Cat, Music Box, Portrait."""
    codes = state.config.codes
    for kind in state.config.components.end_order:
        if kind == codes.music_box:
            _music_boxes(state, kind)
            continue
        for player in range(state.num_players):
            cards = of_type(state.held[player], kind)
            if kind == codes.amulet:
                dispel(state, player, amulet_targets(cards))
            elif kind == codes.cat:
                if state.ghosts[player] <= CAT_GHOST_LIMIT:
                    dispel(state, player, cards[:-1])
            elif kind == codes.portrait:
                dispel(state, player, cards[: len(cards) // 2])


def amulet_targets(amulets: list[int]) -> list[int]:
    """Each Amulet of curse N dispels one of curse N+1; one dispelled by a
    lower Amulet still dispels its own target, so counts are taken first."""
    counts = [0] * 5
    for card in amulets:
        counts[curse(card)] += 1
    targets = []
    for card in sorted(set(amulets), reverse=True):
        value = curse(card)
        targets += [card] * min(counts[value], counts[value - 1] if value > 1 else 0)
    return targets


def _music_boxes(state: Position, kind: int) -> None:
    totals = [sum(curse(c) for c in of_type(held, kind)) for held in state.held]
    best = max(totals)
    if best == 0:
        return
    for player, total in enumerate(totals):
        if total == best:
            dispel(state, player, of_type(state.held[player], kind)[:MUSIC_BOX_DISPELS])
