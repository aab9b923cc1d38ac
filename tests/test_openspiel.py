"""The OpenSpiel games: OpenSpiel's own random simulation test, and chance
nodes that reproduce the engine's games exactly."""

from collections import Counter

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.python.algorithms import get_all_states, ismcts, mcts, outcome_sampling_mccfr

from vitrine.adapters.openspiel_game import GAME_CLASSES, random_step
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import replay_json
from vitrine.games import get_game
from vitrine.games.dontgointhere import DontGoInThereGame
from vitrine.games.dontgointhere.chance import die_outcomes
from vitrine.games.dontgointhere.config import CARDS_PER_ROOM
from vitrine.games.dontgointhere.position import Dice
from vitrine.games.dontgointhere.setup import Deal, deal, dice_stream
from vitrine.games.exhibition import ExhibitionGame
from vitrine.games.tucano import TucanoGame
from vitrine.kit.encoding import flatten

SHORT_NAME = "vitrine_exhibition"
TUCANO = "vitrine_tucano"
DONTGOINTHERE = "vitrine_dontgointhere"
DONTGOINTHERE_PARTS = DontGoInThereGame().components
BLANK, GHOST = die_outcomes(DONTGOINTHERE_PARTS)
DEALT = CARDS_PER_ROOM * len(DONTGOINTHERE_PARTS.rooms) // 2  # three cards above each board


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
    assert {SHORT_NAME, TUCANO, DONTGOINTHERE} <= registered
    assert set(GAME_CLASSES) == {"exhibition", "tucano", "dontgointhere"}


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
        random_step(state, rng)
    other = state.clone()
    kinds = TucanoGame().table.joker + 1
    for piles in other.game_state.piles:
        piles[:] = [[(kind + 1) % kinds for kind in pile] for pile in piles]
    assert other.game_state.piles != state.game_state.piles
    for player in range(3):
        assert other.observation_string(player) == state.observation_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)


@pytest.mark.parametrize("name", [f"{DONTGOINTHERE}(players={players})" for players in (2, 3, 5)])
def test_dontgointhere_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=1, serialize=False, verbose=False)


def _dontgointhere_dealt(players: int, deal: Deal) -> pyspiel.State:
    """A new game whose setup chance nodes are fed a seeded deal: its types,
    the nine cards dealt first, then each board's room."""
    state = pyspiel.load_game(f"{DONTGOINTHERE}(players={players})").new_initial_state()
    for outcome in [*deal.types, *deal.deck[:DEALT], *deal.rooms]:
        assert outcome in dict(state.chance_outcomes())
        state.apply_action(outcome)
    assert not state.is_chance_node()
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 77), (3, 5), (5, 78)])
def test_dontgointhere_chance_outcomes_follow_a_seeded_game(players: int, seed: int) -> None:
    """Feed the chance nodes what the seed gives the engine (its types, its
    deck in order, its board sides, and every die from the dice stream, re-rolls
    included) while both play the same decisions: the cards above the rooms
    and the dice match after every one, and both end with the same turns and
    returns, every card dealt and exactly as many dice rolled."""
    names = [f"player_{seat}" for seat in range(players)]
    engine = DontGoInThereGame().start(names, {}, seed=seed)
    dealt = deal(seed, players, (), DONTGOINTHERE_PARTS)
    cards = iter(dealt.deck[DEALT:])
    dice = Dice((), dice_stream(seed))
    state = _dontgointhere_dealt(players, dealt)
    rng = np.random.default_rng(seed)
    while not engine.is_over:
        action = int(rng.choice(engine.legal_action_ids()))
        assert action in state.legal_actions()
        engine.apply_action_id(action)
        state.apply_action(action)
        while state.is_chance_node():
            outcomes = dict(state.chance_outcomes())
            if set(outcomes) == {BLANK, GHOST}:
                outcome = GHOST if dice.roll(1, DONTGOINTHERE_PARTS)[0] else BLANK
            else:
                outcome = next(cards)
            assert outcome in outcomes
            state.apply_action(outcome)
        assert (state.game_state.slots, state.game_state.dice) == (engine.slots, engine.dice)
    assert next(cards, None) is None
    assert dice.roll(8, DONTGOINTHERE_PARTS) == engine.dice_source.roll(8, DONTGOINTHERE_PARTS)
    assert state.is_terminal()
    assert state.game_state.record().turns == engine.record().turns
    assert state.returns() == engine.returns()


