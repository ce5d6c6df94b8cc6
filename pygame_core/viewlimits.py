"""Bounds on a view a guest is sent, before it is drawn (issue 46: a peer can freeze the other
side). A guest draws what the host's device sends; drawing time grows with the numbers and
list lengths in it, so each game states how large its real views ever get (`ViewLimits`,
with room to spare over whole games played at every table size: tests/test_view_limits.py)
and its `view_problem` hook refuses anything larger, with a reason, before drawing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ViewLimits:
    nodes: int  # values in the whole view
    number: float  # the largest size of any number
    items: int  # the longest list or object
    text: int  # the longest text (or key)
    depth: int  # lists and objects inside each other


def shape_problem(view: Any, limits: ViewLimits) -> str | None:
    """Why `view` is larger than its game's views ever are, or None. Walks the view once,
    without recursion, and stops at the first value over a limit."""
    stack: list[tuple[Any, int]] = [(view, 0)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > limits.nodes:
            return "a view far larger than this game's"
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, (int, float)):
            if not abs(value) <= limits.number:
                return "a number far larger than this game's"
        elif isinstance(value, str):
            if len(value) > limits.text:
                return "a text far longer than this game's"
        elif isinstance(value, (list, dict)):
            if len(value) > limits.items:
                return "a list far longer than this game's"
            if depth >= limits.depth:
                return "a view nested deeper than this game's"
            if isinstance(value, dict):
                if any(not isinstance(key, str) or len(key) > limits.text for key in value):
                    return "a view with names this game does not use"
                stack.extend((item, depth + 1) for item in value.values())
            else:
                stack.extend((item, depth + 1) for item in value)
        else:
            return "a value of a kind a view never holds"
    return None
