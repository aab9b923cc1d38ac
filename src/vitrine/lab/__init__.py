"""The balance lab for designers, from Python: runs and experiments as data frames.

>>> from vitrine import lab
>>> games = lab.load("sim/3p")             # one row per seat of every game
>>> games.groupby("seat")["share"].mean()  # the win rate by seat

``load`` reads a ``vitrine simulate`` run or a ``vitrine experiment``
(whose rows say which ``side`` they belong to); ``read_overlay`` reads a
rule overlay file and checks it against its game.  The command line does
the rest: ``vitrine simulate``, ``vitrine experiment``, ``vitrine report``
(docs/lab.md).
"""

from vitrine.lab.data import load
from vitrine.lab.rules import read_overlay

__all__ = ["load", "read_overlay"]
