"""The coach's and the replays' response bodies."""

from typing import Any, Literal

from pydantic import BaseModel, Field


class Substitute(BaseModel):
    """A seat a bot finished: after which of the record's turns, and why."""

    seat: int
    turns_before: int
    level: str
    why: Literal["left", "timeout", "host"]


class Replay(BaseModel):
    game: str
    players: list[str]
    turns: list[str]  # the record's: step k follows turns[k - 1]
    substitutes: list[Substitute]
    ending: Literal["abandoned", "timeout"] | None = None
    timed_out: int | None = Field(
        default=None, description="ending timeout: the seat whose missed deadline ended the game"
    )
    hints: bool = Field(default=False, description="the players could ask the coach for hints")
    steps: list[dict[str, Any]]


class Hint(BaseModel):
    """The coach's suggestion for the seat to play, and its margin over the next best."""

    decision: str
    value: float | None = Field(description="expected win share (alone: score / points_per_unit)")
    runner_up: str | None
    margin: float
    coach: str
    points_per_unit: float | None = Field(description="alone: the points a value of 1 stands for")


class ReviewStatus(BaseModel):
    """A review by the coach: running (with its progress), done (with the
    review), failed, or none yet (a table nobody asked to review)."""

    key: str
    status: Literal["running", "done", "failed", "none"]
    done: int
    total: int
    review: dict[str, Any] | None = Field(
        default=None,
        description=(
            "the review as `vitrine review --json` prints it (docs/review.md): per decision "
            "its grade and loss on the value scale (win share; alone, score / points_per_unit), "
            "points_best, points_played and points_loss (the expected final score in points, "
            "and what the decision lost in points against the coach's choice), and for "
            "mistakes and blunders `values`, the coach's value of every decision it weighed "
            "(what the page's exercises judge an answer by); per player mean_loss, "
            "mean_points_loss and accuracy (0 to 100, lichess's formula on the win share lost)"
        ),
    )
    error: dict[str, Any] | None = None


class Position(BaseModel):
    """A reviewed decision's position, as its seat saw it (a finished game's)."""

    index: int
    seat: int
    played: str
    view: dict[str, Any]
