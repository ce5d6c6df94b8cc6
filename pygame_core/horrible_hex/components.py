"""The 28 hex tiles and 26 goal cards of our edition of Horrible Hex.

The rulebook gives the counts and kinds (13 gray tiles with a red star, 13 red tiles
with a gray circle, 2 wild tiles with both; 26 goal cards of 4 tiles each) but not the
movement icons printed on each tile nor the faces of the goal cards. Ours:

Tiles. Each tile lists its six edges clockwise from east as printed (orientation 0):
`S` slide, `J` jump, `P` push, `X` swap (exchange), `.` no icon. Both colours carry
every icon kind on every edge at least once, one tile of each colour is blank, one
gray tile has an icon on all six edges, and the rest carry two or three icons: most
tiles can move, but not everywhere, so a move is a choice rather than a given. The gray
tiles group their icons by kind (three slide tiles on opposite edges, two jump tiles on
alternate edges, three push tiles and two swap tiles on neighbouring edges, one mixed
and one full), the red ones pair two kinds on opposite edges (slide with push, jump
with swap). The wild tiles are strong in pattern terms, so they get only two icons.
tests/test_horrible_hex.py checks the distribution; docs/horrible-hex-components.md
lists it.

Goal cards. A pattern is four touching cells, each gray (star) or red (circle); a
goal matches in any of its six rotations but never mirrored. There are 10 shapes of
four touching hexes up to rotation (the 7 free tetrahexes, three of which come in two
mirror images). We enumerated every shape with every colouring, up to rotation, and
kept: for each of the 10 shapes, the first and the last of its balanced colourings
(two stars, two circles) in a fixed sort order, which gives 20 cards that differ in
where the two colours sit; then, for the first six shapes, one unbalanced card, three
stars and three circles alternately, which gives 6 more. So every shape appears two
or three times, the deck asks for 52 stars and 52 circles in all (as even as the
13/13 split of the tiles), and no two cards are equal under rotation (a test checks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..hexgrid import DIRECTIONS, Hex, direction_between, rotate

GRAY, RED, WILD = "G", "R", "W"
KIND_NAMES = {GRAY: "gray", RED: "red", WILD: "wild"}
SYMBOL_NAMES = {GRAY: "red star", RED: "gray circle", WILD: "star and circle"}

SLIDE, JUMP, PUSH, SWAP = "S", "J", "P", "X"
ICONS = (SLIDE, JUMP, PUSH, SWAP)
ICON_NAMES = {SLIDE: "slide", JUMP: "jump", PUSH: "push", SWAP: "swap"}
ICON_BY_NAME = {v: k for k, v in ICON_NAMES.items()}

TRIANGLE: tuple[Hex, ...] = (Hex(0, 0), Hex(1, 0), Hex(0, 1))
"""Where the three tiles of a fresh start are dealt, in this order."""

PLAYER_GOALS = {1: 4, 2: 2, 3: 1}
"""Goal cards held per player (solo: the row of four)."""

DEFAULT_TARGET = 3


@dataclass(frozen=True)
class Tile:
    id: str
    kind: str     # GRAY, RED or WILD
    edges: str    # six characters, clockwise from east, as printed

    def icon(self, direction: int, rot: int) -> str | None:
        """The icon on the edge facing board `direction` when placed turned by `rot`."""
        ch = self.edges[(direction - rot) % 6]
        return None if ch == "." else ch

    @property
    def icon_count(self) -> int:
        return sum(1 for ch in self.edges if ch != ".")


_TILE_EDGES: tuple[tuple[str, str, str], ...] = (
    # gray tiles, red star: icons grouped by kind
    ("G01", GRAY, "......"),
    ("G02", GRAY, "S..S.."),
    ("G03", GRAY, ".S..S."),
    ("G04", GRAY, "..S..S"),
    ("G05", GRAY, "J.J.J."),
    ("G06", GRAY, ".J.J.J"),
    ("G07", GRAY, "PP...."),
    ("G08", GRAY, "..PP.."),
    ("G09", GRAY, "....PP"),
    ("G10", GRAY, "XXX..."),
    ("G11", GRAY, "...XXX"),
    ("G12", GRAY, "SJ.P.X"),
    ("G13", GRAY, "SJPXSJ"),
    # red tiles, gray circle: two kinds on opposite edges
    ("R01", RED, "......"),
    ("R02", RED, "S..P.."),
    ("R03", RED, ".S..P."),
    ("R04", RED, "..S..P"),
    ("R05", RED, "P..S.."),
    ("R06", RED, ".P..S."),
    ("R07", RED, "..P..S"),
    ("R08", RED, "J..X.."),
    ("R09", RED, ".J..X."),
    ("R10", RED, "..J..X"),
    ("R11", RED, "X..J.."),
    ("R12", RED, ".X..J."),
    ("R13", RED, "..X..J"),
    # wild tiles: both symbols, few icons
    ("W01", WILD, "S..J.."),
    ("W02", WILD, ".P..X."),
)

TILES: tuple[Tile, ...] = tuple(Tile(i, k, e) for i, k, e in _TILE_EDGES)
TILES_BY_ID: dict[str, Tile] = {t.id: t for t in TILES}
TILE_IDS: tuple[str, ...] = tuple(t.id for t in TILES)


@dataclass(frozen=True)
class Goal:
    id: str
    cells: tuple[tuple[Hex, str], ...]   # (offset, GRAY or RED), as printed

    @property
    def variants(self) -> tuple[tuple[tuple[Hex, str], ...], ...]:
        return _VARIANTS[self.id]


_GOAL_TEXT: tuple[tuple[str, str], ...] = (
    ("P01", "G0,0 G0,1 R0,2 R0,3"),
    ("P02", "R0,0 G0,1 G0,2 R0,3"),
    ("P03", "G0,0 G0,1 R0,2 R1,-1"),
    ("P04", "G0,0 G1,-1 R2,-2 R3,-2"),
    ("P05", "G0,0 G0,1 R0,2 R1,0"),
    ("P06", "G0,0 G1,-1 R2,-2 R2,-1"),
    ("P07", "G0,0 G0,1 R0,2 R1,1"),
    ("P08", "G0,0 R1,-1 G1,0 R1,1"),
    ("P09", "G0,0 G0,1 R0,2 R1,2"),
    ("P10", "G0,0 R1,-1 G2,-1 R3,-1"),
    ("P11", "G0,0 G0,1 R1,-2 R1,-1"),
    ("P12", "G0,0 R1,-1 R2,-1 G3,-2"),
    ("P13", "G0,0 G0,1 R1,-1 R1,0"),
    ("P14", "G0,0 R0,1 R1,0 G1,1"),
    ("P15", "G0,0 G0,1 R1,-1 R1,1"),
    ("P16", "G0,0 R0,1 R1,1 G2,0"),
    ("P17", "G0,0 G0,1 R1,1 R1,2"),
    ("P18", "R0,0 G0,1 G1,1 R1,2"),
    ("P19", "G0,0 G1,-2 R1,-1 R2,-1"),
    ("P20", "G0,0 R1,-2 G1,-1 R2,-1"),
    ("P21", "G0,0 G0,1 G0,2 R0,3"),
    ("P22", "G0,0 R0,1 R0,2 R1,-1"),
    ("P23", "G0,0 G0,1 G0,2 R1,0"),
    ("P24", "G0,0 R0,1 R0,2 R1,1"),
    ("P25", "G0,0 G0,1 G0,2 R1,2"),
    ("P26", "G0,0 R0,1 R1,-2 R1,-1"),
)


def _parse_goal(text: str) -> tuple[tuple[Hex, str], ...]:
    return tuple((Hex.parse(cell[1:]), cell[0]) for cell in text.split())


def rotations(cells: tuple[tuple[Hex, str], ...]) -> tuple[tuple[tuple[Hex, str], ...], ...]:
    """The distinct rotations of a pattern, each translated so its smallest cell is 0,0."""
    seen: list[tuple[tuple[Hex, str], ...]] = []
    for k in range(6):
        turned = [(rotate(h, k), kind) for h, kind in cells]
        low = min(h for h, _ in turned)
        shape = tuple(sorted((h - low, kind) for h, kind in turned))
        if shape not in seen:
            seen.append(shape)
    return tuple(seen)


def canonical(cells: tuple[tuple[Hex, str], ...]) -> tuple[tuple[Hex, str], ...]:
    """One representative of a pattern under rotation (for comparing cards)."""
    return min(rotations(cells))


GOALS: tuple[Goal, ...] = tuple(Goal(i, _parse_goal(t)) for i, t in _GOAL_TEXT)
GOALS_BY_ID: dict[str, Goal] = {g.id: g for g in GOALS}
GOAL_IDS: tuple[str, ...] = tuple(g.id for g in GOALS)
_VARIANTS = {g.id: rotations(g.cells) for g in GOALS}

ORIENTED: dict[str, tuple[tuple[str | None, ...], ...]] = {
    t.id: tuple(tuple(t.icon(d, rot) for d in range(6)) for rot in range(6)) for t in TILES
}
"""ORIENTED[tile][rot][direction]: the icon facing a board direction (a lookup table for speed)."""

KIND_OF: dict[str, str] = {t.id: t.kind for t in TILES}


# -- goal cards in words -----------------------------------------------------------------------
SYMBOL_OF = {GRAY: "star", RED: "circle"}
"""What a goal card shows in a cell: a star (a gray tile) or a circle (a red tile)."""


def _said(kinds: Iterable[str]) -> str:
    words = [SYMBOL_OF[k] for k in kinds]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def _two(kinds: Sequence[str]) -> str:
    """Two cells: 'stars' when both show a star, else 'a star and a circle'."""
    if kinds[0] == kinds[1]:
        return f"{SYMBOL_OF[kinds[0]]}s"
    return f"a {SYMBOL_OF[GRAY]} and a {SYMBOL_OF[RED]}"


def _direction(a: Hex, b: Hex) -> int:
    d = direction_between(a, b)
    assert d is not None, "the cells of a goal card touch"
    return d


def _turn(d1: int, d2: int) -> int:
    """+1 for a bend to the right (clockwise), -1 to the left, 0 straight on."""
    return {0: 0, 1: 1, 5: -1}[(d2 - d1) % 6]


def _side(turn: int) -> str:
    return "right" if turn > 0 else "left"


@dataclass(frozen=True)
class Reading:
    """A goal card's pattern as a player reads it: its shape ("line", "arch", "zigzag",
    "hook" (a line of three with the fourth bent off its end), "bump" (with the fourth beside
    the last two), "y", "diamond"), the kinds along it, and the side it bends to ("" when
    it has none). For a Y the first kind is the middle; for a diamond, the two tips then
    the two across the middle."""
    shape: str
    kinds: tuple[str, ...]
    side: str = ""


def goal_reading(goal_id: str) -> Reading:
    """How `goal_name` and `goal_caption` read a card. Left and right are as you read the
    cells in the order given (a card is never mirrored, so mirror images are different cards)."""
    cells = dict(GOALS_BY_ID[goal_id].cells)
    near = {c: [n for n in cells if n - c in DIRECTIONS] for c in cells}
    edges = sum(len(v) for v in near.values()) // 2
    by_degree = sorted(cells, key=lambda c: (len(near[c]), c))
    if edges == 3 and len(near[by_degree[-1]]) == 3:      # a centre and three arms
        centre = by_degree[-1]
        return Reading("y", (cells[centre], *sorted(cells[c] for c in cells if c != centre)))
    if edges == 5:                                          # two touching triangles
        tips = sorted(cells[c] for c in cells if len(near[c]) == 2)
        mids = sorted(cells[c] for c in cells if len(near[c]) == 3)
        return Reading("diamond", (*tips, *mids))
    if edges == 4:                                          # a triangle with a tail
        tail = by_degree[0]
        hub = near[tail][0]
        d = _direction(tail, hub)
        end = next(c for c in near[hub] if c != tail and _direction(hub, c) == d)
        bump = next(c for c in cells if c not in (tail, hub, end))
        return Reading("bump", tuple(cells[c] for c in (tail, hub, end, bump)),
                       _side(_turn(d, _direction(hub, bump))))
    ends = [c for c in cells if len(near[c]) == 1]
    readings = []
    for start in ends:
        path = [start]
        while len(path) < 4:
            path.append(next(n for n in near[path[-1]] if n not in path))
        dirs = [_direction(a, b) for a, b in zip(path, path[1:])]
        readings.append((tuple(_turn(a, b) for a, b in zip(dirs, dirs[1:])), tuple(cells[c] for c in path)))
    turns, kinds = min(readings, key=lambda r: r[1])
    if turns == (0, 0):
        return Reading("line", kinds)
    if turns[0] == turns[1]:
        return Reading("arch", kinds)
    if turns[0] == -turns[1]:
        return Reading("zigzag", kinds, _side(turns[0]))
    turns, kinds = next(r for r in readings if r[0][0] == 0)   # straight first, then the bend
    return Reading("hook", kinds, _side(turns[1]))


def goal_name(goal_id: str) -> str:
    """A goal card's pattern in words, enough to pick it out among the cards on the table:
    'a straight line of star, star, circle and circle', 'a Y: a star in the middle of
    ...'. Every card reads differently (a test)."""
    r = goal_reading(goal_id)
    k = r.kinds
    match r.shape:
        case "y":
            return f"a Y: a {SYMBOL_OF[k[0]]} in the middle of {_said(k[1:])}"
        case "diamond":
            return f"a diamond: {_two(k[:2])} at the tips, {_two(k[2:])} across the middle"
        case "bump":
            return f"a line of {_said(k[:3])} with a {SYMBOL_OF[k[3]]} beside the last two, on the {r.side}"
        case "line":
            return f"a straight line of {_said(k)}"
        case "arch":
            return f"an arch of {_said(k)}"
        case "zigzag":
            return f"a zigzag of {_said(k)}, bending first to the {r.side}"
    return f"a line of {_said(k[:3])} with a {SYMBOL_OF[k[3]]} bent off its end to the {r.side}"


GLYPH_OF = {GRAY: "★", RED: "●"}
"""A goal card's symbols, as a short caption draws them."""


def goal_caption(goal_id: str) -> str:
    """A goal card's pattern in a few characters, for a caption under a card 70 px wide:
    the shape and its symbols in order ("Line ★★●●", "Right hook ●★★ ●", "Y, ● in the
    middle"). Every card's caption differs (a test), so cards that all hold two stars and
    two circles can be told apart by their captions."""
    r = goal_reading(goal_id)
    g = "".join(GLYPH_OF[k] for k in r.kinds)
    match r.shape:
        case "y":
            return f"Y, {g[0]} in the middle"
        case "diamond":
            return f"Diamond, {g[:2]} at the tips"
        case "hook" | "bump":
            return f"{r.side.capitalize()} {r.shape} {g[:3]} {g[3]}"
        case "zigzag":
            return f"{r.side.capitalize()} zigzag {g}"
    return f"{r.shape.capitalize()} {g}"


GOAL_NAMES: dict[str, str] = {g.id: goal_name(g.id) for g in GOALS}