@pytest.mark.parametrize("variants", ["", "CA+MI+DO+RI+TW"])
def test_dontgointhere_chances_are_the_cards_left_the_sides_and_the_faces(variants: str) -> None:
    """Types uniform over those not drawn (none when the variants name them),
    cards by their copies not yet seen, board sides uniform, and each die a
    ghost with its ghost faces' share; the faces drawn are the dice rolled."""
    state = pyspiel.load_game(f"{DONTGOINTHERE}(players=2,variants={variants})").new_initial_state()
    parts = DONTGOINTHERE_PARTS
    types = [parts.type_index(code) for code in variants.split("+") if code]
    type_draws = 0 if types else parts.setup[2][0]
    rng = np.random.default_rng(9)
    drawn: list[int] = []
    faces: list[int] = []
    rolls = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            state.apply_action(int(rng.choice(state.legal_actions())))
            faces = []
            continue
        outcomes = dict(state.chance_outcomes())
        assert sum(outcomes.values()) == pytest.approx(1.0)
        setup = len(state.history()) if state.game_state is None else None
        left = Counter(parts.cards_of(tuple(sorted(types)))) - Counter(drawn)
        if setup is not None and setup < type_draws:
            left = Counter(set(range(len(parts.types))) - set(types))
        elif setup is not None and setup >= type_draws + DEALT:
            board = setup - type_draws - DEALT
            left = Counter(i for i, room in enumerate(parts.rooms) if room.board == board)
        elif set(outcomes) == {BLANK, GHOST}:
            left = Counter({BLANK: parts.die_faces - parts.ghost_faces, GHOST: parts.ghost_faces})
        total = sum(left.values())
        assert outcomes == {outcome: pytest.approx(n / total) for outcome, n in left.items()}
        outcome = int(rng.choice(list(outcomes), p=list(outcomes.values())))
        state.apply_action(outcome)
        if outcome in (BLANK, GHOST):
            faces.append(outcome)
        elif setup is not None and setup < type_draws:
            types.append(outcome)
        elif setup is None or setup < type_draws + DEALT:
            drawn.append(outcome)
        if faces and not state.is_chance_node():
            assert state.game_state.dice == [face == GHOST for face in faces]
            rolls += 1
    kinds, remove = parts.setup[2]
    assert rolls >= len(drawn) // CARDS_PER_ROOM  # every room dealt is resolved with a roll
    assert len(drawn) == kinds * len(parts.cards_of((0,))) - remove


def test_dontgointhere_bad_parameters_are_refused_by_name() -> None:
    takes = "the OpenSpiel game vitrine_dontgointhere takes 2 to 5"
    with pytest.raises(VitrineError, match=f"players=1: {takes}"):
        pyspiel.load_game(DONTGOINTHERE, {"players": 1})
    with pytest.raises(VitrineError, match=f"players=6: {takes}"):
        pyspiel.load_game(DONTGOINTHERE + "(players=6)")
    with pytest.raises(VitrineError, match="option 'types': no card type 'XX'"):
        pyspiel.load_game(DONTGOINTHERE + "(variants=CA+XX)")
    with pytest.raises(VitrineError, match="2 players play with 5 types; option 'types' names 2"):
        pyspiel.load_game(DONTGOINTHERE + "(variants=CA+MI)")


