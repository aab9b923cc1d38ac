"""Tables may allow hints; a finished table keeps its review.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "game_tables",
        sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("hints")
