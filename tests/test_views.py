"""Player views: everything public shown, the stock order and others'
secret decades hidden, one function for every interface."""

import json
import random

import pytest

from vitrine.games import game_names, get_game
from vitrine.games.exhibition import ExhibitionGame
from vitrine.games.exhibition.cards import card_label

GAME = ExhibitionGame()


def test_views_never_show_the_stock_order() -> None:
    state = GAME.start(["Ana", "Bo", "Cy"], {"secret_decade": True}, seed=11)
    rng = random.Random(2)
    for _ in range(10):
        state.push(rng.choice(state.legal_turns()))
    stock = [card_label(c) for c in state.stock]
    for viewer in (None, 0, 1, 2):
        text = json.dumps(state.view(viewer))
        assert json.dumps(stock[:3])[1:-1] not in text
        view = state.view(viewer)
        assert view["stock_count"] == len(stock)
        assert not {"stock", "deck", "seed"} & set(view)


def test_a_different_stock_order_gives_identical_views() -> None:
    state = GAME.start(["Ana", "Bo"], {"secret_decade": True}, seed=4)
    rng = random.Random(3)
    for _ in range(6):
        state.push(rng.choice(state.legal_turns()))
    deck = list(state.config.deck)
    dealt = len(deck) - len(state.stock)
    hidden = deck[dealt:]
    shuffled = hidden[::-1]
    other = GAME.start(
        ["Ana", "Bo"],
        {"secret_decade": True},
        deck=deck[:dealt] + shuffled,
        secret_decades=state.config.secret_decades,
    )
    for turn in state.turn_texts():
        other.push(turn)
    assert other.stock != state.stock
    for viewer in (None, 0, 1):
        assert other.view(viewer) == state.view(viewer)


def test_secret_decades_shown_to_their_owner_only_until_the_end() -> None:
    state = GAME.start(["Ana", "Bo", "Cy"], {"secret_decade": True}, seed=8)
    decades = list(state.config.secret_decades)
    assert state.view(None)["secret_decades"] == [None, None, None]
    for seat in range(3):
        shown = state.view(seat)["secret_decades"]
        assert shown[seat] == decades[seat]
        assert [d for i, d in enumerate(shown) if i != seat] == [None, None]
    while not state.is_over:
        state.push(state.legal_turns()[0])
    assert state.view(None)["secret_decades"] == decades
    assert "secret_decade" in state.view(None)["scores"][0]["categories"]


def test_public_information_is_all_there() -> None:
    state = GAME.start(["Ana", "Bo"], seed=12)
    state.push(state.legal_turns()[0])
    state.apply_action(state.legal_actions()[0])
    view = state.view(1)
    assert view["phase"] == "place" and view["pending"] == state.turn_texts()[-1]
    assert view["market"] == {
        code: [card_label(c) for c in group]
        for code, group in zip(GAME.table.continent_codes, state.market, strict=True)
    }
    assert [list(h.values()) for h in view["halls"]] == [
        [card_label(c) if c >= 0 else None for c in hall] for hall in state.halls
    ]
    assert view["legal_actions"] == state.legal_actions()
    assert "legal_actions" not in state.view(0), "only the player to act gets decisions"
    assert view["turns"] == state.turn_texts()


def test_einstein_is_listed_last_in_his_market_group() -> None:
    deck = [100, 0, 5, *range(1, 5), *range(6, 100)]
    state = GAME.start(["Ana"], deck=deck)
    assert state.view(0)["market"]["OC"] == ["1900", "1905", "EIN"]


@pytest.mark.parametrize("game", game_names())
def test_every_game_refuses_a_view_for_an_unknown_seat(game: str) -> None:
    state = get_game(game).new_game(["Ana", "Bo"], {}, 1)
    for seat in (2, -1):
        with pytest.raises(ValueError, match=f"no seat {seat} in a 2-player game"):
            state.view(seat)
    assert state.view(1)["viewer"] == 1 and state.view(None)["players"] == ["Ana", "Bo"]


def test_determinizations_match_the_view_and_vary_the_hidden_parts() -> None:
    state = GAME.start(["Ana", "Bo", "Cy"], {"secret_decade": True}, seed=21)
    rng = random.Random(5)
    for _ in range(8):
        state.push(rng.choice(state.legal_turns()))
    view = state.view(1)
    samples = [GAME.determinize(view, random.Random(seed)) for seed in range(5)]
    assert all(sample.view(1) == view for sample in samples)
    assert len({sample.stock for sample in samples}) > 1
    assert all(
        sample.config.secret_decades[1] == state.config.secret_decades[1] for sample in samples
    )
    assert all(sorted(sample.stock) == sorted(state.stock) for sample in samples)
