"""Accounts: people, the names they have had, their sessions and passkeys; seats they hold.

``accounts`` keeps a deleted account's row with its personal fields erased
(``deleted_at``), so finished games still name the seat's account.
``account_names`` holds the look-alike keys of every name an account has had
(its primary key refuses a second account with a name like it).
``account_sessions`` keeps the SHA-256 of each session cookie, never the
cookie.  ``passkeys`` and ``passkey_challenges`` are WebAuthn's credentials
and ceremonies under way.  ``seats.account_id``: the account that holds a
human seat, if its player was signed in; ``game_tables.host_account_id``: the
account that created the table, signed in, which may act as its host.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None
SEAT_ACCOUNT = "fk_seats_account_id"


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "account_names",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_names_account_id", "account_names", ["account_id"])
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("handle", sa.String(24), nullable=False, unique=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("agent", sa.String(120), nullable=False),
        sa.Column("method", sa.String(16), nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table(
        "passkeys",
        sa.Column("credential_id", sa.String(400), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("transports", sa.JSON(), nullable=False),
        sa.Column("label", sa.String(60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_passkeys_account_id", "passkeys", ["account_id"])
    op.create_table(
        "passkey_challenges",
        sa.Column("handle", sa.String(48), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("challenge", sa.LargeBinary(), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_passkey_challenges_account_id", "passkey_challenges", ["account_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
        batch.create_foreign_key(SEAT_ACCOUNT, "accounts", ["account_id"], ["id"])
        batch.create_index("ix_seats_account_id", ["account_id"])
    # No foreign key: SQLite adds one only by rebuilding the table, which the rows of
    # seats and decisions referring to it forbid; an account's row is never deleted.
    op.add_column("game_tables", sa.Column("host_account_id", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("host_account_id")
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_constraint(SEAT_ACCOUNT, type_="foreignkey")
        batch.drop_column("account_id")
    op.drop_table("passkey_challenges")
    op.drop_table("passkeys")
    op.drop_table("account_sessions")
    op.drop_table("account_names")
    op.drop_table("accounts")
