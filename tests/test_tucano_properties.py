"""Random Tucano games checked at every decision (hypothesis).

Invariants: the 70 cards are conserved across the draw pile, columns,
hands, face-down piles, waiting toucans and discards; totals are the sum of
their fruits; views reveal nothing hidden (a re-deal of the hidden parts
leaves every view unchanged, and no view names the pile order or a
face-down card before the turns are over); determinizations agree with the
view they came from and keep the toucans below the upper half; the joker's
holder is asked for its fruit only between two or more; records replay to
the same state.
"""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tucano_helpers import GAME, TABLE
from vitrine.engine.rng import MAX_SEED
from vitrine.games.tucano import TucanoState
from vitrine.games.tucano.determinize import toucan_free_top


def census(state: TucanoState) -> list[int]:
    counts = [0] * TABLE.kinds
    cards = state.draw_pile + state.discards + [k for c in state.columns for k in c]
    cards += [k for piles in state.piles for pile in piles for k in pile]
    for kind in cards:
        counts[kind] += 1
    for hand in state.faceup:
        for kind, n in enumerate(hand):
            counts[kind] += n
    for index, n in enumerate(state.pending):
        counts[TABLE.flip + index] += n
    return counts


def check_hidden_constraints(state: TucanoState) -> None:
    top = toucan_free_top(TABLE.upper_half, TABLE.deck_size, len(state.draw_pile))
    drawn_next = state.draw_pile[::-1][:top]
    assert not any(TABLE.is_toucan(k) for k in drawn_next)
    assert not any(TABLE.is_toucan(k) for piles in state.piles for p in piles for k in p)


def check_views(state: TucanoState, rng: random.Random) -> None:
    other = state.copy()
    other.redeterminize(0, rng)  # what nobody sees; nothing once the turns are over
    assert census(other) == census(state)
    check_hidden_constraints(other)
    secret = {"deck", "draw_pile", "seed"} | (set() if state.joker_due else {"turns", "revealed"})
    for viewer in [None, *range(state.num_players)]:
        view = state.view(viewer)
        text = json.dumps(view)
        assert other.view(viewer) == view
        assert not secret & set(view)
        assert all(isinstance(size, int) for hand in view["hands"] for size in hand["piles"])
        assert json.loads(text) == view
        if viewer is not None:
            sample = GAME.determinize(view, rng)
            assert sample.view(viewer) == view
            assert census(sample) == list(TABLE.counts)
            check_hidden_constraints(sample)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED),
    players=st.integers(2, 4),
    choices=st.randoms(use_true_random=False),
)
def test_random_games_keep_every_invariant(seed: int, players: int, choices: random.Random) -> None:
    state = GAME.start([f"P{i}" for i in range(players)], seed=seed)
    steps = 0
    while not state.is_over:
        assert census(state) == list(TABLE.counts)
        check_hidden_constraints(state)
        if steps % 4 == 0:
            check_views(state, choices)
        sheets = state.score_sheets()
        assert [s.total for s in sheets] == [sum(s.categories.values()) for s in sheets]
        assert [s.total for s in sheets] == state.totals()
        actions = state.legal_actions()
        assert actions == sorted(set(actions))
        if state.joker_due:  # T-10: a choice only between two fruits or more
            assert len(actions) >= 2 and all(a.startswith("joker:") for a in actions)
            check_views(state, choices)
        assert sorted(map(state.action_text, state.legal_action_ids())) == actions
        state.apply_action(choices.choice(actions))
        steps += 1
    assert census(state) == list(TABLE.counts)
    assert state.turn == 24
    final = state.view(None)
    assert [s["total"] for s in final["scores"]] == [
        sum(s["categories"].values()) for s in final["scores"]
    ]
    revealed = [sorted(k for p in piles for k in p) for piles in final["revealed"]]
    assert revealed == [sorted(TABLE.names[k] for p in piles for k in p) for piles in state.piles]
    returns = state.returns()
    assert abs(sum(returns) - 1.0) < 1e-9
    again = GAME.load(state.record().to_json())
    assert again.view(None) == final


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, MAX_SEED), players=st.integers(2, 4), pick=st.randoms())
def test_search_interface_plays_the_same_game_as_notation(
    seed: int, players: int, pick: random.Random
) -> None:
    by_id = GAME.start([f"P{i}" for i in range(players)], seed=seed)
    by_text = by_id.copy()
    while not by_id.is_over:
        action = pick.choice(by_id.legal_action_ids())
        by_text.apply_action(by_id.action_text(action))
        by_id.apply_action_id(action)
        assert by_id.view(None) == by_text.view(None)
    assert by_id.record() == by_text.record()
