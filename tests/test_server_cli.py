"""``vitrine serve``: its options are checked before anything starts."""

import pytest
from click.testing import CliRunner

from vitrine.cli.main import main


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--port", "70000"], "'--port'"),
        (["--port", "http"], "'--port'"),
        (["--bot-delay", "-1"], "'--bot-delay'"),
    ],
)
def test_serve_refuses_bad_options(arguments: list[str], words: str) -> None:
    result = CliRunner().invoke(main, ["serve", *arguments])
    assert result.exit_code == 2
    assert words in result.output


def test_serve_is_documented() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    assert "VITRINE_DATABASE_URL" in result.output
