"""The playout cores against the Python engine, their reference, and against each other.

The core plays a position to the end and, on request, reports what it did:
every turn and every refill.  Replaying that trace through the checked
engine (with the stock arranged to refill in the same order) must accept
every turn, end the game exactly when the trace ends, and score exactly the
core's totals and returns.  The core's legality masks, computed from
scratch, must equal the engine's incremental ones, on positions of real
games and on arbitrary showcase contents.  And from one position, compiled
and Python playouts must agree on average.  Whichever core is in use (the
compiled one, or the pure-Python one: ``VITRINE_PURE_PYTHON=1``) must pass
all of this; and the pure-Python core must play the compiled core's games,
turn for turn, from the same seeds.
"""

import functools
import math
import operator
import random
from collections.abc import Callable
from math import sqrt
from statistics import fmean, pvariance
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from system_parts import COMPILED_CORE_PART, require
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState, Turn, score_game
from vitrine.games.exhibition.cards import EINSTEIN, NUM_CARDS, WHITE
from vitrine.games.exhibition.fastplayout import CompiledCore, core_for, pack, pack_spec, spot_masks
from vitrine.games.exhibition.notation import DEPOT, END
from vitrine.games.exhibition.purecore import PureCore

pytestmark = pytest.mark.playout_core  # make test runs these again in pure Python

GAME = ExhibitionGame()
TABLE = GAME.table
WHITES = (45, EINSTEIN)
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")
# D-10: at most one variation per base showcase.
COVERS = (
    (None, "links"),
    (None, "spread_the_years"),
    (None, "one_decade"),
    (None, "short_era", "antiquity", "unique_decades"),
)


def random_options(rng: random.Random) -> dict[str, Any]:
    picked = [rng.choice(choices) for choices in COVERS]
    return {
        "secret_decade": rng.random() < 0.5,
        "variations": [v for v in picked if v is not None],
    }


def random_deck(rng: random.Random) -> list[int]:
    """A shuffled deck; half the time with both white cards among the first cards
    taken, so that positions with white cards in the hall are common."""
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    if rng.random() < 0.5:
        for white in WHITES:
            deck.remove(white)
            deck.insert(rng.randrange(24), white)
    return deck


def choose(state: ExhibitionState, rng: random.Random) -> Turn:
    """A turn of a varied policy: uniform, or hall first; white cards go to a
    hall spot whenever one takes them."""
    moves = state.legal_moves()
    if rng.random() < 0.3:
        return rng.choice(moves)
    hall = [m for m in moves if m.target >= 0]
    whites = [m for m in hall if TABLE.continent_of[m.card] == WHITE]
    return rng.choice(whites or hall or moves)


def random_position(rng: random.Random) -> ExhibitionState:
    """A position of a random game: any player count and options, in the take
    or the place step, sometimes already over."""
    players = rng.randint(1, 5)
    state = GAME.start(
        NAMES[:players], random_options(rng), seed=rng.getrandbits(32), deck=random_deck(rng)
    )
    for _ in range(rng.randrange(100)):
        if state.is_over:
            break
        state.play(choose(state, rng))
    if not state.is_over and rng.random() < 0.5:
        state.take(rng.choice(state.takes()))
    return state


def replay_trace(
    state: ExhibitionState,
    seed: int,
    informed: bool = False,
    before_turn: Callable[[ExhibitionState, Turn], None] | None = None,
) -> ExhibitionState:
    """Replay the core's playout from ``state`` in the checked engine, compare,
    and return the end position; ``before_turn`` sees each position and turn."""
    returns, turns, draws, totals = core_for(state.config).trace(state, seed, informed)
    stock = state.draw_pile
    drawn = set(draws)
    assert len(drawn) == len(draws) and drawn <= set(stock)
    replay = state.copy()
    undrawn = [card for card in stock if card not in drawn]
    replay.draw_pile = undrawn + draws[::-1]  # next card last
    replay.draw_rng = None
    for number, (card, dest, target) in enumerate(turns):
        assert not replay.is_over, f"the game ended before traced turn {number}"
        assert spot_masks(replay) == replay.masks
        if before_turn is not None:
            before_turn(replay, Turn(card, dest, target))
        replay.play(Turn(card, dest, target))
    assert replay.is_over, "the trace ended before the game"
    assert len(draws) == len(stock) - len(replay.draw_pile)
    assert [sheet.total for sheet in score_game(replay).players] == totals
    assert replay.returns() == returns
    return replay


