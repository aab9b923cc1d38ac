"""The report's charts, drawn by matplotlib as inline SVG.

matplotlib rather than hand-drawn SVG: its tick locators give round ticks
(0.1, 0.2, ... rather than 0.109, 0.217, ...), its formatters label units
(percentages for shares), and its layout keeps labels from overlapping.  It
renders SVG with no JavaScript and nothing to load, so the report stays one
file that any browser opens.  Text stays text (``svg.fonttype: none``), so a
screen reader and the browser's search find it.

Every function returns None where a chart would show a single value: the
table that follows each chart says it better.  Comparisons (runs, bots,
baseline and variant) are drawn side by side in one chart.

In the kit so that a game's own report sections draw as the shared ones do.
"""

import io
import math
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TypeVar

import matplotlib as mpl
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator

WIDTH, HEIGHT = 7.5, 3.0  # inches, at 72 dpi in SVG: 540 x 216 px before scaling
PALETTE = ("#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2", "#9d755d")
REFERENCE = "#e45756"
SIGNIFICANT, NOT_SIGNIFICANT = "#c0392b", "#7f8c8d"
BINS = 20  # a histogram's
MANY_LABELS = 24  # past this many bars, label every n-th and write labels upright

mpl.rcParams.update(
    {
        "svg.fonttype": "none",
        "font.size": 9,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "axes.grid.axis": "y",
        "grid.color": "#dddddd",
        "axes.axisbelow": True,
    }
)


