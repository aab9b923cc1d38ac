"""The guided first game's request and response bodies."""

from typing import Annotated, Any

from pydantic import BaseModel, Field

from vitrine.server import schemas
from vitrine.server.play.schemas import Check

MOST_DECISIONS = 400  # more than any game gives one seat


class PositionRequest(schemas.Strict):
    name: str = Field(max_length=schemas.NAME_FIELD, description="the learner's name, as shown")
    decisions: list[Annotated[str, Field(min_length=1, max_length=schemas.ACTION_LENGTH)]] = Field(
        max_length=MOST_DECISIONS, description="the learner's decisions so far, in order"
    )
    check: str | None = Field(
        default=None,
        max_length=schemas.ACTION_LENGTH,
        description="a decision to check against the rules at the position reached",
    )


class LogEntry(BaseModel):
    seat: int
    action: str


class Position(BaseModel):
    view: dict[str, Any] = Field(description="the learner's view, as a table gives it")
    log: list[LogEntry] = Field(description="every decision from the deal, both seats'")
    done: int = Field(description="the learner's decisions made")
    over: bool
    check: Check | None = Field(description="the check asked for, if one was")


class TutorialInfo(BaseModel):
    decisions: list[str]
    lessons: list[dict[str, Any]]
    welcome: dict[str, str]
    ending: dict[str, str]
