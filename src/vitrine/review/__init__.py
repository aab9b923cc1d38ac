"""The coach: reviews of whole games and hints, from the strongest bot.

Game-independent: it knows a game only through the engine protocol and the
bots.  ``review_record`` grades every decision of a record from the seat's
own view; ``hint`` suggests a decision for a view.  docs/review.md tells the
method, the grades and the limits.
"""

from vitrine.bots import points_per_unit
from vitrine.review.coach import COACH_LEVEL, Hint, coach_spec, hint, make_coach
from vitrine.review.grades import GRADES, THRESHOLDS, grade
from vitrine.review.review import (
    DecisionReview,
    Review,
    SeatSummary,
    review_record,
    steps,
)

__all__ = [
    "COACH_LEVEL",
    "GRADES",
    "THRESHOLDS",
    "DecisionReview",
    "Hint",
    "Review",
    "SeatSummary",
    "coach_spec",
    "grade",
    "hint",
    "make_coach",
    "points_per_unit",
    "review_record",
    "steps",
]
