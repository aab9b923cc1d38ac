"""Bar charts as inline SVG: no plotting library, nothing to load, any browser.

One chart kind serves every plot of the report (histograms are bars over
bins), with optional 95% intervals and a reference line such as the fair
win rate 1/n.
"""

import math
from collections.abc import Sequence
from html import escape

WIDTH, PLOT_HEIGHT = 720, 200
LEFT, RIGHT, TOP, BOTTOM = 60, 20, 30, 30
BAR = "#4c78a8"
INTERVAL = "#222"
REFERENCE = "#e45756"
CHAR_WIDTH = 6.5  # of an 11px label, to tell when labels would overlap
LABEL_SPACING = 14.0  # the least room between two rotated labels


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    step = (high - low) / count
    return [low + step * i for i in range(count + 1)]


def bar_chart(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]] | None = None,
    reference: float | None = None,
    y_label: str = "",
    baseline: float = 0.0,
) -> str:
    """Vertical bars, one per label, from ``baseline`` (a value other than 0
    shows small differences around it, a fair share say), with optional
    intervals and reference line."""
    tops = [*values, baseline] + [high for _, high in intervals or []]
    bottoms = [*values, baseline] + [low for low, _ in intervals or []]
    if reference is not None:
        tops.append(reference)
        bottoms.append(reference)
    high, low = max(tops), min(bottoms)
    if high == low:
        high, low = high + 1.0, low - (1.0 if low else 0.0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, PLOT_HEIGHT

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    slot = plot_w / max(len(labels), 1)
    every = math.ceil(LABEL_SPACING / slot)  # label only every n-th bar where they would crowd
    longest = max((len(text) for text in labels), default=0) * CHAR_WIDTH
    rotate = longest > slot * every
    bottom = BOTTOM + (longest * math.sin(math.radians(60)) if rotate else 0)
    height = TOP + plot_h + bottom
    label_y = TOP + plot_h + 14
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" '
        f'role="img" aria-label="{escape(title)}">',
        f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-weight="bold">'
        f"{escape(title)}</text>",
    ]
    for tick in _ticks(low, high):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="#ddd"/><text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" '
            f'font-size="11">{tick:.3g}</text>'
        )
    for index, (label, value) in enumerate(zip(labels, values, strict=True)):
        x = LEFT + slot * index
        top, bottom = sorted((y(value), y(baseline)))
        parts.append(
            f'<rect x="{x + slot * 0.15:.1f}" y="{top:.1f}" width="{slot * 0.7:.1f}" '
            f'height="{max(bottom - top, 0.5):.1f}" fill="{BAR}"><title>{escape(label)}: '
            f"{value:.4g}</title></rect>"
        )
        if intervals is not None:
            lo, hi = intervals[index]
            centre = x + slot / 2
            parts.append(
                f'<line x1="{centre:.1f}" x2="{centre:.1f}" y1="{y(lo):.1f}" y2="{y(hi):.1f}" '
                f'stroke="{INTERVAL}" stroke-width="1.5"/>'
            )
        if index % every:
            continue
        anchor = "end" if rotate else "middle"
        transform = f' transform="rotate(-60 {x + slot / 2:.1f} {label_y})"' if rotate else ""
        parts.append(
            f'<text x="{x + slot / 2:.1f}" y="{label_y}" text-anchor="{anchor}" font-size="11"'
            f"{transform}>{escape(label)}</text>"
        )
    if reference is not None:
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(reference):.1f}" '
            f'y2="{y(reference):.1f}" stroke="{REFERENCE}" stroke-dasharray="6 4"/>'
        )
    if y_label:
        parts.append(
            f'<text x="14" y="{TOP + plot_h / 2}" font-size="11" text-anchor="middle" '
            f'transform="rotate(-90 14 {TOP + plot_h / 2})">{escape(y_label)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def histogram_bins(values: Sequence[float], bins: int) -> list[tuple[float, float, int]]:
    """Equal-width bins over the values' range: (from, to, count), the last closed."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = (high - low) / bins or 1.0
    counts = [0] * bins
    for value in values:
        counts[min(int((value - low) / width), bins - 1)] += 1
    return [(low + width * i, low + width * (i + 1), counts[i]) for i in range(bins)]
