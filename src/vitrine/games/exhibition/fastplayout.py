"""The playout core: compiled when it was built, pure Python otherwise, the same either way.

Search leans on one core per game configuration (:func:`core_for`) for its
playouts (``ExhibitionState.rollout``), the solo solver's beam search and the
legality masks the tests compare.  Two cores answer the same calls with the
same results:

* :class:`CompiledCore`, the C extension ``_playout`` (``_playout.c``,
  ``_beam.c``), many times faster, built at install when a C compiler is
  there.  A configuration is packed once into a *spec* (hall, rules, card
  continents, scoring constants) and a position per call, both as flat lists
  of ints (the cheapest to build here and to read there), laid out as the
  comment at the top of ``_playout.c`` describes;
* :class:`~vitrine.games.exhibition.purecore.PureCore`, in Python: used when
  the extension is missing, or everywhere when the environment variable
  ``VITRINE_PURE_PYTHON`` is ``1``.

The extension is imported on the first core asked for, not with this module,
so that commands which never search start without it.
"""

import os
from functools import cache
from typing import Protocol, cast

from vitrine.games.exhibition.config import SOLO_SCALE, GameConfig
from vitrine.games.exhibition.purecore import BeamResult, PureCore, Trace, Weights
from vitrine.games.exhibition.state import ExhibitionState

PURE_PYTHON_VARIABLE = "VITRINE_PURE_PYTHON"
SCORING_CODES = {"years_gap": 1, "short_era": 2, "antiquity": 3}
DECADE_SPAN = 9  # a decade's last year after its first
NONE = -1
NO_PENDING = (NONE, NONE)  # no card taken, no destination


class PlayoutCore(Protocol):
    """What search asks of a core, compiled or not (see :class:`PureCore`)."""

    def playout(
        self, state: ExhibitionState, seed: int, informed: bool = False, margin: float = 0.0
    ) -> list[float]: ...

    def trace(
        self, state: ExhibitionState, seed: int, informed: bool = False, margin: float = 0.0
    ) -> Trace: ...

    def masks(self, state: ExhibitionState) -> list[list[int]]: ...

    def beam(self, state: ExhibitionState, width: int, weights: Weights) -> BeamResult: ...


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


class CompiledCore:
    """The C extension behind :class:`PlayoutCore`'s calls: positions packed per call."""

    def __init__(self, config: GameConfig) -> None:
        from vitrine.games.exhibition._playout import Core

        self.config = config
        self.core = Core(pack_spec(config))

    def playout(
        self, state: ExhibitionState, seed: int, informed: bool = False, margin: float = 0.0
    ) -> list[float]:
        return self.core.playout(pack(state), seed, informed=informed, margin=margin)

    def trace(
        self, state: ExhibitionState, seed: int, informed: bool = False, margin: float = 0.0
    ) -> Trace:
        traced = self.core.playout(pack(state), seed, True, informed, margin)
        return Trace(*traced)

    def masks(self, state: ExhibitionState) -> list[list[int]]:
        words = self.core.masks(pack(state))
        masks = [low | high << 64 for low, high in zip(words[::2], words[1::2], strict=True)]
        spots = state.config.hall.num_spots
        return [masks[seat * spots : (seat + 1) * spots] for seat in range(state.num_players)]

    def beam(self, state: ExhibitionState, width: int, weights: Weights) -> BeamResult:
        return BeamResult(*self.core.beam(pack(state), width, *weights))


@cache
def compiled_core_built() -> bool:
    """Whether the C extension was built and loads."""
    try:
        from vitrine.games.exhibition._playout import Core  # noqa: F401
    except ImportError:
        return False
    return True


def uses_compiled_core() -> bool:
    """Whether :func:`core_for` hands out the compiled core: it was built, and
    ``VITRINE_PURE_PYTHON=1`` does not ask for Python."""
    return os.environ.get(PURE_PYTHON_VARIABLE) != "1" and compiled_core_built()


def core_name() -> str:
    """The core in use, in words (benchmarks and ``vitrine --version`` print it)."""
    if uses_compiled_core():
        return "compiled C core"
    if compiled_core_built():
        return f"pure-Python core ({PURE_PYTHON_VARIABLE}=1)"
    return "pure-Python core (the C core was not built)"


def core_for(config: GameConfig) -> PlayoutCore:
    """The core of a game configuration, built once (``GameConfig.playout_core``
    keeps it)."""
    return cast(PlayoutCore, config.playout_core)  # build_core's, below


def build_core(config: GameConfig) -> PlayoutCore:
    """A new core for a game configuration: compiled unless Python is asked for
    or the extension was not built."""
    kind = CompiledCore if uses_compiled_core() else PureCore
    return kind(config)


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


def spot_masks(state: ExhibitionState) -> list[list[int]]:
    """Every player's legality masks as the core computes them from scratch
    (``state.masks`` is the Python engine's)."""
    return core_for(state.config).masks(state)
