"""Every bot plays Tucano through the game-independent interface, from views only."""

import random

import pytest

from bot_games import play_new
from tucano_helpers import GAME, joker_choice, position
from vitrine.bots import make_bot
from vitrine.engine.errors import VitrineError
from vitrine.games.tucano.determinize import deal_hidden
from vitrine.games.tucano.lead import LeadScorer
from vitrine.games.tucano.notation import Decision
from vitrine.games.tucano.state import TucanoState


@pytest.mark.parametrize(
    "spec", ["random", "careless:50", "greedy", "ismcts:40", "ismcts+:40", "rollout:12"]
)
def test_every_bot_finishes_games_at_every_player_count(spec: str) -> None:
    for players in (2, 3, 4):
        bots = [make_bot(spec)] + [make_bot("random") for _ in range(players - 1)]
        assert sum(play_new(GAME, bots, seed=players)) == pytest.approx(1.0)


def test_greedy_beats_random_from_either_seat() -> None:
    wins = 0.0
    for seed in range(12):
        if seed % 2:
            wins += play_new(GAME, [make_bot("greedy"), make_bot("random")], seed)[0]
        else:
            wins += play_new(GAME, [make_bot("random"), make_bot("greedy")], seed)[1]
    assert wins >= 10


def test_bot_choices_ignore_what_nobody_can_see() -> None:
    """Same view, same bot seed, hidden cards dealt anew behind it: the same decision."""
    state = GAME.start(["Ana", "Bo", "Cy"], seed=30)
    rng = random.Random(4)
    while state.turn < 14 or (not state.mid_turn and state.turn < 20):
        state.apply_action(rng.choice(state.legal_actions()))
    other = state.copy()
    deal_hidden(other, random.Random(1))
    assert other.draw_pile != state.draw_pile
    seat = state.current_player
    assert seat is not None
    for spec in ("greedy", "random", "careless:50", "ismcts:60", "ismcts+:60", "rollout:30"):
        bot = make_bot(spec)
        assert bot.choose(GAME, state.view(seat), random.Random(9)) == bot.choose(
            GAME, other.view(seat), random.Random(9)
        )


def test_pimc_refuses_tucano_clearly() -> None:
    state = GAME.start(["Ana", "Bo"], seed=1)
    with pytest.raises(VitrineError, match="no perfect-information search: use ismcts"):
        make_bot("pimc:2").choose(GAME, state.view(0), random.Random(1))


def informed_column(state: TucanoState) -> int:
    """The column an informed playout takes at the start of a turn (no noise)."""
    return informed_choice(state).card


def informed_choice(state: TucanoState) -> Decision:
    """The decision an informed playout makes now, noise aside."""
    scorer = LeadScorer(state.config.table, state.counts())
    return scorer.best(state.current, state.columns, state.decisions(), random.Random(1))


def test_informed_playouts_take_the_column_worth_most_to_the_lead() -> None:
    state = position(
        players=2,
        columns=[["lime", "lime"], ["papaya", "steal"], ["pineapple"]],
        faceup={0: {"papaya": 3}, 1: {"fig": 1}},
    )
    assert informed_column(state) == 1  # papaya 3 -> 4: 9 -> 20
    state.current = 1
    assert informed_column(state) == 1  # the least bad for seat 1: 1 point
    finished = GAME.start(["A", "B", "C"], seed=5)
    returns = finished.rollout(random.Random(2), informed=True, shaped=True)
    assert finished.is_over
    assert finished.turn == 24
    assert all(0.0 <= value <= 1.0 for value in returns)


def test_informed_playouts_resolve_toucans_for_the_lead() -> None:
    """A steal takes the card worth most to the taker's lead, a gift gives the
    one that costs it least, each fruit moved rescored for both players."""
    totals = {0: {"papaya": 3, "lychee": 1, "coconut": 1}, 1: {"papaya": 1, "fig": 3}}
    state = position(3, [["steal"], ["gift"], ["acai"]], {**totals, 2: {"lychee": 1}})
    # Seat 0 has 9 + 5 + 8 = 22 points, seat 1 has 1 + 9 = 10 and seat 2 has 5.
    stealing = state.copy()
    stealing.apply_action("A")
    steal = informed_choice(stealing)
    # Papaya 3 -> 4 is 9 -> 20 and leaves seat 1 with 9: a lead of 24, where
    # seat 2's lychee (12 points, the others' best then 10) leads by 19.
    assert stealing.config.notation.text(steal) == "steal:papaya<1"
    giving = state.copy()
    giving.apply_action("B")
    gift = informed_choice(giving)
    # The lychee costs 5 (the papaya and the coconut cost 8); to seat 2 it makes
    # 12 points there, 17 against 12, where seat 1 would reach 15.
    assert giving.config.notation.text(gift) == "gift:lychee>2"


def test_bots_choose_the_jokers_fruit_by_their_own_judgement() -> None:
    """T-10: greedy takes a fruit giving its holder the largest lead over the
    best other total; random takes any; the searches some fruit, from views."""
    rng = random.Random(6)
    state = joker_choice(6)
    holder = state.current_player
    assert holder is not None
    view = state.view(holder)

    def lead(action: str) -> int:
        totals: list[int] = view["joker_totals"][action.removeprefix("joker:")]
        return totals[holder] - max(t for s, t in enumerate(totals) if s != holder)

    best = max(map(lead, view["legal_actions"]))
    assert lead(make_bot("greedy").choose(GAME, view, rng)) == best
    for spec in ("ismcts:30", "ismcts+:30"):
        assert make_bot(spec).choose(GAME, view, rng) in view["legal_actions"]
    picks = {make_bot("random").choose(GAME, view, random.Random(seed)) for seed in range(40)}
    assert picks == set(view["legal_actions"])