def test_dontgointhere_observations_hide_others_ghosts_and_the_unseen_passage_card() -> None:
    """Another player's ghosts (G-14) and the Secret Passage's face-down card
    (G-23) change nothing a player observes, except the card for one who has
    placed a meeple there and the ghosts for their owner."""
    secret = DONTGOINTHERE_PARTS.room_index("S")
    parts = DONTGOINTHERE_PARTS
    seed = next(seed for seed in range(100) if secret in deal(seed, 3, (), parts).rooms)
    dealt = deal(seed, 3, (), DONTGOINTHERE_PARTS)
    state = _dontgointhere_dealt(3, dealt)
    board = dealt.rooms.index(secret)
    hidden = state.game_state.slots[board][CARDS_PER_ROOM - 1]
    other_card = next(card for card in dealt.deck[DEALT:] if card != hidden)

    def seen_differently(state: pyspiel.State) -> set[int]:
        other = state.clone()
        other.game_state.slots[board][CARDS_PER_ROOM - 1] = other_card
        other.game_state.ghosts[1] += 3
        return {
            player
            for player in range(3)
            if other.observation_string(player) != state.observation_string(player)
            or other.observation_tensor(player) != state.observation_tensor(player)
        }

    assert seen_differently(state) == {1}
    state.apply_action(state.game_state.config.notation.place_id(secret, 0))
    assert seen_differently(state) == {0, 1}


def _assert_record_replays(state: pyspiel.State) -> None:
    """The state's record (its clone's too), through JSON and the game's
    ``replay``, gives the same turns, the same player to act, the same view
    for every seat and for a spectator, and the same returns once over."""
    engine = state.game_state
    record = state.record()
    assert state.clone().record() == record  # OpenSpiel's algorithms search on clones
    replayed = replay_json(get_game(record.game), record.to_json())
    assert replayed.record().turns == engine.record().turns
    assert (replayed.current_player, replayed.is_over) == (engine.current_player, engine.is_over)
    for seat in [*range(engine.num_players), None]:
        assert replayed.view(seat) == engine.view(seat)
    if engine.is_over:
        assert replayed.returns() == state.returns()


@pytest.mark.parametrize(
    ("name", "seed"),
    [
        (SHORT_NAME, 1),
        (SHORT_NAME + "(players=3,variants=secret_decade)", 2),
        (SHORT_NAME + "(players=5)", 3),
        (TUCANO, 4),
        (TUCANO + "(players=3)", 5),
        (TUCANO + "(players=4)", 6),
        (DONTGOINTHERE, 7),
        (DONTGOINTHERE + "(players=3)", 8),
        (DONTGOINTHERE + "(players=5)", 9),
        (DONTGOINTHERE + "(players=2,variants=CA+MI+DO+RI+TW)", 10),
    ],
)
def test_a_game_played_through_openspiel_has_a_record_that_replays_it(name: str, seed: int) -> None:
    _play_checking_records(name, seed)


@settings(max_examples=15, deadline=None)
@given(
    name=st.sampled_from(
        [f"{SHORT_NAME}(players={n})" for n in range(2, 6)]
        + [f"{TUCANO}(players={n})" for n in range(2, 5)]
        + [f"{DONTGOINTHERE}(players={n})" for n in range(2, 6)]
    ),
    seed=st.integers(0, 2**32 - 1),
)
def test_records_of_random_openspiel_games_replay_them(name: str, seed: int) -> None:
    _play_checking_records(name, seed)


def _play_checking_records(name: str, seed: int) -> None:
    """Chance outcomes sampled by their probabilities and random decisions:
    the record replays the position at three steps in a row mid-game (one
    of them often with an action waiting for its draws) and at the end."""
    state = pyspiel.load_game(name).new_initial_state()
    rng = np.random.default_rng(seed)
    checks = set(range(mid := int(rng.integers(1, 60)), mid + 3))
    steps = 0
    while not state.is_terminal():
        random_step(state, rng)
        if state.game_state is not None:
            steps += 1
            if steps in checks:
                _assert_record_replays(state)
    assert steps > max(checks)
    _assert_record_replays(state)


def test_there_is_no_record_during_the_setup() -> None:
    state = pyspiel.load_game(TUCANO).new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(VitrineError, match=r"no record during the setup \(1 chance outcomes"):
        state.record()


# --- What OpenSpiel's own algorithms need: information states, resampling,
# states told apart, and the errors OpenSpiel users catch.

ALL_GAMES = [SHORT_NAME, TUCANO, DONTGOINTHERE]


