"""The balance lab's report: simulation results as one self-contained HTML page.

``metrics`` computes what any game's results tell (seat advantage, spread,
length, drama, decisiveness, skill), ``exhibition`` what only Exhibition's
rules give meaning to (showcases, depot, the One Continent claim, cards),
``svg`` draws and ``page`` lays out; ``build`` puts them together.  Every
plot is followed by a table of the numbers it draws.
"""
