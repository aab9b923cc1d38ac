"""The documentation's worked examples run as written."""

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from vitrine.cli.main import main
from vitrine.lab import read_overlay

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLES = re.findall(r"```python\n(.*?)```", (DOCS / "adapters.md").read_text(), re.S)
LAB = (DOCS / "lab.md").read_text()
NOTEBOOK = LAB.split("## In a notebook")[1].split("\n## ")[0]
GAME_OF_FILE = {"hall": "exhibition", "components": "dontgointhere"}


IDS = ["pettingzoo", "supersuit", "gymnasium", "openspiel", "openspiel-algorithms"]


def test_every_adapter_has_an_example() -> None:
    assert len(EXAMPLES) == len(IDS)


@pytest.mark.parametrize("code", EXAMPLES, ids=IDS)
def test_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, "docs/adapters.md", "exec"), {})
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("path", sorted((DOCS / "overlays").glob("*.json")), ids=lambda p: p.stem)
def test_the_documented_overlays_load(path: Path) -> None:
    changes = json.loads(path.read_text())["changes"]
    game = (
        "tucano" if "fruits" in changes.get("cards", {}) else GAME_OF_FILE.get(next(iter(changes)))
    )
    overlay, _ = read_overlay(path, game or "exhibition")
    assert overlay.title


def test_the_overlay_snippets_are_accepted(tmp_path: Path) -> None:
    section = LAB.split("## Rule overlays")[1].split("\n## ")[0]
    snippets = [
        line
        for block in re.findall(r"```json\n(.*?)```", section, re.S)
        for line in block.splitlines()
        if line.startswith('{"changes"')
    ]
    assert len(snippets) == 3
    for snippet in snippets:
        changes = json.loads(snippet)["changes"]
        game = "tucano" if "fruits" in changes.get("cards", {}) else "exhibition"
        path = tmp_path / "rules.json"
        path.write_text(snippet)
        assert read_overlay(path, game)[0].changes == changes


def test_the_notebook_walk_through_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its commands (on one worker), then its Python blocks in one namespace."""
    (tmp_path / "docs").symlink_to(DOCS)
    monkeypatch.chdir(tmp_path)
    commands = [
        line
        for block in re.findall(r"```sh\n(.*?)```", NOTEBOOK, re.S)
        for line in block.splitlines()
    ]
    assert commands and all(line.startswith(".venv/bin/vitrine ") for line in commands)
    for line in commands:
        result = CliRunner().invoke(main, [*shlex.split(line)[1:], "--workers", "1"])
        assert result.exit_code == 0, result.output
    namespace: dict[str, object] = {}
    blocks = re.findall(r"```python\n(.*?)```", NOTEBOOK, re.S)
    assert len(blocks) == 3
    for code in blocks:
        exec(compile(code, "docs/lab.md", "exec"), namespace)
    out = capsys.readouterr().out
    assert "270 seat rows of 90 games" in out
    assert "over 40 pairs of games" in out and "win_rate" in out