def _svg(figure: Figure, title: str) -> str:
    """The figure as an inline ``<svg>`` element labelled for screen readers."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    start = text.index("<svg")
    label = f'<svg role="img" aria-label="{escape(title)}" '
    return label + text[start + len("<svg ") :].strip()


def _value_axis(axes: Axes, label: str, percent: bool, horizontal: bool = False) -> None:
    axis = axes.xaxis if horizontal else axes.yaxis
    axis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
    if percent:
        axis.set_major_formatter(FuncFormatter(lambda value, _: f"{100 * value:.6g}%"))
    if label:
        (axes.set_xlabel if horizontal else axes.set_ylabel)(label)


def _category_axis(axes: Axes, labels: Sequence[str]) -> float:
    """Label the bars; how far below the axes the labels reach (in axes
    heights), for what goes under them."""
    positions = list(range(len(labels)))
    if len(labels) > MANY_LABELS:
        every = math.ceil(len(labels) / MANY_LABELS)
        axes.set_xticks(positions[::every], [str(label) for label in labels[::every]])
        axes.tick_params(axis="x", labelrotation=90)
        return 0.3
    axes.set_xticks(positions, [str(label) for label in labels])
    longest = max((len(str(label)) for label in labels), default=0)
    if longest * len(labels) <= 80:
        return 0.12
    axes.tick_params(axis="x", labelrotation=30)
    for text in axes.get_xticklabels():
        text.set_horizontalalignment("right")
    return 0.12 + 0.025 * min(longest, 40)


def grouped_bars(
    title: str,
    labels: Sequence[str],
    series: Mapping[str, Sequence[float]],
    intervals: Mapping[str, Sequence[tuple[float, float]]] | None = None,
    reference: float | None = None,
    value_label: str = "",
    percent: bool = False,
    baseline: float = 0.0,
) -> str | None:
    """Bars per label, one per series side by side (a legend names the
    series), from ``baseline`` (1 for a multiple of the fair share, say);
    with 95% intervals as whiskers and a dashed reference line if given."""
    if len(labels) * len(series) < 2:
        return None
    figure = Figure(figsize=(WIDTH, HEIGHT))
    axes = figure.subplots()
    width = 0.8 / len(series)
    for index, (name, values) in enumerate(series.items()):
        offsets = [i - 0.4 + width * (index + 0.5) for i in range(len(labels))]
        heights = [value - baseline for value in values]
        axes.bar(
            offsets,
            heights,
            width * 0.9,
            bottom=baseline,
            color=PALETTE[index % len(PALETTE)],
            label=name,
        )
        if intervals is not None and name in intervals:  # lines: a mean may lie outside p10-p90
            lows, highs = zip(*intervals[name], strict=True) if values else ((), ())
            axes.vlines(offsets, lows, highs, color="#222222", linewidth=1)
    if reference is not None:
        axes.axhline(reference, color=REFERENCE, linestyle="--", linewidth=1)
    depth = _category_axis(axes, labels)
    _value_axis(axes, value_label, percent)
    if len(series) > 1:  # below the chart: names of configurations run long
        axes.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(0.0, -depth))
    axes.set_title(title)
    return _svg(figure, title)


Point = tuple[float, float, float]  # a value and its interval (low, high)


def compared(
    title: str,
    series: Mapping[str, Mapping[str, Point]],
    reference: float | None = None,
    value_label: str = "",
    percent: bool = False,
    baseline: float = 0.0,
) -> str | None:
    """``grouped_bars`` from each series' points by label; a label some
    series lack (a showcase of one variant only) leaves a gap there."""
    labels = list(dict.fromkeys(label for points in series.values() for label in points))
    missing = (math.nan, math.nan, math.nan)
    return grouped_bars(
        title,
        labels,
        {
            name: [points.get(label, missing)[0] for label in labels]
            for name, points in series.items()
        },
        {
            name: [points.get(label, missing)[1:] for label in labels]
            for name, points in series.items()
        },
        reference,
        value_label,
        percent,
        baseline,
    )


Item = TypeVar("Item")


def per_player_count(
    title: str,
    by_count: Mapping[int, Mapping[str, Sequence[Item]]],
    point: Callable[[Item], tuple[str, Point]],
    fair_share: bool = False,
    value_label: str = "",
    percent: bool = False,
    baseline: float = 0.0,
) -> list[str | None]:
    """One ``compared`` chart per player count, its series the configurations
    of that count (``by_count``: see ``played.by_players``), each item
    drawn at ``point(item)`` = (label, point); ``fair_share``: a reference
    line at 1/n."""
    return [
        compared(
            f"{title}, {players} player{'s' if players > 1 else ''}",
            {name: dict(map(point, items)) for name, items in by_series.items()},
            1 / players if fair_share else None,
            value_label,
            percent,
            baseline,
        )
        for players, by_series in by_count.items()
    ]


def bar_chart(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]] | None = None,
    reference: float | None = None,
    value_label: str = "",
    percent: bool = False,
    baseline: float = 0.0,
) -> str | None:
    """One bar per label: ``grouped_bars`` with a single series."""
    return grouped_bars(
        title,
        labels,
        {"": values},
        None if intervals is None else {"": intervals},
        reference,
        value_label,
        percent,
        baseline,
    )


def differences(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    significant: Sequence[bool],
    value_label: str,
    percent: bool = False,
) -> str | None:
    """A forest plot: each difference as a dot with its 95% interval, a line
    at no difference, the significant ones in red."""
    if len(labels) < 1:
        return None
    figure = Figure(figsize=(WIDTH, 0.6 + 0.28 * len(labels)))
    axes = figure.subplots()
    rows = list(range(len(labels)))[::-1]  # the first label on top
    for row, value, (low, high), marked in zip(rows, values, intervals, significant, strict=True):
        colour = SIGNIFICANT if marked else NOT_SIGNIFICANT
        axes.plot([low, high], [row, row], color=colour, linewidth=2)
        axes.plot([value], [row], "o", color=colour, markersize=4)
    axes.axvline(0.0, color="#222222", linewidth=0.8)
    axes.set_yticks(rows, [str(label) for label in labels])
    axes.grid(axis="x", color="#dddddd")
    axes.grid(axis="y", visible=False)
    _value_axis(axes, value_label, percent, horizontal=True)
    axes.set_title(title)
    return _svg(figure, title)


def histogram(
    title: str, values: Sequence[float], value_label: str, bins: int = BINS
) -> str | None:
    """How often each range of values occurs, with round bin edges."""
    if len(set(values)) < 2:
        return None
    figure = Figure(figsize=(WIDTH, HEIGHT))
    axes = figure.subplots()
    axes.hist(values, bins=bins, color=PALETTE[0], edgecolor="white")
    axes.xaxis.set_major_locator(MaxNLocator(nbins=8, steps=[1, 2, 2.5, 5, 10]))
    axes.set_xlabel(value_label)
    axes.yaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
    axes.set_ylabel("games")
    axes.set_title(title)
    return _svg(figure, title)
