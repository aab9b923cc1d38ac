"""A simulation on disk: ``simulation.json`` (its settings) and Parquet parts.

A part holds whole games only, one row per seat (long format, what a data
frame groups best), and is written under a temporary name then renamed, so
a part is either all there or not there.  A run interrupted at any moment
therefore leaves only complete games, each exactly once: resuming plays the
games of the schedule that no part holds.
"""

import fcntl
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Self, TypeVar

import pyarrow as pa
import pyarrow.parquet as pq

from vitrine.engine.errors import VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.tournament.play import GameResult

MANIFEST = "simulation.json"
LOCK = ".lock"
PART_PATTERN = "games-*.parquet"
CATEGORY_PREFIX = "cat_"
FLUSH_GAMES = 500  # a part holds at most this many games...
FLUSH_SECONDS = 20.0  # ...or those finished in this long, whichever comes first

SEAT_COLUMNS = pa.schema(
    [
        ("game", pa.int64()),
        ("deal", pa.uint64()),
        ("seating", pa.int32()),
        ("players", pa.int32()),
        ("variants", pa.string()),
        ("seat", pa.int32()),
        ("bot", pa.string()),
        ("rank", pa.int32()),
        ("share", pa.float64()),
        ("total", pa.float64()),
        ("turns", pa.int32()),
        ("seconds", pa.float64()),
        ("record", pa.string()),
    ]
)