def test_traces_replay_in_the_python_engine() -> None:
    rng = random.Random(20260)
    for _ in range(400):
        state = random_position(rng)
        replay_trace(state, rng.getrandbits(64))


def test_informed_traces_replay_take_cards_that_fit_and_place_in_the_best_fit() -> None:
    rng = random.Random(7)
    fits: list[bool] = []
    takes_that_fit: list[bool] = []

    def informed(position: ExhibitionState, turn: Turn) -> None:
        masks = position.masks[position.current]
        hall = functools.reduce(operator.or_, masks)
        if position.pending is None and any(hall >> take.card & 1 for take in position.takes()):
            takes_that_fit.append(bool(hall >> turn.card & 1))
        if turn.target >= 0:
            sizes = [mask.bit_count() for mask in masks if mask >> turn.card & 1]
            fits.append(masks[turn.target].bit_count() == min(sizes))

    for _ in range(100):
        replay_trace(random_position(rng), rng.getrandbits(64), True, informed)
    assert sum(fits) >= 0.9 * len(fits)  # uniform placements reach about 0.74
    assert sum(takes_that_fit) >= 0.9 * len(takes_that_fit)  # uniform takes: about 0.68


def crowded_position(rng: random.Random) -> ExhibitionState:
    """A made-up late position: halls nearly full of any cards (mostly in
    ascending order, legal or not), some depots and finals, a small market and
    stock, the rest discarded.  Random games under the playout policy seldom
    fill a hall or empty the stock; from here the core does both, and often
    empties the market (D-4)."""
    players = rng.randint(1, 5)
    state = GAME.start(NAMES[:players], random_options(rng), seed=rng.getrandbits(32))
    showcases = state.config.hall.showcases
    pool = list(range(NUM_CARDS))
    rng.shuffle(pool)
    for seat in range(players):
        for showcase in showcases:
            spots = range(showcase.first_spot, showcase.first_spot + showcase.size)
            fits = [c for c in pool if showcase.rules.whites or TABLE.continent_of[c] != WHITE]
            cards = fits[: rng.choice((showcase.size, showcase.size, showcase.size - 1))]
            for card in cards:
                pool.remove(card)
            if rng.random() < 0.8:
                cards.sort()
            for spot, card in zip(sorted(rng.sample(spots, len(cards))), cards, strict=True):
                state.halls[seat][spot] = card
        state.depots[seat] = [pool.pop() for _ in range(rng.randint(0, 3))]
    live = pool[: rng.randint(1, len(pool))]
    state.discards = pool[len(live) :]
    state.market = [[] for _ in range(6)]
    for card in live[:18]:
        rng.choice([g for g in state.market if len(g) < 3]).append(card)
    for group in state.market:
        group.sort()
    state.draw_pile = live[18:]
    state.vehicles = [rng.randrange(6) for _ in range(players)]
    state.final = [rng.random() < 0.2 for _ in range(players)]
    state.current = rng.choice([s for s in range(players) if not state.final[s]] or [0])
    state.final[state.current] = False
    state.round = rng.randint(5, 20)
    state.six_round = [
        rng.choice((0, state.round, rng.randint(1, state.round))) for _ in range(players)
    ]
    state.refresh_all()
    if rng.random() < 0.3:
        state.take(rng.choice(state.takes()))
    return state


def test_crowded_positions_replay_to_full_halls_and_empty_markets() -> None:
    rng = random.Random(1945)
    reached: set[str] = set()
    for _ in range(300):
        replay = replay_trace(crowded_position(rng), rng.getrandbits(64))
        if any(-1 not in hall for hall in replay.halls):
            reached.add("full hall")
        if not replay.draw_pile:
            reached.add("stock exhausted")
        if not any(replay.market):
            reached.add("market exhausted")
    assert reached == {"full hall", "stock exhausted", "market exhausted"}


def test_traces_cover_whites_depot_and_ending() -> None:
    """The random positions reach what the comparison must cover, and the core
    sends white cards' vehicles everywhere."""
    rng = random.Random(7)
    targets: set[int] = set()
    white_spots: set[int] = set()
    white_dests: set[int] = set()
    for _ in range(150):
        state = random_position(rng)
        core = core_for(state.config)
        _, turns, _, _ = core.trace(state, rng.getrandbits(64))
        targets.update(target for _, _, target in turns)
        white_spots.update(t for c, _, t in turns if c in WHITES and t >= 0)
        white_dests.update(d for c, d, _ in turns if c in WHITES)
        for hall in state.halls:
            white_spots.update(spot for spot, card in enumerate(hall) if card in WHITES)
    assert {DEPOT, END} <= targets
    assert white_spots == set(range(GAME.layout.hall().num_spots))
    assert white_dests == set(range(TABLE.num_continents))


