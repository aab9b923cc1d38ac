"""Full states consistent with a player's view: how bots reason without cheating.

The view hides the stock's order (and other players' secret decades).  A
determinization deals the unseen cards in a random order (and the unused
decades at random to the others), giving a state the viewer cannot tell from
the real one.  Bots search such samples and never touch the real state.
"""

from collections.abc import Mapping
from random import Random
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.games.exhibition.cards import NUM_CARDS, CardTable, card_from_label
from vitrine.games.exhibition.config import EMPTY, NOBODY, make_config
from vitrine.games.exhibition.layout import LayoutData
from vitrine.games.exhibition.options import Options
from vitrine.games.exhibition.state import ExhibitionState
from vitrine.games.exhibition.state_views import STATE_VIEWS


def _card(label: str) -> int:
    card = card_from_label(label)
    if card is None:
        raise VitrineError(f"view names no card {label!r}")
    return card


def determinize(
    table: CardTable,
    layout: LayoutData,
    overlay: Overlay | None,
    view: Mapping[str, Any],
    rng: Random,
) -> ExhibitionState:
    """A state matching ``view`` with the hidden parts sampled from ``rng``
    (``overlay``: the rule overlay the cards and layout come from, if any)."""
    codes = table.continent_codes
    options = Options.from_dict(view["options"], layout)
    players = view["players"]
    market = [[_card(c) for c in view["market"][code]] for code in codes]
    hall_names = list(view["halls"][0]) if view["halls"] else []
    halls = [[_card(h[name]) if h[name] else -1 for name in hall_names] for h in view["halls"]]
    depots = [[_card(c) for c in d] for d in view["depots"]]
    discards = [_card(c) for c in view["discards"]]
    pending = view["pending"]
    seen = [c for g in market for c in g]
    seen += [c for h in halls for c in h if c >= 0] + [c for d in depots for c in d] + discards
    if pending is not None:
        seen.append(_card(pending.split("@")[0]))
    unseen = sorted(set(range(NUM_CARDS)) - set(seen))
    if len(unseen) != view["stock_count"]:
        raise VitrineError("view is inconsistent: visible cards and stock size do not add up")
    rng.shuffle(unseen)
    decades: tuple[int, ...] = ()
    if options.secret_decade:
        known = view["secret_decades"]
        free = [d for d in table.secret_decades if d not in known]
        rng.shuffle(free)
        decades = tuple(d if d is not None else free.pop() for d in known)
    deck = tuple(seen + unseen)
    version = view["rules_version"]
    config = make_config(
        table, layout, players, options, None, deck, True, decades, version, STATE_VIEWS, overlay
    )
    state = ExhibitionState(config)
    state.market = market
    state.draw_pile = unseen
    state.halls = halls
    state.depots = depots
    state.discards = discards
    state.vehicles = [codes.index(v) for v in view["vehicles"]]
    state.final = list(view["final"])
    state.six_round = [r or 0 for r in view["all_continents_round"]]
    state.round = view["round"]
    current = view["current_player"]
    state.current = NOBODY if current is None else current
    notation = config.notation
    state.history = [notation.parse_turn(t) for t in view["turns"] if " " in t]
    state.pending = None if pending is None else notation.parse_take(pending)
    state.refill = EMPTY if view["refill"] is None else _card(view["refill"])
    state.refresh_all()
    return state
