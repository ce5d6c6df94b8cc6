"""QR codes for the connection links, drawn as SVG with our markup builder.

The code's modules come from `segno` (pure Python, no dependencies), pinned in
tools/pyodide-packages.txt and shipped in our own Pyodide folder; the page loads it the first
time a code is shown (not at start-up). The SVG is built with `pygame_core.markup`, so
nothing segno returns is inserted as markup: only the module grid is used.
"""

from __future__ import annotations

from typing import Sequence

from pygame_core.markup import Markup, tag

QUIET = 4  # modules of white around the code, as the standard asks
ERROR_LEVEL = "l"  # the links are long; a phone on a screen reads level L at once


def make_matrix(text: str) -> list[bytes]:
    """The rows of dark (1) and light (0) modules of `text`'s QR code."""
    import segno  # the package is loaded by `svg` in the page, by the environment elsewhere
    code = segno.make(text, error=ERROR_LEVEL, micro=False, boost_error=True)
    return [bytes(row) for row in code.matrix]


def svg_from_matrix(matrix: Sequence[bytes], label: str) -> Markup:
    """One path of dark runs, row by row, with the quiet zone around it; scales crisply."""
    size = len(matrix) + 2 * QUIET
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                parts.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return tag("svg", tag("title", label), tag("rect", width=size, height=size, fill="#fff"),
               tag("path", d="".join(parts), fill="#000"),
               viewBox=f"0 0 {size} {size}", role="img", aria_label=label, shape_rendering="crispEdges",
               xmlns="http://www.w3.org/2000/svg", data_qr="")


_loaded: list[bool] = []


async def svg(text: str, label: str) -> Markup:
    """The QR code of `text`, loading segno from our Pyodide folder the first time."""
    if not _loaded:
        import pyodide_js
        await pyodide_js.loadPackage("segno")
        _loaded.append(True)
    return svg_from_matrix(make_matrix(text), label)
