"""Greedy play's evaluation of Exhibition, and its values computed in the compiled core.

``evaluation`` is ``Game.evaluate``: the score now plus a little for every
card each empty spot still accepts (keeping showcases fillable is worth
something).  Greedy play values a take by its best placement and a
placement by the evaluation it leaves (:mod:`vitrine.engine.evaluation`).

The plain way builds a determinization of the view and plays every take
and placement on copies of it: some 200 score sheets per decision.  The
compiled core's ``take_values`` and ``place_values`` compute the same
values from the view packed as ints, without a determinization; where the
pure-Python core is in use (``fastplayout.uses_compiled_core``), the plain
way is the pure path.  Nothing a
value reads is hidden from the viewer except, alone, the card refilling the
market after a take (solo scoring counts the market); so the fast path
draws the same random numbers as ``determinize`` would, in the same order,
and alone works out that card from them.  Both paths therefore give the
same values and leave the random stream in the same state: a greedy
player's games do not depend on which one ran (the tests check it, game
by game, against the plain algorithm).
"""

from collections.abc import Mapping
from functools import cache
from random import Random
from typing import TYPE_CHECKING, Any

from vitrine.games.exhibition.cards import NUM_CARDS, CardTable, card_label
from vitrine.games.exhibition.config import make_config
from vitrine.games.exhibition.fastplayout import CompiledCore, core_for
from vitrine.games.exhibition.layout import LayoutData
from vitrine.games.exhibition.options import Options
from vitrine.games.exhibition.scoring import score_game
from vitrine.games.exhibition.state import ExhibitionState
from vitrine.games.exhibition.state_views import STATE_VIEWS

if TYPE_CHECKING:
    from vitrine.games.exhibition._playout import Core

FLEXIBILITY_WEIGHT = 0.01  # points per card an empty spot still accepts
NO_REFILL = -1
CARD_OF = {card_label(card): card for card in range(NUM_CARDS)}


def evaluation(state: ExhibitionState, player: int) -> float:
    """``player``'s score now, plus FLEXIBILITY_WEIGHT per card each of
    their empty spots still accepts."""
    openness = sum(mask.bit_count() for mask in state.masks[player])
    return score_game(state).players[player].total + FLEXIBILITY_WEIGHT * openness


def compiled_greedy_values(
    table: CardTable,
    layout: LayoutData,
    view: Mapping[str, Any],
    rng: Random,
) -> list[float]:
    """Each of ``view["legal_actions"]`` valued as greedy play values it, in
    the compiled core (the caller has checked it is the core in use):
    ``table`` and ``layout``, the view's rules version's cards and hall."""
    options = Options.from_dict(view["options"], layout)
    packer = _packer(table, layout, view["rules_version"], len(view["players"]), options)
    refill = _draw_as_determinize(table, view, options, rng)
    return packer.values(view, refill)


def _draw_as_determinize(
    table: CardTable, view: Mapping[str, Any], options: Options, rng: Random
) -> int:
    """Draw from ``rng`` what ``determinize`` draws (the unseen cards
    shuffled, then the decades nobody has seen); the card the market would
    be refilled with after a take, where it matters (alone), else NO_REFILL."""
    stock_count: int = view["stock_count"]
    refill = NO_REFILL
    if len(view["players"]) == 1 and view["pending"] is None and stock_count:
        unseen = sorted(set(range(NUM_CARDS)) - _seen(view))
        rng.shuffle(unseen)
        refill = unseen[-1]  # the stock's next card: determinize deals it last
    else:
        draw_as_shuffle(rng, stock_count)
    if options.secret_decade:
        known = view["secret_decades"]
        draw_as_shuffle(rng, sum(1 for d in table.secret_decades if d not in known))
    return refill


