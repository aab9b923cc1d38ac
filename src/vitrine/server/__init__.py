"""The web server: a thin core and one folder per capability.

The core (this folder's modules) holds what every capability shares:
settings, the database and its one metadata (``orm.py``), middleware,
errors, the HTTP helpers and transport, and the pages.  Each capability is a
folder with its own routes, service, store, schemas and tables (``models.py``):
``accounts``, ``play``, ``review``, ``notifications``, ``players``,
``pairing`` and ``learn``.  A capability imports the core and the capabilities
below it, never one above; ``app.py`` alone assembles them all.
docs/server.md opens with the map, and tests/test_server_layout.py holds the
code to it.

Everything here is game-independent: it reaches a game only through the engine
protocol (``get_game``, ``new_game``, ``apply_action``, ``view``), so a new
game needs no server change, only its own page renderer under ``vitrine.web``.
"""
