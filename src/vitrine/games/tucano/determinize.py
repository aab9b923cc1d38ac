"""What nobody can see, and full states consistent with a player's view:
how bots reason without cheating.

Two things are hidden from every player (T-6): the draw pile's order and
the contents of the face-down piles.  What the public count tells about them:
the first ``upper_half`` cards drawn are fruit (the toucans were shuffled
into the lower half only, T-2), so while fewer have been drawn, the top
``upper_half - drawn`` cards of the pile hold no toucan; the face-down piles
hold fruit and the joker only (toucans are always discarded); and every
unseen toucan lies in the lower part of the pile.  Dealing the unseen cards
at random under exactly these constraints gives every consistent position
the same chance.

A determinization counts which cards nobody can see (all 70 less the
columns, face-up cards, waiting toucans and discards), then deals them with
:func:`deal_hidden`; search re-deals a sample the same way between its
iterations.  Once the turns are over the piles are turned over and the view
shows them: then nothing is left to sample.
"""

from collections.abc import Mapping
from random import Random
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.games.tucano.cards import CardTable
from vitrine.games.tucano.config import NOBODY, make_config
from vitrine.games.tucano.rules import Rules
from vitrine.games.tucano.state import TucanoState
from vitrine.kit.game import Views


def _kind(table: CardTable, name: str) -> int:
    kind = table.kind_of(name)
    if kind is None:
        raise VitrineError(f"view names no card {name!r}")
    return kind


def determinize(
    table: CardTable, rules: Rules, views: Views[Any], view: Mapping[str, Any], rng: Random
) -> TucanoState:
    """A state matching ``view`` (played under ``rules``, the view's
    version) with the hidden parts sampled from ``rng``; ``views``: what its
    configuration carries (``state_views``)."""
    full = tuple(kind for kind, count in enumerate(table.counts) for _ in range(count))
    state = TucanoState(make_config(table, view["players"], None, full, True, rules, views))
    unseen = list(table.counts)
    state.columns = [[_kind(table, name) for name in c["cards"]] for c in view["columns"]]
    state.discards = [_kind(table, name) for name in view["discards"]]
    state.pending = [view["pending"][table.names[table.flip + i]] for i in range(3)]
    state.faceup = [[0] * (table.joker + 1) for _ in view["players"]]
    for seat, hand in enumerate(view["hands"]):
        for name, count in hand["faceup"].items():
            state.faceup[seat][_kind(table, name)] = count
    seen = [k for column in state.columns for k in column] + state.discards
    seen += [table.flip + i for i, count in enumerate(state.pending) for _ in range(count)]
    seen += [k for hand in state.faceup for k, count in enumerate(hand) for _ in range(count)]
    for kind in seen:
        unseen[kind] -= 1
    hidden = [kind for kind, count in enumerate(unseen) for _ in range(max(count, 0))]
    sizes = [list(hand["piles"]) for hand in view["hands"]]
    deck_count = view["deck_count"]
    if min(unseen) < 0 or len(hidden) != deck_count + sum(map(sum, sizes)):
        raise VitrineError(
            "view is inconsistent: the visible cards and hidden counts do not add up"
        )
    state.draw_pile = hidden[:deck_count]
    state.piles = []
    dealt = deck_count
    for seat_sizes in sizes:
        piles = []
        for size in seat_sizes:
            piles.append(hidden[dealt : dealt + size])
            dealt += size
        state.piles.append(piles)
    if "revealed" in view:
        state.piles = [
            [[_kind(table, n) for n in pile] for pile in piles] for piles in view["revealed"]
        ]
    else:
        deal_hidden(state, rng)
    current = view["current_player"]
    state.current = NOBODY if current is None else current
    state.joker_due = view["phase"] == "joker"
    state.turn = view["turn"] - (1 if view["phase"] == "turns" else 0)
    state.history = [state.config.notation.parse_turn(text) for text in view.get("turns", [])]
    state.partial = []
    return state


def toucan_free_top(upper_half: int, deck_size: int, left: int) -> int:
    """How many of the ``left`` cards on top of the pile are surely not toucans."""
    return max(0, upper_half - (deck_size - left))


def deal_hidden(state: TucanoState, rng: Random) -> None:
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