def draw_as_shuffle(rng: Random, size: int) -> None:
    """Draw from ``rng`` what ``rng.shuffle`` of ``size`` items draws, with
    no list to shuffle: an index below n for n from ``size`` down to 2, each
    by ``getrandbits`` of n's bit length until one falls below n (CPython's
    ``shuffle`` and ``_randbelow`` since 3.2; the tests hold the two
    together).  Shuffling a list only for its draws took a fifth of greedy
    self-play's time in the simulator; this takes a third of that."""
    getrandbits = rng.getrandbits
    for n in range(size, 1, -1):
        bits = n.bit_length()
        while getrandbits(bits) >= n:
            pass


def _seen(view: Mapping[str, Any]) -> set[int]:
    """Every card the view shows (as ``determinize`` counts them)."""
    labels = [label for group in view["market"].values() for label in group]
    labels += [label for hall in view["halls"] for label in hall.values() if label]
    labels += [label for depot in view["depots"] for label in depot]
    labels += view["discards"]
    if view["pending"] is not None:
        labels.append(view["pending"].split("@")[0])
    return {CARD_OF[label] for label in labels}


class Packer:
    """Views of one kind of game (cards, hall, player count, options) packed
    for its compiled core, and the core's values mapped back to decisions."""

    def __init__(
        self,
        core: "Core",
        config_codes: tuple[str, ...],
        spot_names: tuple[str, ...],
        secret_decade: bool,
    ) -> None:
        self.core = core
        self.codes = config_codes
        self.continent = {code: index for index, code in enumerate(config_codes)}
        self.target = {name: index for index, name in enumerate(spot_names)}
        self.target["D"] = len(spot_names)  # place_values lists DEPOT, then END, after the spots
        self.target["X"] = len(spot_names) + 1
        self.secret_decade = secret_decade

    def pack(self, view: Mapping[str, Any]) -> list[int]:
        """The view as ``fastplayout.pack`` lays out a state, with an empty stock."""
        pending = view["pending"]
        take = [NO_REFILL, NO_REFILL]
        if pending is not None:
            label, _, code = pending.partition("@")
            take = [CARD_OF[label], self.continent[code] if code else NO_REFILL]
        data = [view["current_player"], view["round"], *take]
        data += [self.continent[code] for code in view["vehicles"]]
        data += view["final"]
        data += [r or 0 for r in view["all_continents_round"]]
        if self.secret_decade:  # another's is unknown and changes nothing of the viewer's
            own = view["secret_decades"][view["viewer"]]
            data += [own if d is None else d for d in view["secret_decades"]]
        data += map(len, view["depots"])
        for hall in view["halls"]:
            data += [NO_REFILL if label is None else CARD_OF[label] for label in hall.values()]
        market = view["market"]
        for code in self.codes:
            group = market[code]
            data.append(len(group))
            data += [CARD_OF[label] for label in group]
        data.append(0)
        return data

    def values(self, view: Mapping[str, Any], refill: int) -> list[float]:
        actions: list[str] = view["legal_actions"]
        packed = self.pack(view)
        if view["pending"] is None:
            cards = [CARD_OF[action.partition("@")[0]] for action in actions]
            distinct = list(dict.fromkeys(cards))  # a white card's destinations are worth the same
            worth = dict(
                zip(
                    distinct,
                    self.core.take_values(packed, distinct, refill, FLEXIBILITY_WEIGHT),
                    strict=True,
                )
            )
            return [worth[card] for card in cards]
        by_target = self.core.place_values(packed, FLEXIBILITY_WEIGHT)
        values = [by_target[self.target[action]] for action in actions]
        if None in values:
            raise ValueError("the view's legal placements and the core's disagree")
        return values  # type: ignore[return-value]


@cache
def _packer(
    table: CardTable, layout: LayoutData, version: str, players: int, options: Options
) -> Packer:
    """One packer (and core) per kind of game, kept for the process."""
    config = make_config(
        table, layout, [""] * players, options, None, (), True, (), version, STATE_VIEWS
    )
    core = core_for(config)
    assert isinstance(core, CompiledCore)  # greedy_values asks for it only then
    return Packer(core.core, table.continent_codes, config.hall.spot_names, options.secret_decade)
