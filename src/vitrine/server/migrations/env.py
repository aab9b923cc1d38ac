"""Alembic's entry point: migrations run on the connection ``database.migrate`` hands over."""

from alembic import context
from sqlalchemy.engine import Connection

from vitrine.server.models import Base

connection: Connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
