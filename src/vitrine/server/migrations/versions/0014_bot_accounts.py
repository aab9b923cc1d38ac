"""The bot API: bot accounts, their API tokens, and challenges.

``accounts.bot``: the owner marked the account as a bot (for good, before it
held any seat); ``seats.bot``: the seat's account is a bot's, so every page
labels it without another look-up.  ``api_tokens`` keeps each token's
SHA-256 (never the token), its scopes and its last use.  ``game_challenges``:
a seat reserved for an account at a table a person made, and its answer.

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "accounts", sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column(
        "seats", sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "api_tokens",
        sa.Column("handle", sa.String(24), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("label", sa.String(60), nullable=False),
        sa.Column("scopes", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_api_tokens_account_id", "api_tokens", ["account_id"])
    op.create_table(
        "game_challenges",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("by_account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_game_challenges_account_id", "game_challenges", ["account_id"])
    op.create_index("ix_game_challenges_by_account_id", "game_challenges", ["by_account_id"])


def downgrade() -> None:
    op.drop_table("game_challenges")
    op.drop_table("api_tokens")
    # Plain ALTER TABLE ... DROP COLUMN (SQLite has it since 3.35): a batch copy of
    # ``accounts`` would drop the table every other one refers to, which SQLite refuses.
    op.drop_column("seats", "bot")
    op.drop_column("accounts", "bot")
