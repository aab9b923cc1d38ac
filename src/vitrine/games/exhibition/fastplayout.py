"""Playouts in C: packing positions for the compiled core ``_playout``.

``ExhibitionState.playout`` is the reference: the core plays the same policy
by the same rules and scores the end as ``score_game`` and ``returns`` do;
only its random numbers differ.  A game configuration is packed once into a
*spec* (hall, rules, card continents, scoring constants) and kept with its
``Core``; a position is packed per call.  Both are flat lists of ints (the
cheapest to build here and to read there), laid out as the comment at the top
of ``_playout.c`` describes.
"""

from random import Random
from weakref import WeakKeyDictionary

from vitrine.games.exhibition._playout import Core
from vitrine.games.exhibition.state import SOLO_SCALE, ExhibitionState, GameConfig

SCORING_CODES = {"years_gap": 1, "short_era": 2, "antiquity": 3}
DECADE_SPAN = 9  # a decade's last year after its first
NONE = -1
NO_PENDING = (NONE, NONE)  # no card taken, no destination

_cores: "WeakKeyDictionary[GameConfig, Core]" = WeakKeyDictionary()


def pack_spec(config: GameConfig) -> list[int]:
    """What stays fixed for a game, as the core reads it."""
    hall, table, scoring = config.hall, config.table, config.scoring
    spec = [
        config.num_players,
        table.num_continents,
        hall.num_spots,
        len(hall.showcases),
        hall.depot_size,
        int(config.options.secret_decade),
        scoring.solo_multiplier,
        SOLO_SCALE,
        scoring.solo_market_award,
        scoring.all_continents_solo,
        len(scoring.rank_awards),
        *scoring.rank_awards,
        len(scoring.all_continents_awards),
        *scoring.all_continents_awards,
    ]
    spec += table.continent_of
    tiebreak = hall.showcase_with("tiebreak_closest_to")
    if tiebreak is None or tiebreak.tiebreak_closest_to is None:
        spec += (NONE, 0)
    else:
        spec += (tiebreak.first_spot, tiebreak.tiebreak_closest_to)
    closeness = hall.showcase_with("solo_closeness")
    if closeness is None or closeness.solo_closeness is None:
        spec += (NONE, 0, 0, 1, 0, 1)
    else:
        rule = closeness.solo_closeness
        spec += (closeness.first_spot, rule.target)
        spec += (rule.points.numerator, rule.points.denominator)
        spec += (rule.per_year.numerator, rule.per_year.denominator)
    # score_game keeps one result per scoring kind: the last showcase of it.
    scored = {s.scoring: index for index, s in enumerate(hall.showcases) if s.scoring}
    for index, showcase in enumerate(hall.showcases):
        rules = showcase.rules
        decades = (0, 0)
        if rules.unique_decades is not None:
            first, last = rules.unique_decades[config.num_players]
            decades = (first, last + DECADE_SPAN)
        kind = showcase.scoring
        spec += (
            showcase.first_spot,
            showcase.size,
            int(rules.distinct_continents),
            int(rules.same_continent),
            int(rules.exclusive_continent),
            rules.max_gap_per_step or 0,
            rules.min_gap_per_step or 0,
            rules.links_within_years or 0,
            int(rules.same_decade),
            int(rules.unique_decades is not None),
            *decades,
            int(rules.whites),
            SCORING_CODES[kind] if kind and scored[kind] == index else 0,
        )
    return spec


def core_for(config: GameConfig) -> Core:
    """The core of a game configuration, built once."""
    core = _cores.get(config)
    if core is None:
        core = _cores[config] = Core(pack_spec(config))
    return core


def pack(state: ExhibitionState) -> list[int]:
    """A position as the core reads it (the stock's order is left out: it is drawn at random)."""
    data = [
        state.current,
        state.round,
        *(state.pending or NO_PENDING),
        *state.vehicles,
        *state.final,
        *state.six_round,
        *state.secret_decades,
    ]
    data += map(len, state.depots)
    for hall in state.halls:
        data += hall
    for group in state.market:
        data.append(len(group))
        data += group
    pile = state.draw_pile
    data.append(len(pile))
    data += pile
    return data


def rollout(
    state: ExhibitionState, rng: Random, informed: bool = False, margin: float = 0.0
) -> list[float]:
    """The returns of one compiled playout from ``state`` (left unchanged), seeded from
    ``rng``; ``informed`` places each card in its best-fitting legal spot (C core only);
    ``margin`` > 0 shapes multiplayer returns: half the win share, half a logistic of
    the lead over the best other total in units of ``margin`` fp."""
    core = core_for(state.config)
    return core.playout(pack(state), rng.getrandbits(64), informed=informed, margin=margin)


def spot_masks(state: ExhibitionState) -> list[list[int]]:
    """Every player's legality masks as the core computes them from scratch
    (``state.masks`` is the Python engine's)."""
    words = core_for(state.config).masks(pack(state))
    masks = [low | high << 64 for low, high in zip(words[::2], words[1::2], strict=True)]
    spots = state.config.hall.num_spots
    return [masks[seat * spots : (seat + 1) * spots] for seat in range(state.num_players)]
