"""The coach: reviews that judge from the seat's view, reproducibly, and hints."""

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bot_games import play_to_end, reordered_stock
from vitrine.bots import Analysis, Bot, Budget, GreedyBot, IsmctsBot, PimcBot, RandomBot
from vitrine.cli.main import main
from vitrine.cli.play import hint_comparison
from vitrine.engine.errors import RecordError, VitrineError
from vitrine.engine.record import Record, Substitute
from vitrine.games import game_names, get_game
from vitrine.games.exhibition import ExhibitionGame
from vitrine.review import GRADES, THRESHOLDS, Hint, grade, hint, review_record, steps
from vitrine.review.grades import FORCED, accuracy, confident_loss, game_accuracy
from vitrine.review.review import DecisionReview, points_lost, summarize

GAME = ExhibitionGame()
BUDGET = "40"  # iterations per decision: enough to exercise, cheap to run


def finished(game_name: str = "exhibition", seed: int = 3, players: int = 2) -> Record:
    """A game between greedy and random, played to its end."""
    game = get_game(game_name)
    bots: list[Bot] = [GreedyBot(), RandomBot(), GreedyBot()]
    state = game.new_game([f"P{seat}" for seat in range(players)], {}, seed)
    play_to_end(game, state, bots[:players], seed)
    return state.record()


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_grades_follow_the_thresholds_the_docs_give() -> None:
    assert grade(0.5, played_best=True) == "best"
    assert grade(0.0, played_best=False) == "good"
    assert grade(THRESHOLDS["inaccuracy"], played_best=False) == "inaccuracy"
    assert grade(THRESHOLDS["mistake"], played_best=False) == "mistake"
    assert grade(THRESHOLDS["blunder"] + 0.3, played_best=False) == "blunder"
    assert confident_loss(0.1, 0.02) == pytest.approx(0.04)
    assert confident_loss(0.05, 0.02) == 0.0  # within the coach's noise: no blame


@pytest.mark.parametrize("game_name", game_names())
def test_a_record_steps_decision_by_decision_to_its_end(game_name: str) -> None:
    """Every game's turns are its decisions separated by spaces, as the review reads them."""
    record = finished(game_name)
    found = steps(get_game(game_name), record)
    assert len(found) >= len(record.turns)
    last = found[-1].state.copy()
    last.apply_action(found[-1].played)
    assert last.is_over
    assert last.record().turns == record.turns


@pytest.mark.parametrize("game_name", game_names())
def test_every_game_is_reviewed_within_the_value_scale(game_name: str) -> None:
    record = finished(game_name)
    review = review_record(get_game(game_name), record, budget=BUDGET, seed=1)
    assert len(review.decisions) == len(steps(get_game(game_name), record))
    for decision in review.decisions:
        assert decision.grade in (*GRADES, FORCED)
        assert decision.loss >= 0
        if decision.grade == FORCED:
            assert decision.value_best is None and decision.options == 1
        else:
            assert decision.value_best is not None and decision.value_played is not None
            assert 0 <= decision.value_played <= 1 and 0 <= decision.value_best <= 1
    assert [s.seat for s in review.summaries] == [0, 1]
    for summary in review.summaries:
        losses = [d.loss for d in review.decisions if d.seat == summary.seat and d.grade != FORCED]
        assert summary.accuracy == pytest.approx(game_accuracy(losses))


def test_accuracy_follows_lichess_curve_and_weighs_blunders() -> None:
    """lichess's 103.1668 e^(-0.04354 x) - 3.1669 of the chances lost, in points in a
    hundred: nothing lost is 100, 5 in a hundred about 80, the whole game nothing."""
    assert accuracy(0) == 100 and accuracy(-0.01) == 100
    assert accuracy(0.05) == pytest.approx(79.81, abs=0.01)
    assert accuracy(0.5) == pytest.approx(8.53, abs=0.01) and accuracy(1) == 0
    assert game_accuracy([]) is None
    assert game_accuracy([0, 0, 0]) == 100
    # A blunder among good decisions: the harmonic mean pulls the figure below the mean.
    losses = [0, 0, 0, 0.2]
    mean = sum(accuracy(x) for x in losses) / 4
    found = game_accuracy(losses)
    assert found is not None and found < mean
    assert game_accuracy([0, 1]) == pytest.approx(25)  # a decision at 0: harmonic mean 0


