"""Running independent jobs (games, deals) on every core, for any game."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

Job = TypeVar("Job")
Result = TypeVar("Result")


@contextmanager
def results_as_done(
    work: Callable[[Job], Result], jobs: Sequence[Job], workers: int
) -> Iterator[Iterable[Result]]:
    """The jobs' results as they finish.

    One worker runs in this process (simplest to debug and profile).  A pool
    gets every job submitted on entry, which starts all its processes before
    the caller starts any thread (a progress bar's): forking a process that
    has threads can deadlock the child.  An error or Ctrl-C stops the workers
    at once: finishing the jobs in flight could take minutes with search bots
    (Python 3.14's ``terminate_workers`` will replace the private walk).
    """
    if workers == 1:
        yield (work(job) for job in jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(work, job) for job in jobs]
        try:
            yield (future.result() for future in as_completed(futures))
        except BaseException:
            for process in pool._processes.values():
                process.terminate()
            pool.shutdown(cancel_futures=True)
            raise


def progress_bar(console: Console | None) -> Progress:
    """Jobs done out of all, time so far and the estimate of time left;
    silent without a console (tests, benchmarks)."""
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
