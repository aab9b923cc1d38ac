"""A small, fully specified random number generator.

Python's ``random`` module may change its algorithms between versions; a game
record must deal the same cards forever and in any language, so vitrine uses
SplitMix64 (Steele, Lea and Flood, 2014) and an unbiased Fisher-Yates shuffle
whose every step is written down here.
"""

from collections.abc import MutableSequence
from typing import TypeVar

_MASK64 = (1 << 64) - 1
MAX_SEED = _MASK64

T = TypeVar("T")


class SplitMix64:
    """SplitMix64: a 64-bit state, one addition and three mixing steps per draw."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be an integer from 0 to {MAX_SEED}, got {seed}")
        self._state = seed

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def copy(self) -> "SplitMix64":
        """An independent stream that continues exactly as this one would."""
        return SplitMix64(self._state)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), by rejection so no value is favoured."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            draw = self.next_u64()
            if draw < limit:
                return draw % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates from the last position down, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
