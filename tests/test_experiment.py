"""Paired experiments: the same games under two rule sets, compared pair by
pair; reproducible, and honest about what they can tell."""

import json
import math
import re
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner
from scipy import stats

from vitrine import lab
from vitrine.cli.main import main
from vitrine.engine.errors import VitrineError
from vitrine.lab.experiment import Experiment, run_experiment, side_runs
from vitrine.report.build import build_report
from vitrine.report.paired import compare, paired_difference, with_q_values
from vitrine.report.results import played_games
from vitrine.simulate import Settings, run_simulation

OPTIONS = {"secret_decade": False, "variations": []}
YEARS_GAP_4 = {"title": "Years Gap 4", "changes": {"hall": {"rank_awards": [4, 3, 2, 1, 0]}}}


@pytest.fixture(scope="module")
def experiment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """greedy against random at 2 players: published against Years Gap 4."""
    root = tmp_path_factory.mktemp("experiment")
    rules = root / "years-gap-4.json"
    rules.write_text(json.dumps(YEARS_GAP_4))
    out = root / "exp"
    result = CliRunner().invoke(
        main,
        [
            "experiment",
            "--bots",
            "greedy,random",
            "--players",
            "2",
            "--games",
            "12",
            "--workers",
            "1",
            "--variant",
            str(rules),
            "-o",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "12 pairs of games" in result.output
    return out


def test_both_sides_play_the_same_deals_and_seatings(experiment: Path) -> None:
    baseline, variant = (played_games([run]) for run in side_runs(experiment))
    assert [g.number for g in baseline] == [g.number for g in variant] == list(range(1, 13))
    for mine, theirs in zip(baseline, variant, strict=True):
        first, second = json.loads(mine.record), json.loads(theirs.record)
        assert first["seed"] == second["seed"] and first["players"] == second["players"]
        assert [s.bot for s in mine.seats] == [s.bot for s in theirs.seats]
        assert "overlay" not in first and second["overlay"]["title"] == "Years Gap 4"


def test_an_experiment_is_reproducible(experiment: Path, tmp_path: Path) -> None:
    saved = json.loads((experiment / "experiment.json").read_text())
    again = Experiment.from_json(saved)
    run_experiment(again, 12, tmp_path / "again", workers=2)
    for first, second in zip(side_runs(experiment), side_runs(tmp_path / "again"), strict=True):
        assert [g.record for g in played_games([first])] == [
            g.record for g in played_games([second])
        ]
    assert run_experiment(again, 12, experiment, workers=1)[1].played == 0  # resumes: all there


def test_the_comparison_is_the_pairs_differences(experiment: Path) -> None:
    baseline, variant = (played_games([run]) for run in side_runs(experiment))
    comparison = compare(baseline, variant)
    found = {d.name: d for d in comparison.differences}
    totals = [
        (sum(s.total for s in b.seats) / 2, sum(s.total for s in v.seats) / 2)
        for b, v in zip(baseline, variant, strict=True)
    ]
    total = found["total"]
    assert total.pairs == 12
    assert total.difference == pytest.approx(sum(v - b for b, v in totals) / 12)
    t = stats.ttest_rel([v for _, v in totals], [b for b, _ in totals])
    assert total.p == pytest.approx(t.pvalue, nan_ok=True)
    assert total.low <= total.difference <= total.high
    assert found["seat 1 wins"].unit == "share" and "greedy wins" in found
    assert {"lead changes", "drama", "decisiveness", "Years Gap full", "game length"} <= set(found)


def test_paired_intervals_and_false_discovery_control() -> None:
    pairs = [(1.0, 2.0), (2.0, 2.5), (3.0, 4.5), (0.0, 0.0), (5.0, 6.0)]
    found = paired_difference("x", "g", "points", pairs)
    deltas = [v - b for b, v in pairs]
    mean = sum(deltas) / 5
    sd = math.sqrt(sum((d - mean) ** 2 for d in deltas) / 4)
    half = stats.t.ppf(0.975, 4) * sd / math.sqrt(5)
    assert (found.difference, found.low, found.high) == pytest.approx(
        (mean, mean - half, mean + half)
    )
    same = paired_difference("y", "g", "points", [(1.0, 1.0)] * 5)
    assert (same.difference, same.low, same.high, same.p) == (0.0, 0.0, 0.0, 1.0)
    shifted = paired_difference("z", "g", "points", [(1.0, 2.0)] * 5)
    assert (shifted.low, shifted.high, shifted.p) == (1.0, 1.0, 0.0)
    adjusted = with_q_values([found, same, shifted])
    assert [d.q for d in adjusted] == pytest.approx(
        list(stats.false_discovery_control([found.p, 1.0, 0.0], method="bh"))
    )
    assert [d.significant for d in adjusted] == [d.q < 0.05 for d in adjusted]


def test_the_report_shows_the_experiment_beside_other_runs(
    experiment: Path, tmp_path: Path
) -> None:
    page = (experiment / "report.html").read_text()
    assert "<h2>Experiment" in page and "Change in points per player (points)" in page
    section = page.split("<h2>Experiment")[1].split("<h2>")[0]
    row = re.search(r"<td>years_gap</td><td>points</td><td>12</td>", section)
    assert row is not None
    other = tmp_path / "solo"
    run_simulation(Settings("exhibition", 1, ("greedy",), (), OPTIONS, 1), 2, other, workers=1)
    with pytest.raises(VitrineError, match="different games"):
        build_report([experiment, other_game_run(tmp_path)])
    both = build_report([experiment, other])
    assert both.count("<h2>Experiment") == 1 and "Solo scores against 2025" in both


def test_the_report_draws_the_comparison_it_is_handed(
    experiment: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``vitrine experiment`` compares the sides once and hands the comparison
    to the report, which draws it rather than comparing again."""
    baseline, variant = (played_games([run]) for run in side_runs(experiment))
    comparison = compare(baseline, variant)
    monkeypatch.setattr(
        "vitrine.report.build.compare_sides",
        lambda *_: pytest.fail("the report compared the sides again"),
    )
    page = build_report([experiment], 1, {experiment: comparison})
    assert page.count("<h2>Experiment") == 1


def other_game_run(tmp_path: Path) -> Path:
    out = tmp_path / "tucano"
    run_simulation(Settings("tucano", 2, ("random",), (), {}, 1), 2, out, workers=1)
    return out


def test_notebook_access_and_duckdb(experiment: Path) -> None:
    frame = lab.load(experiment)
    assert set(frame["side"]) == {"baseline", "variant"} and "record" not in frame
    assert len(frame) == 2 * 12 * 2  # sides x games x seats
    by_side = frame.groupby("side")["cat_years_gap"].mean()
    assert by_side["variant"] < by_side["baseline"]
    parts = str(experiment / "*" / "games-*.parquet")
    query = f"SELECT count(DISTINCT game) FROM read_parquet('{parts}')"
    rows = duckdb.execute(query).fetchall()
    assert rows == [(12,)]


def test_an_experiment_refuses_what_is_no_comparison(tmp_path: Path) -> None:
    args = ["experiment", "--bots", "random", "--players", "2", "--games", "2", "-o"]
    same = CliRunner().invoke(main, [*args, str(tmp_path / "a"), "--variant", "published"])
    assert same.exit_code == 2 and "the same rules" in same.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"changes": {"hall": {"rank_award": [1]}}}))
    refused = CliRunner().invoke(main, [*args, str(tmp_path / "b"), "--variant", str(bad)])
    assert refused.exit_code == 2
    assert "'--variant'" in refused.output and "rank_award" in refused.output
    links = CliRunner().invoke(main, [*args, str(tmp_path / "c"), "--variant", "links"])
    assert links.exit_code == 0, links.output
    assert json.loads((tmp_path / "c" / "experiment.json").read_text())["variant"]["variants"] == [
        "links"
    ]
    other = CliRunner().invoke(main, [*args, str(tmp_path / "c"), "--variant", "short_era"])
    assert other.exit_code == 1 and "holds another experiment" in other.output
