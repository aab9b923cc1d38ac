"""The OpenSpiel games: OpenSpiel's own random simulation test, and chance
nodes that reproduce the engine's games exactly."""

import numpy as np
import pyspiel
import pytest

from vitrine.adapters.encoding import flatten
from vitrine.adapters.openspiel_game import GAME_CLASSES
from vitrine.engine.errors import VitrineError
from vitrine.games.exhibition import ExhibitionGame

SHORT_NAME = "vitrine_exhibition"


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
