"""The tournament runner: fair schedules, reproducible play, sound statistics,
saved records that replay, and a command that refuses bad arguments cleanly."""

import json
import math
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from random import Random
from typing import Any

import pytest
from click.testing import CliRunner, Result

from vitrine.cli.main import main
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game, replay_json
from vitrine.games import get_game
from vitrine.kit.stats import wilson_interval
from vitrine.tournament import (
    Entry,
    GameResult,
    SeatResult,
    fit_ratings,
    make_schedule,
    play_game,
    run_tournament,
    seatings,
    summarize,
)
from vitrine.tournament import play as play_module
from vitrine.tournament.play import player_names
from vitrine.tournament.runner import RESULTS_FILE
from vitrine.tournament.stats import Outcome, pairwise_outcomes, rating_anchor

pytestmark = pytest.mark.playout_core  # make test runs these again in pure Python

GAME = get_game("exhibition")
LINEUP = ["random", "greedy"]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["tournament", *args])


def synthetic(number: int, ranks: Mapping[str, int], shares: Mapping[str, float]) -> GameResult:
    """A finished game without playing it: bots in seat order with their ranks."""
    seats = tuple(
        SeatResult(bot, rank, shares[bot], float(10 - rank), {"points": float(10 - rank)})
        for bot, rank in ranks.items()
    )
    entry = Entry(number, number, 0, tuple(ranks))
    return GameResult(entry, seats, turns=1, seconds=0.0, record="{}")


# ------------------------------------------------------------- schedule


@pytest.mark.parametrize("bots", [1, 2, 3, 4, 5, 7])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_bot_sits_in_every_seat_equally_often(bots: int, players: int) -> None:
    lineup = [f"bot{i}" for i in range(bots)]
    cycle = seatings(lineup, players)
    counts = Counter((seats[seat], seat) for seats in cycle for seat in range(players))
    assert set(counts) == {(bot, seat) for bot in lineup for seat in range(players)}
    assert len(set(counts.values())) == 1


def test_as_many_bots_as_seats_plays_the_rotations() -> None:
    assert seatings(["a", "b", "c"], 3) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]


def test_games_round_up_to_whole_deals() -> None:
    schedule = make_schedule(["a", "b", "c"], 3, 7, first_seed=10)
    assert (schedule.requested, schedule.deals, schedule.seatings_per_deal) == (7, 3, 3)
    assert [e.number for e in schedule.entries] == list(range(1, 10))
    assert [e.deal for e in schedule.entries] == [10, 10, 10, 11, 11, 11, 12, 12, 12]
    assert [e.seating for e in schedule.entries] == [0, 1, 2] * 3


def test_seeds_past_the_last_are_refused() -> None:
    with pytest.raises(VitrineError, match="deals"):
        make_schedule(LINEUP, 2, 4, first_seed=2**64 - 1)


def test_every_seating_of_a_deal_starts_from_the_same_position() -> None:
    options = GAME.parse_options(["secret_decade"])
    schedule = make_schedule(["random", "greedy", "ismcts"], 3, 6, first_seed=4)
    starts: dict[int, list[dict[str, Any]]] = {}
    for entry in schedule.entries:
        view = GAME.new_game(player_names(entry.seats), options, entry.deal).view(None)
        assert view["players"] == list(entry.seats)
        starts.setdefault(entry.deal, []).append({**view, "players": None})
    assert sorted(starts) == [4, 5]
    for views in starts.values():
        assert len(views) == 3
        assert all(view == views[0] for view in views)
    assert starts[4][0] != starts[5][0]


def test_a_bot_in_several_seats_gets_numbered_names() -> None:
    assert player_names(["greedy", "random", "greedy"]) == ["greedy 1", "random", "greedy 3"]


# ---------------------------------------------------------------- play


def test_a_game_replays_from_its_entry_alone() -> None:
    entry = make_schedule(LINEUP, 2, 2, first_seed=9).entries[1]
    first, second = play_game("exhibition", {}, entry), play_game("exhibition", {}, entry)
    assert first.record == second.record
    assert first.seats == second.seats
    assert [seat.bot for seat in first.seats] == ["greedy", "random"]
    assert sum(seat.share for seat in first.seats) == pytest.approx(1.0)


