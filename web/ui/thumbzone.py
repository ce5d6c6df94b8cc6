"""The bottom of a phone's screen, where the thumb is: the confirm bar sits there over the
table, and what the player needs while it is up stays clear of it.

While a move waits for its confirm the bar covers the last few rows of the screen; the hand
(a view's `data-rove="hand"` group) and the move shown on the board must stay in sight, so
the page scrolls the hand above the bar (as far as the shown move allows), and the bar's
height is told to the styles (`--confirm-bar-h` on #game) for anything held at the bottom of
the screen (a sticky hand). The page names no game: the hand is found by its markup only.
"""

from __future__ import annotations

from typing import Any

import js

from browser import el, present

MARGIN_PX = 6


def bar_shown(bar: Any, board: Any) -> None:
    """The confirm bar has just come up: say its height, and bring the hand above it."""
    game = el("game")
    if str(js.getComputedStyle(bar).position) != "fixed":   # in the page's flow (a wide screen)
        game.style.removeProperty("--confirm-bar-h")
        return
    top = float(bar.getBoundingClientRect().top)
    game.style.setProperty("--confirm-bar-h", f"{js.window.innerHeight - top:.0f}px")
    hand = board.querySelector('[data-rove="hand"]')
    if not present(hand):
        return
    over = float(hand.getBoundingClientRect().bottom) - top + MARGIN_PX
    shown = board.querySelector(".pending")
    room = float(shown.getBoundingClientRect().top) - MARGIN_PX if present(shown) else over
    step = min(over, room)
    if step > 0:
        js.window.scrollBy(0, step)


def bar_hidden() -> None:
    el("game").style.removeProperty("--confirm-bar-h")
