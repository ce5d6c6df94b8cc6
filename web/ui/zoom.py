"""Zoom buttons for a board that pans on a phone (a view's `.board-pan` frame holding a
`.touch-board`): out, to see the whole board at once, and in, past touch size, for a closer
look; the frame keeps the same spot in its middle. The board is drawn at touch size (44 px
cells) until the player zooms; the level lasts across redraws. The buttons sit in a bar of
their own above the frame's right end (app.css .pan-zoom), never over the board: over it, a
panned board's corner cells slid under them.

Pinching works as well: the page allows the browser's own pinch zoom (the viewport is not
locked and the boards take `touch-action: manipulation`), which enlarges the whole page. The
page names no game: the frame and the board are found by their classes only (app.css).
"""

from __future__ import annotations

from typing import Any

import js

from browser import append_html, present
from pygame_core.markup import tag

LEVELS = (0.5, 0.75, 1.0, 1.5, 2.0)  # times the touch size (under 1: as small as the frame allows)
TOUCH_LEVEL = LEVELS.index(1.0)
_level = TOUCH_LEVEL


def _buttons() -> Any:
    out = _level == 0
    close = _level == len(LEVELS) - 1
    return tag("div",
               tag("button", "−", type="button", class_="pan-zoom-button", data_zoom="-1",
                   aria_label="Zoom the board out", title="Zoom the board out", disabled=out or None),
               tag("button", "+", type="button", class_="pan-zoom-button", data_zoom="1",
                   aria_label="Zoom the board in", title="Zoom the board in", disabled=close or None),
               class_="pan-zoom", role="group", aria_label="Board zoom", data_page="")


def decorate(board: Any) -> None:
    """After a drawing: the zoom level on the board (its panning frames inherit it), and
    buttons before each panning frame that has none. The buttons are the page's own
    (`data-page`): a patched redraw (web/patch.mjs) leaves them, and the level, in place."""
    board.style.setProperty("--board-zoom", str(LEVELS[_level]))
    for buttons in board.querySelectorAll(".pan-zoom"):
        after = buttons.nextElementSibling
        if not (present(after) and after.classList.contains("board-pan")):
            buttons.remove()  # its frame is gone from this drawing
    for pan in board.querySelectorAll(".board-pan"):
        before = pan.previousElementSibling
        if not (present(before) and before.classList.contains("pan-zoom")):
            append_html(pan, _buttons(), "beforebegin")


def on_click(clicked: Any) -> bool:
    """A zoom button pressed (`clicked` in it: True), the spot in the middle of its frame kept there."""
    button = clicked.closest("[data-zoom]")
    if not present(button):
        return False
    global _level
    _level = max(0, min(len(LEVELS) - 1, _level + int(button.getAttribute("data-zoom") or 0)))
    pan = button.parentElement.nextElementSibling
    if present(pan) and pan.classList.contains("board-pan"):
        x = (pan.scrollLeft + pan.clientWidth / 2) / max(1, pan.scrollWidth)
        y = (pan.scrollTop + pan.clientHeight / 2) / max(1, pan.scrollHeight)
        board = pan.closest("#board")
        (board if present(board) else pan).style.setProperty("--board-zoom", str(LEVELS[_level]))
        pan.scrollLeft = x * pan.scrollWidth - pan.clientWidth / 2
        pan.scrollTop = y * pan.scrollHeight - pan.clientHeight / 2
    for node in button.parentElement.querySelectorAll("[data-zoom]"):
        step = int(node.getAttribute("data-zoom") or 0)
        node.disabled = (step < 0 and _level == 0) or (step > 0 and _level == len(LEVELS) - 1)
    if button.disabled:  # at an end: the focus goes to the other button, not to the page
        other = button.parentElement.querySelector("[data-zoom]:not([disabled])")
        if present(other):
            other.focus()
    return True