def test_an_illegal_choice_names_the_game_and_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stubborn:
        name = "stubborn"

        def choose(self, game: Game, view: Mapping[str, Any], rng: Random) -> str:
            return "nonsense"

    monkeypatch.setattr(play_module, "make_bot", lambda spec, game, players: Stubborn())
    entry = Entry(3, 5, 1, ("random", "greedy"))
    with pytest.raises(VitrineError, match=r"game 3 \(deal 5\): random in seat 1 chose 'nonsense'"):
        play_game("exhibition", {}, entry)


def test_results_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    schedule = make_schedule(LINEUP, 2, 4, first_seed=20)
    alone = run_tournament("exhibition", {}, schedule, tmp_path / "one", workers=1)
    pooled = run_tournament("exhibition", {}, schedule, tmp_path / "two", workers=2)
    assert [(r.entry, r.seats, r.record) for r in alone] == [
        (r.entry, r.seats, r.record) for r in pooled
    ]
    assert summarize(alone, LINEUP) == summarize(pooled, LINEUP)


def test_saved_records_replay_to_the_final_scores(tmp_path: Path) -> None:
    schedule = make_schedule(LINEUP, 2, 4, first_seed=30)
    results = run_tournament("exhibition", {}, schedule, tmp_path, workers=2)
    lines = [json.loads(line) for line in (tmp_path / RESULTS_FILE).read_text().splitlines()]
    assert sorted(line["game"] for line in lines) == [1, 2, 3, 4]
    by_game = {line["game"]: line for line in lines}
    for result in results:
        line = by_game[result.entry.number]
        assert line["seats"] == list(result.entry.seats)
        assert line["deal"] == result.entry.deal
        state = replay_json(GAME, (tmp_path / line["record"]).read_text(encoding="utf-8"))
        assert state.is_over
        scores = state.view(None)["scores"]
        assert [s["total"] for s in scores] == line["totals"]
        assert [s["rank"] for s in scores] == line["ranks"]
        assert [s["categories"] for s in scores] == line["categories"]
        assert len(state.record().turns) == line["turns"]