@pytest.mark.parametrize("name", ALL_GAMES)
def test_random_sim_test_passes_with_serialisation(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_get_all_states_at_depth_one_tells_every_state_apart(name: str) -> None:
    """The root and one state per outcome of its chance event, whether states
    are told apart by ``str`` or by their history."""
    game = pyspiel.load_game(name)
    expected = 1 + len(game.new_initial_state().chance_outcomes())
    for to_string in (str, lambda s: s.history_str()):
        states = get_all_states.get_all_states(
            game, depth_limit=1, include_chance_states=True, to_string=to_string
        )
        assert len(states) == expected
    if name == SHORT_NAME:
        assert expected == 102  # the root, then each of the 101 cards dealt first


def test_str_tells_apart_states_that_look_alike() -> None:
    game = pyspiel.load_game(SHORT_NAME)
    one, two = game.new_initial_state(), game.new_initial_state()
    one.apply_action(3)
    two.apply_action(4)
    assert str(one) != str(two) and str(one) == "deal 1903"
    for state in (one, two):
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
    assert str(one) != str(two)  # the same number of cards dealt, different markets
    action = one.legal_actions()[0]
    one.apply_action(action)
    assert str(one).endswith(f"p0 {one.action_to_string(0, action)}")


def _dealt(name: str, seed: int, decisions: int) -> pyspiel.State:
    """A state after the setup and ``decisions`` random decisions, at a decision."""
    state = pyspiel.load_game(name).new_initial_state()
    rng = np.random.default_rng(seed)
    made = 0
    while made < decisions or state.is_chance_node():
        made += not state.is_chance_node()
        random_step(state, rng)
    return state


@pytest.mark.parametrize("name", ALL_GAMES)
def test_information_state_is_the_view_and_the_players_own_decisions(name: str) -> None:
    state = _dealt(name, 3, 6)
    game = state.get_game()
    players = game.num_players()
    for player in range(players):
        own = [a for p, a in state.trail if p == player]
        text = state.information_state_string(player)
        words = " ".join(state.action_to_string(player, a) for a in own)
        assert text == f"{state.observation_string(player)}\ndecisions: {words}"
        tensor = np.asarray(state.information_state_tensor(player))
        view = np.asarray(state.observation_tensor(player))
        assert len(tensor) == game.information_state_tensor_size()
        assert len(tensor) == len(view) + game.num_distinct_actions()
        assert np.array_equal(tensor[: len(view)], view)
        assert np.array_equal(
            tensor[len(view) :], np.bincount(own, minlength=game.num_distinct_actions())
        )


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_resampled_state_has_the_same_information_state(name: str) -> None:
    state = _dealt(name, 5, 9)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(player, sampler) for _ in range(4)]
    for sample in samples:
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        assert str(sample).startswith(f"sampled for p{player}")
        with pytest.raises(pyspiel.SpielError, match="resampled from player"):
            sample.record()
        while not sample.is_terminal():  # a sample plays on, chance nodes included
            random_step(sample, np.random.default_rng(0))
    with pytest.raises(pyspiel.SpielError, match="only where a player is to act"):
        pyspiel.load_game(name).new_initial_state().resample_from_infostate(0, sampler)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_ismcts_bot_plays_a_whole_game(name: str) -> None:
    """OpenSpiel's ISMCTSBot in seat 0 (random rollouts), random players elsewhere."""
    game = pyspiel.load_game(name)
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=random_state)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            random_step(state, rng)
    assert searched > 5
    assert sum(state.returns()) == pytest.approx(1.0)


def test_outcome_sampling_mccfr_runs_on_two_player_tucano() -> None:
    game = pyspiel.load_game(TUCANO + "(players=2)")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    state = _dealt(TUCANO + "(players=2)", 0, 0)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (SHORT_NAME + "(variants=nonsense)", "unknown variation showcase 'nonsense'"),
        (SHORT_NAME + "(players=6)", "players=6"),
        (TUCANO + "(variants=links)", "Tucano has no variants"),
        (DONTGOINTHERE + "(variants=CA+XX)", "no card type 'XX'"),
    ],
)
def test_bad_parameters_raise_spiel_error(name: str, message: str) -> None:
    with pytest.raises(pyspiel.SpielError, match=message):
        pyspiel.load_game(name)
