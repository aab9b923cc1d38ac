"""Rate limits every process shares: ``rate_counts``, one row per limit, key
(its SHA-256) and fixed window, counted by atomic upserts (``ratelimit.py``).

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_counts",
        sa.Column("limit_name", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("seconds", sa.Integer(), nullable=False),
        sa.Column("start", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("limit_name", "key_hash", "seconds", "start"),
    )


def downgrade() -> None:
    op.drop_table("rate_counts")
