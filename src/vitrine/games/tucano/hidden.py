"""What nobody can see, and how to deal it anew for search.

Two things are hidden from every player (T-6): the draw pile's order and
the contents of the face-down piles.  What the public count tells about them:
the first ``upper_half`` cards drawn are fruit (the toucans were shuffled
into the lower half only, T-2), so while fewer have been drawn, the top
``upper_half - drawn`` cards of the pile hold no toucan; the face-down piles
hold fruit and the joker only (toucans are always discarded); and every
unseen toucan lies in the lower part of the pile.  Dealing the unseen cards
at random under exactly these constraints gives every consistent position
the same chance.
"""

from random import Random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vitrine.games.tucano.state import TucanoState


def toucan_free_top(upper_half: int, deck_size: int, left: int) -> int:
    """How many of the ``left`` cards on top of the pile are surely not toucans."""
    return max(0, upper_half - (deck_size - left))


def deal_hidden(state: "TucanoState", rng: Random) -> None:
    """Re-deal, in place, the draw pile and the face-down piles' contents."""
    table = state.config.table
    flip = table.flip
    unseen = state.draw_pile + [kind for piles in state.piles for pile in piles for kind in pile]
    toucans = [kind for kind in unseen if kind >= flip]
    fruit = [kind for kind in unseen if kind < flip]
    rng.shuffle(fruit)
    top = toucan_free_top(table.upper_half, table.deck_size, len(state.draw_pile))
    dealt = top
    for piles in state.piles:
        for index, pile in enumerate(piles):
            piles[index] = fruit[dealt : dealt + len(pile)]
            dealt += len(pile)
    lower = fruit[dealt:] + toucans
    rng.shuffle(lower)
    state.draw_pile = list(reversed(fruit[:top] + lower))