def test_secret_decades_and_solo_totals() -> None:
    """Trace replays for the variant and solo, many seeds from one position each."""
    for players in (1, 3):
        state = GAME.start(NAMES[:players], {"secret_decade": True}, seed=players)
        rng = random.Random(players)
        for _ in range(5):
            state.play(choose(state, rng))
        for seed in range(40):
            replay_trace(state, seed)


@pytest.mark.parametrize("version", GAME.rules_versions)
def test_the_core_plays_on_the_cards_of_each_rules_version(version: str) -> None:
    """The core takes each card's continent from the game's configuration,
    so a game of exhibition-2026.1 (1972 North American) plays on its own
    cards there too: traces replay in the Python engine of that version."""
    state = GAME.start(NAMES[:2], seed=44, rules_version=version)
    assert state.config.table.continent_codes[state.config.table.continent_of[72]] == (
        "NA" if version == "exhibition-2026.1" else "SA"
    )
    for seed in range(60):
        replay_trace(state, seed)


def test_an_over_position_scores_as_it_stands() -> None:
    rng = random.Random(3)
    state = GAME.start(NAMES[:4], {"variations": ["links", "antiquity"]}, seed=9)
    while not state.is_over:
        state.play(choose(state, rng))
    returns, turns, draws, totals = core_for(state.config).trace(state, 1)
    assert (turns, draws) == ([], [])
    assert returns == state.returns()
    assert totals == [sheet.total for sheet in score_game(state).players]


def test_rollout_is_the_core_seeded_from_the_rng_and_leaves_the_state() -> None:
    state = GAME.start(NAMES[:3], {"variations": ["unique_decades"]}, seed=5)
    rng = random.Random(2)
    for _ in range(10):
        state.play(choose(state, rng))
    before = pack(state)
    first = state.rollout(random.Random(5))
    assert pack(state) == before
    assert first == state.rollout(random.Random(5))
    assert first == core_for(state.config).playout(state, random.Random(5).getrandbits(64))
    assert len(first) == state.num_players and sum(first) == pytest.approx(1)


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {}), (2, {"secret_decade": True, "variations": ["links"]}), (1, {})],
)
def test_same_mean_returns_as_python_playouts(players: int, options: dict[str, Any]) -> None:
    """2,000 playouts each way: the means differ by under 4.5 standard errors."""
    state = GAME.start(NAMES[:players], options, seed=17)
    rng = random.Random(players)
    for _ in range(3 * players):
        state.play(choose(state, rng))
    compiled: list[list[float]] = []
    python: list[list[float]] = []
    for _ in range(2000):
        compiled.append(state.rollout(rng))
        sample = state.copy()
        sample.draw_rng = rng  # random refills, as the core draws them
        sample.playout(rng)
        python.append(sample.returns())
    for seat in range(players):
        ours = [r[seat] for r in compiled]
        theirs = [r[seat] for r in python]
        error = sqrt((pvariance(ours) + pvariance(theirs)) / 2000)
        assert abs(fmean(ours) - fmean(theirs)) <= 4.5 * error, (seat, fmean(ours), fmean(theirs))


def test_malformed_input_is_refused_by_the_compiled_core() -> None:
    require(COMPILED_CORE_PART)
    state = GAME.start(NAMES[:2], seed=1)
    core = CompiledCore(state.config).core
    packed = pack(state)
    with pytest.raises(ValueError, match="malformed packed state"):
        core.playout(packed[:-1], 0)
    duplicated = packed[:]
    duplicated[-1] = duplicated[-2]
    with pytest.raises(ValueError, match="malformed packed state"):
        core.playout(duplicated, 0)
    with pytest.raises(ValueError, match="malformed packed spec"):
        type(core)(pack_spec(state.config)[:-1])


# ------------------------------------------------- arbitrary showcase contents


SPOTS = GAME.layout.hall().num_spots
# A hall's contents: a card per spot, or empty for any negative number.
hall_contents = st.lists(st.integers(-50, NUM_CARDS - 1), min_size=SPOTS, max_size=SPOTS)


