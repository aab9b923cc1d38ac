"""The players' response bodies: My games, profiles, leaderboards, the person's data."""

from typing import Any, Literal

from pydantic import Field

from vitrine.server.accounts.schemas import Account, Language, NameSince, Passkey, SessionInfo
from vitrine.server.notifications.schemas import NotificationSettings
from vitrine.server.play.schemas import TableInfo
from vitrine.server.schemas import Strict


class ExportedGame(Strict):
    table: TableInfo
    seat: int = Field(description="the seat the account held")
    record: dict[str, Any] | None = Field(description="the game's record, once it is over")


class Export(Strict):
    account: Account
    names: list[NameSince]
    sessions: list[SessionInfo]
    passkeys: list[Passkey]
    games: list[ExportedGame]
    notifications: NotificationSettings = Field(description="its e-mail address and choices")


class RatingChange(Strict):
    before: int
    after: int
    change: int
    provisional: bool = Field(description="after this game, still provisional (shown with '?')")


class GameInProgress(TableInfo):
    seat: int = Field(description="the seat the account holds")
    your_turn: bool


class FinishedGame(TableInfo):
    seat: int
    finished_at: str | None
    rank: int | None = Field(description="1 first; none: it ended before ranks were kept")
    outcome: Literal["won", "shared", "lost"] | None
    rating_change: RatingChange | None = Field(description="a rated game's change")


class MyGames(Strict):
    in_progress: list[GameInProgress]
    finished: list[FinishedGame]
    page: int
    page_size: int


class RatingInfo(Strict):
    rating: int
    provisional: bool
    games: int = Field(description="rated games played")


class RatingPoint(Strict):
    at: str
    rating: int


class GameRecord(Strict):
    game: str
    games: int = Field(description="finished games")
    wins: int
    rating: RatingInfo | None
    history: list[RatingPoint]


class Profile(Strict):
    name: str
    bot: bool = Field(default=False, description="a bot account")
    language: Language
    member_since: str
    games: list[GameRecord]
    recent: list[FinishedGame]


class Leader(RatingInfo):
    rank: int
    name: str


class Leaderboard(Strict):
    game: str
    active_days: int
    players: list[Leader]


class TableRating(RatingChange):
    seat: int
    name: str | None = Field(description="none: a deleted account")
