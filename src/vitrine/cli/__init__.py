"""The ``vitrine`` command line: play, replay, list legal turns, count with perft.

The commands speak to games only through the engine protocol; what a view
looks like on a terminal is the one game-specific part, chosen by game name
in :mod:`vitrine.cli.render`.
"""