def test_the_same_record_budget_and_seed_give_the_same_review() -> None:
    record = finished()
    first = review_record(GAME, record, budget=BUDGET, seed=7).to_dict()
    again = review_record(GAME, record, budget=BUDGET, seed=7).to_dict()
    assert first == again
    alone = review_record(GAME, record, seats=[1], budget=BUDGET, seed=7).to_dict()
    assert alone["decisions"] == [d for d in first["decisions"] if d["seat"] == 1]
    assert alone["summaries"] == first["summaries"][1:]


def test_a_review_ignores_the_hidden_stock_behind_the_same_views() -> None:
    """As in the bots' no-cheating test: the stock reordered, the same review."""
    state, other = reordered_stock(8)
    for seat in (0, 1):
        ours = review_record(GAME, state.record(), seats=[seat], budget=BUDGET, seed=2)
        theirs = review_record(GAME, other.record(), seats=[seat], budget=BUDGET, seed=2)
        assert ours.to_dict() == theirs.to_dict()


def test_the_coach_spends_enough_on_the_decision_played() -> None:
    """A poor decision still gets a quarter of the search, so its value is fair."""
    state = GAME.start(["Ana", "Bo"], seed=5)
    view = state.view(0)
    bot = IsmctsBot(Budget(iterations=200), enhanced=True)
    plain = bot.analyse(GAME, view, random.Random(1))
    poorest = min(plain.weights, key=plain.weights.__getitem__)
    focused = bot.analyse(GAME, view, random.Random(1), focus=poorest)
    assert focused.weights[poorest] >= 50 > plain.weights[poorest]
    assert focused.best == plain.best
    assert set(focused.errors) == set(focused.values)


def test_substitutes_decisions_are_marked_and_left_out_of_the_summary() -> None:
    handed = replace(finished(), substitutes=(Substitute(1, 4, "casual", "left"),))
    review = review_record(GAME, handed, seats=[1], budget=BUDGET, seed=1)
    bot = [d for d in review.decisions if d.substitute]
    assert bot and all(d.turn > 4 for d in bot)
    graded = [d for d in review.decisions if not d.substitute and d.grade != FORCED]
    assert review.summaries[0].decisions == len(graded)


def test_solo_hindsight_knows_the_stock_and_values_are_points() -> None:
    game = GAME
    state = game.start(["Solo"], seed=4)
    rng = random.Random(4)
    for _ in range(4):
        state.push(rng.choice(state.legal_turns()))
    review = review_record(game, state.record(), budget=BUDGET, seed=1, hindsight=True)
    assert review.scale == "score"
    assert review.points_per_unit == pytest.approx(3000)
    assert review.summaries[0].accuracy is None  # scores, not chances: no accuracy alone
    seen = [d.hindsight for d in review.decisions if d.grade != FORCED]
    assert seen and all(h is not None and h.value_best >= h.value_played for h in seen)
    with pytest.raises(VitrineError, match="hindsight needs a solo game") as caught:
        review_record(game, finished(), budget=BUDGET, hindsight=True)
    assert caught.value.code == "review_hindsight_solo"


def test_hints_suggest_a_legal_decision_reproducibly() -> None:
    state = GAME.start(["Ana", "Bo"], seed=8)
    view = state.view(0)
    first = hint(GAME, view, seed=3, budget="200")
    assert first == hint(GAME, view, seed=3, budget="200")
    assert first.decision in view["legal_actions"]
    assert first.runner_up in view["legal_actions"] and first.runner_up != first.decision
    assert first.margin >= 0
    with pytest.raises(VitrineError) as caught:
        hint(GAME, state.view(1))
    assert caught.value.code == "hint_not_your_turn"


def test_a_scored_rollout_is_the_rollout_with_the_final_scores_beside_it() -> None:
    """The same playout as ``rollout`` (same returns from the same random
    numbers), and from a finished game exactly the scores its view gives
    (curses counted negative: fewer is better)."""
    for game_name in game_names():
        game = get_game(game_name)
        state = game.new_game(["A", "B"], {}, 6)
        for seed in range(3):
            returns, points = state.copy().scored_rollout(random.Random(seed), informed=True)
            assert returns == state.copy().rollout(random.Random(seed), informed=True)
            assert len(points) == 2
        end = game.replay(finished(game_name))
        scores = [sheet["total"] for sheet in end.view(None)["scores"]]
        sign = -1 if game_name == "dontgointhere" else 1
        assert end.copy().scored_rollout(random.Random(0)) == (
            end.returns(),
            [sign * float(total) for total in scores],
        )


