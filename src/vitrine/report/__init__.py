"""The balance lab's report: simulation results as one self-contained HTML page.

``results`` reads runs back as played games, ``metrics`` computes what any
game's results tell (seat advantage, spread, length, drama, decisiveness,
skill), ``paired`` compares an experiment's two rule sets game by game, and
``build`` puts them together; ``exhibition``, ``tucano`` and
``dontgointhere`` add what only each game's rules give meaning to.  The
blocks they are built from (page, charts, played games, rates, measures)
are the kit's (:mod:`vitrine.kit.report`).
Every plot is followed by a table of the numbers it draws.
"""
