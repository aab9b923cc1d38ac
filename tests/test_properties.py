"""Random games for every player count and variant, checked at every step.

Invariants: the move generator agrees with the brute-force oracle, halls stay
legal, the 101 cards are conserved, player views reveal nothing hidden,
totals are the sum of their categories, and records replay identically.
"""

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_oracle import showcase_ok
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState, score_game
from vitrine.games.exhibition.cards import NUM_CARDS, WHITE
from vitrine.games.exhibition.notation import DEPOT, END

GAME = ExhibitionGame()

COVERS = {
    "general": [None, "links"],
    "one_era": [None, "spread_the_years"],
    "one_continent": [None, "one_decade"],
    "years_gap": [None, "short_era", "antiquity", "unique_decades"],
}

options_strategy = st.fixed_dictionaries(
    {
        "secret_decade": st.booleans(),
        "variations": st.tuples(*(st.sampled_from(choices) for choices in COVERS.values())).map(
            lambda picked: [v for v in picked if v is not None]
        ),
    }
)


def _showcase_context(
    state: ExhibitionState, player: int, index: int
) -> tuple[set[int], set[int], set[int] | None]:
    config = state.config
    showcase = config.hall.showcases[index]
    spots = config.hall.spots_of(index)
    claimed = {
        state.claimed_continent(seat, index) for seat in range(config.num_players) if seat != player
    } - {WHITE}
    elsewhere = {
        card // 10
        for seat in range(config.num_players)
        if seat != player
        for card in state.halls[seat][spots.start : spots.stop]
        if card >= 0
    }
    allowed = None
    if showcase.rules.unique_decades:
        first, last = showcase.rules.unique_decades[config.num_players]
        allowed = set(range((first - 1900) // 10, (last - 1900) // 10 + 1))
    return claimed, elsewhere, allowed


def check_generator_against_oracle(state: ExhibitionState) -> None:
    """Every market card on every empty spot: engine legality == oracle's."""
    player = state.current
    config = state.config
    hall = state.halls[player]
    for card in (c for group in state.market for c in group):
        legal = state.targets(player, card)
        fits = False
        for spot in range(config.hall.num_spots):
            if hall[spot] >= 0:
                assert spot not in legal
                continue
            index = config.hall.spot_showcase[spot]
            spots = config.hall.spots_of(index)
            slots = hall[spots.start : spots.stop]
            slots[spot - spots.start] = card
            claimed, elsewhere, allowed = _showcase_context(state, player, index)
            expected = showcase_ok(
                config.hall.showcases[index], slots, config.table, claimed, elsewhere, allowed
            )
            assert (spot in legal) == expected, (card, config.notation.target_text(spot), hall)
            fits = fits or expected
        assert (DEPOT in legal) == (len(state.depots[player]) < config.hall.depot_size)
        assert (END in legal) == (not fits)


def check_halls_legal(state: ExhibitionState) -> None:
    config = state.config
    for index, showcase in enumerate(config.hall.showcases):
        spots = config.hall.spots_of(index)
        claims = []
        decades: list[int] = []
        for seat in range(config.num_players):
            slots = state.halls[seat][spots.start : spots.stop]
            assert showcase_ok(showcase, slots, config.table), (showcase.key, slots)
            claims.append(state.claimed_continent(seat, index))
            decades.extend(c // 10 for c in slots if c >= 0)
        if showcase.rules.exclusive_continent:
            real = [c for c in claims if c != WHITE]
            assert len(real) == len(set(real)), "two players claim one continent"
        if showcase.rules.unique_decades:
            assert len(decades) == len(set(decades)), "a decade repeats in Unique Decades"


def check_conservation(state: ExhibitionState) -> None:
    cards = [c for group in state.market for c in group] + list(state.stock)
    cards += [c for hall in state.halls for c in hall if c >= 0]
    cards += [c for depot in state.depots for c in depot] + state.discards
    if state.pending is not None:
        cards.append(state.pending.card)
    assert sorted(cards) == list(range(NUM_CARDS))


def check_views_hide_secrets(state: ExhibitionState, rng: random.Random) -> None:
    """A view is a function of public information (and the viewer's decade).

    A state with the hidden parts resampled must look identical to the viewer.
    """
    for seat in range(state.num_players):
        view = state.view(seat)
        other = GAME.determinize(view, rng)
        assert other.view(seat) == view
        assert "stock" not in view and "deck" not in view and "seed" not in view
    spectator = state.view(None)
    assert all(d is None for d in spectator["secret_decades"]) or state.is_over


def play_checked(
    seed: int, players: int, options: dict[str, Any], choice_seed: int
) -> ExhibitionState:
    rng = random.Random(choice_seed)
    state = GAME.start([f"P{i}" for i in range(players)], options, seed=seed)
    notation = state.config.notation
    while not state.is_over:
        check_conservation(state)
        check_generator_against_oracle(state)
        check_views_hide_secrets(state, rng)
        turns = state.legal_turns()
        assert turns == sorted(set(turns)) and len(turns) == len(state.legal_moves())
        for text in turns[:: max(1, len(turns) // 5)]:
            assert notation.turn_text(notation.parse_turn(text)) == text
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        check_conservation(state)
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        check_halls_legal(state)
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**64 - 1),
    players=st.integers(1, 5),
    options=options_strategy,
    choice_seed=st.integers(0, 2**32),
)
def test_random_games_keep_every_invariant(
    seed: int, players: int, options: dict[str, Any], choice_seed: int
) -> None:
    state = play_checked(seed, players, options, choice_seed)
    assert state.is_over and all(state.final)
    check_views_hide_secrets(state, random.Random(0))
    score = score_game(state)
    for sheet in score.players:
        assert sheet.total == sum(sheet.categories.values())
        better = sum(1 for other in score.players if other.total > sheet.total)
        assert sheet.rank >= better + 1
    assert min(sheet.rank for sheet in score.players) == 1
    if players > 1:
        assert sum(state.returns()) == 1.0
    else:
        assert state.returns() == [score.players[0].total / 3000]
    record = state.record()
    replayed = GAME.load(record.to_json())
    assert replayed.view(None) == state.view(None)
    assert replayed.record() == record


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 5),
    options=options_strategy,
    stop=st.integers(0, 60),
    half=st.booleans(),
)
def test_unfinished_records_replay_to_the_same_position(
    seed: int, players: int, options: dict[str, Any], stop: int, half: bool
) -> None:
    rng = random.Random(seed)
    state = GAME.start([f"P{i}" for i in range(players)], options, seed=seed)
    for _ in range(stop):
        if state.is_over:
            break
        state.push(rng.choice(state.legal_turns()))
    if half and not state.is_over:
        state.apply_action(rng.choice(state.legal_actions()))
    replayed = GAME.load(state.record().to_json())
    assert replayed.view(None) == state.view(None)
    assert replayed.legal_turns() == state.legal_turns()
    for seat in range(players):
        assert replayed.view(seat) == state.view(seat)
