"""The coach's reviews in the database: a finished table's review, kept so nobody
waits for it twice, and the reviews on their way (``review_jobs``), which
every server process can answer for.  A review in progress is leased to the
process that runs it, like a table (``play/leases.py``): it renews the lease
while it works and hands it back when it stops, so a review whose process
died is known as interrupted."""

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.orm import Session

from vitrine.server.orm import aware, utcnow
from vitrine.server.review.models import ReviewJobRow, ReviewRow


class ReviewStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

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

    def renew_job(self, key: str, owner: str, until: datetime) -> None:
        """``owner`` still runs the review of ``key``: its lease runs until ``until``."""
        with Session(self.engine) as session:
            session.execute(
                update(ReviewJobRow)
                .where(
                    ReviewJobRow.key == key,
                    ReviewJobRow.owner == owner,
                    ReviewJobRow.status == "running",
                )
                .values(expires_at=until)
            )
            session.commit()

    def release_jobs(self, owner: str) -> None:
        """A process that stops hands its reviews over at once (they read as interrupted)."""
        with Session(self.engine) as session:
            session.execute(
                update(ReviewJobRow)
                .where(ReviewJobRow.owner == owner, ReviewJobRow.status == "running")
                .values(expires_at=utcnow())
            )
            session.commit()
