"""Roving focus: one tab stop per group of choices, the arrow keys within it.

A view marks a group of choices with `data-rove` (a board's cells, a hand's cards or tiles):
Tab reaches the group once, on one of its choices (the one last focused, else the one
picked, else the first; a choice marked `data-read`, which only shows something, not
unless the group has nothing else), and the arrow keys move between its choices as they are drawn
(screen.neighbour); Home and End go to its first and last. Choices outside any group keep
their own tab stop. The page names no game: the groups come from the views' markup only
(the WAI-ARIA "roving tabindex" pattern).
"""

from __future__ import annotations

from typing import Any

import js

from browser import present

GROUP = "[data-rove]"
CHOICES = "[data-action],[data-ui],[data-hex],[data-card]"
STOP = "data-rove-stop"  # on a group: the choice (its first data attribute's value) to come back to
_stops: dict[str, str] = {}  # a group's name: its last stop, so Tab comes back where the player was


def choices(group: Any) -> list[Any]:
    """A group's choices that the keyboard can reach (not those of a group inside it)."""
    return [n for n in group.querySelectorAll(CHOICES)
            if (present(n.getAttribute("tabindex")) or str(n.tagName).lower() == "button")
            and not n.hasAttribute("disabled") and n.closest(GROUP) == group]


def group_of(node: Any) -> Any | None:
    if not present(node) or not hasattr(node, "closest"):
        return None
    group = node.closest(GROUP)
    return group if present(group) else None


def key_of(node: Any) -> str:
    for attr in ("data-action", "data-ui", "data-hex", "data-card"):
        value = node.getAttribute(attr)
        if present(value):
            return f"{attr}={value}"
    return ""


def make_stop(group: Any, stop: Any, items: list[Any] | None = None) -> None:
    """`stop` becomes the group's one tab stop; its other choices are reached by arrows."""
    for node in items if items is not None else choices(group):
        node.setAttribute("tabindex", "0" if node == stop else "-1")
    group.setAttribute(STOP, key_of(stop))


def settle(root: Any) -> None:
    """After a drawing: one tab stop in each group under `root`, the focused choice if there
    is one, else where the player was in that group last (if it is still drawn)."""
    active = js.document.activeElement
    for group in root.querySelectorAll(GROUP):
        items = choices(group)
        if not items:
            continue
        name = str(group.getAttribute("data-rove"))
        ways = [n for n in items if not n.hasAttribute("data-read")] or items  # not one that only shows
        stop = next((n for n in ways if n == active), None)
        stop = stop or next((n for n in ways if key_of(n) == _stops.get(name)), None)
        stop = stop or next((n for n in ways if n.getAttribute("aria-pressed") == "true"
                             or n.classList.contains("pending")), None)
        stop = stop or ways[0]
        make_stop(group, stop, items)
        _stops[name] = key_of(stop)


def follow(node: Any) -> None:
    """The focus came to `node` (an arrow, a click): it becomes its group's tab stop."""
    group = group_of(node)
    if group is None or not any(n == node for n in choices(group)):
        return
    make_stop(group, node)
    _stops[str(group.getAttribute("data-rove"))] = key_of(node)


def scope(here: Any, board: Any, everything: list[Any]) -> list[Any]:
    """Where the arrow keys may go from `here`: its group's choices, or (outside any group)
    every choice on the board, as before groups existed."""
    group = group_of(here)
    return choices(group) if group is not None and board.contains(group) else everything


def end(here: Any, last: bool) -> Any | None:
    """Home and End: the first or last choice of `here`'s group."""
    group = group_of(here)
    items = choices(group) if group is not None else []
    return (items[-1] if last else items[0]) if items else None
