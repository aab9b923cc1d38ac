"""The machine's parts that some tests need, and what a missing one does: in one place.

Chromium (the browser tests), axe-core (the pages' accessibility checks,
installed from the npm registry by ``npm ci``), nginx and openssl (the TLS
front of several server processes, ``deploy/front``), a PostgreSQL server named by
``VITRINE_TEST_POSTGRES_URL`` (the persistence tests on PostgreSQL) and the
compiled core (the tests that hold the pure-Python core to it) are installed
by ``scripts/system-parts``, which ``make test`` and ``.ci/run`` run first,
where the user may install packages.  Where one is missing, its tests are
skipped, all of them with one line that names what is missing and the
command that installs it.  With ``VITRINE_REQUIRE_SYSTEM=1`` (``.ci/run``
sets it; ``CI=true``, which CI services set, counts the same) a missing part
fails its tests instead, so that CI runs everything.
"""

import os
import shutil
import subprocess
from collections.abc import Generator
from functools import cache
from pathlib import Path

import pytest

from vitrine.games.exhibition.fastplayout import compiled_core_built

REQUIRE_VARIABLE = "VITRINE_REQUIRE_SYSTEM"
POSTGRES_VARIABLE = "VITRINE_TEST_POSTGRES_URL"
CHROMIUM = Path("/usr/bin/chromium")
# The project's node_modules; VITRINE_NODE_MODULES names another (a git worktree
# of the project shares its main checkout's, rather than installing its own).
NODE_MODULES = Path(
    os.environ.get("VITRINE_NODE_MODULES")
    or Path(__file__).resolve().parent.parent / "node_modules"
)
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
INSTALL_COMMAND = "sudo make system"
CHROMIUM_PART = "Chromium"
AXE_PART = "axe-core (npm)"
POSTGRES_PART = f"PostgreSQL ({POSTGRES_VARIABLE})"
NGINX_PART = "nginx and openssl"
NGINX = Path(shutil.which("nginx") or "/usr/sbin/nginx")
COMPILED_CORE_PART = "the compiled core (gcc, Python headers)"
MISSING = "missing here:"


def chromium_runs() -> bool:
    """Whether Debian's Chromium is there and answers (not only a file of that name)."""
    try:
        answer = subprocess.run(
            [CHROMIUM, "--version"], capture_output=True, text=True, timeout=60, check=False
        )
    except OSError:
        return False
    return answer.returncode == 0 and "Chromium" in answer.stdout


@cache
def missing_parts() -> tuple[str, ...]:
    """The parts this machine lacks, checked once per test process."""
    present = {
        CHROMIUM_PART: chromium_runs(),
        AXE_PART: AXE.exists(),
        POSTGRES_PART: bool(os.environ.get(POSTGRES_VARIABLE)),
        NGINX_PART: NGINX.exists() and shutil.which("openssl") is not None,
        COMPILED_CORE_PART: compiled_core_built(),
    }
    return tuple(part for part, there in present.items() if not there)


def required() -> bool:
    return bool(os.environ.get(REQUIRE_VARIABLE) or os.environ.get("CI"))


def require(part: str) -> None:
    """Skip the calling test when ``part`` is missing (fail it where every part is required)."""
    missing = missing_parts()
    if part not in missing:
        return
    message = f"{MISSING} {', '.join(missing)}; `{INSTALL_COMMAND}` installs them"
    if required():
        pytest.fail(f"{part} is required ({REQUIRE_VARIABLE} or CI is set): {message}")
    pytest.skip(message)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Every skip for a missing part at one place, so pytest's summary folds
    them into one line: a skip in a fixture is otherwise shown at each test."""
    report = yield
    if report.skipped and isinstance(report.longrepr, tuple):
        _, _, reason = report.longrepr
        if MISSING in reason:
            report.longrepr = (__file__, require.__code__.co_firstlineno, reason)
    return report