def test_alone_the_coachs_points_are_its_values_in_points() -> None:
    """A solo value is the score on the game's scale: its points must be the
    value times the points per unit, decision by decision, for ISMCTS (from
    its playouts' final scores) as for PIMC (from the solver's values)."""
    state = GAME.start(["Solo"], seed=4)
    view = state.view(0)
    for bot in (IsmctsBot(Budget(iterations=120), enhanced=True), PimcBot(samples=2)):
        analysis = bot.analyse(GAME, view, random.Random(2))
        assert set(analysis.points) == set(analysis.values) == set(analysis.points_errors)
        for action, value in analysis.values.items():
            assert analysis.points[action] == pytest.approx(value * 3000)


def analysis(points: dict[str, float], errors: dict[str, float]) -> Analysis:
    return Analysis(
        "a", dict.fromkeys(points, 0.5), dict.fromkeys(points, 9), errors, points, errors
    )


def test_a_points_loss_is_what_the_coachs_choice_scores_more_beyond_its_noise() -> None:
    quiet = dict.fromkeys("abc", 0.0)
    assert points_lost(analysis({"a": 20.0, "b": 14.0, "c": 25.0}, quiet), "a", "b") == (
        20.0,
        14.0,
        6.0,
    )
    # More points than the coach's choice (which wins more often): no loss, never below 0.
    assert points_lost(analysis({"a": 20.0, "b": 14.0, "c": 25.0}, quiet), "a", "c")[2] == 0.0
    # The coach's own choice loses nothing, whatever its error.
    assert points_lost(analysis({"a": 20.0}, {"a": 3.0}), "a", "a") == (20.0, 20.0, 0.0)
    # Three standard errors of the difference are the coach's noise, as for win shares.
    noisy = analysis({"a": 20.0, "b": 14.0}, {"a": 0.6, "b": 0.8})
    assert points_lost(noisy, "a", "b")[2] == pytest.approx(6.0 - 3 * 1.0)
    # A coach that tells no points (PIMC with others at the table) blames none.
    assert points_lost(analysis({}, {}), "a", "b") == (None, None, 0.0)


def test_every_game_is_reviewed_in_points_too() -> None:
    """Every graded decision has its points; the coach's own choice loses
    none; random, far from the coach, loses points in a long game (a short
    Tucano game may have no loss beyond the coach's noise at this budget)."""
    for game_name in game_names():
        record = finished(game_name)
        review = review_record(get_game(game_name), record, budget="150", seed=1)
        for d in review.decisions:
            assert d.points_loss >= 0
            if d.grade == FORCED:
                assert d.points_best is None and d.points_loss == 0
                continue
            assert d.points_best is not None and d.points_played is not None
            if d.played == d.best:
                assert d.points_loss == 0 and d.points_best == d.points_played
        random_bot = review.summaries[1]
        if game_name == "exhibition":
            assert random_bot.mean_points_loss > 0
        graded = [d for d in review.decisions if d.seat == 1 and d.grade != FORCED]
        mean = sum(d.points_loss for d in graded) / len(graded)
        assert random_bot.mean_points_loss == pytest.approx(mean)


def decided(index: int, loss: float, played: str = "b") -> DecisionReview:
    """A graded decision of seat 0 whose best was "a"."""
    return DecisionReview(
        index=index,
        turn=index + 1,
        seat=0,
        played=played,
        options=3,
        best="a",
        value_best=0.6,
        value_played=0.6 - loss,
        error=0.0,
        loss=loss,
        grade=grade(loss, played == "a"),
        substitute=False,
        points_best=10.0,
        points_played=10.0 - 100 * loss,
        points_loss=100 * loss,
    )


def test_a_players_points_loss_is_the_mean_over_their_decisions() -> None:
    (perfect,) = summarize(["Ana", "Bo"], [0], [decided(i, 0.0, "a") for i in range(5)])
    assert perfect.accuracy == 100.0 and perfect.mean_points_loss == 0.0
    mixed = [decided(0, 0.0, "a"), decided(1, 0.10), decided(2, 0.0)]
    (summary,) = summarize(["Ana", "Bo"], [0], mixed)
    assert summary.accuracy == pytest.approx(game_accuracy([0.0, 0.10, 0.0]))
    assert summary.mean_points_loss == pytest.approx(10.0 / 3)
    assert summary.to_dict()["mean_points_loss"] == round(summary.mean_points_loss, 4)


# ------------------------------------------------------------------ the command


