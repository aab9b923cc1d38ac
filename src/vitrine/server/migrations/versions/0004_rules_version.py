"""Each table remembers the rules version it was started under, and plays to its end under it.

Every table stored before this revision was started under the first rules
version of its game, ``<game>-2026.1``: the versions began there.  The
column stays nullable in the schema (SQLite cannot make an existing column
NOT NULL without rebuilding a table others refer to); this revision fills
every row and the server writes it for every new table.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("rules_version", sa.String(40), nullable=True))
    op.execute("UPDATE game_tables SET rules_version = game || '-2026.1'")


def downgrade() -> None:
    op.drop_column("game_tables", "rules_version")
