"""Open seats, rematches and table chat.

A table says whether its empty seats may be claimed by anyone from the lobby
(``seats_open``) and which table it is the rematch of (``rematch_of``, unique:
one rematch per table).  The statuses ``abandoned`` and ``cancelled`` need no
column.  ``chat_messages`` keeps a table's chat, one row per line.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "game_tables",
        sa.Column("seats_open", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("game_tables", sa.Column("rematch_of", sa.String(32), nullable=True))
    op.create_index("ix_game_tables_rematch_of", "game_tables", ["rematch_of"], unique=True)
    op.create_table(
        "chat_messages",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_messages")
    op.drop_index("ix_game_tables_rematch_of", "game_tables")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rematch_of")
        batch.drop_column("seats_open")
