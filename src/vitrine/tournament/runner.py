"""Playing a whole schedule on every core, saving each game as it finishes.

Games finish in any order; each is saved at once (its record and its line
of ``results.jsonl``) so that an interrupted tournament keeps what it
played, and the results are handed back in schedule order so that every
statistic is the same whatever the number of workers.
"""

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import IO, Any

from rich.console import Console

from vitrine.engine.overlay import Overlay
from vitrine.parallel import progress_bar, results_as_done
from vitrine.tournament.play import GameResult, play_game
from vitrine.tournament.schedule import Entry, Schedule

RESULTS_FILE = "results.jsonl"


def record_name(entry: Entry, count: int) -> str:
    """Zero-padded so that file listings follow the schedule."""
    return f"game-{entry.number:0{len(str(count))}d}.json"


def save(result: GameResult, out: Path, count: int, lines: IO[str]) -> None:
    name = record_name(result.entry, count)
    (out / name).write_text(result.record, encoding="utf-8")
    lines.write(json.dumps({**result.to_json(), "record": name}) + "\n")
    lines.flush()


@contextmanager
def played(
    game_name: str,
    options: Mapping[str, Any],
    entries: Sequence[Entry],
    workers: int,
    console: Console | None,
    already: int = 0,
    ray: str | None = None,
    overlay: Overlay | None = None,
) -> Iterator[Iterator[GameResult]]:
    """The games of ``entries`` as they finish, played by ``workers``
    processes (or on the Ray cluster ``ray``) under the rule ``overlay`` if
    any, with a progress bar on ``console`` that counts ``already`` games (of
    an earlier run) as done."""
    work = partial(play_game, game_name, options, overlay=overlay)
    with (
        results_as_done(work, entries, max(1, min(workers, len(entries))), ray) as finished,
        progress_bar(console) as progress,
    ):
        task = progress.add_task("games", total=already + len(entries), completed=already)

        def advancing() -> Iterator[GameResult]:
            for result in finished:
                yield result
                progress.advance(task)

        yield advancing()


def run_tournament(
    game_name: str,
    options: Mapping[str, Any],
    schedule: Schedule,
    out: Path,
    workers: int,
    console: Console | None = None,
) -> list[GameResult]:
    """Play every game of ``schedule`` with ``workers`` processes, saving each
    game's record and result line under ``out``; a progress bar goes to
    ``console`` when one is given."""
    out.mkdir(parents=True, exist_ok=True)
    entries = schedule.entries
    results = []
    with (
        (out / RESULTS_FILE).open("w", encoding="utf-8") as lines,
        played(game_name, options, entries, workers, console) as finished,
    ):
        for result in finished:
            save(result, out, len(entries), lines)
            results.append(result)
    return sorted(results, key=lambda result: result.entry.number)
