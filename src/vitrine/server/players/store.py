"""The players' queries: the tables an account sat at, its ratings and their
history, the rating changes of tables, and the leaderboards' rows
(``service.py`` makes the pages' answers of them).
"""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, exists, select, true
from sqlalchemy.orm import Session

from vitrine.ratings import PROVISIONAL_SIGMA
from vitrine.server.accounts.models import AccountRow
from vitrine.server.orm import aware
from vitrine.server.play.models import SeatRow, TableRow
from vitrine.server.players.models import RatedGameRow, RatingChangeRow, RatingRow

LEADERS = 100


@dataclass(frozen=True)
class SeatAt:
    """A table and the seat an account holds there."""

    table: TableRow
    seat: int


class ProfileStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def tables_of(
        self, account_id: str, statuses: tuple[str, ...], offset: int, limit: int
    ) -> list[SeatAt]:
        """The account's tables of these statuses, the newest first."""
        with Session(self.engine, expire_on_commit=False) as session:
            seat = select(SeatRow.position).where(
                SeatRow.table_id == TableRow.id, SeatRow.account_id == account_id
            )
            rows = session.execute(
                select(TableRow, seat.scalar_subquery())
                .where(TableRow.status.in_(statuses), exists(seat))
                .order_by(TableRow.finished_at.desc(), TableRow.created_at.desc())
                .offset(offset)
                .limit(limit)
            ).all()
            return [SeatAt(table, position) for table, position in rows]

    def changes(self, account_id: str, table_ids: list[str]) -> dict[str, RatingChangeRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.execute(
                select(RatedGameRow.table_id, RatingChangeRow)
                .join(RatingChangeRow, RatingChangeRow.rated_game_id == RatedGameRow.id)
                .where(
                    RatingChangeRow.account_id == account_id,
                    RatedGameRow.table_id.in_(table_ids),
                )
            ).all()
            return {table_id: change for table_id, change in rows}  # noqa: C416 (rows of two)

    def table_changes(self, table_id: str) -> list[tuple[RatingChangeRow, str | None]]:
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.execute(
                select(RatingChangeRow, AccountRow.name)
                .join(RatedGameRow, RatingChangeRow.rated_game_id == RatedGameRow.id)
                .join(AccountRow, AccountRow.id == RatingChangeRow.account_id)
                .where(RatedGameRow.table_id == table_id)
                .order_by(RatingChangeRow.seat)
            ).all()
            return [(change, name) for change, name in rows]

    def ratings(self, account_id: str) -> list[RatingRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(select(RatingRow).where(RatingRow.account_id == account_id))
            )

    def history(self, account_id: str) -> list[tuple[str, datetime, float, float]]:
        """(game, when, mu, sigma) after each rated game, in the order applied."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(
                    RatedGameRow.game,
                    RatedGameRow.finished_at,
                    RatingChangeRow.mu_after,
                    RatingChangeRow.sigma_after,
                )
                .join(RatingChangeRow, RatingChangeRow.rated_game_id == RatedGameRow.id)
                .where(RatingChangeRow.account_id == account_id)
                .order_by(RatedGameRow.id)
            ).all()
            return [(game, aware(at), mu, sigma) for game, at, mu, sigma in rows]

    def leaders(
        self, game: str, since: datetime, bots: bool = False
    ) -> list[tuple[RatingRow, str]]:
        """The people's leaders (settled ratings), or the bots' (``bots``: their
        provisional ratings too, marked so, since a bot plays whoever challenges it)."""
        settled = RatingRow.sigma <= PROVISIONAL_SIGMA
        with Session(self.engine, expire_on_commit=False) as session:
            rows = session.execute(
                select(RatingRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(
                    RatingRow.game == game,
                    AccountRow.bot.is_(bots),
                    true() if bots else settled,
                    RatingRow.updated_at >= since,
                    AccountRow.deleted_at.is_(None),
                )
                .order_by(RatingRow.mu.desc(), AccountRow.name)
                .limit(LEADERS)
            ).all()
            return [(rating, name or "") for rating, name in rows]
