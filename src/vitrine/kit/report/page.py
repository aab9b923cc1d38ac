"""The report's page: sections of prose, plots and the tables behind them.

In the kit because a game's own report hands the report its ``Section``s,
built from ``Table``s and charts (``kit.report.charts``)."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; color: #222; }
h1 { font-size: 1.6rem; }
h2 { font-size: 1.25rem; margin-top: 2.5rem; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 0.85rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
svg { width: 100%; max-width: 760px; height: auto; display: block; margin: 0.5rem 0; }
.note { color: #555; font-size: 0.9rem; }
"""

Cell = str | int | float


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass
class Section:
    title: str
    text: str = ""
    parts: list[str | Table] = field(default_factory=list)  # SVG plots and tables, in order

    def add(self, part: str | Table | None) -> None:
        """Add a chart or table; a chart not drawn (None: one value) is left out."""
        if part is not None:
            self.parts.append(part)


def cell(value: Cell) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return escape(str(value))


def table_html(table: Table) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in table.headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{cell(v)}</td>" for v in row) + "</tr>" for row in table.rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render(title: str, intro: str, sections: Sequence[Section]) -> str:
    """The whole page; plots are inline SVG, so the file stands alone."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1><p>{escape(intro)}</p>",
    ]
    for section in sections:
        out.append(f"<h2>{escape(section.title)}</h2>")
        if section.text:
            out.append(f'<p class="note">{escape(section.text)}</p>')
        for part in section.parts:
            out.append(table_html(part) if isinstance(part, Table) else part)
    out.append("</body></html>")
    return "\n".join(out)
