"""The plug-in boundary, read from the source: a game is one folder.

Every module of ``src/vitrine`` is read with its imports, wherever they
stand (``source_imports.py``).  Then:

- no module outside ``games/<name>/`` imports a game's module, or names a
  game in a string literal or an identifier (docstrings and words meant for
  people aside), so that every shared room reaches a game through the
  registry;
- a game imports only the engine, the kit and its own package, and the kit
  only the engine;
- the imports form no circle;
- no module is over 500 lines, no class over 400.
"""

import ast
import re
from collections.abc import Iterator

import pytest

from source_imports import MODULES, PACKAGE, SRC, Module, circles, edges, imports_of
from vitrine.games import plugins

GAMES = PACKAGE / "games"
MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 400
GAME_PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())


def game_of(module_name: str) -> str | None:
    """The game package a module belongs to, if any."""
    parts = module_name.split(".")
    if len(parts) >= 3 and parts[:2] == ["vitrine", "games"] and parts[2] in GAME_PACKAGES:
        return parts[2]
    return None


def game_words() -> set[str]:
    """What names a game in code: its package, its plug-in's name and the
    names the frameworks know it by, lower-cased."""
    words = {name.lower() for name in GAME_PACKAGES}
    for plugin in plugins():
        words.add(plugin.name.lower())
        for alias in (plugin.pettingzoo_name, plugin.gymnasium_id, plugin.solo_gymnasium_id):
            if alias:
                words.add(alias.rpartition("/")[2].split("-")[0].split("_v")[0].lower())
    words.add("dgit")  # Don't Go In There's old abbreviation
    return words


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes, which are prose."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def names_in_code(module: Module) -> Iterator[tuple[int, str]]:
    """The module's identifiers and its string literals that are not prose
    (no space in them: keys, paths, ids), with their lines."""
    prose = docstrings(module.tree)
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.lineno, node.name
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg
        elif isinstance(node, ast.alias):
            yield node.lineno, node.asname or node.name
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in prose
            and not re.search(r"\s", node.value)
        ):
            yield node.lineno, node.value


def test_the_source_is_read() -> None:
    """The scan itself: it finds the games, their modules and the imports."""
    assert {"exhibition", "tucano", "dontgointhere"} <= set(GAME_PACKAGES)
    assert "vitrine.games.tucano.state" in MODULES
    assert "vitrine.engine.protocol" in edges()["vitrine.games"]
    assert {"tucano", "dgit"} <= game_words()


def test_no_shared_module_imports_a_game() -> None:
    wrong = [
        f"{module.path.relative_to(SRC)}:{line} imports {target}"
        for module in MODULES.values()
        for target, line in imports_of(module)
        if game_of(target) is not None and game_of(target) != game_of(module.name)
    ]
    assert wrong == []


def test_games_import_only_the_engine_the_kit_and_themselves() -> None:
    allowed = ("vitrine.engine", "vitrine.kit")
    wrong = [
        f"{module.path.relative_to(SRC)}:{line} imports {target}"
        for module in MODULES.values()
        if (game := game_of(module.name)) is not None
        for target, line in imports_of(module)
        if target.startswith("vitrine")
        and not target.startswith(allowed)
        and game_of(target) != game
    ]
    assert wrong == []


def test_the_kit_imports_only_the_engine() -> None:
    wrong = [
        f"{module.path.relative_to(SRC)}:{line} imports {target}"
        for module in MODULES.values()
        if module.name.startswith("vitrine.kit")
        for target, line in imports_of(module)
        if target.startswith("vitrine") and not target.startswith(("vitrine.engine", "vitrine.kit"))
    ]
    assert wrong == []


def test_no_shared_module_names_a_game() -> None:
    words = game_words()
    pattern = re.compile("|".join(sorted(words)), re.IGNORECASE)
    wrong = [
        f"{module.path.relative_to(SRC)}:{line} {text!r}"
        for module in MODULES.values()
        if game_of(module.name) is None
        for line, text in names_in_code(module)
        if pattern.search(text)
    ]
    assert wrong == []


def test_no_shared_page_names_a_game() -> None:
    """The shared pages' scripts, comments aside, name no game: they read
    the games from /api/games."""
    pattern = re.compile(r"\b(" + "|".join(sorted(game_words())) + r")\b", re.IGNORECASE)
    comments = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
    wrong = [
        f"{path.relative_to(SRC)}: {found}"
        for path in sorted((PACKAGE / "web").rglob("*.js"))
        for found in pattern.findall(comments.sub("", path.read_text(encoding="utf-8")))
    ]
    assert wrong == []


def test_circles_are_found() -> None:
    """The search itself, on a graph with one circle and one chain."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_the_imports_form_no_circle() -> None:
    assert circles(edges()) == []


@pytest.mark.parametrize("suffix", [".py", ".js"])
def test_no_module_is_over_500_lines(suffix: str) -> None:
    # A library copied whole from its package (static/vendor/, `make vendor`) is not ours to cut.
    long = {
        str(path.relative_to(SRC)): lines
        for path in sorted(PACKAGE.rglob(f"*{suffix}"))
        if "vendor" not in path.relative_to(PACKAGE).parts
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}


def test_no_class_is_over_400_lines() -> None:
    long = {
        f"{module.path.relative_to(SRC)}:{node.name}": lines
        for module in MODULES.values()
        for node in ast.walk(module.tree)
        if isinstance(node, ast.ClassDef)
        and (lines := (node.end_lineno or node.lineno) - node.lineno + 1) > MAX_CLASS_LINES
    }
    assert long == {}
