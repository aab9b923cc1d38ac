"""Running independent jobs (games, deals) on every core or a Ray cluster, for any game."""

import socket
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any, TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from vitrine.engine.errors import VitrineError

Job = TypeVar("Job")
Result = TypeVar("Result")
LOCAL_RAY = "local"
RAY_PROBE_SECONDS = 5.0


@contextmanager
def results_as_done(
    work: Callable[[Job], Result], jobs: Sequence[Job], workers: int, ray: str | None = None
) -> Iterator[Iterable[Result]]:
    """The jobs' results as they finish, on a Ray cluster when ``ray`` names
    one (an address, or ``local`` for a Ray instance on this machine with
    ``workers`` CPUs), else on this machine's processes.

    One worker runs in this process (simplest to debug and profile).  A pool
    gets every job submitted on entry, which starts all its processes before
    the caller starts any thread (a progress bar's): forking a process that
    has threads can deadlock the child.  An error or Ctrl-C stops the workers
    at once: finishing the jobs in flight could take minutes with search bots
    (Python 3.14's ``terminate_workers`` will replace the private walk).
    """
    if ray is not None:
        with ray_results_as_done(work, jobs, workers, ray) as finished:
            yield finished
        return
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


def check_ray_address(address: str) -> None:
    """Fail at once where nothing listens at ``address``: Ray itself retries
    for minutes before giving up."""
    if address in (LOCAL_RAY, "auto"):
        return
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit():
        raise VitrineError(
            f"{address!r} is no Ray address (HOST:PORT, ray://HOST:PORT, auto, local)"
        )
    try:
        socket.create_connection((host, int(port)), timeout=RAY_PROBE_SECONDS).close()
    except OSError as error:
        raise VitrineError(f"nothing answers at {address!r}: {error.strerror or error}") from None


def _run(work: Callable[[Job], Result], job: Job) -> Result:
    return work(job)


@contextmanager
def ray_results_as_done(
    work: Callable[[Job], Result], jobs: Sequence[Job], workers: int, address: str
) -> Iterator[Iterable[Result]]:
    """The jobs as Ray tasks, results as they finish.  Every node must have
    vitrine installed (the same version): tasks import it there.  An error or
    Ctrl-C cancels the tasks not finished, and the connection is closed
    either way (a local instance is shut down)."""
    try:
        import ray
    except ImportError:
        raise VitrineError("--ray needs Ray: pip install 'vitrine[ray]'") from None
    local = address == LOCAL_RAY
    try:
        ray.init(
            address=None if local else address,
            num_cpus=workers if local else None,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    except (ConnectionError, RuntimeError, ValueError) as error:
        raise VitrineError(f"cannot reach the Ray cluster at {address!r}: {error}") from None
    remote: Any = ray.remote(_run)
    pending = [remote.remote(work, job) for job in jobs]

    def finished() -> Iterator[Result]:
        nonlocal pending
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])

    try:
        yield finished()
    except BaseException:
        for task in pending:
            ray.cancel(task, force=True)
        raise
    finally:
        ray.shutdown()


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
