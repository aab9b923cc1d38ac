"""Perft: counting legal turn sequences, as chess move generators are checked.

Counts are a fingerprint of the move generator: any change to what is legal
changes them, so a few locked-in counts pin the rules down.
"""

from vitrine.engine.protocol import GameState


def perft(state: GameState, depth: int) -> int:
    """The number of sequences of ``depth`` whole turns from ``state``."""
    if depth < 0:
        raise ValueError("depth must be at least 0")
    if depth == 0:
        return 1
    turns = state.legal_turns()
    if depth == 1:
        return len(turns)
    total = 0
    for turn in turns:
        child = state.copy()
        child.push(turn)
        total += perft(child, depth - 1)
    return total


def perft_divide(state: GameState, depth: int) -> dict[str, int]:
    """Perft per first turn, to find where two generators disagree."""
    if depth < 1:
        raise ValueError("depth must be at least 1")
    result = {}
    for turn in state.legal_turns():
        child = state.copy()
        child.push(turn)
        result[turn] = perft(child, depth - 1)
    return result
