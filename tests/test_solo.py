"""The solo challenge: its statistics, its runner and ``vitrine solo``."""

import ast
import json
import math
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

import vitrine.games
import vitrine.tournament.challenge
from vitrine.cli.main import main
from vitrine.cli.solo import solo, solo_results
from vitrine.games import game_names, get_plugin, plugins
from vitrine.tournament.challenge import (
    SOLVER,
    json_lines,
    play_deal,
    play_solo,
    run_challenge,
    solo_challenge,
    solo_games,
    summaries,
    summarize,
)

pytestmark = pytest.mark.playout_core  # make test runs these again in pure Python


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["solo", *args])


def assert_clean_failure(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr, (fragment, result.stderr)


def test_statistics_of_fixed_totals() -> None:
    summary = summarize(
        "bot", [1800, 2000, 2100, 2300], 2025, best=[2000, 2100, 2200, 2400], bound=[2500] * 4
    )
    assert summary.deals == 4
    assert summary.mean == 2050
    assert summary.stdev == pytest.approx(math.sqrt(130_000 / 3))
    assert summary.ci95 == pytest.approx(1.959964 * math.sqrt(130_000 / 3) / 2)
    assert (summary.minimum, summary.maximum) == (1800, 2300)
    assert summary.quartiles == (1950, 2050, 2150)
    assert summary.above == 0.5  # 2100 and 2300 beat 2025; 2025 itself would not
    assert summary.gap_to_best == 125
    assert summary.gap_to_bound == 450


def test_statistics_of_one_deal_and_refusals() -> None:
    one = summarize("bot", [2025], 2025, categories=[{"chain": 300}])
    assert (one.stdev, one.ci95, one.above) == (0, 0, 0)
    assert one.quartiles == (2025, 2025, 2025)
    assert one.gap_to_best is None
    assert one.categories == {"chain": 300}
    with pytest.raises(ValueError, match="no deals"):
        summarize("bot", [], 2025)
    with pytest.raises(ValueError, match="one reference value per deal"):
        summarize("bot", [1, 2], 2025, best=[3])


def test_a_deal_gives_every_bot_the_same_cards_and_the_solver_bounds_them() -> None:
    outcome = play_deal("exhibition", 4, ["greedy", "random"], beam=4)
    greedy, random_bot = outcome.games
    again = play_solo("exhibition", "greedy", 4)  # reproducible from the deal's seed
    assert (again.total, again.categories) == (greedy.total, greedy.categories)
    assert outcome.solver is not None and outcome.upper_bound is not None
    assert outcome.solver.total >= greedy.total
    assert outcome.upper_bound >= outcome.solver.total
    lines = list(json_lines(outcome))
    assert [line["bot"] for line in lines] == ["greedy", "random", SOLVER]
    assert all(line["seed"] == 4 for line in lines)
    assert all(line["solver_best"] == outcome.solver.total for line in lines)
    assert all(line["upper_bound"] == outcome.upper_bound for line in lines)
    assert lines[1]["total"] == random_bot.total
    assert lines[2]["turns"] == list(outcome.solver.turns)
    assert set(lines[0]["categories"]) >= {"chain", "decades", "years_gap", "mid_century"}


def test_runner_results_do_not_depend_on_the_workers() -> None:
    one = run_challenge("exhibition", range(3), ["greedy"], None, workers=1)
    two = run_challenge("exhibition", range(3), ["greedy"], None, workers=2)
    assert [o.seed for o in two] == [0, 1, 2]
    assert [o.games[0].total for o in one] == [o.games[0].total for o in two]
    rows = summaries(two, ["greedy"], 2025)
    assert [row.bot for row in rows] == ["greedy"]
    assert rows[0].mean == sum(o.games[0].total for o in one) / 3


def test_cli_prints_the_table(tmp_path: Path) -> None:
    out = tmp_path / "solo.jsonl"
    result = run(
        "--bots", "greedy,random", "--deals", "2", "--solver", "--beam", "2",
        "--workers", "1", "--seed", "10", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    output = result.output
    for text in ("Solo totals", "greedy", "random", SOLVER, "Mean", "Above 2025"):
        assert text in output
    for text in ("Gap to solver's best", "Gap to upper bound", "Chain of Years", "seeds 10-11"):
        assert text in output
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    greedy = [line["total"] for line in lines if line["bot"] == "greedy"]
    best = [line["total"] for line in lines if line["bot"] == SOLVER]
    share = f"{sum(greedy) / sum(best):.1%}"
    assert re.search(rf"Share of solver's best +│ +{re.escape(share)} ", output), output
    assert "on average between" in output
    assert len(lines) == 2 * 3
    assert {line["seed"] for line in lines} == {10, 11}
    assert all(line["upper_bound"] >= line["solver_best"] >= 0 for line in lines)


def test_cli_without_the_solver_has_no_gap_rows() -> None:
    result = run("--bots", "random", "--deals", "3", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "random" in result.output
    assert "Gap to" not in result.output


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--deals", "5"), "name at least one bot"),
        (("--bots", "deep-blue"), "unknown bot 'deep-blue'"),
        (("--bots", "greedy,greedy"), "listed twice"),
        (("--bots", SOLVER), "--solver"),
        (("--bots", "greedy", "--deals", "0"), "--deals"),
        (("--bots", "greedy", "--beam", "5"), "add --solver"),
        (("--solver", "--beam", "0"), "--beam"),
        (("--bots", "greedy", "--workers", "0"), "--workers"),
        (("--bots", "greedy", "--seed", "-1"), "--seed"),
        (("--bots", "greedy", "--out", "/no/such/dir/x.jsonl"), "no directory"),
    ],
)
def test_cli_refuses_bad_arguments(args: tuple[str, ...], fragment: str) -> None:
    assert_clean_failure(run(*args), fragment)


def table_rows(output: str) -> list[str]:
    """The tables' rows but the timings, which differ from run to run."""
    return [line for line in output.splitlines() if line.startswith("│") and "Seconds" not in line]


def test_saved_runs_join_into_the_table_of_one_run(tmp_path: Path) -> None:
    common = ("--bots", "greedy,random", "--solver", "--beam", "2", "--workers", "1")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert run(*common, "--deals", "2", "--seed", "10", "--out", str(first)).exit_code == 0
    assert run(*common, "--deals", "1", "--seed", "12", "--out", str(second)).exit_code == 0
    whole = run(*common, "--deals", "3", "--seed", "10")
    joined = CliRunner().invoke(main, ["solo-results", str(second), str(first)])
    assert joined.exit_code == 0, joined.output
    assert "3 deals (seeds 10-12) from 2 files" in joined.output
    assert "on average between" in joined.output
    assert table_rows(joined.output) == table_rows(whole.output)
    assert len(table_rows(joined.output)) > 20


def saved_line(deal: int, bot: str, **changes: object) -> str:
    """A saved game's line, with ``changes`` made to its fields."""
    line: dict[str, object] = {"seed": deal, "bot": bot, "total": 1500, "categories": {"chain": 3}}
    line.update(changes)
    return json.dumps(line)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([saved_line(1, "greedy"), "{not json"], "runs.jsonl:2: not JSON"),
        (["[1, 2]"], "runs.jsonl:1: a line must be a JSON object"),
        ([saved_line(1, "greedy", total="many")], "runs.jsonl:1: 'total' must be int"),
        ([saved_line(1, "greedy", seed=True)], "runs.jsonl:1: 'seed' must be int"),
        ([saved_line(1, "greedy", categories={"chain": 1.5})], "category's points must be an int"),
        ([saved_line(1, "greedy", turns="1950 G1")], "'turns' must be a list"),
        ([saved_line(1, "greedy")] * 2, "runs.jsonl:2: greedy played deal 1 twice"),
        ([saved_line(1, "greedy"), saved_line(2, "random")], "deal 1 has no game of random"),
        ([saved_line(1, SOLVER)], "runs.jsonl:1: the solver's line has no upper bound"),
        (
            [saved_line(1, SOLVER, upper_bound=2000), saved_line(1, SOLVER, upper_bound=2000)],
            "runs.jsonl:2: the solver played deal 1 twice",
        ),
        (
            [
                saved_line(1, "greedy"),
                saved_line(2, "greedy"),
                saved_line(2, SOLVER, upper_bound=1),
            ],
            "deal 1 has no solver line",
        ),
        ([""], "no saved games to read"),
    ],
)
def test_saved_runs_that_do_not_add_up_are_refused(
    tmp_path: Path, lines: list[str], message: str
) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["solo-results", str(path)])
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_challenge_names_no_game() -> None:
    """What a game's challenge is made of comes from its plug-in, never an import."""
    path = Path(str(vitrine.tournament.challenge.__file__))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert [name for name in imported if name and name.startswith("vitrine.games.")] == []
    words = {
        node.value.lower()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    } | {node.id.lower() for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert words.isdisjoint(game_names())


def game_choice(command: click.Command) -> click.Choice[str]:
    option = next(option for option in command.params if option.name == "game_name")
    assert isinstance(option.type, click.Choice)
    return option.type


def test_game_choices_are_the_games_with_a_solo_challenge(tmp_path: Path) -> None:
    assert solo_games() == ("exhibition",)  # Tucano and Don't Go In There have no solo mode
    for command in (solo, solo_results):
        assert list(game_choice(command).choices) == ["exhibition"]
    saved = tmp_path / "saved.jsonl"
    saved.write_text(saved_line(1, "greedy") + "\n", encoding="utf-8")
    for args in (["solo", "--bots", "greedy"], ["solo-results", str(saved)]):
        result = CliRunner().invoke(main, [*args, "--game", "tucano"])
        assert_clean_failure(result, "--game", "tucano")


@pytest.fixture
def solverless(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """An installed game whose solo challenge has no solver (Exhibition's
    deals under another name and target), listed after the others."""
    exhibition = get_plugin("exhibition")
    assert exhibition.solo is not None
    challenge = replace(exhibition.solo(), target=1000, points="points", solver=None)
    plugin = replace(exhibition, name="solverless", position=1000, solo=lambda: challenge)
    registry = {**{found.name: found for found in plugins()}, plugin.name: plugin}
    monkeypatch.setattr(vitrine.games, "_registry", lambda: registry)
    yield plugin.name
    solo_challenge.cache_clear()


def test_a_game_without_a_solver_plays_its_challenge_and_refuses_the_solver(
    solverless: str,
) -> None:
    assert solo_games() == ("exhibition", solverless)
    # The command, built before the game was installed, offers it.
    assert game_choice(solo).choices == solo_games()
    result = run("--game", solverless, "--bots", "random", "--deals", "2", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "the challenge: more than 1000" in " ".join(result.output.split())
    assert "Above 1000" in result.output
    assert "Gap to" not in result.output
    for args, option in ((("--solver",), "'--solver'"), (("--beam", "5"), "'--beam'")):
        refused = run("--game", solverless, "--bots", "random", *args)
        assert_clean_failure(
            refused, option, "solverless's solo challenge has no clairvoyant solver"
        )
