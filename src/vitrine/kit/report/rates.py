"""Shares with their uncertainty: a seat's wins, a showcase filled, a joker
held, each with its Wilson 95% interval.

In the kit so that a game's own report sections give their shares the
intervals the shared sections give theirs.
"""

from dataclasses import dataclass

from vitrine.kit.stats import wilson_interval


@dataclass(frozen=True)
class Rate:
    label: str
    wins: float
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else 0.0


def rate(label: str, wins: float, trials: int) -> Rate:
    low, high = wilson_interval(wins, trials)
    return Rate(label, wins, trials, low, high)