def test_review_command_prints_decisions_and_the_summary(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(finished().to_json(), encoding="utf-8")
    # Wide enough for every column's heading on one line.
    result = CliRunner().invoke(
        main, ["review", str(path), "--budget", BUDGET], env={"COLUMNS": "220"}
    )
    assert result.exit_code == 0, result.output
    assert "Decisions (values: expected win share)" in result.output
    assert "Summary" in result.output and "P0" in result.output
    assert "points lost" in result.output and "accuracy" in result.output


def test_review_json_has_a_stable_shape(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(finished().to_json(), encoding="utf-8")
    result = run("review", str(path), "--budget", BUDGET, "--seat", "1", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {
        "game",
        "rules_version",
        "players",
        "coach",
        "seed",
        "seats",
        "scale",
        "points_per_unit",
        "thresholds",
        "decisions",
        "summaries",
    }
    assert data["coach"] == f"ismcts+:{BUDGET}" and data["seats"] == [1] and data["seed"] == 4
    assert data["scale"] == "win_share" and data["thresholds"] == dict(THRESHOLDS)
    keys = {
        "index",
        "turn",
        "seat",
        "played",
        "best",
        "options",
        "value_best",
        "value_played",
        "error",
        "loss",
        "points_best",
        "points_played",
        "points_loss",
        "grade",
        "substitute",
        "words",
    }
    exercises = {"values"}  # mistakes and blunders keep every decision's value
    for d in data["decisions"]:
        assert set(d) == keys | (exercises if d["grade"] in ("mistake", "blunder") else set())
    assert all(d["seat"] == 1 for d in data["decisions"])
    assert all(set(d["words"]) == {"played", "best"} for d in data["decisions"])
    (summary,) = data["summaries"]
    assert set(summary) == {
        "seat",
        "name",
        "decisions",
        "best_share",
        "mean_loss",
        "mean_points_loss",
        "grades",
        "costliest",
        "accuracy",
    }
    assert set(summary["grades"]) == set(GRADES) and len(summary["costliest"]) <= 3
    assert 0 <= summary["accuracy"] <= 100


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "record_not_json"),
        ("[]", "record_not_object"),
        ('{"game": "chess"}', "unknown_game"),
        (
            '{"game": "exhibition", "rules_version": "exhibition-2026.1", "players": ["A"]}',
            "record_missing_field",
        ),
    ],
)
def test_a_corrupt_record_gets_one_clear_line_with_its_code(
    tmp_path: Path, text: str, code: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    result = run("review", str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"[{code}]" in result.stderr and str(path) in result.stderr


def test_an_illegal_turn_or_a_missing_seat_is_refused_by_name(tmp_path: Path) -> None:
    data = json.loads(finished().to_json())
    data["turns"][2] = "1900 G1"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("review", str(path))
    assert result.exit_code == 1 and "turn 3" in result.stderr
    path.write_text(finished().to_json(), encoding="utf-8")
    result = run("review", str(path), "--seat", "5", "--budget", BUDGET)
    assert result.exit_code == 1 and "[review_seat]" in result.stderr
    result = run("review", str(path), "--budget", "lots")
    assert result.exit_code == 1 and "[review_budget]" in result.stderr
    with pytest.raises(RecordError):
        steps(GAME, replace(finished(), turns=("1900 G1",)))


def test_a_hint_compares_itself_with_the_next_best_in_words() -> None:
    win = Hint("1950", 0.62, "1990", 0.034, "ismcts+:3000")
    expected = ": 62% to win, 3 in a hundred games more than 1990 (a card)"
    assert hint_comparison(win, "a card") == expected
    even = replace(win, margin=0.004)
    assert hint_comparison(even, "a card") == ": 62% to win, about as good as 1990 (a card)"
    solo = replace(win, value=0.5, margin=0.01, points_per_unit=3000.0)
    assert hint_comparison(solo, "x") == ": 1500 points expected, 30 points more than 1990 (x)"
    assert "about as good as" in hint_comparison(replace(solo, margin=0.0001), "x")
    assert hint_comparison(replace(win, runner_up=None), "x") == ""


def test_the_terminal_game_gives_hints_only_when_allowed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play = ["play", "--players", "2", "--bots", "greedy", "--seed", "3"]
    result = CliRunner().invoke(main, [*play, "--hints", "--save", str(path)], input="hint\nquit\n")
    comparison = r"Hint: .+: \d+% to win, (\d+ in a hundred games more than|about as good as) "
    assert re.search(comparison, result.output)
    assert json.loads(path.read_text())["hints"] is True
    result = CliRunner().invoke(main, play, input="hint\nquit\n")
    assert "Hints are off in this game" in result.output
