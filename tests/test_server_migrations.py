"""Migrations: an old database is upgraded with its tables kept, and every step reverts."""

import time

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from vitrine.engine.record import Record
from vitrine.games.dontgointhere import DontGoInThereGame
from vitrine.server.app import create_app
from vitrine.server.database import alembic_config, make_engine, migrate

pytestmark = pytest.mark.timeout(120)  # a hang fails the test instead of stalling CI


def test_an_old_database_is_upgraded_keeping_its_tables(empty_database_url: str) -> None:
    engine = make_engine(empty_database_url)
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
        row = connection.execute(
            text("SELECT id, clock_seconds, rules_version, hints FROM game_tables")
        ).one()
    assert tuple(row) == ("old", None, "exhibition-2026.1", False)  # no hints then
    assert "reviews" in inspect(engine).get_table_names()
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    engine.dispose()


def test_a_table_of_earlier_rules_plays_on_under_them_after_the_upgrade(
    empty_database_url: str,
) -> None:
    """A Don't Go In There table stored before revision 0004 began under
    dontgointhere-2026.1, whose Library took the right one of two identical
    cards unasked: its stored ``MA1`` would be ambiguous today (G-11).  After
    the upgrade it is rebuilt, and its bots finish it, under its own rules."""
    engine = make_engine(empty_database_url)
    migrate(engine, "0003")
    now = "2026-01-01 00:00:00"
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO game_tables (id, game, options, seed, status, host_token_hash,"
                " created_at, started_at) VALUES"
                " ('old', 'dontgointhere', '{}', 11, 'playing', 'x', :now, :now)"
            ),
            {"now": now},
        )
        for seat in range(3):
            connection.execute(
                text(
                    "INSERT INTO seats (table_id, position, kind, level, name, substituted)"
                    " VALUES ('old', :seat, 'bot', 'beginner', :name, false)"
                ),
                {"seat": seat, "name": f"Bot {seat}"},
            )
        for number, (seat, decision) in enumerate([(0, "L1"), (1, "L2"), (2, "L3"), (0, "MA1")]):
            connection.execute(
                text(
                    "INSERT INTO actions (table_id, number, seat, text, created_at)"
                    " VALUES ('old', :number, :seat, :text, :now)"
                ),
                {"number": number, "seat": seat, "text": decision, "now": now},
            )
    migrate(engine)
    with engine.connect() as connection:
        version = connection.execute(text("SELECT rules_version FROM game_tables")).scalar_one()
    assert version == "dontgointhere-2026.1"
    engine.dispose()
    with TestClient(create_app(empty_database_url, bot_delay=0)) as client:
        deadline = time.monotonic() + 60
        while (table := client.get("/api/tables/old").json())["table"]["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish the table"
            time.sleep(0.05)
        assert table["view"]["rules_version"] == "dontgointhere-2026.1"
        record = client.get("/api/tables/old/record").json()
    assert record["rules_version"] == "dontgointhere-2026.1"
    assert record["turns"][:4] == ["L1", "L2", "L3", "MA1"]
    assert (
        DontGoInThereGame().replay(Record.from_dict(record, DontGoInThereGame.setup_fields)).is_over
    )


def test_the_migrations_make_the_schema_the_models_describe(empty_database_url: str) -> None:
    """Alembic's own comparison finds nothing between the migrated database and
    the models (a column added to one and not the other fails here)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from vitrine.server.orm import Base

    engine = make_engine(empty_database_url)
    migrate(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []
