"""Don't Go In There through the command line and the bots."""

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bot_games import play_new
from dontgointhere_helpers import GAME, make_state, names, play
from vitrine.bots import Budget, GreedyBot, IsmctsBot, PimcBot, RandomBot
from vitrine.bots.base import Bot
from vitrine.cli.main import main
from vitrine.engine.errors import VitrineError


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def bot_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    result = run(
        "play",
        "--game",
        "dontgointhere",
        "--players",
        "3",
        "--bots",
        "greedy,random,random",
        "--seed",
        "4",
        "--save",
        str(path),
    )
    assert result.exit_code == 0, result.output
    assert "Final scores (fewest curses wins)" in result.output
    assert "Winner" in result.output or "Shared first place" in result.output
    return path


def test_bot_game_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = bot_game(tmp_path)
    record = json.loads(path.read_text())
    assert record["game"] == "dontgointhere" and record["seed"] == 4
    replayed = run("replay", "--game", "dontgointhere", str(path), "--json")
    assert replayed.exit_code == 0, replayed.output
    data = json.loads(replayed.output)
    assert data["over"] and sum(data["returns"]) == pytest.approx(1)
    text = run("replay", "--game", "dontgointhere", str(path))
    assert "Cards dispelled" in text.output and "Ghost penalty" in text.output


def test_human_decisions_and_refusals_at_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "part.json"
    result = run(
        "play",
        "--game",
        "dontgointhere",
        "--bots",
        "random",
        "--seed",
        "5",
        "--save",
        str(path),
        input="zz\nl1\n?\nquit\n",
    )
    assert "Not possible: malformed decision 'ZZ'" in result.output
    assert "Player 1 plays L1" in result.output
    assert "Ghosts" in result.output and "hidden" in result.output
    turns = json.loads(path.read_text())["turns"]
    assert turns[0] == "L1"
    legal = run("legal", "--game", "dontgointhere", str(path))
    state = GAME.load(path.read_text())
    assert legal.output.split() == state.legal_turns()


def test_perft_and_divide() -> None:
    result = run("perft", "--game", "dontgointhere", "--seed", "1", "--depth", "2")
    assert result.output.strip() == "132"
    divided = run("perft", "--game", "dontgointhere", "--seed", "1", "--depth", "2", "--divide")
    assert divided.output.splitlines()[-1] == "total: 132"


def test_types_variant_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = run(
        "play",
        "--game",
        "dontgointhere",
        "--bots",
        "random,random",
        "--seed",
        "2",
        "--variant",
        "CA,MI,DO,RI,TW",
        "--save",
        str(path),
    )
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["options"] == {"types": ["CA", "DO", "MI", "RI", "TW"]}
    bad = run("play", "--game", "dontgointhere", "--bots", "random,random", "--variant", "ZZ")
    assert bad.exit_code == 2 and "no card type 'ZZ'" in bad.output


def play_bots(bots: list[Bot], seed: int) -> list[float]:
    return play_new(GAME, bots, seed)


def test_every_search_bot_plays_a_game() -> None:
    bots: list[Bot] = [
        IsmctsBot(Budget(iterations=30)),
        IsmctsBot(Budget(iterations=30), enhanced=True),
        GreedyBot(),
        RandomBot(),
    ]
    assert sum(play_bots(bots, 3)) == pytest.approx(1)


def test_greedy_beats_random() -> None:
    wins = sum(play_bots([GreedyBot(), RandomBot()], s)[0] for s in range(10))
    wins += sum(play_bots([RandomBot(), GreedyBot()], s)[1] for s in range(10))
    assert wins >= 13


def test_pimc_refuses_clearly() -> None:
    state = GAME.new_game(names(2), {}, 1)
    with pytest.raises(VitrineError, match="no perfect-information search"):
        PimcBot(2).choose(GAME, state.view(0), random.Random(1))


def test_bot_choice_ignores_hidden_parts() -> None:
    state = GAME.new_game(names(3), {}, 30)
    rng = random.Random(4)
    for _ in range(8):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current
    other = state.copy()
    other.redeterminize(seat, random.Random(1))
    for bot in (GreedyBot(), IsmctsBot(Budget(iterations=40))):
        assert bot.choose(GAME, state.view(seat), random.Random(9)) == bot.choose(
            GAME, other.view(seat), random.Random(9)
        )


def test_bots_choose_which_identical_copy_by_their_own_judgement() -> None:
    """G-11: CA2, AM2, AM2 in the Library, Ana holding two ghosts: the right
    AM2 discards one, the middle one nothing; greedy, counting ghosts, takes
    the right one."""
    state = make_state(
        first=["AM1", "CA1", "CL1", "AM4", "CA4", "CL4", "CA2", "AM2", "AM2"], dice="------"
    )
    state.ghosts[0] = 2
    play(state, "L1", "L2", "L3")
    view = state.view(0)
    assert view["legal_actions"] == ["AM2<", "AM2>", "CA2"]
    assert GreedyBot().choose(GAME, view, random.Random(0)) == "AM2>"
    picks = {RandomBot().choose(GAME, view, random.Random(seed)) for seed in range(30)}
    assert {"AM2<", "AM2>"} <= picks
