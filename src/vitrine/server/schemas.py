"""Request and response bodies of the HTTP API, which also make its OpenAPI document.

Requests refuse unknown fields, so a misspelt field is an error that names it
rather than an option silently ignored.
"""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

CLOCK_LIMIT = 7 * 24 * 3600


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatRequest(Strict):
    kind: Literal["human", "bot"]
    name: str | None = Field(default=None, max_length=100)
    level: str | None = Field(default=None, description="bot difficulty: beginner .. expert")


class CreateTableRequest(Strict):
    game: str = "exhibition"
    options: dict[str, Any] = Field(default_factory=dict, description="the game's own options")
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)
    clock_seconds: int | None = Field(
        default=None,
        ge=1,
        le=CLOCK_LIMIT,
        description="seconds for each decision before the seat goes to a bot; "
        "60 plays in real time, 86400 turn-based; none: no clock",
    )
    hints: bool = Field(
        default=False,
        description="players may ask the coach for a hint (the table and the record say so)",
    )


class JoinRequest(Strict):
    name: str = Field(max_length=100)


class ActionRequest(Strict):
    action: str = Field(min_length=1, max_length=40, description="one decision in notation")
    seq: int | None = Field(
        default=None, ge=0, description="the position this answers; refused when stale"
    )


class HandToBotRequest(Strict):
    level: str = "casual"


class SeatInfo(BaseModel):
    position: int
    kind: str
    level: str | None
    name: str | None
    joined: bool
    substituted: bool


class TableInfo(BaseModel):
    id: str
    game: str
    status: str
    options: dict[str, Any]
    created_at: str
    clock_seconds: int | None
    hints: bool = False
    seats: list[SeatInfo]
    seq: int | None = None
    current_player: int | None = None
    deadline: str | None = Field(
        default=None, description="when the human to act loses the seat to a bot (a clock)"
    )


class SeatLink(BaseModel):
    position: int
    token: str
    link: str


class CreatedTable(BaseModel):
    table: TableInfo
    host_token: str
    seats: list[SeatLink]


class LogEntry(BaseModel):
    seat: int
    action: str


class TableState(BaseModel):
    """A table and what one seat (or a spectator) may see of its game."""

    table: TableInfo
    you: int | None
    view: dict[str, Any] | None
    log: list[LogEntry]


class GameInfo(BaseModel):
    name: str
    min_players: int
    max_players: int
    levels: list[str]


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
    """A review by the coach: running (with its progress) or done (with the review)."""

    key: str
    status: Literal["running", "done", "failed"]
    done: int
    total: int
    review: dict[str, Any] | None = None
    error: dict[str, Any] | None = None


class Position(BaseModel):
    """A reviewed decision's position, as its seat saw it (a finished game's)."""

    index: int
    seat: int
    played: str
    view: dict[str, Any]
