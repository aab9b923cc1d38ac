"""The baseline bots: legal, view-only, greedy clearly better than random and
careless in between."""

import random

import pytest

from bot_games import play_new, reordered_stock
from vitrine.bots import (
    LEVELS,
    Budget,
    CarelessBot,
    GreedyBot,
    IsmctsBot,
    PimcBot,
    RandomBot,
    RolloutBot,
    level_spec,
    make_bot,
)
from vitrine.bots.base import Bot
from vitrine.engine.errors import VitrineError
from vitrine.games.exhibition import ExhibitionGame

pytestmark = pytest.mark.playout_core  # make test runs these again in pure Python

GAME = ExhibitionGame()


def play(bots: list[Bot], seed: int) -> list[float]:
    return play_new(GAME, bots, seed)


def head_to_head(bot: type[Bot], other: type[Bot], games: int) -> float:
    """``bot``'s wins against ``other``, seats alternating over the games."""
    wins = 0.0
    for seed in range(games):
        if seed % 2:
            wins += play([bot(), other()], seed)[0]
        else:
            wins += play([other(), bot()], seed)[1]
    return wins


def test_greedy_beats_random_from_either_seat() -> None:
    games = 12
    assert head_to_head(GreedyBot, RandomBot, games) >= 0.8 * games


def test_careless_sits_between_random_and_greedy() -> None:
    games = 12
    assert head_to_head(CarelessBot, RandomBot, games) >= 2 / 3 * games
    assert head_to_head(CarelessBot, GreedyBot, games) <= 1 / 3 * games


def test_careless_plays_its_share_of_decisions_at_random() -> None:
    """careless:P follows greedy on the decisions its first draw keeps from
    chance, and random on the others, drawing on from the same stream."""
    state, _ = reordered_stock(6)
    view = state.view(state.current)
    at_random: dict[int, int] = {}
    for percent in (1, 30, 99):
        careless = make_bot(f"careless:{percent}")
        assert careless.name == f"careless:{percent}"
        at_random[percent] = 0
        for seed in range(40):
            stream = random.Random(seed)
            by_chance = stream.random() * 100 < percent
            at_random[percent] += by_chance
            mimic = RandomBot() if by_chance else GreedyBot()
            expected = mimic.choose(GAME, view, stream)
            assert careless.choose(GAME, view, random.Random(seed)) == expected
    assert at_random[1] < at_random[30] < at_random[99]
    assert make_bot("careless").name == "careless:50"


def test_bot_choice_ignores_the_hidden_stock_order() -> None:
    """Same view, same bot seed, different stock behind it: the same decision."""
    state, other = reordered_stock(6)
    seat = state.current
    bots = (
        GreedyBot(),
        RandomBot(),
        CarelessBot(),
        IsmctsBot(Budget(iterations=60)),
        IsmctsBot(Budget(iterations=60), enhanced=True),
    )
    for bot in bots:
        assert bot.choose(GAME, state.view(seat), random.Random(9)) == bot.choose(
            GAME, other.view(seat), random.Random(9)
        )


def test_unknown_bot_names_are_refused() -> None:
    assert make_bot("greedy").name == "greedy"
    with pytest.raises(VitrineError, match="unknown bot 'deep-blue'"):
        make_bot("deep-blue")


@pytest.mark.slow  # in pure Python too long for make test's second pass
def test_ismcts_beats_greedy_with_a_small_budget() -> None:
    """400 iterations win about 85% of games; 5 of 8 leaves room for chance."""
    first = [play([IsmctsBot(Budget(iterations=400)), GreedyBot()], seed)[0] for seed in range(4)]
    second = [play([GreedyBot(), IsmctsBot(Budget(iterations=400))], seed)[1] for seed in range(4)]
    assert sum(first) + sum(second) >= 5


