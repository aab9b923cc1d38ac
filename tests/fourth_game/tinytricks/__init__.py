"""Tiny Tricks, the fourth game: it lives only under tests/, to prove that a
game plugs into the whole of vitrine from its own folder (docs/adding-a-game.md).

2 to 4 players are dealt 3 of the cards 1 to 12; the rest stay hidden.  Three
tricks: from the leader on, each player plays a card of their hand, the
highest wins the trick and leads the next.  The most tricks wins.
"""
