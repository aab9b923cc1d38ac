"""The balance report: its numbers match the games, its metrics mean what
they say, and the page stands alone."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from vitrine.cli.main import main
from vitrine.games import game_names, get_game
from vitrine.games.exhibition.cards import WHITE, card_from_label, load_card_table
from vitrine.games.exhibition.report import facts
from vitrine.kit.report import charts
from vitrine.kit.report.played import PlayedGame, Seat, positions
from vitrine.kit.report.rates import rate
from vitrine.report.build import build_report
from vitrine.report.metrics import advantage, balance, skill_step, tension
from vitrine.report.results import game_report, played_games
from vitrine.simulate import Settings, run_simulation

OPTIONS = {"secret_decade": False, "variations": []}
GAME = get_game("exhibition")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    root = tmp_path_factory.mktemp("runs")
    plain = Settings("exhibition", 2, ("greedy", "random"), (), OPTIONS, 1)
    links = Settings(
        "exhibition", 2, ("greedy", "random"), ("links",), {**OPTIONS, "variations": ["links"]}, 1
    )
    solo = Settings("exhibition", 1, ("greedy",), (), OPTIONS, 1)
    for name, settings, games in (("plain", plain, 8), ("links", links, 4), ("solo", solo, 3)):
        run_simulation(settings, games, root / name, workers=1)
    return [root / "plain", root / "links", root / "solo"]


def test_the_page_stands_alone_with_a_table_behind_every_plot(runs: list[Path]) -> None:
    page = build_report(runs)
    assert "<script" not in page and "src=" not in page
    assert all(link.startswith("#") for link in re.findall(r'href="([^"]*)"', page))
    for heading in (
        "Win rate by seat",
        "Score spread per category",
        "Game length, drama and decisiveness",
        "Effect of each variant, variation showcase and rule overlay",
        "Skill trace",
        "How often each showcase ends full",
        "Ending early and the depot",
        "Does the first One Continent claim decide the game?",
        "The value of each card",
        "Solo scores against 2025",
    ):
        assert f"<h2>{heading}" in page
    for section in page.split("<h2>")[1:]:
        assert "<table>" in section or "<svg" not in section, section[:80]


def test_seat_win_rates_are_the_games_shares(runs: list[Path]) -> None:
    page = build_report(runs[:1])
    games = played_games(runs[:1])
    first = sum(g.seats[0].share for g in games) / len(games)
    row = re.search(r"<td>seat 1</td><td>8</td><td>[^<]*</td><td>([^<]*)</td>", page)
    assert row is not None and float(row.group(1)) == pytest.approx(first, abs=1e-3)


def test_facts_agree_with_the_final_views(runs: list[Path]) -> None:
    table = load_card_table()
    for played in played_games(runs[:1]):
        fact = facts(played)
        claimant = None
        for seat, state in positions(played):
            hall = state.view(None)["halls"][seat]
            coloured = [
                label
                for spot, label in hall.items()
                if spot.startswith("C") and label is not None
                if table.continent_of[card_from_label(label) or 0] != WHITE
            ]
            if claimant is None and coloured:
                claimant = seat
            final = state.view(None)
        assert fact.first_claim == claimant
        assert list(fact.depot) == [len(d) for d in final["depots"]]
        for seat, halls in enumerate(final["halls"]):
            assert fact.full[seat]["Mid Century"] == (halls["M1"] is not None)
            assert len(fact.cards[seat]) == sum(v is not None for v in halls.values())


def test_tension_counts_the_turns_the_winner_trailed() -> None:
    evaluations = [[1, 0], [1, 2], [3, 2], [3, 5], [4, 6]]
    found = tension(evaluations, winners={1})
    assert found.drama == pytest.approx(2 / 5)  # turns 1 and 3: seat 0 led
    assert found.decisiveness == pytest.approx(2 / 5)  # seat 1 led from turn 4 on
    assert found.lead_changes == 3


def test_balance_and_advantage() -> None:
    rates = [rate("seat 1", 60, 100), rate("seat 2", 40, 100)]
    assert balance(rates) == pytest.approx(0.8)
    assert advantage(rates) == pytest.approx(0.1)


def played(ranks: dict[str, int]) -> PlayedGame:
    seats = tuple(
        Seat(seat, bot, rank, float(rank == 1), 0.0, {})
        for seat, (bot, rank) in enumerate(ranks.items())
    )
    return PlayedGame("run", "bots", 1, len(seats), "", 10, "{}", seats, GAME)


def test_skill_step_needs_one_bot_at_budgets_b_and_2b() -> None:
    games = [played({"ismcts:100": 2, "ismcts:200": 1})] * 3 + [
        played({"ismcts:200": 2, "ismcts:100": 1})
    ]
    step = skill_step(games)
    assert step is not None
    assert (step.bot, step.budget, step.doubled.rate, step.doubled.trials) == (
        "ismcts",
        100,
        0.75,
        4,
    )
    assert skill_step([played({"ismcts:100": 1, "ismcts:300": 2})]) is None
    assert skill_step([played({"ismcts:100": 1, "pimc:200": 2})]) is None


def test_report_command_writes_the_page_and_refuses_what_is_no_run(
    runs: list[Path], tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["report", str(runs[0]), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<!DOCTYPE html>")
    empty = tmp_path / "empty"
    empty.mkdir()
    result = CliRunner().invoke(main, ["report", str(empty), "-o", str(tmp_path / "x.html")])
    assert result.exit_code == 1
    assert "holds no simulation" in result.output
    assert not (tmp_path / "x.html").exists()


def test_charts_have_round_ticks_units_and_no_single_value() -> None:
    chart = charts.bar_chart("t", ["seat 1", "seat 2", "seat 3"], [0.298, 0.313, 0.388])
    assert chart is not None and chart.startswith('<svg role="img" aria-label="t"')
    chart = charts.bar_chart(
        "Win rate", ["seat 1", "seat 2", "seat 3"], [0.298, 0.313, 0.388], percent=True
    )
    assert chart is not None
    ticks = re.findall(r">(\d+)%<", chart)
    assert ticks and all(int(tick) % 5 == 0 for tick in ticks), ticks  # 0%, 10%, ... not 10.9%
    assert charts.bar_chart("Mean turns", ["3p (greedy)"], [40.2]) is None
    assert charts.grouped_bars("t", ["seat 1"], {"greedy": [0.3], "random": [0.33]}) is not None
    assert charts.histogram("t", [5.0, 5.0], "points") is None
    crowded = charts.bar_chart("cards", [str(1900 + i) for i in range(101)], [1.0] * 101)
    assert crowded is not None and ">1900<" in crowded and ">1901<" not in crowded


def test_a_report_of_one_configuration_draws_no_chart_of_a_single_value(
    runs: list[Path],
) -> None:
    page = build_report(runs[:1])
    length = page.split("<h2>Game length")[1].split("<h2>")[0]
    drawn = re.findall(r'<svg role="img" aria-label="([^"]*)"', length)
    assert drawn == ["Drama and decisiveness"]  # not "Turns per game": one bar, the table says it


def test_a_variant_is_compared_with_its_base_game_with_the_same_bots(runs: list[Path]) -> None:
    section = build_report(runs).split("<h2>Effect of each variant")[1].split("<h2>")[0]
    games = played_games(runs)

    def mean_total(variants: str) -> float:
        mine = [
            s.total for g in games if g.players == 2 and g.variants == variants for s in g.seats
        ]
        return sum(mine) / len(mine)

    row = re.search(
        r"<td>2p links \(greedy,random\)</td><td>4</td><td>([^<]*)</td><td>([^<]*)</td>", section
    )
    assert row is not None
    assert float(row.group(1)) == pytest.approx(mean_total("links"), rel=1e-3)
    assert float(row.group(2)) == pytest.approx(mean_total("links") - mean_total(""), abs=0.01)


def test_the_command_needs_the_lab_extra_only_for_the_lab(
    runs: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The web app's `make run` installs no lab extra: the CLI starts
    without it, and the report refuses in one line naming it."""
    lab = "{'matplotlib', 'scipy', 'pandas', 'duckdb'}"
    code = f"import sys, vitrine.cli.main; print(sorted({lab} & set(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert loaded.stdout.strip() == "[]", loaded.stderr
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "scipy" else real(name, *a)
    )
    result = CliRunner().invoke(main, ["report", str(runs[0]), "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 1
    assert "needs the lab extra (scipy missing): pip install 'vitrine[lab]'" in result.output


def test_each_game_hands_its_report_over_built_only_when_asked() -> None:
    """Finding the games (the web app does) draws nothing: a game's report
    and its matplotlib are imported when a report asks the plug-in."""
    code = (
        "import sys, vitrine.games; vitrine.games.plugins(); "
        "print(sorted({'matplotlib', 'scipy'} & set(sys.modules)))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert loaded.stdout.strip() == "[]", loaded.stderr
    for name in game_names():
        own = game_report(name)
        assert own is not None
        assert bool(own.seat_note) == (name == "exhibition")  # the vehicles' starts
        assert (own.measures is None) == (name == "tucano")
