"""vitrine without its compiled core, as installed where no C compiler was.

The command line starts without the core, and every command that searches
gives the compiled core's results in pure Python: the same games from the
same seeds, the same solver lines.  Each command runs in a fresh Python
process, the compiled core either there or made unimportable, as on a
machine where it could not be built.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from system_parts import COMPILED_CORE_PART, require

RUN_CLI = """
import sys
if sys.argv[1] == "without-core":
    import importlib.abc

    class NoCore(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "vitrine.games.exhibition._playout":
                raise ImportError("no compiled core here")
            return None

    sys.meta_path.insert(0, NoCore())
from vitrine.cli.main import main
try:
    main(sys.argv[2:], prog_name="vitrine")
finally:
    print("core imported:", "vitrine.games.exhibition._playout" in sys.modules, file=sys.stderr)
"""


def vitrine(*args: str, core: bool) -> subprocess.CompletedProcess[str]:
    """``vitrine ARGS`` in a new process, with or without the compiled core."""
    mode = "with-core" if core else "without-core"
    done = subprocess.run(
        [sys.executable, "-c", RUN_CLI, mode, *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done


def test_help_and_perft_start_without_importing_the_core() -> None:
    for args in (["--help"], ["perft", "--depth", "1"], ["play", "--help"]):
        done = vitrine(*args, core=True)
        assert "core imported: False" in done.stderr, args


def test_version_names_the_core_in_use() -> None:
    assert "pure-Python core (the C core was not built)" in vitrine("--version", core=False).stdout
    require(COMPILED_CORE_PART)
    assert "compiled C core" in vitrine("--version", core=True).stdout


def solo_lines(path: Path) -> list[dict[str, object]]:
    """The per-deal results of ``vitrine solo --out``, less the timings."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        line.pop("seconds")
    return lines


def test_the_solo_challenge_and_solver_give_the_same_results(tmp_path: Path) -> None:
    """Search bots (playouts) and the solver (beam search, its lines in the file)."""
    args = ["solo", "--bots", "greedy,ismcts+:40", "--deals", "2", "--solver", "--beam", "8"]
    results = {}
    for core in (False, True):
        if core:
            require(COMPILED_CORE_PART)
        out = tmp_path / f"core-{core}.jsonl"
        done = vitrine(*args, "--workers", "1", "--out", str(out), core=core)
        assert f"core imported: {core}" in done.stderr
        results[core] = solo_lines(out)
    assert results[False] == results[True]
    assert any(line["bot"] == "solver" and line["turns"] for line in results[False])


@pytest.mark.parametrize("players", [2, 4])
def test_bot_games_are_the_same_games(tmp_path: Path, players: int) -> None:
    """The same seed, the same bots: the very same record, turn for turn."""
    bots = ",".join(["ismcts+:60", "ismcts:60", "greedy", "random"][:players])
    records = {}
    for core in (False, True):
        if core:
            require(COMPILED_CORE_PART)
        saved = tmp_path / f"core-{core}.json"
        args = ["play", "--players", str(players), "--bots", bots, "--seed", "7"]
        vitrine(*args, "--save", str(saved), core=core)
        records[core] = json.loads(saved.read_text(encoding="utf-8"))
    assert records[False] == records[True]
    assert len(records[False]["turns"]) > 20
