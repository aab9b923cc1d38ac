"""Turn clocks: seconds per decision, and when the game started.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("clock_seconds", sa.Integer(), nullable=True))
    op.add_column("game_tables", sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("started_at")
        batch.drop_column("clock_seconds")
