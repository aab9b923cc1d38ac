"""Notifications: what each account asked to be told and how, its e-mail address,
its browsers' push subscriptions, the outbox of messages to send, and the
secrets a server generates once (models.py says what each holds).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def account() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "notification_choices",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("channel", sa.String(8), primary_key=True),
    )
    op.create_table(
        "account_emails",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("verified_at", sa.DateTime(timezone=True)),
        sa.Column("token_hash", sa.String(64), unique=True),
        sa.Column("token_expires_at", sa.DateTime(timezone=True)),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(24), primary_key=True),
        account(),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_push_subscriptions_account_id", "push_subscriptions", ["account_id"])
    op.create_table(
        "notification_outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        account(),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("target", sa.String(24)),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32)),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_by", sa.String(200)),
        sa.Column("claimed_until", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True)),
        sa.Column("error", sa.String(200)),
    )
    op.create_index("ix_notification_outbox_account_id", "notification_outbox", ["account_id"])
    op.create_index("ix_notification_outbox_status", "notification_outbox", ["status"])
    op.create_index("ix_notification_outbox_due_at", "notification_outbox", ["due_at"])
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    for table in (
        "server_secrets",
        "notification_outbox",
        "push_subscriptions",
        "account_emails",
        "notification_choices",
    ):
        op.drop_table(table)
