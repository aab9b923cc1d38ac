"""A run or an experiment as one pandas DataFrame, for notebooks.

pandas because a designer's notebook most likely has it already, and with
it matplotlib, seaborn and statsmodels read the frame as it is; the Parquet
parts are as readable from polars or DuckDB (docs/lab.md shows a query).
"""

from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa

from vitrine.engine.errors import VitrineError
from vitrine.lab.experiment import SIDES, is_experiment, side_runs
from vitrine.simulate.store import read_games

if TYPE_CHECKING:
    import pandas

RECORD = "record"


def load(path: str | Path, records: bool = False) -> "pandas.DataFrame":
    """Every seat row of the run or experiment at ``path``: the run's
    columns (docs/lab.md), and ``run``, ``lineup`` and ``rules``; an
    experiment's rows also have ``side`` (``baseline`` or ``variant``), and
    game ``k`` of one side is paired with game ``k`` of the other.
    ``records``: keep each game's record (JSON text, the largest column)."""
    try:
        import pandas  # noqa: F401  (the lab extra: a clear error without it)
    except ImportError:
        raise VitrineError("vitrine.lab.load needs pandas: pip install 'vitrine[lab]'") from None
    root = Path(path)
    if is_experiment(root):
        tables = []
        for side, run in zip(SIDES, side_runs(root), strict=True):
            table = read_games([run])
            tables.append(table.append_column("side", pa.array([side] * table.num_rows)))
        table = pa.concat_tables(tables, promote_options="default")
    else:
        table = read_games([root])
    if not records:
        table = table.drop_columns([RECORD])
    return table.to_pandas()
