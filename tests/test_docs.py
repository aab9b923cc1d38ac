"""The documentation's worked examples run as written."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
EXAMPLES = re.findall(r"```python\n(.*?)```", (DOCS / "adapters.md").read_text(), re.S)


IDS = ["pettingzoo", "supersuit", "gymnasium", "openspiel", "openspiel-algorithms"]


def test_every_adapter_has_an_example() -> None:
    assert len(EXAMPLES) == len(IDS)


@pytest.mark.parametrize("code", EXAMPLES, ids=IDS)
def test_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, "docs/adapters.md", "exec"), {})
    assert capsys.readouterr().out.strip()
