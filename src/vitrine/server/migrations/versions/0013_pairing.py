"""Quick pairing: ``pairing_requests``, one row per person asking for a game.

Indexed for what the matchers ask every round: the waiting requests of one
compatibility key, and those past their expiry.

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pairing_requests",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("clock_seconds", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id")),
        sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("person", sa.String(40), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("seat_token_hash", sa.String(64)),
        sa.Column("rating", sa.Integer()),
        sa.Column("rating_min", sa.Integer()),
        sa.Column("rating_max", sa.Integer()),
        sa.Column("bots_after", sa.Integer()),
        sa.Column("bots_due", sa.DateTime(timezone=True)),
        sa.Column("bot_level", sa.String(16)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claim", sa.String(32)),
        sa.Column("claimed_until", sa.DateTime(timezone=True)),
        sa.Column("paired_at", sa.DateTime(timezone=True)),
        sa.Column("table_id", sa.String(32)),
        sa.Column("seat", sa.Integer()),
        sa.Column("token_handed", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_pairing_requests_account_id", "pairing_requests", ["account_id"])
    op.create_index("ix_pairing_requests_person", "pairing_requests", ["person"])
    op.create_index("ix_pairing_waiting", "pairing_requests", ["status", "key", "created_at"])
    op.create_index("ix_pairing_expiring", "pairing_requests", ["status", "expires_at"])


def downgrade() -> None:
    op.drop_table("pairing_requests")
