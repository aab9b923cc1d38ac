"""Paired rule experiments: "what if I change this rule?".

An experiment is two simulation runs that differ only in their rules (a
rule overlay, the game's variants, or both): the same game, player count,
bots, deals and seatings.  Each side is an ordinary run in ``OUT/baseline``
and ``OUT/variant`` (so it resumes, extends and reports like any run), and
``OUT/experiment.json`` ties them together.  Because both sides play the
same schedule, game k of one is paired with game k of the other: same deal,
same seats, same random streams for the bots (``report.paired``).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from vitrine.engine.errors import VitrineError
from vitrine.simulate.runner import RunCount, run_simulation
from vitrine.simulate.store import MANIFEST as RUN_MANIFEST
from vitrine.simulate.store import (
    Settings,
    check_destination,
    read_manifest,
    write_manifest,
)

MANIFEST = "experiment.json"
SIDES = ("baseline", "variant")
SHARED = ("game", "players", "lineup", "seed")  # what both sides must have alike


@dataclass(frozen=True)
class Experiment:
    baseline: Settings
    variant: Settings

    def __post_init__(self) -> None:
        differ = [name for name in SHARED if self.side(SIDES[0])[name] != self.side(SIDES[1])[name]]
        if differ:
            raise VitrineError(
                "the two sides of an experiment play the same schedule; they differ in "
                + ", ".join(differ)
            )
        if self.side(SIDES[0]) == self.side(SIDES[1]):
            raise VitrineError("the baseline and the variant play the same rules")

    def side(self, name: str) -> dict[str, Any]:
        settings: Settings = getattr(self, name)
        return settings.to_json()

    def to_json(self) -> dict[str, Any]:
        return {name: self.side(name) for name in SIDES}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Experiment":
        return cls(*(Settings.from_json(data[name]) for name in SIDES))


def is_experiment(path: Path) -> bool:
    return (path / MANIFEST).exists()


def load_experiment(out: Path) -> Experiment:
    return read_manifest(out, MANIFEST, "experiment", Experiment.from_json)


def side_runs(out: Path) -> tuple[Path, Path]:
    """The baseline's and the variant's run directories."""
    return out / SIDES[0], out / SIDES[1]


def open_experiment(out: Path, experiment: Experiment) -> None:
    """Start an experiment in ``out``, or check that the one there is this one."""
    if is_experiment(out):
        saved = load_experiment(out)
        if saved.to_json() != experiment.to_json():
            raise VitrineError(
                f"{out} holds another experiment: remove it or choose another directory"
            )
        return
    if (out / RUN_MANIFEST).exists():
        raise VitrineError(f"{out} holds a simulation, not an experiment")
    check_destination(out)
    out.mkdir(parents=True, exist_ok=True)
    write_manifest(out, MANIFEST, experiment.to_json())


def run_experiment(
    experiment: Experiment,
    games: int,
    out: Path,
    workers: int,
    console: Console | None = None,
    ray: str | None = None,
) -> tuple[RunCount, RunCount]:
    """Play both sides' games that ``out`` does not hold yet (the baseline
    first), on ``workers`` processes or the Ray cluster ``ray``."""
    open_experiment(out, experiment)
    baseline, variant = side_runs(out)
    return (
        run_simulation(experiment.baseline, games, baseline, workers, console, ray),
        run_simulation(experiment.variant, games, variant, workers, console, ray),
    )


def side_name(settings: Settings) -> str:
    """One side's rules, for people."""
    variants = f" with {','.join(settings.variants)}" if settings.variants else ""
    return f"{settings.rules} rules{variants}"