# --------------------------------------------------------------- stats


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [  # Newcombe (1998), Statistics in Medicine 17:857, Table I, method 3
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_interval_matches_published_figures(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_without_games_says_nothing() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_pairs_are_decided_by_rank_and_copies_of_a_bot_left_out() -> None:
    game = synthetic(1, {"a": 1, "b": 1, "c": 3}, {"a": 0.5, "b": 0.5, "c": 0.0})
    assert pairwise_outcomes([game]) == [
        Outcome("a", "b", 0.5),
        Outcome("a", "c", 1.0),
        Outcome("b", "c", 1.0),
    ]
    twice = GameResult(Entry(2, 2, 0, ("a", "a")), (game.seats[0], game.seats[0]), 1, 0.0, "{}")
    assert pairwise_outcomes([twice]) == []


def test_a_bot_that_always_wins_rates_higher_but_finitely() -> None:
    ratings = fit_ratings(["weak", "strong"], [Outcome("strong", "weak", 1.0)] * 30, "weak")
    assert ratings["weak"] == 1000
    assert 1000 < ratings["strong"] < 2000


def test_equal_bots_rate_equal() -> None:
    cycle = [Outcome("a", "b", 1.0), Outcome("b", "c", 1.0), Outcome("c", "a", 1.0)] * 5
    ratings = fit_ratings(["a", "b", "c"], [*cycle, Outcome("a", "b", 0.5)], "a")
    assert ratings == pytest.approx({"a": 1000, "b": 1000, "c": 1000})


def test_ratings_are_the_maximum_likelihood_fit() -> None:
    """Two bots: the fit's odds are the wins' odds, each side with half a virtual draw."""
    outcomes = [Outcome("a", "b", 1.0)] * 3 + [Outcome("a", "b", 0.0)]
    ratings = fit_ratings(["a", "b"], outcomes, "b")
    assert ratings["a"] == pytest.approx(1000 + 400 * math.log10(3.5 / 1.5))


def test_ratings_follow_a_chain_of_strength() -> None:
    outcomes = [Outcome("a", "b", 1.0), Outcome("b", "c", 1.0), Outcome("a", "c", 1.0)] * 4
    ratings = fit_ratings(["c", "b", "a"], outcomes, "c")
    assert ratings["a"] > ratings["b"] > ratings["c"] == 1000


def test_summary_counts_shared_first_places_as_shares() -> None:
    results = [
        synthetic(1, {"x": 1, "y": 1}, {"x": 0.5, "y": 0.5}),
        synthetic(2, {"y": 1, "x": 2}, {"y": 1.0, "x": 0.0}),
    ]
    summaries = {s.bot: s for s in summarize(results, ["x", "y"])}
    assert (summaries["x"].games, summaries["x"].wins, summaries["y"].wins) == (2, 0.5, 1.5)
    assert summaries["x"].win_rate == 0.25
    assert (summaries["x"].low, summaries["x"].high) == wilson_interval(0.5, 2)
    assert summaries["x"].mean_total == 8.5
    assert summaries["y"].mean_categories == {"points": 9.0}
    assert summaries["y"].rating > summaries["x"].rating == 1000


def test_random_anchors_the_ratings_when_it_plays() -> None:
    assert rating_anchor(["greedy", "random"]) == "random"
    assert rating_anchor(["greedy", "ismcts:100"]) == "greedy"


# ----------------------------------------------------------------- CLI


def test_command_prints_the_tables_and_saves_the_games(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["--bots", "random,greedy", "--players", "2", "--games", "3", "--workers", "2"]
    result = run(*args, "--out", str(out))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "4 games = 2 deals (seeds 1-2) x 2 seatings" in text
    assert "3 asked for, rounded up to whole deals" in text
    for fragment in ("Results", "Win rate", "95% CI", "Rating", "Mean score per category"):
        assert fragment in text
    for category in ("continent_focus", "empty_spots", "total"):
        assert category in text
    assert "random = 1000" in text
    assert f"saved in {out}" in text
    assert len((out / RESULTS_FILE).read_text().splitlines()) == 4
    assert len(list(out.glob("game-*.json"))) == 4
    again = run(*args, "--workers", "1", "--out", str(tmp_path / "again"))
    tables = text[text.index("Results") : text.index("saved in")]
    assert tables in again.stdout


def test_command_names_a_fresh_directory_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("--bots", "random,greedy", "--games", "2", "--workers", "1")
    assert result.exit_code == 0, result.output
    (made,) = tmp_path.glob("tournament-*")
    assert len(list(made.glob("game-*.json"))) == 2


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--bots", "random,nobody"], "unknown bot 'nobody'"),
        (["--bots", "random,random"], "at least two different bots"),
        (["--bots", "random,greedy", "--players", "0"], "0 is not in the range"),
        (["--bots", "random,greedy", "--players", "6"], "takes 2 to 5"),
        (["--bots", "random,greedy", "--variant", "nonsense"], "--variant"),
        (["--bots", "random,greedy", "--games", "0"], "--games"),
        (["--players", "2"], "Missing option '--bots'"),
    ],
)
def test_bad_arguments_fail_cleanly(args: list[str], fragment: str, tmp_path: Path) -> None:
    result = run(*args, "--out", str(tmp_path / "never"))
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert fragment in result.stderr
    assert not (tmp_path / "never").exists()


def test_too_many_bots_for_the_table_asks_for_players(tmp_path: Path) -> None:
    bots = ",".join(["random", "greedy", "ismcts:10", "ismcts:20", "ismcts:30", "ismcts:40"])
    result = run("--bots", bots, "--out", str(tmp_path / "never"))
    assert result.exit_code == 2, result.output
    assert "6 players (one per bot; choose with --players)" in result.stderr


def test_a_used_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text("{}")
    result = run("--bots", "random,greedy", "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert "is not empty" in result.stderr


def test_a_bot_in_two_seats_is_summarised_once() -> None:
    schedule = make_schedule(["random", "greedy", "random"], 3, 3, 1)
    results = [play_game("exhibition", {}, entry) for entry in schedule.entries]
    summaries = summarize(results, ["random", "greedy", "random"])
    assert [s.bot for s in summaries].count("random") == 1
    assert {s.bot: s.games for s in summaries} == {"random": 6, "greedy": 3}
