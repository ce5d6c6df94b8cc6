"""Small SVG charts for the bot reports: horizontal bars with confidence whiskers.

Pure functions that return an SVG document as a string; no dependencies.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

Row = tuple[str, float, float | None, float | None]
"""(label, value, low end of the interval or None, high end or None)."""

ROW_HEIGHT = 26
LABEL_WIDTH = 120
VALUE_WIDTH = 175
FAMILY = "font-family='system-ui, sans-serif'"
FONT = FAMILY + " font-size='13'"


def bar_chart(title: str, rows: Sequence[Row], *, width: int = 680, max_value: float | None = None,
              reference: float | None = None, reference_label: str = "", percent: bool = True) -> str:
    """Bars for `rows`, optional whiskers for intervals, an optional dashed reference line."""
    top = max([max_value or 0.0] + [r[1] for r in rows] + [r[3] or 0.0 for r in rows]
              + [reference or 0.0]) or 1.0
    # Room for the longest label at about 7 px a character (13 px system font).
    label_width = max(LABEL_WIDTH, 16 + 7 * max((len(r[0]) for r in rows), default=0))
    width = max(width, label_width + VALUE_WIDTH + 300)
    plot = width - label_width - VALUE_WIDTH
    height = 40 + ROW_HEIGHT * len(rows) + 28

    def x(v: float) -> float:
        return label_width + plot * max(0.0, v) / top

    def fmt(v: float) -> str:
        return f"{v:.1%}" if percent else f"{v:.2f}"

    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}' role='img' aria-label='{escape(title, quote=True)}'>",
           f"<rect width='{width}' height='{height}' fill='white'/>",
           f"<text x='10' y='22' {FAMILY} font-size='15' font-weight='bold'>{escape(title)}</text>"]
    for i, (label, value, lo, hi) in enumerate(rows):
        y = 36 + i * ROW_HEIGHT
        out.append(f"<text x='{label_width - 8}' y='{y + 16}' {FONT} text-anchor='end'>{escape(label)}</text>")
        out.append(f"<rect x='{label_width}' y='{y + 4}' width='{x(value) - label_width:.1f}' "
                   f"height='{ROW_HEIGHT - 8}' fill='#4a7bb7'/>")
        text = fmt(value)
        if lo is not None and hi is not None:
            mid = y + ROW_HEIGHT / 2
            out.append(f"<path d='M{x(lo):.1f} {mid}H{x(hi):.1f}M{x(lo):.1f} {mid - 6}V{mid + 6}"
                       f"M{x(hi):.1f} {mid - 6}V{mid + 6}' stroke='#222' stroke-width='1.5' fill='none'/>")
            text += f" [{fmt(lo)}, {fmt(hi)}]"
        out.append(f"<text x='{width - VALUE_WIDTH + 6}' y='{y + 16}' {FONT}>{escape(text)}</text>")
    axis_y = 36 + ROW_HEIGHT * len(rows)
    out.append(f"<path d='M{label_width} 34V{axis_y}' stroke='#888'/>")
    if reference is not None:
        out.append(f"<path d='M{x(reference):.1f} 30V{axis_y}' stroke='#c0392b' stroke-dasharray='5 4'/>")
        out.append(f"<text x='{x(reference):.1f}' y='{axis_y + 18}' {FONT} text-anchor='middle' "
                   f"fill='#c0392b'>{escape(reference_label or fmt(reference))}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
