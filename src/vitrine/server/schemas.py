"""What every capability's request and response bodies share, and the bodies of
the core's own routes (the refusal, the games); each capability keeps its own
in its ``schemas.py``.  Together they make the OpenAPI document.

Requests refuse unknown fields, so a misspelt field is an error that names it
rather than an option silently ignored.
"""

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from vitrine.games import game_names

ACTION_LENGTH = 40  # the longest decision in any game's notation, with room to spare
NAME_FIELD = 100  # what a name may be sent as; once cleaned it holds at most 24 characters


def installed_game(name: str) -> str:
    """A game's name, refused unless that game is installed (the registry's)."""
    if name not in game_names():
        raise ValueError(
            f"no game {name!r} is installed here (installed: {', '.join(game_names())})"
        )
    return name


def list_installed_games(schema: dict[str, Any]) -> None:
    """The OpenAPI document lists the installed games, read when it is made."""
    schema["enum"] = list(game_names())


# The schema says which values exist, so a request it allows is not refused for
# naming an unknown game or level (tests check these against the registry and LEVELS).
GameName = Annotated[
    str, AfterValidator(installed_game), Field(json_schema_extra=list_installed_games)
]
Level = Literal["beginner", "casual", "strong", "expert"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Refusal(BaseModel):
    """Every refusal: words in English, a code for programs and pages, and the values
    the words were built from (ids and numbers, never words)."""

    detail: str
    code: str
    params: dict[str, Any]


class PageFiles(BaseModel):
    """Where a game's page module and stylesheet are served."""

    script: str
    stylesheet: str
    illustration: str | None = Field(
        description="the picture the home page shows; none: the site's mark"
    )


class GameInfo(BaseModel):
    name: str
    titles: dict[str, str] = Field(description="the game's name, per language")
    summaries: dict[str, str] = Field(description="what the game is, in a line, per language")
    min_players: int
    max_players: int
    levels: list[str]
    minutes: list[int] | None = Field(
        description="a game's typical length in minutes, at the fewest and the most players"
    )
    tutorial: bool = Field(description="the game has a guided first game (/learn/<name>)")
    page: PageFiles | None = Field(description="none: the game has no page, and no web table")
