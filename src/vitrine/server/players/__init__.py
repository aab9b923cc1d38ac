"""Players: what follows a person from one game to the next.

Their games (My games), profiles and leaderboards (``store``, ``routes``),
whose turn it is (``turns``), the ratings a rated table's end moves
(``standings``, handed to play's store by the app) and their rebuild from the
records (``rebuild``), marking an account a bot (``bot_accounts``), and the
person's data across every capability: its export and erasure (``erasure``).
"""
