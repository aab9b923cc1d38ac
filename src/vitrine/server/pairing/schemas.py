"""The quick-pairing requests' bodies (and so their OpenAPI document)."""

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, StrictBool

from vitrine.server import schemas
from vitrine.server.pairing.service import BOT_WAITS, CLOCKS
from vitrine.server.schemas import GameName, Level, Strict

RATING_LIMIT = 10_000  # past any rating the model gives


def one_of(choices: tuple[int, ...]) -> Any:
    """A number among ``choices``, said so in the OpenAPI document."""

    def check(value: int) -> int:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(map(str, choices))}")
        return value

    return [AfterValidator(check), Field(json_schema_extra={"enum": list(choices)})]


class PairingAsk(Strict):
    """A game to be paired for.  Refused with a code: a player count the game does
    not take (``player_count``); a guest asking for a rated or turn-based game or
    a rating range (``pairing_needs_account``); a range given twice
    (``rating_range_twice``) or holding no rating (``rating_range_empty``); more
    open requests than a person may have (``pairing_open_limit``)."""

    game: GameName
    players: int = Field(ge=1, le=16, description="the table's seats, people and bots")
    clock_seconds: Annotated[int, *one_of(CLOCKS)] = Field(
        default=CLOCKS[0],
        description="seconds per decision: 60 plays live, a day or more turn-based (accounts only)",
    )
    rated: StrictBool = Field(default=False, description="the result moves ratings (accounts only)")
    name: str | None = Field(
        default=None,
        max_length=schemas.NAME_FIELD,
        description="a guest's name at the table (an account sits under its own)",
    )
    rating_min: int | None = Field(default=None, ge=0, le=RATING_LIMIT)
    rating_max: int | None = Field(default=None, ge=0, le=RATING_LIMIT)
    rating_spread: int | None = Field(
        default=None, ge=0, le=RATING_LIMIT, description="the range as ± around one's own rating"
    )
    bots_after: Annotated[int, *one_of(BOT_WAITS)] | None = Field(
        default=None,
        description="seconds after which the seats nobody took go to bots; none: never",
    )
    bot_level: Level = Field(default="casual", description="the bots' strength")


class PairingInfo(BaseModel):
    id: str
    game: str
    players: int
    clock_seconds: int
    rated: bool
    status: Literal["waiting", "paired", "expired", "cancelled"]
    rating: int | None = Field(description="the asker's rating in this game when asked")
    rating_min: int | None
    rating_max: int | None
    bots_after: int | None
    bot_level: str | None
    created_at: datetime
    expires_at: datetime
    table: str | None = Field(description="the table, once paired")
    seat: int | None = Field(description="the asker's seat at it")
    seat_token: str | None = Field(
        description="a guest's seat token: in the first read after the pairing only"
    )


class CreatedPairing(BaseModel):
    request: PairingInfo
    token: str = Field(description="reads and cancels the request: its only copy")


class Looking(BaseModel):
    people: dict[str, int] = Field(description="per game, the people looking for one now")
