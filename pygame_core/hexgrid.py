"""Hexagon geometry on axial coordinates (q, r), pointy-top, as in Red Blob Games' guide.

Cube coordinates are (q, r, s) with s = -q - r. Directions are numbered 0-5
clockwise starting east, so direction d+3 is the opposite of d and rotating a shape
by one step clockwise moves every direction d to d+1.
"""

from __future__ import annotations

import functools
import math
from typing import Collection, Iterable, NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def neighbor(self, direction: int) -> "Hex":
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> list["Hex"]:
        return [self + d for d in DIRECTIONS]

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    @classmethod
    def parse(cls, text: str) -> "Hex":
        q, r = text.split(",")
        return cls(int(q), int(r))


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1),
)
"""Clockwise from east on a pointy-top screen layout (y grows downward)."""

DIRECTION_NAMES: tuple[str, ...] = ("east", "south-east", "south-west", "west", "north-west", "north-east")
DIRECTION_SHORT: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")

ORIGIN = Hex(0, 0)


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


def rotate(h: Hex, steps: int = 1) -> Hex:
    """Rotate about the origin by `steps` sixths of a turn clockwise (cube permutation)."""
    q, r, s = h.q, h.r, h.s
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return Hex(q, r)


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from a to its neighbour b, or None if they are not adjacent."""
    try:
        return DIRECTIONS.index(b - a)
    except ValueError:
        return None


def hexagon(radius: int, center: Hex = ORIGIN) -> list[Hex]:
    """All cells within `radius` of `center`, in a stable order (by r, then q)."""
    cells = [Hex(center.q + q, center.r + r)
             for r in range(-radius, radius + 1)
             for q in range(-radius, radius + 1)
             if abs(q + r) <= radius]
    return sorted(cells, key=lambda h: (h.r, h.q))


# -- groups of touching cells ---------------------------------------------------------------
# Cells are walked as plain (q, r) pairs, which hash and compare like the `Hex` they stand
# for: a search tests connectivity after every candidate move, and building a `Hex` per
# neighbour would be most of its cost.

def is_connected(cells: Collection[Hex]) -> bool:
    """True when the cells form one group of neighbours (no cells at all count as one)."""
    if not cells:
        return True
    start: tuple[int, int] = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        q, r = stack.pop()
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def components(cells: Iterable[Hex]) -> list[list[Hex]]:
    """The groups of touching cells, each sorted, ordered by their smallest cell."""
    left = set(cells)
    groups = []
    while left:
        start = min(left)
        left.discard(start)
        group, stack = [start], [start]
        while stack:
            here = stack.pop()
            for n in here.neighbors():
                if n in left:
                    left.discard(n)
                    group.append(n)
                    stack.append(n)
        groups.append(sorted(group))
    return sorted(groups)


def frontier(cells: Collection[Hex]) -> list[Hex]:
    """The empty cells touching the group, sorted (`cells` may be a board: a dict by cell)."""
    empty = {(q + dq, r + dr) for q, r in cells for dq, dr in DIRECTIONS}
    empty.difference_update(cells)
    return [Hex(q, r) for q, r in sorted(empty)]


# -- screen layout (pointy-top) -----------------------------------------------------------
SQRT3 = math.sqrt(3.0)


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of a hex on screen, `size` being the centre-to-corner distance."""
    return (size * (SQRT3 * h.q + SQRT3 / 2 * h.r), size * (1.5 * h.r))


TOUCH_PX = 44.0
"""The smallest comfortable touch target, in CSS pixels."""


def touch_width(view_width: float, hex_size: float) -> float:
    """The on-screen width (CSS px) an SVG `view_width` units wide needs so that a pointy hex
    of `hex_size` units is at least a touch target across (its width is sqrt(3) * size)."""
    return view_width * TOUCH_PX / (SQRT3 * hex_size)


_UNIT_CORNERS = tuple((math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30)))
                      for i in range(6))


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, clockwise from the upper right."""
    return [(cx + size * dx, cy + size * dy) for dx, dy in _UNIT_CORNERS]


@functools.lru_cache(maxsize=8192)
def polygon_points(cx: float, cy: float, size: float) -> str:
    # Cached: a board redraws the same cells after every move (a 12-player board has 169).
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners(cx, cy, size))


def edge_midpoint(cx: float, cy: float, size: float, direction: int) -> tuple[float, float]:
    """Midpoint of the edge a hex shares with its neighbour in `direction`."""
    angle = math.radians(60 * direction)
    apothem = size * SQRT3 / 2
    return (cx + apothem * math.cos(angle), cy + apothem * math.sin(angle))


def bounds(cells: Iterable[Hex], size: float, margin: float = 0.0) -> tuple[float, float, float, float]:
    """(x, y, width, height) of a box holding every cell, for an SVG viewBox."""
    pts = [to_pixel(c, size) for c in cells] or [(0.0, 0.0)]
    w, h = SQRT3 / 2 * size + margin, size + margin
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return (min(xs) - w, min(ys) - h, max(xs) - min(xs) + 2 * w, max(ys) - min(ys) + 2 * h)
