"""Review: the coach on the server, hints during a game and reviews after it.

``coaching`` runs the coach in a worker process, with the reviews in progress
leased in the database (``store``, ``models``); ``service`` says which table
may ask what of it, reading the tables through play's service; ``routes``
also serve a finished game's record and replay.
"""
