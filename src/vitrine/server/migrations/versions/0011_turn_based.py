"""Turn-based tables: what a missed deadline does, and whose turn it is.

``game_tables.on_timeout`` (``bot``, as every older table's clock did, or
``end``), ``timed_out`` (the seat whose missed deadline ended the game) and
``turn_account_id`` (the account whose decision the table awaits; indexed:
"how many games wait for me" is one query).  The playing tables of older
databases get their ``turn_account_id`` here, from their records replayed,
so the 24 h tables of before count for their players at once.

Revision ID: 0011
Revises: 0010
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "game_tables",
        sa.Column("on_timeout", sa.String(8), nullable=False, server_default="bot"),
    )
    op.add_column("game_tables", sa.Column("timed_out", sa.Integer()))
    op.add_column("game_tables", sa.Column("turn_account_id", sa.String(32)))
    op.create_index("ix_game_tables_turn_account_id", "game_tables", ["turn_account_id"])
    fill_turns(op.get_bind())


def fill_turns(connection: sa.Connection) -> None:
    """Whose turn it is at each playing table with an account seated, its game replayed."""
    from vitrine.games import get_game  # the engines, only where a table needs replaying

    tables = connection.execute(
        sa.text(
            "SELECT id, game, options, seed, rules_version FROM game_tables t "
            "WHERE status = 'playing' AND EXISTS (SELECT 1 FROM seats s "
            "WHERE s.table_id = t.id AND s.account_id IS NOT NULL)"
        )
    ).all()
    for table_id, game_name, options, seed, rules_version in tables:
        seats = connection.execute(
            sa.text(
                "SELECT name, kind, substituted, account_id FROM seats "
                "WHERE table_id = :id ORDER BY position"
            ),
            {"id": table_id},
        ).all()
        actions = connection.execute(
            sa.text("SELECT text FROM actions WHERE table_id = :id ORDER BY number"),
            {"id": table_id},
        ).scalars()
        if isinstance(options, str):  # SQLite hands JSON back as text to a textual query
            options = json.loads(options)
        game = get_game(game_name)
        state = game.new_game([s.name or "" for s in seats], options, seed, rules_version)
        for action in actions:
            state.apply_action(action)
        to_act = None if state.is_over else state.current_player
        if to_act is None:
            continue
        seat = seats[to_act]
        if seat.kind == "human" and not seat.substituted and seat.account_id is not None:
            connection.execute(
                sa.text("UPDATE game_tables SET turn_account_id = :a WHERE id = :id"),
                {"a": seat.account_id, "id": table_id},
            )


def downgrade() -> None:
    op.drop_index("ix_game_tables_turn_account_id", "game_tables")
    for column in ("turn_account_id", "timed_out", "on_timeout"):  # SQLite drops them too
        op.drop_column("game_tables", column)
