"""The balance lab's report: simulation results as one self-contained HTML page.

``results`` reads runs back as played games, ``metrics`` computes what any
game's results tell (seat advantage, spread, length, drama, decisiveness,
skill), ``paired`` compares an experiment's two rule sets game by game, and
``build`` puts them together.  What only a game's rules give meaning to
(Exhibition's showcases, say) is the game's own (``games/<name>/report.py``),
handed over by its plug-in; the blocks both are built from (page, charts,
played games, rates, measures) are the kit's (:mod:`vitrine.kit.report`).
Every plot is followed by a table of the numbers it draws.
"""
