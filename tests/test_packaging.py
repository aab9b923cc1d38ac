"""The sdist and the wheel carry what they must: the fast half of the packaging checks.

``make dist-check`` (``scripts/check-dist``, run by ``.ci/run``) installs the
built packages and runs them; here they are only built, from this tree as
``make dist`` builds them, and opened: the sdist must hold every file its
own tests, benches and Makefile use, the wheel the package with its data,
type information and licence, and the metadata what an index shows.
"""

import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_TREES = ("src", "tests", "docs", "bench", "examples", "scripts", ".ci", "deploy")
SHIPPED_FILES = (
    "LICENSE",
    "Makefile",
    "MANIFEST.in",
    "README.md",
    "package.json",
    "package-lock.json",
    "pyproject.toml",
    "setup.py",
)
# Tracked but left out on purpose: git's own file and the README's screenshots.
NOT_SHIPPED = (".gitignore", "build/")
NEVER_SHIPPED = ("__pycache__", ".so", ".pyc")  # built here, never sources
GENERATED = ".egg-info"  # setuptools writes it into every sdist


def source_files() -> set[str]:
    """The tree's files that belong in an sdist: in a checkout every file git
    tracks but the few left out on purpose (so a new top-level folder the
    Makefile uses cannot be forgotten), else (an unpacked sdist) every file
    under the shipped trees."""
    if (ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
        return {
            name for name in listed if (ROOT / name).is_file() and not name.startswith(NOT_SHIPPED)
        }
    found = {str(p.relative_to(ROOT)) for tree in SHIPPED_TREES for p in (ROOT / tree).rglob("*")}
    found |= set(SHIPPED_FILES)
    return {
        name
        for name in found
        if (ROOT / name).is_file() and not any(p in name for p in (*NEVER_SHIPPED, GENERATED))
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist, and the wheel built from it, as ``python -m build`` makes them."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        check=True,
        timeout=600,
    )
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def test_the_sdist_holds_every_source_file_and_nothing_built(built: tuple[Path, Path]) -> None:
    sdist, _ = built
    with tarfile.open(sdist) as archive:
        prefix = sdist.name.removesuffix(".tar.gz") + "/"
        members = {m.name.removeprefix(prefix) for m in archive.getmembers() if m.isfile()}
    expected = source_files()
    assert "tests/conftest.py" in expected and "docs/rules.md" in expected
    assert expected - members == set()
    assert [name for name in members if any(part in name for part in NEVER_SHIPPED)] == []


def test_the_wheel_is_the_stable_abi_core_with_data_types_and_licence(
    built: tuple[Path, Path],
) -> None:
    _, wheel = built
    assert "-cp311-abi3-" in wheel.name
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        dist_info = next(n.split("/")[0] for n in names if ".dist-info/" in n)
        metadata = Parser().parsestr(archive.read(f"{dist_info}/METADATA").decode())
        entry_points = archive.read(f"{dist_info}/entry_points.txt").decode()
    for shipped in (
        "vitrine/py.typed",
        "vitrine/games/exhibition/_playout.pyi",
        "vitrine/games/exhibition/_playout.abi3.so",
        "vitrine/games/exhibition/data/cards.json",
        "vitrine/games/tucano/data/cards.json",
        "vitrine/games/dontgointhere/web/dontgointhere.js",
        "vitrine/games/exhibition/web/exhibition.css",
        "vitrine/web/static/page.html",
        f"{dist_info}/licenses/LICENSE",
    ):
        assert shipped in names, shipped
    assert "[vitrine.games]" in entry_points  # how the registry finds the games
    for game in ("exhibition", "tucano", "dontgointhere"):
        assert f"{game} = vitrine.games.{game}.plugin:PLUGIN" in entry_points
    assert not any(name.startswith(("tests/", "docs/")) for name in names)
    assert metadata["License-Expression"] == "MIT"
    summary = metadata["Summary"]
    for game in ("Exhibition: 20th Century", "Tucano", "Don't Go In There"):
        assert game in summary
    classifiers = metadata.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Tucano" in (metadata["Keywords"] or "")
    assert metadata["Requires-Python"] == ">=3.11"
