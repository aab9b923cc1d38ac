"""The server as modules, read from the source and held to docs/server.md's map.

The map (its first section, a table) names the core's modules, each
capability's folder and the parts each may import; the assembly (``app.py``,
``processes.py``, ``migrations/``) may import everything.  Then:

- the server's top level holds the core's modules, the capability folders
  and the assembly, each named in the map, and nothing else; no file is named
  with a capability's prefix (``pairing_store.py``);
- every capability folder has its routes, service and schemas, and a store
  with its tables wherever it keeps any;
- every import inside the server follows the map: the core imports no
  capability, a capability only the core, itself and what its row allows;
- the map's arrows form no circle, and each one is used by the code;
- no module of the server imports another that imports it back, through
  any chain (tests/test_boundaries.py holds the whole package to that, and
  this file the server's part of it by name).
"""

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from source_imports import MODULES, PACKAGE, Module, circles, edges, imports_of

SERVER = PACKAGE / "server"
PREFIX = "vitrine.server"
MAP = PACKAGE.parent.parent / "docs" / "server.md"
ASSEMBLY = frozenset({"app", "processes", "migrations"})
CORE = "core"
EVERY_FOLDER_HAS = ("routes.py", "service.py", "schemas.py")
KEEPING_DATA = ("store.py", "models.py")  # both, or neither (a capability with no tables)


@dataclass(frozen=True)
class Map:
    core: frozenset[str]  # the core's module names
    allowed: dict[str, frozenset[str]]  # each capability: the other capabilities it may import


def read_map(text: str) -> Map:
    """The first table of docs/server.md's section "The map"."""
    section = text.split("## The map", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][2:]  # no header
    core: set[str] = set()
    allowed: dict[str, frozenset[str]] = {}
    for row in rows:
        part, owns, imports = (cell.strip() for cell in row.strip("|").split("|"))
        if part == CORE:
            core = {name.removesuffix(".py") for name in re.findall(r"`(\w+\.py)`", owns)}
        elif part != "assembly":
            (folder,) = re.findall(r"`(\w+)/`", part)
            allowed[folder] = frozenset(re.findall(r"`(\w+)/`", imports))
    return Map(frozenset(core), allowed)


THE_MAP = read_map(MAP.read_text(encoding="utf-8"))


def part_of(module_name: str) -> str | None:
    """Which part of the server a module is: ``core``, a capability, ``app``,
    ``processes`` or ``migrations``; None outside the server."""
    if not module_name.startswith(PREFIX + "."):
        return None if module_name != PREFIX else CORE
    top = module_name.split(".")[2]
    return top if top in THE_MAP.allowed or top in ASSEMBLY else CORE


def server_modules() -> list[Module]:
    return [module for name, module in MODULES.items() if part_of(name) is not None]


def forbidden_imports(modules: Iterable[Module], layout: Map) -> list[str]:
    """Each import from one part of the server to another the map does not allow."""
    wrong = []
    for module in modules:
        source = part_of(module.name)
        if source is None or source in ASSEMBLY:
            continue
        for target_name, line in imports_of(module):
            target = part_of(target_name)
            if target is None or target in (source, CORE):
                continue
            if source == CORE or target not in layout.allowed[source]:
                wrong.append(f"{module.path.relative_to(PACKAGE)}:{line} imports {target_name}")
    return wrong


def test_the_map_is_read() -> None:
    """The reading itself: the map names the core's modules and the capabilities."""
    assert {"settings", "database", "orm", "errors", "middleware", "pages"} <= THE_MAP.core
    assert {"accounts", "play", "pairing", "notifications", "players", "review"} <= set(
        THE_MAP.allowed
    )
    assert THE_MAP.allowed["accounts"] == frozenset()
    assert "accounts" in THE_MAP.allowed["play"]


def test_the_top_level_holds_the_core_the_capabilities_and_the_assembly() -> None:
    entries = {
        path.name.removesuffix(".py")
        for path in SERVER.iterdir()
        if path.name not in ("__init__.py", "__pycache__")
    }
    expected = THE_MAP.core | set(THE_MAP.allowed) | ASSEMBLY
    assert sorted(entries - expected) == [], "not in docs/server.md's map"
    assert sorted(expected - entries) == [], "in the map, not in the code"
    folders = {
        path.name for path in SERVER.iterdir() if path.is_dir() and path.name != "__pycache__"
    }
    assert folders == set(THE_MAP.allowed) | {"migrations"}


