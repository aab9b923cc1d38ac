"""The research adapters: the frameworks' own test suites, plus what those
suites cannot know (hidden information, masks matching the rules, bad input)."""

import numpy as np
import pytest

from vitrine.adapters.encoding import encoding_for
from vitrine.adapters.pettingzoo import exhibition_v1
from vitrine.engine.errors import VitrineError
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState
from vitrine.kit.encoding import flatten

GAME = ExhibitionGame()


def test_masks_are_the_views_legal_actions_and_only_for_the_player_to_act() -> None:
    e = exhibition_v1.raw_env(players=2)
    e.reset(seed=9)
    rng = np.random.default_rng(2)
    for _ in range(40):
        state = e.game_state
        seat = state.current_player
        assert seat is not None
        mask = e.observe(f"player_{seat}")["action_mask"]
        named = {state.action_text(int(a)) for a in np.flatnonzero(mask)}
        assert named == set(state.view(seat)["legal_actions"])
        assert not e.observe(f"player_{1 - seat}")["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(mask))))


def test_dict_and_flat_observations_hold_the_same_numbers() -> None:
    flat, as_dict = (
        exhibition_v1.raw_env(players=3, obs_type="flat"),
        exhibition_v1.raw_env(players=3, obs_type="dict"),
    )
    flat.reset(seed=4)
    as_dict.reset(seed=4)
    for _ in range(10):
        a, b = flat.observe("player_1"), as_dict.observe("player_1")
        assert np.array_equal(a["observation"], flatten(as_dict.table.encoding, b["observation"]))
        action = int(np.flatnonzero(flat.observe(flat.agent_selection)["action_mask"])[0])
        flat.step(action)
        as_dict.step(action)


def play_random(deck: list[int], decades: list[int], turns: int) -> ExhibitionState:
    state = GAME.start(["A", "B", "C"], {"secret_decade": True}, deck=deck, secret_decades=decades)
    rng = np.random.default_rng(0)
    for _ in range(turns):
        moves = state.legal_turns()
        state.push(moves[int(rng.integers(len(moves)))])
    return state


def test_observations_hide_the_stock_order_and_others_secret_decades() -> None:
    base = GAME.start(["A", "B", "C"], {"secret_decade": True}, seed=12)
    deck = list(base.config.deck)
    other_deck = deck[:40] + deck[40:][::-1]  # only cards still in the stock differ
    one = play_random(deck, [1900, 1910, 1920], 8)
    two = play_random(other_deck, [1900, 1950, 1990], 8)
    assert one.stock != two.stock
    encoding = encoding_for("exhibition", one)
    seen = [flatten(encoding, encoding.encode(s.view(0))) for s in (one, two)]
    assert np.array_equal(seen[0], seen[1])
    owner = [flatten(encoding, encoding.encode(s.view(1))) for s in (one, two)]
    assert not np.array_equal(owner[0], owner[1])


def test_seats_are_relative_to_the_viewer() -> None:
    state = GAME.start(["A", "B"], {}, seed=2)
    state.push(state.legal_turns()[0])
    encoding = encoding_for("exhibition", state)
    mine, theirs = (encoding.encode(state.view(seat)) for seat in (0, 1))
    assert mine["halls"][0].sum() == 1 and theirs["halls"][1].sum() == 1
    assert mine["seat"].tolist() == [1, 0] and theirs["seat"].tolist() == [0, 1]
    assert mine["to_act"].tolist() == [0, 1] and theirs["to_act"].tolist() == [1, 0]


def test_seats_are_relative_to_the_viewer_at_three_players() -> None:
    state = GAME.start(["A", "B", "C"], {}, seed=2)
    state.push(state.legal_turns()[0])  # seat 0 places a card
    encoding = encoding_for("exhibition", state)
    rows = [
        encoding.encode(state.view(seat))["halls"].sum(axis=(1, 2)).tolist() for seat in range(3)
    ]
    assert rows == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]  # seat 0 is 2 after seat 1, 1 after seat 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 6}, "1 to 5 players, got 6"),
        ({"variants": ("no_such",)}, "no_such"),
        ({"obs_type": "image"}, "unknown observation type 'image'"),
    ],
)
def test_bad_settings_are_refused_by_name(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(VitrineError, match=message):
        exhibition_v1.raw_env(**kwargs)
