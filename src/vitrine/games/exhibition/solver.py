"""A clairvoyant solver for solo Exhibition: how well could anyone have played this deal?

With the stock order known, a solo game is a deterministic one-player
puzzle of at most 19 whole turns (16 hall spots and 3 depot cards).  The
solver answers two questions per deal:

* **A lower bound on the optimum**: the best line a beam search finds.  The
  search runs over whole turns (take, refill, place), layer by layer; every
  layer keeps the ``beam_width`` most promising positions, and positions
  that agree in hall, depot count, market and vehicle are kept once (they
  have the same futures and the same score so far).  The search itself is
  compiled (``_beam.c``, many times faster than Python, which lets the
  PIMC bot solve many samples per decision); without a C compiler the same
  search runs in Python (:mod:`~vitrine.games.exhibition.purecore`), and the
  tests hold the two to the same lines.  A position is ranked by
  its score so far (categories of the hall as it stands, the depot, the
  Years Gap against today's market) plus what its empty spots still offer:
  an empty spot that no card still to come fits is a certain -1, every
  other one is worth a little per fitting card, so the search keeps
  showcases open instead of walling them off.  The line is replayed through
  the rules engine from the deal and its score recomputed, so the reported
  best is a game anyone could have played.
* **An upper bound on the optimum**: :func:`solo_upper_bound` of the deal
  (see :mod:`vitrine.games.exhibition.solo_bound` for what it relaxes and
  why nothing can beat it).

The optimum lies between the two.  Bots play without seeing the stock, so
the gap between a bot and the lower bound is the price of that ignorance
plus the bot's own mistakes.
"""

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from vitrine.games.exhibition.fastplayout import core_for
from vitrine.games.exhibition.notation import Turn
from vitrine.games.exhibition.purecore import Weights
from vitrine.games.exhibition.scoring import ScoreSheet, score_game
from vitrine.games.exhibition.solo_bound import solo_upper_bound
from vitrine.games.exhibition.state import ExhibitionState

DEFAULT_BEAM = 3000  # under a second a deal compiled; wider still finds a little more
WIDENING = 4  # each narrower beam is this many times narrower
# The ranking's weights, tuned on deals 100-139 at width 30 (not on reported deals).
WEIGHTS = Weights(
    open_card_points=2,  # per card still to come that fits an empty spot (x100 scale)
    open_cards_counted=15,  # per spot: beyond this many fitting cards, more adds nothing
    potential=0.25,  # share of what the fitting cards to come would add to the hall's categories
    market_hope=0.25,  # share of what a half-filled market showcase's best partner would score
)


@dataclass(frozen=True)
class SoloSolution:
    """One deal solved: the best line found and the bound above the optimum."""

    seed: int | None
    best_total: int  # the best line's final total, x100
    turns: tuple[str, ...]  # that line, in notation
    categories: Mapping[str, int]  # its score sheet
    upper_bound: int  # no line of this deal scores more (x100)
    positions: int  # positions the search evaluated
    seconds: float


def solve(state: ExhibitionState, beam_width: int = DEFAULT_BEAM) -> SoloSolution:
    """Solve the rest of a solo game from a state (``game.solo_deal`` deals a
    seed's game from its start).

    The stock is read in its order (refills drawn at random in search
    samples are ignored): the solver sees it all.  The line found is replayed
    through the checked rules and its score recomputed, so the reported best
    is a game anyone could have played.  ``state`` is left as it was.
    """
    started = time.perf_counter()
    root = state.copy()
    root.draw_rng = None
    line, _, positions = best_line(root, beam_width)
    text = root.config.notation.turn_text
    turns = tuple(text(turn) for turn in line)
    sheet = _replay(root, turns)
    bound = solo_upper_bound(root)
    if bound < sheet.total:
        raise AssertionError(f"the upper bound {bound} is below a line scoring {sheet.total}")
    return SoloSolution(
        seed=root.config.seed,
        best_total=sheet.total,
        turns=turns,
        categories=dict(sheet.categories),
        upper_bound=bound,
        positions=positions,
        seconds=time.perf_counter() - started,
    )


def best_line(state: ExhibitionState, width: int) -> tuple[list[Turn], int, int]:
    """The best line from ``state`` with its stock in order: its turns, its
    final total (x100) and the positions evaluated; the search's fast path,
    unchecked (``solve`` replays the line and bounds the deal).

    It is the best of beams as wide as asked, a quarter, a sixteenth... as
    wide: a beam is chaotic, a wider one usually finds more but can lose a
    line a narrower one kept; the narrower beams cost a third more in all
    and make the result never worse than theirs.
    """
    if not state.config.solo:
        raise ValueError("the solver plays one-player games only")
    if width < 1:
        raise ValueError(f"beam width must be at least 1, got {width}")
    widths = [width]
    while widths[-1] >= WIDENING:
        widths.append(widths[-1] // WIDENING)
    core = core_for(state.config)
    best: tuple[list[tuple[int, int, int]], int] | None = None
    positions = 0
    for beam in reversed(widths):
        line, total, evaluated = core.beam(state, beam, WEIGHTS)
        positions += evaluated
        if best is None or total > best[1]:
            best = line, total
    assert best is not None
    return [Turn(*turn) for turn in best[0]], best[1], positions


def decision_totals(
    state: ExhibitionState, width: int, actions: Sequence[str] | None = None
) -> dict[str, int]:
    """Every legal decision of ``state`` (a take, or a placement after one),
    or only ``actions``, and the total of the best line :func:`best_line`
    finds after it, the stock read in order: what PIMC compares, decision
    against decision, on the same sample."""
    root = state.copy()
    root.draw_rng = None
    totals: dict[str, int] = {}
    for action in root.legal_actions() if actions is None else actions:
        child = root.copy()
        child.apply_action(action)
        totals[action] = best_line(child, width)[1]
    return totals


def _replay(root: ExhibitionState, turns: tuple[str, ...]) -> ScoreSheet:
    """The line played again through the checked rules, to its final score."""
    state = root.copy()
    for turn in turns:
        state.push(turn)
    if not state.is_over:
        raise AssertionError("the solver's line does not finish the game")
    return score_game(state).players[0]


__all__ = ["DEFAULT_BEAM", "SoloSolution", "best_line", "decision_totals", "solve"]
