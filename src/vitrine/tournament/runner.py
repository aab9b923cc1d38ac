"""Playing a whole schedule on every core, saving each game as it finishes.

Games finish in any order; each is saved at once (its record and its line
of ``results.jsonl``) so that an interrupted tournament keeps what it
played, and the results are handed back in schedule order so that every
statistic is the same whatever the number of workers.
"""

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from vitrine.tournament.play import GameResult, play_game
from vitrine.tournament.schedule import Entry, Schedule

RESULTS_FILE = "results.jsonl"


def record_name(entry: Entry, count: int) -> str:
    """Zero-padded so that file listings follow the schedule."""
    return f"game-{entry.number:0{len(str(count))}d}.json"


@contextmanager
def played(
    game_name: str, options: Mapping[str, Any], entries: Sequence[Entry], workers: int
) -> Iterator[Iterable[GameResult]]:
    """The games' results as they finish.

    One worker plays in this process (simplest to debug and profile).  A pool
    gets every game submitted on entry, which starts all its processes before
    the caller starts any thread (a progress bar's): forking a process that
    has threads can deadlock the child.  An error or Ctrl-C stops the workers
    at once: finishing the games in flight could take minutes with search
    bots (Python 3.14's ``terminate_workers`` will replace the private walk).
    """
    if workers == 1:
        yield (play_game(game_name, options, entry) for entry in entries)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_game, game_name, options, entry) for entry in entries]
        try:
            yield (future.result() for future in as_completed(futures))
        except BaseException:
            for process in pool._processes.values():
                process.terminate()
            pool.shutdown(cancel_futures=True)
            raise


def progress_bar(console: Console | None) -> Progress:
    """Games done out of all, time so far and the estimate of time left."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        disable=console is None,
    )


def save(result: GameResult, out: Path, count: int, lines: IO[str]) -> None:
    name = record_name(result.entry, count)
    (out / name).write_text(result.record, encoding="utf-8")
    lines.write(json.dumps({**result.to_json(), "record": name}) + "\n")
    lines.flush()


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
        played(game_name, options, entries, min(workers, len(entries))) as finished,
        (out / RESULTS_FILE).open("w", encoding="utf-8") as lines,
        progress_bar(console) as progress,
    ):
        task = progress.add_task("games", total=len(entries))
        for result in finished:
            save(result, out, len(entries), lines)
            results.append(result)
            progress.advance(task)
    return sorted(results, key=lambda result: result.entry.number)