def test_ismcts_respects_a_time_budget_and_plays_solo() -> None:
    bot = IsmctsBot(Budget(seconds=0.05))
    state = GAME.start(["Solo"], seed=2)
    view = state.view(0)
    action = bot.choose(GAME, view, random.Random(1))
    assert action in view["legal_actions"]
    assert bot.last_iterations > 5


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:0", "positive number of iterations"),
        ("ismcts:fast", "positive number of iterations"),
        ("greedy:100", "takes no budget"),
        ("careless:0", "percentage of its decisions played at random, 1 to 99"),
        ("careless:100", "1 to 99"),
        ("careless:1.5s", "1 to 99"),
        ("careless:\u00b2", "1 to 99"),  # a digit to isdigit, not to int
    ],
)
def test_bad_bot_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(VitrineError, match=message):
        make_bot(spec)


def test_specs_and_levels_name_bots() -> None:
    assert make_bot("ismcts:1500").name == "ismcts:1500"
    assert make_bot("ismcts:0.5s").name == "ismcts:0.5s"
    assert make_bot("beginner", "exhibition", 2).name == "random"
    counts = {"exhibition": range(1, 6), "tucano": range(2, 5), "dontgointhere": range(2, 6)}
    for game, players in ((game, n) for game, ns in counts.items() for n in ns):
        for level in LEVELS:
            assert make_bot(level, game, players).name == level_spec(level, game, players)
    with pytest.raises(VitrineError, match="per game and player count"):
        make_bot("expert")
    with pytest.raises(VitrineError, match="unknown bot level 'master'"):
        level_spec("master", "tucano", 2)


@pytest.mark.slow  # in pure Python too long for make test's second pass
def test_pimc_plays_legal_solo_decisions_from_the_view_alone() -> None:
    bot = PimcBot(samples=3, width=4)
    state = GAME.start(["Solo"], seed=4)
    rng = random.Random(2)
    for _ in range(3):
        view = state.view(0)
        action = bot.choose(GAME, view, rng)
        assert action in view["legal_actions"]
        state.apply_action(action)
    deck = list(state.config.deck)
    dealt = len(deck) - len(state.stock)
    other = GAME.start(["Solo"], deck=deck[:dealt] + deck[dealt:][::-1])
    for turn in state.turn_texts():
        if " " in turn:
            other.push(turn)
        else:
            other.apply_action(turn)
    assert other.stock != state.stock
    assert bot.choose(GAME, state.view(0), random.Random(7)) == bot.choose(
        GAME, other.view(0), random.Random(7)
    )


def test_pimc_needs_a_perfect_information_search() -> None:
    state = GAME.start(["Ana", "Bo"], seed=1)
    with pytest.raises(VitrineError, match="solo games only"):
        PimcBot(samples=2).choose(GAME, state.view(0), random.Random(1))
    assert make_bot("pimc:8").name == "pimc:8"
    with pytest.raises(VitrineError, match="number of samples"):
        make_bot("pimc:2s")


def test_rollout_values_the_decisions_on_shared_samples_from_the_view() -> None:
    """The rollout bot plays legal decisions from the view alone; analysing,
    every value is a win share, the focus is valued on every sample as the
    best is, and the best is the highest valued of those."""
    state = GAME.start(["Ana", "Bo"], seed=9)
    rng = random.Random(3)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    bot = RolloutBot(playouts=24)
    assert bot.choose(GAME, view, random.Random(5)) in view["legal_actions"]
    assert bot.choose(GAME, view, random.Random(5)) == bot.choose(GAME, view, random.Random(5))
    focus = view["legal_actions"][-1]
    analysis = bot.analyse(GAME, view, random.Random(5), focus)
    assert all(0.0 <= value <= 1.0 for value in analysis.values.values())
    assert (
        analysis.weights[focus] == analysis.weights[analysis.best] == max(analysis.weights.values())
    )
    finalists = [a for a, w in analysis.weights.items() if w == analysis.weights[focus]]
    assert analysis.values[analysis.best] == max(analysis.values[a] for a in finalists)
    assert make_bot("rollout:50").name == "rollout:50"
    with pytest.raises(VitrineError, match="number of playouts"):
        make_bot("rollout:1s")
