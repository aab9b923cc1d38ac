"""The games in the environments researchers already use: PettingZoo, Gymnasium, OpenSpiel.

Each adapter is an optional extra (``pip install 'vitrine[pettingzoo]'``,
``[gymnasium]``, ``[openspiel]``) and is imported by its own module, so the
engine never needs them.  Every adapter speaks the engine protocol's integer
action ids and reads a player's observation from ``state.view(player)`` alone,
so an agent learns under exactly the hidden-information rules a person plays
under.  What is game-specific (how a view becomes arrays) lives in one small
module per game, found through :func:`vitrine.adapters.encoding.encoding_for`.
"""
