"""The coach's tables: a finished table's review, and the reviews on their way."""

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from vitrine.server.orm import Base, utcnow
from vitrine.server.play.models import TableRow  # noqa: F401  (reviews.table_id)


class ReviewRow(Base):
    """A finished table's review by the coach, kept so nobody waits for it twice."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)


class ReviewJobRow(Base):
    """A review by the coach on its way (or an uploaded record's, done), readable by
    every server process: the one running it renews ``expires_at`` like a lease,
    so a review whose process died is known as interrupted."""

    __tablename__ = "review_jobs"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    error: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
