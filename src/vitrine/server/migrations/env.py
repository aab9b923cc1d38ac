"""Alembic's entry point: migrations run on the connection ``database.migrate`` hands over.

One metadata and one chain of revisions for the whole server: every
capability declares its tables on ``orm.Base`` in its own ``models.py``, and
all of them are imported here, so that the metadata Alembic compares with a
database is the whole schema.
"""

from alembic import context
from sqlalchemy.engine import Connection

from vitrine.server import ratelimit as _ratelimit  # noqa: F401  (rate_counts)
from vitrine.server.accounts import models as _accounts  # noqa: F401
from vitrine.server.notifications import models as _notifications  # noqa: F401
from vitrine.server.orm import Base
from vitrine.server.pairing import models as _pairing  # noqa: F401
from vitrine.server.play import models as _play  # noqa: F401
from vitrine.server.players import models as _players  # noqa: F401
from vitrine.server.review import models as _review  # noqa: F401

connection: Connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
