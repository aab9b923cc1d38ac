"""The web server: lobby, tables, turns, records and live updates over HTTP and WebSockets.

Everything here is game-independent: it reaches a game only through the engine
protocol (``get_game``, ``new_game``, ``apply_action``, ``view``), so a new
game needs no server change, only its own page renderer under ``vitrine.web``.
"""
