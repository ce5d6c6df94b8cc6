"""Roving focus: one tab stop per group of choices (`data-rove`), the arrow keys within it.

The rule and its state live in the page script web/roving.mjs (it runs over every choice at
every drawing, where calls from Python into the page would cost a slow phone several ms a
tap); this is what the page's Python asks of it. Without that script, every choice keeps its
own tab stop.
"""

from __future__ import annotations

from typing import Any

from browser import page_global, present


def _page() -> Any | None:
    return page_global("hexRoving")


def settle_hook() -> Any | None:
    """What gives a drawing its tab stops before it is patched in (browser.patch_html's
    `prepare`), so a choice the drawing did not change is left as it is."""
    page = _page()
    return page.settle if page is not None else None


def follow(node: Any) -> None:
    """The focus came to `node` (an arrow, a redraw putting the focus back): it becomes its
    group's tab stop."""
    page = _page()
    if page is not None and present(node):
        page.follow(node)


def group_of(node: Any) -> Any | None:
    page = _page()
    group = page.groupOf(node) if page is not None else None
    return group if present(group) else None


def choices(group: Any) -> list[Any]:
    page = _page()
    return list(page.choices(group)) if page is not None else []


def scope(here: Any, board: Any, everything: list[Any]) -> list[Any]:
    """Where the arrow keys may go from `here`: its group's choices, or (outside any group)
    every choice on the board."""
    group = group_of(here)
    return choices(group) if group is not None and board.contains(group) else everything


def end(here: Any, last: bool) -> Any | None:
    """Home and End: the first or last choice of `here`'s group."""
    group = group_of(here)
    items = choices(group) if group is not None else []
    return (items[-1] if last else items[0]) if items else None
