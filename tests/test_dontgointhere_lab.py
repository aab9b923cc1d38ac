"""Don't Go In There in the balance lab and the research adapters."""

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from dontgointhere_helpers import GAME, names
from vitrine.adapters.encoding import encoding_for
from vitrine.cli.main import main
from vitrine.kit.encoding import flatten


def test_observations_hide_what_the_view_hides() -> None:
    state = GAME.new_game(names(3), {}, 12)
    rng = np.random.default_rng(3)
    for _ in range(10):
        state.apply_action(str(rng.choice(state.legal_actions())))
    encoding = encoding_for("dontgointhere", GAME.new_game(names(3), {}, 0))
    for seat in range(3):
        other = state.copy()
        other.ghosts = [g if s == seat else g + 5 for s, g in enumerate(other.ghosts)]
        other.deck.reverse()
        mine = flatten(encoding, encoding.encode(state.view(seat)))
        theirs = encoding.encode(other.view(seat))
        assert np.array_equal(mine, flatten(encoding, theirs))
        assert theirs["ghosts"][0] == pytest.approx(other.ghosts[seat] / 40)
        assert not theirs["ghosts"][1:].any()
        assert ((mine >= 0) & (mine <= 1)).all()


def test_simulate_then_report(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    runner = CliRunner()
    args = ["simulate", "--game", "dontgointhere", "--bots", "greedy,random", "--players", "3"]
    played = runner.invoke(main, [*args, "--games", "12", "--workers", "1", "-o", str(out)])
    assert played.exit_code == 0, played.output
    assert "holds all 12" in played.output
    page = tmp_path / "report.html"
    reported = runner.invoke(main, ["report", str(out), "-o", str(page)])
    assert reported.exit_code == 0, reported.output
    html = page.read_text()
    assert "12 games of dontgointhere" in html
    assert "Ghost penalty" in html and "Win rate by seat" in html
    assert "Card types: taken, dispelled, curses kept" in html
    assert "seats paid the ghost penalty" in html
