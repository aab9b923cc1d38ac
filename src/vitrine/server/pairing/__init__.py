"""Quick pairing: a person asks for a game, and strangers asking for the same are
seated together at a new table within seconds (``service``: the requests and
the matcher every process runs; ``store``: the requests in the database;
``routes``: ask, read, cancel and who is looking).
"""
