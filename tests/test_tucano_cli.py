"""``vitrine play/replay/legal/perft --game tucano``, driven as a user would."""

import json
from pathlib import Path

from click.testing import CliRunner, Result

from tucano_helpers import GAME
from vitrine.cli.main import main


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["--help"] if not args else list(args), input=input)


def test_a_bot_game_ends_with_the_fruit_score_table(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = run(
        "play", "--game", "tucano", "--players", "3", "--bots", "greedy,random,ismcts:30",
        "--seed", "12", "--save", str(path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    for row in ("coconut", "pomegranate", "Joker as", "Total", "Rank"):
        assert row in result.output
    record = json.loads(path.read_text())
    assert record["game"] == "tucano"
    assert len(record["turns"]) == 24 + record["turns"][-1].startswith("joker:")
    replayed = run("replay", "--game", "tucano", str(path), "--json")
    assert replayed.exit_code == 0, replayed.output
    report = json.loads(replayed.output)
    assert report["over"] is True
    assert report["turns"] == record["turns"]
    assert [s["total"] for s in report["scores"]] == [
        s["total"] for s in GAME.load(path.read_text()).view(None)["scores"]
    ]


def test_a_human_types_a_column_then_resolves_toucans_in_any_case(tmp_path: Path) -> None:
    state = GAME.start(["Ana", "Bo"], seed=3)
    while not state.is_over:
        state.apply_action(state.legal_actions()[-1])
    turns = state.record().turns
    # Two humans type every decision in lower case, one per line.
    lines = ["?", "z"] + [word.lower() for turn in turns for word in turn.split(" ")]
    result = run(
        "play", "--game", "tucano", "--players", "2", "--seed", "3", "--save", str(tmp_path / "g"),
        input="\n".join(lines) + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Take a column: A  B  C" in result.output
    assert "Not possible: malformed decision 'Z'" in result.output
    assert "Turn 1/24" in result.output
    assert "Final scores" in result.output
    assert json.loads((tmp_path / "g").read_text())["turns"] == list(turns)


def test_replay_of_an_unfinished_turn_and_legal_completions(tmp_path: Path) -> None:
    state = GAME.start(["Ana", "Bo"], seed=8)
    while not state.mid_turn:
        state.apply_action(state.legal_actions()[0])
    path = tmp_path / "part.json"
    path.write_text(state.record().to_json())
    shown = run("replay", "--game", "tucano", str(path))
    assert shown.exit_code == 0, shown.output
    assert "not finished" in shown.output
    assert "Toucans to resolve" in shown.output
    assert "Scores so far" in shown.output
    listed = run("legal", "--game", "tucano", str(path))
    assert listed.exit_code == 0
    begun = state.record().turns[-1]
    assert listed.output.splitlines() == state.legal_turns()
    assert all(line.startswith(begun + " ") for line in listed.output.splitlines())


def test_perft_and_bad_records_on_the_command_line(tmp_path: Path) -> None:
    result = run("perft", "--game", "tucano", "--seed", "1", "--players", "4", "--depth", "3")
    assert result.output.strip() == "27"
    divided = run("perft", "--game", "tucano", "--seed", "1", "--depth", "2", "--divide")
    assert divided.output.splitlines() == ["A: 3", "B: 3", "C: 3", "total: 9"]
    path = tmp_path / "bad.json"
    record = GAME.start(["Ana", "Bo"], seed=1).record().to_dict()
    path.write_text(json.dumps({**record, "turns": ["A", "A gift:fig>9"]}))
    bad = run("replay", "--game", "tucano", str(path))
    assert bad.exit_code == 1
    assert "turn 2: 'A gift:fig>9'" in bad.stderr
    variant = run("play", "--game", "tucano", "--variant", "links", "--bots", "random,random")
    assert variant.exit_code == 2
    assert "Tucano has no variants" in variant.output


def test_simulate_then_report_a_tucano_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    played = run(
        "simulate", "--game", "tucano", "--bots", "greedy,random", "--games", "8",
        "--workers", "1", "-o", str(out),
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    assert "8 games played" in played.output
    page = tmp_path / "report.html"
    reported = run("report", str(out), "-o", str(page))
    assert reported.exit_code == 0, reported.output
    html = page.read_text()
    assert "8 games of tucano" in html
    assert "<td>pomegranate</td>" in html
    assert "Seat 1 starts." in html
    assert "continent" not in html
    assert "<h2>The joker</h2>" in html
    assert "<h2>The toucans</h2>" in html
    assert "<td>steal</td>" in html


def test_a_tucano_tournament_rates_the_bots(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = run(
        "tournament", "--game", "tucano", "--bots", "greedy,random", "--games", "4",
        "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "tucano, 2 players: 4 games" in result.output
    assert "pomegranate" in result.output
    assert len((out / "results.jsonl").read_text().splitlines()) == 4
