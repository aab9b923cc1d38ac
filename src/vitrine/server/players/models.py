"""The ratings' tables.

Ratings move only when a rated table ends, in the transaction that commits
its last decision: ``rated_games`` numbers those tables in the order their
ratings were applied, ``rating_changes`` keeps each rated seat's rating
before and after, and ``ratings`` each (game, account)'s current one.
``vitrine ratings rebuild`` replays the records in that order and must find
the same figures (vitrine.ratings: ``apply`` folded over the games).
"""

from datetime import datetime

from sqlalchemy import (
    DateTime,
    Double,
    ForeignKey,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from vitrine.server.accounts.models import AccountRow  # noqa: F401  (foreign keys)
from vitrine.server.orm import Base
from vitrine.server.play.models import TableRow  # noqa: F401  (rated_games.table_id)


class RatedGameRow(Base):
    __tablename__ = "rated_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), unique=True)
    game: Mapped[str] = mapped_column(String(40))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChangeRow(Base):
    __tablename__ = "rating_changes"

    rated_game_id: Mapped[int] = mapped_column(ForeignKey("rated_games.id"), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu_after: Mapped[float] = mapped_column(Double)
    sigma_after: Mapped[float] = mapped_column(Double)


class RatingRow(Base):
    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
