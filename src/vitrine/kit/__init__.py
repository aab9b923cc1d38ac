"""The shared kit below the games: what a game builds its plug-in from.

A game's package imports the engine and this kit, nothing above them; the
shared rooms (command line, server, adapters, lab) import the kit too and
reach a game only through the registry (:mod:`vitrine.games`).  So the kit
imports nothing but the engine: ``plugin`` (what a game hands over),
``encoding`` (observations as arrays), ``chance`` (randomness as chance
events), ``render`` (the terminal's picture), ``stats`` (intervals for
what is measured), ``report`` (the balance lab report's building blocks,
and the ``GameReport`` a game hands it), ``solo`` (a solo challenge's score
to beat and solver), ``game`` (the bases every game's definition and state
share) and ``conformance`` (the protocol's promises, checked by playing).
"""
