"""Many server processes on one database: table versions, leases, shared reviews.

``game_tables.version`` counts a table's changes: every write checks it and
adds one in the same transaction, so a process whose copy is behind learns it
instead of overwriting.  ``watched_until`` says until when some process has
someone watching the table (the lobby lists those first).  ``table_leases``
names the process that runs a table's bots and clock, until when.
``review_jobs`` keeps the coach's reviews in progress (and uploaded records'
reviews), so that any process can answer for them.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "game_tables", sa.Column("version", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column(
        "game_tables", sa.Column("watched_until", sa.DateTime(timezone=True), nullable=True)
    )
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("owner", sa.String(200), nullable=False, index=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "review_jobs",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=True),
        sa.Column("error", sa.JSON(), nullable=True),
        sa.Column("owner", sa.String(200), nullable=False, index=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("review_jobs")
    op.drop_table("table_leases")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("watched_until")
        batch.drop_column("version")
