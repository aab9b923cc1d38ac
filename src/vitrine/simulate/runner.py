"""Playing a simulation's missing games on every core, saving them as they finish.

The schedule and the games are the tournament's (duplicate deals, seat
rotation, each game fixed by its entry alone), so a game played after a
resume is the very game an uninterrupted run would have played.
"""

from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from vitrine.simulate.store import PartWriter, Settings, locked, open_run
from vitrine.tournament.runner import played
from vitrine.tournament.schedule import make_schedule


@dataclass(frozen=True)
class RunCount:
    scheduled: int  # games of the schedule asked for
    earlier: int  # of those, played by an earlier run
    played: int  # played now


def run_simulation(
    settings: Settings,
    games: int,
    out: Path,
    workers: int,
    console: Console | None = None,
    ray: str | None = None,
) -> RunCount:
    """Play the games of the schedule that ``out`` does not hold yet, on
    ``workers`` local processes or on the Ray cluster ``ray``."""
    with locked(out):
        return _run(settings, games, out, workers, console, ray)


def _run(
    settings: Settings,
    games: int,
    out: Path,
    workers: int,
    console: Console | None,
    ray: str | None,
) -> RunCount:
    done = open_run(out, settings)
    schedule = make_schedule(settings.lineup, settings.players, games, settings.seed)
    todo = [entry for entry in schedule.entries if entry.number not in done]
    earlier = len(schedule.entries) - len(todo)
    count = 0
    with (
        PartWriter(out, settings) as writer,
        played(
            settings.game, settings.options, todo, workers, console, earlier, ray, settings.overlay
        ) as finished,
    ):
        for result in finished:
            writer.add(result)
            count += 1
    return RunCount(len(schedule.entries), earlier, count)
