"""Small pieces of English the games' words share: lists, counts, a seat's name."""

from __future__ import annotations

import itertools
from typing import Sequence


def and_list(items: Sequence[str]) -> str:
    """"Ada", "Ada and Bo", "Ada, Bo and Cy"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def a_or_an(phrase: str) -> str:
    """"a Pink cell", "an Amber cell": by the first letter, enough for the games' own names."""
    return f"{'an' if phrase[:1].upper() in 'AEIOU' else 'a'} {phrase}"


def count(n: float, noun: str) -> str:
    """"1 point", "0 points", "2.5 points": the noun is singular only for exactly one."""
    return f"{n:g} {noun}{'' if n == 1 else 's'}"


def points(n: float) -> str:
    return count(n, "point")


def seat_name(names: Sequence[str], seat: int | None, nobody: str = "A player") -> str:
    """The name of `seat`, or `nobody` for no seat or one the names do not cover."""
    if seat is None or not 0 <= seat < len(names):
        return nobody
    return names[seat]


def counted(lines: Sequence[str]) -> tuple[str, ...]:
    """Runs of the same line as one line with a count: "Bo draws a tile (6 times)"."""
    runs = ((line, len(list(run))) for line, run in itertools.groupby(lines))
    return tuple(line if n == 1 else f"{line.rstrip('.')} ({n} times)" for line, n in runs)
