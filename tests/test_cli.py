"""The command line, driven as a user would: arguments, stdin lines, files."""

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from vitrine.cli.main import main
from vitrine.engine.errors import VitrineError
from vitrine.engine.perft import perft
from vitrine.games.exhibition import ExhibitionGame, ExhibitionState
from vitrine.games.exhibition.scoring import CATEGORY_NAMES
from vitrine.kit.render import PlainRenderer, make_console

GAME = ExhibitionGame()
BASE_CATEGORIES = (
    "all_continents",
    "years_gap",
    "continent_focus",
    "decades",
    "chain",
    "empty_spots",
    "depot",
)


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input, env=env)


def assert_clean_failure(result: Result, code: int, *fragments: str) -> None:
    """Failed with ``code``, the fragments on stderr, and no traceback anywhere."""
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr, (fragment, result.stderr)


def bot_game(tmp_path: Path, *extra: str) -> tuple[Result, Path]:
    path = tmp_path / "game.json"
    result = run(
        "play",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--seed",
        "3",
        "--save",
        str(path),
        *extra,
    )
    assert result.exit_code == 0, result.output
    return result, path


def record_file(tmp_path: Path, data: dict[str, Any] | str, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def started(players: int = 2, seed: int = 5, names: tuple[str, ...] = ()) -> ExhibitionState:
    """The state ``vitrine play`` starts with the same seed and default names."""
    names = names or tuple(f"Player {seat + 1}" for seat in range(players))
    return GAME.start(list(names), {}, seed=seed)


# ------------------------------------------------------------------- play


def test_bot_game_ends_with_score_table(tmp_path: Path) -> None:
    result, path = bot_game(tmp_path)
    output = result.output
    assert "Final scores" in output
    for key in BASE_CATEGORIES:
        assert CATEGORY_NAMES[key] in output
    for row in ("Total", "Tiebreak", "Rank"):
        assert row in output
    assert "Winner" in output or "Shared first place" in output
    assert "\x1b[" not in output  # not a terminal: no colour codes
    state = GAME.load(path.read_text(encoding="utf-8"))
    assert state.is_over
    assert state.record().players == ("Greedy 1", "Random 2")


def test_bot_game_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    first, _ = bot_game(tmp_path)
    second, _ = bot_game(tmp_path)
    assert first.output == second.output


def test_secret_decade_game_scores_it(tmp_path: Path) -> None:
    result, path = bot_game(tmp_path, "--variant", "secret_decade", "--variant", "links")
    assert CATEGORY_NAMES["secret_decade"] in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["options"] == {"secret_decade": True, "variations": ["links"]}
    assert len(record["secret_decades"]) == 2
    assert "Links" in result.output  # the variation's name replaces General


def test_human_take_then_place_after_bad_lines(tmp_path: Path) -> None:
    state = started(names=("Ana", "Greedy 2"))
    take = "1945@EU"  # seed 5 deals the white 1945 at Ana's vehicle
    assert take in state.legal_actions()
    with pytest.raises(VitrineError) as no_destination:
        state.copy().apply_action("1945")
    with pytest.raises(VitrineError) as bad_target:
        state.copy().push("1915 Q9")
    state.apply_action(take)
    place = state.legal_actions()[-1]
    path = tmp_path / "human.json"
    lines = ["1945", "1915 q9", f"  {take.lower()} ", place.lower(), "quit"]
    result = run(
        "play", "--players", "2", "--bots", "greedy", "--names", "Ana", "--seed", "5",
        "--save", str(path), input="\n".join(lines) + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    output = result.output
    assert str(no_destination.value) in output
    assert str(bad_target.value) in output
    before_placing = output.split(f"Ana, place {take}>", 1)[0]
    assert before_placing.count("Ana, take>") == 3  # asked again after each bad line
    assert "New in the market:" in before_placing.rsplit("Ana, take>", 1)[1]  # the refill
    assert f"Ana plays {take} {place}" in output
    assert "Game left unfinished" in output
    turns = json.loads(path.read_text(encoding="utf-8"))["turns"]
    assert turns[0] == f"{take} {place}"
    assert len(turns) == 2  # the bot answered before Ana quit


def test_help_lists_the_legal_decisions() -> None:
    state = started()
    result = run("play", "--players", "2", "--seed", "5", input="?\nquit\n")
    assert result.exit_code == 0, result.output
    after_help = result.output.split("take> ", 1)[1]
    assert all(action in after_help for action in state.legal_actions())
    assert "quit" in after_help


def test_hotseat_game_to_the_end_with_whole_turns_and_decisions(tmp_path: Path) -> None:
    state = started(seed=8)
    lines = []
    while not state.is_over:
        if len(state.history) % 2:
            turn = state.legal_turns()[0]
            lines.append(turn)
            state.push(turn)
        else:
            take = state.legal_actions()[-1]
            state.apply_action(take)
            place = state.legal_actions()[0]
            state.apply_action(place)
            lines += [take, place]
    path = tmp_path / "hotseat.json"
    result = run(
        "play", "--players", "2", "--seed", "8", "--save", str(path), input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert "Player 2's turn" in result.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["turns"] == list(state.record().turns)


def test_hotseat_shows_each_human_only_their_own_secret() -> None:
    state = GAME.start(["Player 1", "Player 2"], {"secret_decade": True}, seed=12)
    mine, theirs = state.config.secret_decades
    turn = state.legal_turns()[0]
    result = run(
        "play", "--players", "2", "--variant", "secret_decade", "--seed", "12",
        input=f"{turn}\nquit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    first, second = result.output.split("Player 2's turn", 1)
    assert f"Your secret decade: {mine}s" in first
    assert f"{theirs}s" not in first
    assert f"Your secret decade: {theirs}s" in second
    assert f"{mine}s" not in second


def test_end_of_input_saves_and_fails(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    result = run("play", "--players", "1", "--seed", "2", "--save", str(path), input="")
    assert result.exit_code == 1
    assert "Aborted" in result.output
    assert json.loads(path.read_text(encoding="utf-8"))["turns"] == []


def test_random_seed_is_printed() -> None:
    result = run("play", "--players", "1", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Seed " in result.output
    assert "--seed " in result.output


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--variant", "nope"], "unknown variation"),
        (["--variant", "short_era,antiquity"], "at most one variation"),
        (["--bots", "genius"], "unknown bot"),
        (["--players", "2", "--bots", "greedy,greedy,greedy"], "3 bots for 2 players"),
        (["--players", "6"], "1 to 5 players"),
        (["--names", "Al,Al"], "names must differ"),
    ],
)
def test_bad_play_options_are_usage_errors(args: list[str], fragment: str) -> None:
    result = run("play", "--seed", "1", *args)
    assert_clean_failure(result, 2, fragment)


def test_colours_follow_the_terminal_and_no_color() -> None:
    args = ("play", "--players", "1", "--bots", "greedy", "--seed", "3")
    coloured = run(*args, env={"FORCE_COLOR": "1"})
    assert "\x1b[35m" in coloured.output  # Oceania's magenta
    plain = run(*args, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[35m" not in plain.output
    assert " OC" in plain.output  # the codes remain


# ----------------------------------------------------------------- replay


def test_replay_text_and_json(tmp_path: Path) -> None:
    _, path = bot_game(tmp_path, "--variant", "secret_decade")
    text = run("replay", str(path))
    assert text.exit_code == 0, text.output
    assert "finished" in text.output
    assert "Final scores" in text.output
    result = run("replay", str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("deck", "continents", "over", "current_player", "market", "players"):
        assert key in data
    assert data["over"] is True
    assert data["current_player"] is None
    assert len(data["deck"]) == 101
    assert sorted(data["deck"], key=str) == sorted([*range(1900, 2000), "EIN"], key=str)
    assert len(data["continents"]) == 101
    assert data["continents"]["1945"] is None
    assert data["continents"]["EIN"] is None
    assert data["continents"]["1900"] in ("OC", "SA", "AF", "AS", "EU", "NA")
    assert set(data["market"]) == {"OC", "SA", "AF", "AS", "EU", "NA"}
    state = GAME.load(path.read_text(encoding="utf-8"))
    view = state.view(None)
    ranks = []
    for seat, player in enumerate(data["players"]):
        assert set(player) >= {"name", "hall", "depot", "scores", "total", "rank"}
        assert player["total"] == sum(player["scores"].values())
        assert "secret_decade" in player["scores"]
        assert player["scores"] == view["scores"][seat]["categories"]
        assert len(player["hall"]) == 16
        assert [str(c) for c in player["depot"]] == view["depots"][seat]
        ranks.append(player["rank"])
    assert 1 in ranks


def test_replay_of_an_unfinished_game_with_a_pending_take(tmp_path: Path) -> None:
    state = started(seed=6)
    state.push(state.legal_turns()[0])
    state.apply_action(state.legal_actions()[0])
    path = record_file(tmp_path, state.record().to_dict())
    text = run("replay", path)
    assert text.exit_code == 0, text.output
    assert "not finished" in text.output
    assert "Scores so far" in text.output
    data = json.loads(run("replay", path, "--json").stdout)
    assert data["over"] is False
    assert data["current_player"] == 1
    assert data["pending"] == state.turn_texts()[-1]
    for player in data["players"]:
        assert player["total"] == sum(player["scores"].values())


def corrupt_records() -> list[tuple[str, dict[str, Any] | str, tuple[str, ...]]]:
    state = started(seed=4)
    first = state.legal_turns()[0]
    good = state.record().to_dict()
    copy = state.copy()
    copy.push(first)
    illegal = next(
        f"{label} G1"
        for label in ("1900", "1901", "1902", "1903", "1904", "1905", "1906", "1907")
        if f"{label} G1" not in copy.legal_turns()
    )
    return [
        ("not-json", "{ not json", ("not valid JSON",)),
        ("version", {**good, "rules_version": "exhibition-1999"}, ("rules_version", "1999")),
        ("illegal", {**good, "turns": [first, illegal]}, ("turn 2", illegal)),
        ("malformed", {**good, "turns": [first, "19x7 G1"]}, ("turn 2", "19x7")),
        ("players", {**good, "players": []}, ("1 to 5 players",)),
    ]


@pytest.mark.parametrize(("name", "data", "fragments"), corrupt_records())
@pytest.mark.parametrize("command", [["replay"], ["replay", "--json"], ["legal"]])
def test_corrupt_records_fail_cleanly(
    tmp_path: Path,
    name: str,
    data: dict[str, Any] | str,
    fragments: tuple[str, ...],
    command: list[str],
) -> None:
    path = record_file(tmp_path, data, f"{name}.json")
    result = run(*command, path)
    assert_clean_failure(result, 1, path, *fragments)
    assert result.stdout == ""


def test_missing_record_file(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nowhere.json"))
    assert_clean_failure(result, 2, "does not exist")


# ------------------------------------------------------------------ legal


def test_legal_lists_the_legal_turns(tmp_path: Path) -> None:
    state = started(seed=7)
    for _ in range(3):
        state.push(state.legal_turns()[-1])
    path = record_file(tmp_path, state.record().to_dict())
    result = run("legal", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == state.legal_turns()


def test_legal_completes_a_pending_take(tmp_path: Path) -> None:
    state = started(seed=7)
    take = state.legal_actions()[0]
    state.apply_action(take)
    path = record_file(tmp_path, state.record().to_dict())
    lines = run("legal", path).stdout.splitlines()
    assert lines == state.legal_turns()
    assert lines
    assert all(line.startswith(f"{take} ") for line in lines)


def test_legal_after_the_end_prints_nothing(tmp_path: Path) -> None:
    _, path = bot_game(tmp_path)
    result = run("legal", str(path))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert "over" in result.stderr


# ------------------------------------------------------------------ perft


def test_perft_depth_one_and_two() -> None:
    state = GAME.start(["P1", "P2"], {}, seed=11)
    one = run("perft", "--seed", "11", "--players", "2", "--depth", "1")
    assert one.exit_code == 0, one.output
    assert int(one.stdout) == len(state.legal_turns())
    direct = 0
    for turn in state.legal_turns():
        child = state.copy()
        child.push(turn)
        direct += len(child.legal_turns())
    two = run("perft", "--seed", "11", "--players", "2", "--depth", "2")
    assert int(two.stdout) == direct


def test_perft_deals_seed_one_by_default() -> None:
    default = run("perft", "--depth", "2")
    assert default.exit_code == 0, default.output
    assert default.stdout == run("perft", "--seed", "1", "--depth", "2").stdout
    assert int(default.stdout) == perft(GAME.start(["P1", "P2"], {}, seed=1), 2)
    assert "[default: 1;" in run("perft", "--help").stdout


def test_perft_divide_with_a_variant() -> None:
    state = GAME.start(["P1", "P2", "P3"], {"variations": ["links"]}, seed=2)
    args = ["perft", "--seed", "2", "--players", "3", "--variant", "links", "--depth", "2"]
    result = run(*args, "--divide")
    assert result.exit_code == 0, result.output
    *lines, total = result.stdout.splitlines()
    counts = dict(line.rsplit(": ", 1) for line in lines)
    assert list(counts) == state.legal_turns()
    assert total == f"total: {perft(state, 2)}"
    assert sum(int(c) for c in counts.values()) == perft(state, 2)


# ------------------------------------------------------ game independence


def test_plain_renderer_serves_a_game_without_its_own() -> None:
    state = started(seed=9)
    renderer = PlainRenderer(GAME)
    console = make_console()
    with console.capture() as capture:
        console.print(renderer.board(state.view(0)))
        console.print(renderer.decisions(state.view(0)))
        console.print(renderer.score_sheets(state))
    assert state.legal_actions()[0] in capture.get()
    report = renderer.report(state)
    assert report["over"] is False
    assert json.loads(json.dumps(report))["view"]["viewer"] is None
