"""A serving process settles its garbage collector once started (server/collector.py)."""

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from vitrine.cli.main import main
from vitrine.server.collector import MIDDLE, OLD, YOUNG, settle_collector


@pytest.fixture
def restored_collector() -> Iterator[None]:
    """This test process's collector as it was, whatever the test did to it."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("restored_collector")
def test_start_up_objects_are_frozen_and_young_collections_spaced() -> None:
    gc.unfreeze()
    settle_collector()
    assert gc.get_threshold() == (YOUNG, MIDDLE, OLD)
    assert gc.get_freeze_count() > 10_000  # the modules and objects made so far
    assert gc.get_count()[0] < YOUNG


@pytest.mark.usefixtures("restored_collector")
def test_vitrine_serve_settles_the_collector_before_serving(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import uvicorn

    seen: list[tuple[int, int, int]] = []

    class Served:
        """uvicorn's server, stopped before it serves: it notes the collector's settings.
        (uvicorn's own Config would also bind its logging to the runner's streams.)"""

        def __init__(self, config: object) -> None:
            pass

        def run(self, sockets: object = None) -> None:
            seen.append(gc.get_threshold())

    monkeypatch.setattr(uvicorn, "Config", lambda app, **options: None)
    monkeypatch.setattr(uvicorn, "Server", Served)
    gc.set_threshold(700, 10, 10)
    database = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    result = CliRunner().invoke(main, ["serve", "--database", database])
    assert result.exit_code == 0, result.output
    assert seen == [(YOUNG, MIDDLE, OLD)]