@st.composite
def arbitrary_halls(draw: st.DrawFn) -> ExhibitionState:
    """A game whose halls hold arbitrary cards: any spots, any order, legal or not
    (white cards only where the showcase takes them; some showcases sorted),
    the rest dealt around (at least 21 cards: the market never runs empty)."""
    players = draw(st.integers(1, 5))
    variations = [v for v in (draw(st.sampled_from(c)) for c in COVERS) if v is not None]
    state = GAME.start(NAMES[:players], {"variations": variations}, seed=0)
    showcases = state.config.hall.showcases
    free = set(range(NUM_CARDS))
    for seat in range(players):
        contents = draw(hall_contents)
        ascending = draw(st.lists(st.booleans(), min_size=len(showcases), max_size=len(showcases)))
        for showcase, sort in zip(showcases, ascending, strict=True):
            spots = range(showcase.first_spot, showcase.first_spot + showcase.size)
            cards = [contents[spot] for spot in spots]
            for position, card in enumerate(cards):
                white = card >= 0 and TABLE.continent_of[card] == WHITE
                if card not in free or (white and not showcase.rules.whites):
                    cards[position] = -1
                else:
                    free.remove(card)
            if sort:
                filled = iter(sorted(c for c in cards if c >= 0))
                cards = [next(filled) if c >= 0 else -1 for c in cards]
            state.halls[seat][spots.start : spots.stop] = cards
    rest = sorted(free)
    draw(st.randoms(use_true_random=False)).shuffle(rest)
    state.market = [sorted(rest[3 * k : 3 * k + 3]) for k in range(6)]
    state.draw_pile = rest[18:]
    state.refresh_all()
    return state


@settings(max_examples=200, deadline=None)
@given(arbitrary_halls())
def test_masks_of_arbitrary_showcases(state: ExhibitionState) -> None:
    assert spot_masks(state) == state.masks


def test_shaped_returns_blend_the_win_share_with_the_lead() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 40:
        state = random_position(rng)
        if state.num_players < 2:
            continue
        seed = rng.getrandbits(64)
        core = core_for(state.config)
        wins, _, _, totals = core.trace(state, seed)
        shaped, _, _, same_totals = core.trace(state, seed, margin=5.0)
        assert same_totals == totals
        for seat, total in enumerate(totals):
            lead = total - max(t for other, t in enumerate(totals) if other != seat)
            expected = 0.5 * wins[seat] + 0.5 / (1 + math.exp(-lead / 5.0))
            assert shaped[seat] == pytest.approx(expected)
        checked += 1
    solo = GAME.start(["Solo"], seed=3)
    core = core_for(solo.config)
    assert core.playout(solo, 9, margin=5.0) == core.playout(solo, 9)


# ------------------------------------- the pure-Python core against the compiled one


def both_cores(state: ExhibitionState) -> tuple[CompiledCore, PureCore]:
    require(COMPILED_CORE_PART)
    return CompiledCore(state.config), PureCore(state.config)


@pytest.mark.parametrize("make_position", [random_position, crowded_position])
def test_the_pure_core_plays_the_compiled_games(
    make_position: Callable[[random.Random], ExhibitionState],
) -> None:
    """From the same position and seed, the same turns, refills, totals and
    returns, plain, informed and shaped; and the same masks."""
    rng = random.Random(2026)
    for _ in range(150):
        state = make_position(rng)
        compiled, pure = both_cores(state)
        assert pure.masks(state) == compiled.masks(state)
        for informed in (False, True):
            seed = rng.getrandbits(64)
            assert pure.trace(state, seed, informed) == compiled.trace(state, seed, informed)
            shaped = pure.playout(state, seed, informed, margin=5.0)
            assert shaped == compiled.playout(state, seed, informed, margin=5.0)


@pytest.mark.parametrize("version", GAME.rules_versions)
def test_the_pure_core_plays_whole_games_as_the_compiled_one(version: str) -> None:
    """New games of every player count and rules version, from the deal to the end."""
    for players in range(1, 6):
        for seed in range(8):
            options = random_options(random.Random(seed))
            state = GAME.start(NAMES[:players], options, seed=seed, rules_version=version)
            compiled, pure = both_cores(state)
            assert pure.trace(state, seed, seed % 2 == 1) == compiled.trace(
                state, seed, seed % 2 == 1
            )
