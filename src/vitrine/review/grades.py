"""Grades: a decision's loss, on the value scale, in words every game shares.

A loss is how much less the decision taken was worth than the coach's best,
on the scale of ``GameState.returns`` for the seat deciding: an expected win
share in a game of several players (0.05 is five games in a hundred won or
lost), an expected score alone (where 1 is the game's whole scale, so 0.05 is
a twentieth of it: 150 points of an Exhibition solo game).  The thresholds
are the same for every game; docs/review.md gives the reasons for each.
"""

import math
from collections.abc import Mapping, Sequence

BEST = "best"
GOOD = "good"
INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"
FORCED = "forced"  # one legal decision: nothing to grade
GRADES = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)
EXERCISES = (MISTAKE, BLUNDER)  # the grades a player replays to learn from

# The least loss of each grade below good.  lichess grades chess moves by
# the winning chances they lose (an inaccuracy from 5 points in a hundred, a
# mistake from 10, a blunder from 15); card games have more luck and their
# searches sample it, so the bands start where the coach's own noise ends.
THRESHOLDS: Mapping[str, float] = {INACCURACY: 0.04, MISTAKE: 0.08, BLUNDER: 0.16}


# A loss counts only beyond NOISE_Z standard errors of the coach's estimate.  A
# game has some 70 graded decisions; one-sided tests at 3 standard errors
# wrongly blame about one decision in 700, so about one game in ten has one
# decision blamed for the coach's own noise (2 would blame one in 44: one or
# two decisions in every game).
NOISE_Z = 3.0


def confident_loss(difference: float, error: float, z: float = NOISE_Z) -> float:
    """The loss a difference of values shows beyond the coach's own sampling
    noise (``error``: the difference's standard error, ``z`` of them): a
    decision is never blamed for what the search could not tell apart from
    the best."""
    return max(0.0, difference - z * error)


def grade(loss: float, played_best: bool) -> str:
    """The grade of a decision that lost ``loss`` against the coach's best;
    ``played_best``: it was the coach's own choice."""
    if played_best:
        return BEST
    for name in (BLUNDER, MISTAKE, INACCURACY):
        if loss >= THRESHOLDS[name]:
            return name
    return GOOD


# lichess's accuracy of a chess move (lila's AccuracyPercent, lichess.org/page/accuracy):
# 100 for a move that keeps every winning chance, falling off exponentially with
# the chances lost, in points in a hundred: 103.1668 e^(-0.04354 x) - 3.1669.
ACCURACY_SCALE, ACCURACY_DECAY, ACCURACY_OFFSET = 103.1668, 0.04354, 3.1669


def accuracy(loss: float) -> float:
    """A decision's accuracy, 0 to 100, from its loss on the win-share scale
    (a decision that loses nothing is 100, where the fitted curve gives 99.9999)."""
    if loss <= 0:
        return 100.0
    raw = ACCURACY_SCALE * math.exp(-ACCURACY_DECAY * 100 * loss) - ACCURACY_OFFSET
    return min(100.0, max(0.0, raw))


def game_accuracy(losses: Sequence[float]) -> float | None:
    """A player's accuracy over a game: as lichess does, the mean of the
    decisions' accuracies averaged with their harmonic mean, so a few blunders
    weigh more than an arithmetic mean would let them (lichess also weights
    each move by how volatile its position was; the coach's values do not say,
    so every decision weighs the same).  None without a graded decision."""
    if not losses:
        return None
    each = [accuracy(loss) for loss in losses]
    mean = sum(each) / len(each)
    harmonic = 0.0 if min(each) == 0 else len(each) / sum(1 / a for a in each)
    return (mean + harmonic) / 2
