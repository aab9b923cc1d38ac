"""The coach's reviews in the database: a finished table's review, kept so nobody
waits for it twice, and the reviews on their way (``review_jobs``), which
every server process can answer for.  ``Store`` has these as its own."""

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.orm import Session

from vitrine.server.models import ReviewJobRow, ReviewRow, aware, utcnow


class ReviewStore:
    engine: Engine

    def save_review(self, table_id: str, review: dict[str, Any]) -> None:
        with Session(self.engine) as session:
            session.merge(ReviewRow(table_id=table_id, created_at=utcnow(), review=review))
            session.commit()

    def load_review(self, table_id: str) -> dict[str, Any] | None:
        with Session(self.engine) as session:
            row = session.get(ReviewRow, table_id)
            return None if row is None else row.review

    def load_job(self, key: str) -> ReviewJobRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(ReviewJobRow, key)

    def begin_job(self, job: ReviewJobRow, now: datetime) -> bool:
        """Start ``job`` unless a living process runs or has done it; whether it started."""
        with Session(self.engine) as session:
            kept = session.get(ReviewJobRow, job.key, with_for_update=True)
            if kept is not None and (
                kept.status == "done" or (kept.status == "running" and aware(kept.expires_at) > now)
            ):
                return False
            session.merge(job)
            session.commit()
            return True

    def update_job(self, key: str, owner: str, changes: dict[str, Any]) -> None:
        """Progress or the end of a review this process runs."""
        with Session(self.engine) as session:
            session.execute(
                update(ReviewJobRow)
                .where(ReviewJobRow.key == key, ReviewJobRow.owner == owner)
                .values(updated_at=utcnow(), **changes)
            )
            session.commit()

    def delete_job(self, key: str) -> None:
        with Session(self.engine) as session:
            session.execute(delete(ReviewJobRow).where(ReviewJobRow.key == key))
            session.commit()

    def forget_old_uploads(self, kept: int) -> None:
        """Keep the newest finished reviews of uploaded records (tables' have ``reviews``)."""
        with Session(self.engine) as session:
            old = (
                select(ReviewJobRow.key)
                .where(ReviewJobRow.key.like("record-%"), ReviewJobRow.status != "running")
                .order_by(ReviewJobRow.updated_at.desc())
                .offset(kept)
            )
            session.execute(delete(ReviewJobRow).where(ReviewJobRow.key.in_(old.scalar_subquery())))
            session.commit()
