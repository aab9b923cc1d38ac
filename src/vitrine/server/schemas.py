"""Request and response bodies of the HTTP API, which also make its OpenAPI document.

Requests refuse unknown fields, so a misspelt field is an error that names it
rather than an option silently ignored.
"""

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool

from vitrine.games import default_game, game_names

CLOCK_LIMIT = 14 * 24 * 3600  # the longest turn-based clock
ACTION_LENGTH = 40  # the longest decision in any game's notation, with room to spare
SEQ_LIMIT = 1_000_000  # far past any game's length
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


class HumanSeat(Strict):
    kind: Literal["human"]
    name: str | None = Field(
        default=None, max_length=NAME_FIELD, description="none: the player gives it on joining"
    )
    me: StrictBool = Field(
        default=False,
        description="the signed-in creator sits here, under their account's name (needs a "
        "session: sign_in_needed otherwise)",
    )
    account: str | None = Field(
        default=None,
        max_length=NAME_FIELD,
        description="a challenge: the seat is reserved for the account of this name (a person "
        "or a bot), which accepts or declines it; needs a signed-in creator",
    )


class BotSeat(Strict):
    kind: Literal["bot"]
    level: Level = Field(description="the bot's strength")
    name: str | None = Field(default=None, max_length=NAME_FIELD)


class CreateTableRequest(Strict):
    """A table to create.  What a schema cannot say is refused with 422 and a code:
    a seat count the game does not take (``player_count``), options the game
    refuses (its own codes), names that look alike (``names_repeated``) or
    hold invisible characters (``name_invisible``)."""

    game: GameName = Field(default_factory=default_game)
    options: dict[str, Any] = Field(default_factory=dict, description="the game's own options")
    seats: list[Annotated[HumanSeat | BotSeat, Field(discriminator="kind")]] = Field(
        min_length=1, max_length=16
    )
    clock_seconds: int | None = Field(
        default=None,
        ge=1,
        le=CLOCK_LIMIT,
        description="seconds for each decision: live, at most 3600 (60 plays in real time); "
        "turn-based, 1, 2, 3, 5 or 14 days (86400 to 1209600); other values are refused "
        "(clock_choice); none: no clock",
    )
    on_timeout: Literal["bot", "end"] = Field(
        default="bot",
        description="what a missed deadline does: 'bot', a bot plays the seat to the end; "
        "'end', the game ends there, the seat that missed it ranking last",
    )
    seats_open: StrictBool = Field(
        default=False,
        description="empty human seats may be claimed by anyone from the lobby; "
        "false: by invitation link only",
    )
    hints: StrictBool = Field(
        default=False,
        description="players may ask the coach for a hint (the table and the record say so)",
    )
    rated: StrictBool = Field(
        default=False,
        description="the result moves the players' ratings: the signed-in creator sits at a "
        "'me' seat and every person at the table must be signed in (bots sit unrated)",
    )


class JoinRequest(Strict):
    name: str = Field(max_length=NAME_FIELD)


class ActionRequest(Strict):
    action: str = Field(
        min_length=1, max_length=ACTION_LENGTH, description="one decision in notation"
    )
    seq: int | None = Field(
        default=None,
        ge=0,
        le=SEQ_LIMIT,
        description="the position this answers; refused when stale",
    )


class HandToBotRequest(Strict):
    level: Level = "casual"


class Refusal(BaseModel):
    """Every refusal: words in English, a code for programs and pages, and the values
    the words were built from (ids and numbers, never words)."""

    detail: str
    code: str
    params: dict[str, Any]


class CheckRequest(Strict):
    action: str = Field(
        min_length=1, max_length=ACTION_LENGTH, description="a decision in notation"
    )


class ChatRequest(Strict):
    text: str = Field(max_length=1000, description="one line, at most 300 characters once cleaned")


class Check(BaseModel):
    """Whether a decision would be accepted now; if not, the refusal it would get."""

    legal: bool
    detail: str | None
    code: str | None
    params: dict[str, Any]


class ProvisionalScore(BaseModel):
    """A seat's score if the game ended now; a category its viewer may not know is null."""

    player: int
    name: str
    categories: dict[str, int | None]
    total: int


class SeatInfo(BaseModel):
    position: int
    kind: str
    level: str | None
    name: str | None
    joined: bool
    substituted: bool
    account: bool = Field(description="a signed-in player's seat: its name leads to a profile")
    bot: bool = Field(default=False, description="the seat's account is a bot account")
    reserved: bool = Field(
        default=False, description="held for a challenged account that has not answered yet"
    )


class TableInfo(BaseModel):
    id: str
    game: str
    status: str
    options: dict[str, Any]
    created_at: str
    clock_seconds: int | None
    seats_open: bool = False
    rematch_of: str | None = None
    hints: bool = False
    rated: bool = Field(default=False, description="its result moves the players' ratings")
    on_timeout: Literal["bot", "end"] = Field(
        default="bot",
        description="what a missed deadline does: a bot takes the seat, or the game ends",
    )
    timed_out: int | None = Field(
        default=None, description="the seat whose missed deadline ended the game (it ranks last)"
    )
    seats: list[SeatInfo]
    seq: int | None = None
    current_player: int | None = None
    deadline: str | None = Field(
        default=None, description="when the human to act loses the seat to a bot (a clock)"
    )
    rematch: str | None = Field(default=None, description="the id of this table's rematch")


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


class ChatLine(BaseModel):
    seat: int
    text: str
    at: str


class TableState(BaseModel):
    """A table and what one seat (or a spectator) may see of its game."""

    table: TableInfo
    you: int | None
    view: dict[str, Any] | None
    log: list[LogEntry]
    chat: list[ChatLine] = []


class ClaimedSeat(TableState):
    """A seat claimed from the lobby: its token (the only copy) and the table."""

    token: str


class PageFiles(BaseModel):
    """Where a game's page module and stylesheet are served."""

    script: str
    stylesheet: str
    illustration: str | None = Field(
        description="the picture the home page shows; none: the site's mark"
    )


class ProcessTally(BaseModel):
    tables: int = Field(description="tables whose copy this process holds in memory now")
    made: int = Field(description="decisions made by this process since it started")
    followed: int = Field(
        description="decisions made by other processes that this one applied to its copies"
    )
    commits: int = Field(
        description="the transactions that wrote the decisions it made that ended nothing: "
        "under load fewer than those decisions, several tables' written in one"
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
