"""The balance lab report's building blocks, in the kit so that a game's own
report sections (``games/<name>/report.py``) can be written from them while
importing only the engine and the kit.

``played`` (the games a report reads: seats, configurations, positions
replayed), ``rates`` (shares with their Wilson intervals), ``measures`` (one
game's metrics, compared pair by pair in experiments), ``page`` (sections,
tables and the page they make), ``charts`` (matplotlib's inline SVG) and
``game_report`` (what a game's plug-in hands the report).  The report
itself, which reads runs and puts every section together, is
:mod:`vitrine.report`.
"""
