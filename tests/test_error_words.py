"""Every refusal the server or a game can send has words in each language of the page.

A refusal carries a code (see ``engine/errors.py``); the page words server
codes in ``errors.js`` and a game's codes in its module.  This test reads the
codes out of the Python source and the dictionaries out of the JavaScript,
so a new refusal without French words fails here, not in front of a player.
"""

import ast
import re
from importlib import resources
from pathlib import Path

import pytest

from vitrine.games import game_names, get_plugin

SRC = Path(__file__).resolve().parent.parent / "src" / "vitrine"
STATIC = SRC / "web" / "static"
ERROR_CLASSES = {
    "VitrineError",
    "NotationError",
    "IllegalTurnError",
    "RecordError",
    "LayoutError",
    "OptionsError",
    "CardDataError",
}
# Calls whose first argument is a code: the server's helpers, and the engine's
# reasons that become refusals later.
FIRST_IS_CODE = {"not_found", "conflict", "forbidden", "invalid", "Reason"}
# Keys that word the context around a code rather than a code.
FRAMES = {"about.options", "about.record", "at_turn", "cannotGo", "and"}


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _code_of(call: ast.Call) -> str | None:
    """The code a refusal is raised with, when the source spells it."""
    name = _name(call)
    position = {"ApiError": 2, "RecordError": 2}.get(name, 1)
    if name in FIRST_IS_CODE:
        position = 0
    elif name not in ERROR_CLASSES | {"ApiError"}:
        return None
    for keyword in call.keywords:
        if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    argument = call.args[position] if len(call.args) > position else None
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return argument.value
    return None


def codes_in(*places: Path) -> set[str]:
    """The codes raised in the given Python files and folders."""
    codes: set[str] = set()
    for place in places:
        for path in [place] if place.is_file() else place.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and (code := _code_of(node)):
                    codes.add(code)
                if (
                    isinstance(node, ast.Assign)
                    and any(
                        isinstance(t, ast.Name) and t.id == "default_code" for t in node.targets
                    )
                    and isinstance(node.value, ast.Constant)
                ):
                    codes.add(str(node.value.value))
    return codes


def words_in(script: Path) -> dict[str, set[str]]:
    """The keys of each language in the script's ``ERRORS`` dictionary."""
    text = script.read_text()
    match = re.search(
        r"const ERRORS = \{\n  en: \{(.*?)\n  \},\n  fr: \{(.*?)\n  \},\n\};", text, re.S
    )
    if match is None:
        return {"en": set(), "fr": set()}
    key = re.compile(r'(?:^|,)\s*(?:"([\w.]+)"|(\w+)):', re.M)

    def keys(block: str) -> set[str]:
        return {quoted or bare for quoted, bare in key.findall(block)}

    return {"en": keys(match[1]), "fr": keys(match[2])}


SHELL = words_in(STATIC / "errors.js")


def test_the_shell_words_every_server_and_engine_code_in_both_languages() -> None:
    codes = codes_in(
        SRC / "server", SRC / "engine", SRC / "kit", SRC / "games" / "__init__.py", SRC / "review"
    )
    assert codes, "no codes found: the scan is broken"
    for language in ("en", "fr"):
        assert codes - SHELL[language] == set(), language
    assert SHELL["en"] == SHELL["fr"]


def game_folder(game: str) -> Path:
    return Path(str(resources.files(get_plugin(game).package)))


@pytest.mark.parametrize("game", game_names())
def test_each_game_words_its_codes_in_both_languages(game: str) -> None:
    page = get_plugin(game).page
    assert page is not None
    scripts = sorted((game_folder(game) / "web").glob("*.js"))
    assert game_folder(game) / "web" / page.script in scripts
    # The page module's words may live in a module it imports.
    own = {
        language: set().union(*(words_in(script)[language] for script in scripts))
        for language in ("en", "fr")
    }
    codes = codes_in(game_folder(game))
    for language in ("en", "fr"):
        assert codes - SHELL[language] - own[language] == set(), language
    assert own["en"] == own["fr"]
    assert own["en"] - FRAMES <= codes, "words for codes the game never raises"


def test_the_scan_finds_the_codes_it_should() -> None:
    """The scan itself: codes spelt positionally, by keyword and as class defaults."""
    found = codes_in(game_folder("exhibition"))
    assert {"not_in_market", "unknown_variation", "years_window", "options"} <= found
    assert {"table_not_found", "stale", "illegal_turn", "record_game"} <= codes_in(
        SRC / "server", SRC / "engine"
    )
    assert codes_in(SRC / "games" / "__init__.py") == {
        "unknown_game",
        "record_not_object",
        "plugin_broken",
        "no_games",
    }
    assert {"review_seat", "hint_not_your_turn"} <= codes_in(SRC / "review")
