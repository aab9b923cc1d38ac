"""The OpenSpiel games: OpenSpiel's own random simulation test, and chance
nodes that reproduce the engine's games exactly."""

import numpy as np
import pyspiel
import pytest

from vitrine.adapters.encoding import flatten
from vitrine.adapters.openspiel_game import GAME_CLASSES
from vitrine.engine.errors import VitrineError
from vitrine.games.exhibition import ExhibitionGame
from vitrine.games.tucano import TucanoGame

SHORT_NAME = "vitrine_exhibition"
TUCANO = "vitrine_tucano"


@pytest.mark.parametrize("params", ["", "(players=3,variants=links+secret_decade)", "(players=5)"])
def test_random_sim_test_passes(params: str) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(SHORT_NAME + params), num_sims=1, serialize=False, verbose=False
    )


def test_chance_outcomes_follow_a_real_deal_to_the_same_game() -> None:
    """Feed the chance nodes the cards a seeded deal would give, play the
    engine's game's turns, and end at the same position and returns."""
    engine = ExhibitionGame().start(["player_0", "player_1"], {}, seed=77)
    rng = np.random.default_rng(3)
    while not engine.is_over:
        engine.apply_action_id(int(rng.choice(engine.legal_action_ids())))
    reference = ExhibitionGame().start(["player_0", "player_1"], {}, seed=77)
    game = pyspiel.load_game(SHORT_NAME)
    state = game.new_initial_state()
    for card in reference.config.deck[:18]:
        assert (card, 1 / (101 - len(state.history()))) in state.chance_outcomes()
        state.apply_action(card)
    for turn in engine.record().turns:
        take, target = turn.split(" ")
        for text in (take, target):
            action = next(a for a in state.legal_actions() if reference.action_text(a) == text)
            draws = reference.stock[:1]
            reference.apply_action(text)
            state.apply_action(action)
            if state.is_chance_node():
                outcomes = dict(state.chance_outcomes())
                assert sum(outcomes.values()) == pytest.approx(1.0)
                state.apply_action(draws[0])
    assert state.is_terminal()
    assert state.returns() == engine.returns()


def test_observation_tensor_is_the_encoded_view() -> None:
    game = pyspiel.load_game(SHORT_NAME + "(players=3)")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node() or len(state.history()) < 40:
        outcomes = [o for o, _ in state.chance_outcomes()] if state.is_chance_node() else None
        state.apply_action(int(rng.choice(outcomes or state.legal_actions())))
    table = game.table
    for player in range(3):
        expected = flatten(table.encoding, table.encoding.encode(state.game_state.view(player)))
        assert np.array_equal(np.asarray(state.observation_tensor(player)), expected)
        assert f'"viewer": {player}' in state.observation_string(player)


def test_bad_parameters_are_refused_by_name() -> None:
    with pytest.raises(VitrineError, match="players=1"):
        GAME_CLASSES["exhibition"]({"players": 1})
    with pytest.raises(VitrineError, match="nonsense"):
        GAME_CLASSES["exhibition"]({"variants": "nonsense"})


def test_only_the_player_to_act_has_legal_actions() -> None:
    game = pyspiel.load_game(SHORT_NAME)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    mover = state.current_player()
    assert state.legal_actions(mover) == state.legal_actions()
    assert state.legal_actions(1 - mover) == []


def test_every_game_with_chance_events_is_registered() -> None:
    registered = {game.short_name for game in pyspiel.registered_games()}
    assert {SHORT_NAME, TUCANO} <= registered
    assert set(GAME_CLASSES) == {"exhibition", "tucano"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tucano_random_sim_test_passes(players: int) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(f"{TUCANO}(players={players})"),
        num_sims=1,
        serialize=False,
        verbose=False,
    )


