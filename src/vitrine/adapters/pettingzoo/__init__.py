"""One PettingZoo environment module per game, named and versioned as PettingZoo's own are.

``from vitrine.adapters.pettingzoo import exhibition_v1`` then
``exhibition_v1.env(players=3, render_mode="ansi")``, as with
``pettingzoo.classic.chess_v6``; see :mod:`vitrine.adapters.pettingzoo_env`.
"""
