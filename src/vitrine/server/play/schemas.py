"""The tables' request and response bodies (and so their OpenAPI document)."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool

from vitrine.games import default_game
from vitrine.server.schemas import ACTION_LENGTH, NAME_FIELD, GameName, Level, Strict

CLOCK_LIMIT = 14 * 24 * 3600  # the longest turn-based clock
SEQ_LIMIT = 1_000_000  # far past any game's length


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


class Challenge(Strict):
    table: TableInfo
    seat: int = Field(description="the seat reserved for the challenged account")
    account: str | None = Field(description="the challenged account's name")
    by: str | None = Field(description="the challenger's name")
    status: Literal["pending", "accepted", "declined", "cancelled", "abandoned"]
    created_at: str
    answered_at: str | None


class ChallengeLists(Strict):
    received: list[Challenge]
    sent: list[Challenge]