@dataclass(frozen=True)
class Settings:
    """What makes two runs the same simulation (the number of games aside:
    asking for more games later extends a run)."""

    game: str
    players: int
    lineup: tuple[str, ...]
    variants: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    overlay: Overlay | None = None  # the rule overlay played under (None: the published rules)

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "lineup": list(self.lineup),
            "variants": list(self.variants),
            "overlay": None if self.overlay is None else self.overlay.to_dict(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Settings":
        """Settings as saved; runs saved before overlays existed have none."""
        overlay = data.get("overlay")
        return cls(
            game=data["game"],
            players=data["players"],
            lineup=tuple(data["lineup"]),
            variants=tuple(data["variants"]),
            options=dict(data["options"]),
            seed=data["seed"],
            overlay=None if overlay is None else Overlay.from_dict(overlay),
        )

    @property
    def rules(self) -> str:
        """The rules played, for people: the overlay's title and version, or
        'published'."""
        if self.overlay is None:
            return "published"
        title = self.overlay.title or "overlay"
        return f"{title} ({self.overlay.version})"


def open_run(out: Path, settings: Settings) -> set[int]:
    """Start a run in ``out`` or resume the one there; the game numbers it
    already holds.  Refuses a directory holding something else, or a run
    with other settings (naming each that differs)."""
    manifest = out / MANIFEST
    if manifest.exists():
        saved = load_settings(out)
        differ = [
            f"{name} {theirs!r} (asked: {ours!r})"
            for name, theirs in saved.to_json().items()
            if (ours := settings.to_json()[name]) != theirs
        ]
        if differ:
            raise VitrineError(f"{out} holds another simulation: " + "; ".join(differ))
        return done_games(out)
    check_destination(out)
    out.mkdir(parents=True, exist_ok=True)
    write_manifest(out, MANIFEST, settings.to_json())
    return set()


def check_destination(out: Path) -> None:
    """Refuse a directory that holds something other than a run."""
    if (out / MANIFEST).exists() or not out.exists():
        return
    if any(path.name != LOCK for path in out.iterdir()):
        raise VitrineError(f"{out} is not empty and holds no {MANIFEST}")


@contextmanager
def locked(out: Path) -> Iterator[None]:
    """Hold ``out`` for one run: two runs writing the same games into one
    directory would count them twice.  The lock dies with its process, so a
    killed run never blocks its resumption."""
    check_destination(out)
    out.mkdir(parents=True, exist_ok=True)
    with (out / LOCK).open("w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise VitrineError(f"another run is writing to {out} right now") from None
        yield


Loaded = TypeVar("Loaded")


def read_manifest(out: Path, name: str, what: str, parse: Callable[[Any], Loaded]) -> Loaded:
    """The settings file ``name`` of the ``what`` (simulation, experiment)
    in ``out``, refused with the reason when it is not one."""
    manifest = out / name
    try:
        return parse(json.loads(manifest.read_text(encoding="utf-8")))
    except OSError as error:
        raise VitrineError(f"{out} holds no {what} ({name}): {error.strerror}") from None
    except (ValueError, KeyError, TypeError, VitrineError) as error:
        raise VitrineError(f"{manifest} does not hold {what} settings: {error}") from None


def write_manifest(out: Path, name: str, data: Mapping[str, Any]) -> None:
    """Write a settings file whole or not at all (a temporary file renamed)."""
    temporary = out / (name + ".tmp")
    temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, out / name)


def load_settings(out: Path) -> Settings:
    return read_manifest(out, MANIFEST, "simulation", Settings.from_json)


def parts(out: Path) -> list[Path]:
    return sorted(out.glob(PART_PATTERN))


def done_games(out: Path) -> set[int]:
    """The game numbers the parts hold; a game found twice means the run was
    tampered with, and is refused rather than counted twice."""
    seen: dict[int, Path] = {}
    for part in parts(out):
        for game in set(pq.read_table(part, columns=["game"]).column("game").to_pylist()):
            if game in seen:
                raise VitrineError(f"game {game} is in both {seen[game].name} and {part.name}")
            seen[game] = part
    return set(seen)


def seat_rows(result: GameResult, settings: Settings) -> list[dict[str, Any]]:
    entry = result.entry
    return [
        {
            "game": entry.number,
            "deal": entry.deal,
            "seating": entry.seating,
            "players": len(result.seats),
            "variants": ",".join(settings.variants),
            "seat": seat,
            "bot": outcome.bot,
            "rank": outcome.rank,
            "share": outcome.share,
            "total": float(outcome.total),
            "turns": result.turns,
            "seconds": result.seconds,
            "record": result.record,
            **{CATEGORY_PREFIX + k: float(v) for k, v in outcome.categories.items()},
        }
        for seat, outcome in enumerate(result.seats)
    ]


class PartWriter:
    """Collects finished games and writes them as parts; whatever it holds
    when the run stops (Ctrl-C included) is written on the way out."""

    def __init__(self, out: Path, settings: Settings) -> None:
        self.out = out
        self.settings = settings
        self.rows: list[dict[str, Any]] = []
        self.games = 0
        self.since = time.monotonic()
        self.next_part = len(parts(out)) + 1

    def __enter__(self) -> Self:
        return self

    def add(self, result: GameResult) -> None:
        self.rows.extend(seat_rows(result, self.settings))
        self.games += 1
        if self.games >= FLUSH_GAMES or time.monotonic() - self.since >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            categories = [k for k in self.rows[0] if k.startswith(CATEGORY_PREFIX)]
            schema = SEAT_COLUMNS
            for key in categories:
                schema = schema.append(pa.field(key, pa.float64()))
            table = pa.Table.from_pylist(self.rows, schema=schema)
            while (self.out / part_name(self.next_part)).exists():
                self.next_part += 1
            final = self.out / part_name(self.next_part)
            temporary = final.with_suffix(".tmp")
            pq.write_table(table, temporary, compression="zstd")
            os.replace(temporary, final)
            self.next_part += 1
        self.rows, self.games, self.since = [], 0, time.monotonic()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.flush()


def part_name(index: int) -> str:
    return f"games-{index:05d}.parquet"


def read_games(runs: Iterable[Path]) -> pa.Table:
    """Every seat row of the given runs in one table (categories a run lacks
    are null), with each run's directory, bots and rules as the columns
    ``run``, ``lineup`` and ``rules``."""
    tables = []
    for run in runs:
        found = parts(run)
        if not (run / MANIFEST).exists() or not found:
            raise VitrineError(f"{run} holds no simulation results ({MANIFEST} and {PART_PATTERN})")
        table = pa.concat_tables([pq.read_table(part) for part in found], promote_options="default")
        settings = load_settings(run)
        for name, value in (
            ("run", str(run)),
            ("lineup", ",".join(settings.lineup)),
            ("rules", settings.rules),
        ):
            table = table.append_column(name, pa.array([value] * table.num_rows))
        tables.append(table)
    return pa.concat_tables(tables, promote_options="default")
