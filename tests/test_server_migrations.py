"""Migrations: an old database is upgraded with its tables kept, and every step reverts."""

import pytest
from alembic import command
from sqlalchemy import inspect, text

from vitrine.server.database import alembic_config, make_engine, migrate

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI


def test_an_old_database_is_upgraded_keeping_its_tables(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine, "0001")
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO game_tables (id, game, options, seed, status, host_token_hash,"
                " created_at) VALUES ('old', 'exhibition', '{}', 7, 'open', 'x', :now)"
            ),
            {"now": "2026-01-01 00:00:00"},
        )
    migrate(engine)
    with engine.connect() as connection:
        row = connection.execute(text("SELECT id, clock_seconds, hints FROM game_tables")).one()
    assert tuple(row) == ("old", None, False)  # an old table allowed no hints
    assert "reviews" in inspect(engine).get_table_names()
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    engine.dispose()