@pytest.mark.parametrize("players", [2, 4])
def test_tucano_chance_outcomes_follow_a_real_deal_to_the_same_game(players: int) -> None:
    """Feed every chance node the next card of a seeded deal (the columns,
    then each refill's draws, A, B, C), play the engine's decisions, and end
    with the same turns and returns, every card drawn."""
    names = [f"player_{seat}" for seat in range(players)]
    engine = TucanoGame().start(names, seed=77)
    rng = np.random.default_rng(3)
    actions: list[int] = []
    while not engine.is_over:
        actions.append(int(rng.choice(engine.legal_action_ids())))
        engine.apply_action_id(actions[-1])
    deck = iter(engine.config.deck)
    state = pyspiel.load_game(f"{TUCANO}(players={players})").new_initial_state()
    for action in [None, *actions]:
        if action is not None:
            assert action in state.legal_actions()
            state.apply_action(action)
        while state.is_chance_node():
            card = next(deck)
            assert card in dict(state.chance_outcomes())
            state.apply_action(card)
    assert next(deck, None) is None
    assert state.is_terminal()
    assert state.game_state.record().turns == engine.record().turns
    assert state.returns() == engine.returns()


def test_tucano_chance_is_by_count_and_keeps_toucans_below_the_upper_half() -> None:
    """Outcomes are card kinds weighted by how many are left; no toucan is
    offered while the upper half lasts, and every toucan comes after it."""
    game = pyspiel.load_game(f"{TUCANO}(players=3)")
    cards = TucanoGame().table
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    fruit_and_joker = sum(cards.counts[: cards.joker + 1])
    assert first == {kind: cards.counts[kind] / fruit_and_joker for kind in range(cards.joker + 1)}
    rng = np.random.default_rng(5)
    drawn: list[int] = []
    while not state.is_terminal():
        if not state.is_chance_node():
            state.apply_action(int(rng.choice(state.legal_actions())))
            continue
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert sum(probabilities) == pytest.approx(1.0)
        left = [count - drawn.count(kind) for kind, count in enumerate(cards.counts)]
        eligible = sum(left[kind] for kind in outcomes)
        assert probabilities == pytest.approx([left[kind] / eligible for kind in outcomes])
        toucans_left = sum(left[cards.flip :])
        offered_toucan = any(cards.is_toucan(kind) for kind in outcomes)
        assert offered_toucan == (len(drawn) >= cards.upper_half and toucans_left > 0)
        drawn.append(int(rng.choice(outcomes, p=probabilities)))
        state.apply_action(drawn[-1])
    assert [drawn.count(kind) for kind in range(cards.kinds)] == list(cards.counts)
    assert not any(cards.is_toucan(kind) for kind in drawn[: cards.upper_half])


def test_tucano_bad_parameters_are_refused_by_name() -> None:
    takes = "the OpenSpiel game vitrine_tucano takes 2 to 4"
    with pytest.raises(VitrineError, match=f"players=5: {takes}"):
        pyspiel.load_game(TUCANO + "(players=5)")
    with pytest.raises(VitrineError, match=f"players=1: {takes}"):
        pyspiel.load_game(TUCANO, {"players": 1})
    with pytest.raises(VitrineError, match="Tucano has no variants, got links"):
        pyspiel.load_game(TUCANO + "(variants=links)")


def test_tucano_observations_hide_the_face_down_piles_from_everyone() -> None:
    """Two states that differ only in what the face-down piles hold look the
    same to every player, their owners included (T-6)."""
    game = pyspiel.load_game(f"{TUCANO}(players=3)")
    state = game.new_initial_state()
    rng = np.random.default_rng(11)
    while state.is_chance_node() or not any(state.game_state.piles):
        assert not state.is_terminal()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    other = state.clone()
    kinds = TucanoGame().table.joker + 1
    for piles in other.game_state.piles:
        piles[:] = [[(kind + 1) % kinds for kind in pile] for pile in piles]
    assert other.game_state.piles != state.game_state.piles
    for player in range(3):
        assert other.observation_string(player) == state.observation_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
