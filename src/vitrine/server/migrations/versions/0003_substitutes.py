"""Seats handed to a bot remember when and why, for the record's ``substitutes``.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("substituted_after", sa.Integer(), nullable=True))
    op.add_column("seats", sa.Column("substituted_why", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("substituted_why")
        batch.drop_column("substituted_after")
