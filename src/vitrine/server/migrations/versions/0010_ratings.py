"""Rated tables and ratings: a table may be rated; its end is kept (when, and
each seat's rank); ratings per game and account, and every change to them.

``game_tables.rated``, ``finished_at`` and ``ranks`` (older finished tables
keep none: My games then shows their result from the record).  Ratings are
doubles: ``vitrine ratings rebuild`` compares them exactly with a rebuild.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "game_tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("game_tables", sa.Column("finished_at", sa.DateTime(timezone=True)))
    op.add_column("game_tables", sa.Column("ranks", sa.JSON()))
    op.create_table(
        "rated_games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=False, unique=True
        ),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("rated_game_id", sa.Integer(), sa.ForeignKey("rated_games.id"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Double(), nullable=False),
        sa.Column("sigma_before", sa.Double(), nullable=False),
        sa.Column("mu_after", sa.Double(), nullable=False),
        sa.Column("sigma_after", sa.Double(), nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_updated_at", "ratings", ["updated_at"])


def downgrade() -> None:
    op.drop_table("ratings")
    op.drop_table("rating_changes")
    op.drop_table("rated_games")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("ranks")
        batch.drop_column("finished_at")
        batch.drop_column("rated")