def test_no_file_is_named_with_a_capability_prefix() -> None:
    prefixed = re.compile(rf"^({'|'.join(THE_MAP.allowed)})_")
    wrong = [
        str(path.relative_to(SERVER)) for path in SERVER.rglob("*.py") if prefixed.match(path.stem)
    ]
    assert wrong == []


def test_every_capability_has_its_routes_service_schemas_and_store() -> None:
    missing = []
    for folder in THE_MAP.allowed:
        files = {path.name for path in (SERVER / folder).glob("*.py")}
        missing += [f"{folder}/{name}" for name in EVERY_FOLDER_HAS if name not in files]
        keeps = [name for name in KEEPING_DATA if name in files]
        if keeps and len(keeps) < len(KEEPING_DATA):
            missing += [f"{folder}/{name}" for name in KEEPING_DATA if name not in files]
    assert missing == []


def test_every_import_follows_the_map() -> None:
    assert forbidden_imports(server_modules(), THE_MAP) == []


def planted(name: str, source: str) -> Module:
    """A module of the server, as if it stood at ``name`` with ``source``."""
    path = SERVER / Path(*name.split(".")[2:]).with_suffix(".py")
    return Module(name, path, ast.parse(source))


def test_a_forbidden_import_is_found() -> None:
    """The check itself, on imports planted where the map forbids them: a lower
    capability importing an upper one, two side by side, and the core
    importing a capability; an allowed one beside them passes."""
    modules = [
        planted(f"{PREFIX}.accounts.store", "from vitrine.server.play.live import RUNNING"),
        planted(f"{PREFIX}.review.service", "def f():\n    import vitrine.server.pairing.service"),
        planted(f"{PREFIX}.errors", "from vitrine.server.accounts import models"),
        planted(f"{PREFIX}.play.store", "from vitrine.server.accounts.models import AccountRow"),
    ]
    assert forbidden_imports(modules, THE_MAP) == [
        "server/accounts/store.py:1 imports vitrine.server.play.live",
        "server/review/service.py:2 imports vitrine.server.pairing.service",
        "server/errors.py:1 imports vitrine.server.accounts.models",
    ]


def test_the_map_has_no_circle() -> None:
    graph = {capability: set(allowed) for capability, allowed in THE_MAP.allowed.items()}
    assert circles(graph) == []
    assert all(capability not in allowed for capability, allowed in graph.items())


def test_every_arrow_of_the_map_is_used() -> None:
    """The map says no more than the code: each capability it lets import another does."""
    used: dict[str, set[str]] = {capability: set() for capability in THE_MAP.allowed}
    for module in server_modules():
        source = part_of(module.name)
        if source in used:
            used[source] |= {
                target
                for target_name, _ in imports_of(module)
                if (target := part_of(target_name)) in THE_MAP.allowed and target != source
            }
    unused = {
        capability: sorted(allowed - used[capability])
        for capability, allowed in THE_MAP.allowed.items()
        if allowed - used[capability]
    }
    assert unused == {}


def test_the_tests_follow_the_map() -> None:
    """docs/server.md's table of tests has a row for every part of the map, and
    every test module it names exists."""
    section = MAP.read_text(encoding="utf-8").split("## Tests and benchmark", 1)[1]
    table = section.split("\n- ", 1)[0]  # the table, before the list of modules
    rows = [line for line in table.splitlines() if line.startswith("| ")]
    parts = {}
    for row in rows[2:]:
        part, modules = (cell.strip() for cell in row.strip("|").split("|"))
        parts[part.strip("`").removesuffix("/")] = re.findall(r"`(test_\w+\.py)`", modules)
    assert set(parts) == {CORE, *THE_MAP.allowed}
    tests = MAP.parent.parent / "tests"
    missing = [name for names in parts.values() for name in names if not (tests / name).is_file()]
    assert missing == []
    assert all(parts.values())


def test_the_server_has_no_import_circle() -> None:
    in_server = [circle for circle in circles(edges()) if any(part_of(name) for name in circle)]
    assert in_server == []
