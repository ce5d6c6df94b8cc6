"""The tiles, the bag and the boards of our edition of HEX PLEASE!.

The rulebook names four kinds of tile and their values (Solid 1 or 2, Bridge 3,
Blocker 4, Universal 5) and four bonus cells (Sky Blue +3, Pink +5, Brown x2,
Amber x3), but not the colours, the bag or the board. Our choices:

* Four colours, each with a symbol so colour is never the only cue: red (triangle),
  green (circle), blue (square) and yellow (star). Four is few enough that a
  good match is often there and many enough that matching is a real constraint.
* Tiles are written as short codes: a Solid is its colour letter and value
  ("R1", "G2"), a Bridge is its two colour letters in the order above ("RG",
  "BY"), "X" is the Blocker and "U" the Universal.
* The bag holds 200 tiles: 14 Solids worth 1 and 9 worth 2 in each colour, 13 of
  each of the six Bridges, 18 Blockers and 12 Universals. The longest game (12
  players, 12 rounds) deals 48 and draws at most 133 more, so the bag never runs
  dry before the end unless the table is very large and long; a short bag is
  still handled (the draw takes what is left).
* A Bridge shows its first colour on three neighbouring sides and its second on
  the other three. Rotation `rot` (0-5) puts the first colour on the sides in
  directions rot, rot+1 and rot+2 (hexgrid directions: 0 east, then clockwise).
* The board is a hexagon whose radius grows with the table (see
  `RADIUS_BY_PLAYERS`): radius 4 (61 cells) for 2 players, 5 (91) for 3-6,
  6 (127) for 7-9 and 7 (169) for 10-12. Special cells are listed for one sixth
  of the board and repeated by the six rotations and the mirror image, so every
  board looks the same from each of its six sides. `board_for(players)` builds it;
  docs/hex-please.md draws the boards.
* Two sets of boards (`BOARDS`). The balanced boards are the default. The original
  boards are those of our first version: between equal players later seats won
  more often there (the first tile of the game scores alone on an empty board),
  so the balanced ones put Pink +5 between the Deployment Cells from radius 5 up,
  where First Play's second tile can reach it, and seat three players on radius 5
  (measurements in docs/hex-please.md). Saves from before the choice existed
  replay on the original boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..hexgrid import DIRECTIONS, Hex, hexagon, opposite, rotate

# -- colours and tiles ---------------------------------------------------------------------


@dataclass(frozen=True)
class Colour:
    letter: str
    name: str
    symbol: str  # shown on the tile beside the colour
    fill: str    # the SVG fill used by the view


COLOURS: tuple[Colour, ...] = (
    Colour("R", "red", "\u25b2", "#d64541"),
    Colour("G", "green", "\u25cf", "#3a9d4f"),
    Colour("B", "blue", "\u25a0", "#3867c9"),
    Colour("Y", "yellow", "\u2605", "#e8c22e"),
)
COLOUR_BY_LETTER: dict[str, Colour] = {c.letter: c for c in COLOURS}

SOLID, BRIDGE, BLOCKER, UNIVERSAL = "solid", "bridge", "blocker", "universal"
BLOCKER_CODE = "X"
UNIVERSAL_CODE = "U"


@dataclass(frozen=True)
class TileKind:
    code: str
    kind: str                 # SOLID, BRIDGE, BLOCKER or UNIVERSAL
    points: int
    colours: tuple[str, ...]  # colour letters: one for a Solid, two for a Bridge, none otherwise
    count: int                # how many are in the bag at the start

    @property
    def rotations(self) -> int:
        """Distinct ways to lay it down: six for a Bridge, one for everything else."""
        return 6 if self.kind == BRIDGE else 1

    @property
    def name(self) -> str:
        if self.kind == SOLID:
            return f"{COLOUR_BY_LETTER[self.colours[0]].name} Solid ({self.points})"
        if self.kind == BRIDGE:
            a, b = (COLOUR_BY_LETTER[c].name for c in self.colours)
            return f"{a}/{b} Bridge"
        return "Blocker" if self.kind == BLOCKER else "Universal"


def tile_name(code: str) -> str:
    """A tile kind as the log names it: "a red 1-point Solid", "a red/green Bridge"."""
    tile = TILE_BY_CODE[code]
    if tile.kind == SOLID:
        return f"a {COLOUR_BY_LETTER[tile.colours[0]].name} {tile.points}-point Solid"
    if tile.kind == BRIDGE:
        return f"a {'/'.join(COLOUR_BY_LETTER[c].name for c in tile.colours)} Bridge"
    return "a Blocker" if tile.kind == BLOCKER else "a Universal"


SOLID_ONES_PER_COLOUR = 14
SOLID_TWOS_PER_COLOUR = 9
BRIDGES_PER_PAIR = 13
BLOCKERS = 18
UNIVERSALS = 12


def _tile_kinds() -> tuple[TileKind, ...]:
    kinds: list[TileKind] = []
    for c in COLOURS:
        kinds.append(TileKind(f"{c.letter}1", SOLID, 1, (c.letter,), SOLID_ONES_PER_COLOUR))
        kinds.append(TileKind(f"{c.letter}2", SOLID, 2, (c.letter,), SOLID_TWOS_PER_COLOUR))
    for i, a in enumerate(COLOURS):
        for b in COLOURS[i + 1:]:
            kinds.append(TileKind(a.letter + b.letter, BRIDGE, 3, (a.letter, b.letter), BRIDGES_PER_PAIR))
    kinds.append(TileKind(BLOCKER_CODE, BLOCKER, 4, (), BLOCKERS))
    kinds.append(TileKind(UNIVERSAL_CODE, UNIVERSAL, 5, (), UNIVERSALS))
    return tuple(kinds)


TILES: tuple[TileKind, ...] = _tile_kinds()
TILE_BY_CODE: dict[str, TileKind] = {t.code: t for t in TILES}
TILE_ORDER: dict[str, int] = {t.code: i for i, t in enumerate(TILES)}
"""Hands and the bag list tiles in this order (solids, bridges, Blocker, Universal)."""
BAG_SIZE = sum(t.count for t in TILES)
assert BAG_SIZE == 200


def side_colours(code: str, rot: int = 0) -> tuple[str, ...]:
    """The colour letter on each of the six sides (by direction) of a coloured tile."""
    tile = TILE_BY_CODE[code]
    if tile.kind == SOLID:
        return tile.colours * 6
    if tile.kind == BRIDGE:
        a, b = tile.colours
        return tuple(a if (d - rot) % 6 < 3 else b for d in range(6))
    return ("",) * 6


SIDES: dict[tuple[str, int], tuple[str, ...]] = {
    (t.code, rot): side_colours(t.code, rot) for t in TILES for rot in range(t.rotations)
}

# -- hands and rounds ----------------------------------------------------------------------


def hand_size(players: int) -> int:
    """6 tiles for 2-4 players, 5 for 5-8, 4 for 9-12."""
    return 6 if players <= 4 else 5 if players <= 8 else 4


ROUNDS_CHOICES = tuple(range(6, 13))
DEFAULT_ROUNDS = 6
MOVES_EACH = DEFAULT_ROUNDS
"""Decisions each player makes in a game of the default length, whatever the player count
(at most one more for some seats; measured by simulation, kept true by tests/test_hex_please.py)."""
PERSON_MOVE_SECONDS, COMPUTER_MOVE_SECONDS = 20, 1.5
"""A person's move as we guess it (choose a tile, find a cell); a computer's at normal speed,
its animation included."""


def game_minutes(players: int, people: int = 1) -> float:
    """About how long a game takes at the table: every player's moves, people's and computers'
    (what the menu says: a few minutes against computers, two or three more for each person)."""
    people = max(1, min(people, players))
    return MOVES_EACH * (people * PERSON_MOVE_SECONDS + (players - people) * COMPUTER_MOVE_SECONDS) / 60

# -- bonus cells and boards ----------------------------------------------------------------

SKY, PINK, BROWN, AMBER = "sky", "pink", "brown", "amber"


@dataclass(frozen=True)
class Bonus:
    key: str
    name: str
    add: int         # points added to the turn
    multiply: int    # the placed tile's own points are multiplied by this
    label: str       # short text shown on the cell
    fill: str


BONUSES: dict[str, Bonus] = {
    SKY: Bonus(SKY, "Sky Blue", 3, 1, "+3", "#9fd8f2"),
    PINK: Bonus(PINK, "Pink", 5, 1, "+5", "#f4a9c8"),
    BROWN: Bonus(BROWN, "Brown", 0, 2, "\u00d72", "#a9825a"),
    AMBER: Bonus(AMBER, "Amber", 0, 3, "\u00d73", "#f5b342"),
}

DEPLOY = "deploy"

BALANCED, ORIGINAL = "balanced", "original"
BOARDS = (BALANCED, ORIGINAL)
"""The two sets of boards; see the module docstring."""

_ORIGINAL_RADII = {p: 4 if p <= 3 else 5 if p <= 6 else 6 if p <= 9 else 7 for p in range(2, 13)}
RADIUS_BY_PLAYERS: dict[str, dict[int, int]] = {
    ORIGINAL: _ORIGINAL_RADII,
    BALANCED: {**_ORIGINAL_RADII, 3: 5},   # on radius 4 the third seat won ~40% (fair 33%)
}


def _mirror(h: Hex) -> Hex:
    """Reflection in the east-west axis through the centre."""
    return Hex(h.q + h.r, -h.r)


def _symmetric(cells: list[Hex]) -> set[Hex]:
    """The cells with all their images under the six rotations and the mirror."""
    out: set[Hex] = set()
    for c in cells:
        for image in (c, _mirror(c)):
            out.update(rotate(image, k) for k in range(6))
    return out


def _sector(ring: int, index: int) -> Hex:
    """Cell `index` (0 = the corner on the east axis) of ring `ring` in one sixth of the board."""
    return Hex(ring - index, index)


def _special_cells(radius: int, boards: str) -> dict[str, list[Hex]]:
    """One sixth of the layout; see the module docstring."""
    mid = radius // 2                    # the Deployment ring
    between = _sector(mid, mid // 2 or 1)             # between two Deployment Cells
    edge = _sector(radius, radius // 2)               # the middle of each outer edge
    # Pink between the Deployment Cells lets First Play's second tile earn +5 (seat balance);
    # radius 4 keeps Sky Blue there in both sets, so the two-player board is one board.
    pink_between = boards == BALANCED and radius >= 5
    specials = {
        AMBER: [Hex(0, 0), _sector(radius, 0)],       # the centre and the six corners
        DEPLOY: [_sector(mid, 0)],                     # six Deployment Cells halfway out
        BROWN: [_sector(mid + 1, 0)],                  # just outside each Deployment Cell
        SKY: [edge if pink_between else between],
        PINK: [between if pink_between else edge],
    }
    if radius >= 6:
        specials[SKY].append(_sector(radius - 1, 2))   # more +3 cells on the big boards
    if radius >= 7:
        specials[BROWN].append(_sector(2, 1))
    return specials


@dataclass(frozen=True)
class Board:
    radius: int
    cells: tuple[Hex, ...]                       # every cell, by row then column
    deploy: frozenset[Hex]
    bonus: dict[Hex, str]                        # cell -> SKY/PINK/BROWN/AMBER
    neighbours: dict[Hex, tuple[tuple[int, Hex], ...]]  # (direction, cell) inside the board
    adjacent: dict[Hex, tuple[Hex, ...]]                 # the same cells without directions

    def __hash__(self) -> int:
        return hash(self.radius)


@lru_cache(maxsize=None)
def board_for_radius(radius: int, boards: str = BALANCED) -> Board:
    cells = tuple(hexagon(radius))
    inside = set(cells)
    kinds: dict[Hex, str] = {}
    for kind, base in _special_cells(radius, boards).items():
        for c in _symmetric(base):
            assert c in inside and c not in kinds, (radius, kind, c)
            kinds[c] = kind
    deploy = frozenset(c for c, k in kinds.items() if k == DEPLOY)
    bonus = {c: kinds[c] for c in cells if c in kinds and kinds[c] != DEPLOY}
    neighbours = {c: tuple((d, c + DIRECTIONS[d]) for d in range(6) if c + DIRECTIONS[d] in inside)
                  for c in cells}
    adjacent = {c: tuple(n for _, n in around) for c, around in neighbours.items()}
    return Board(radius, cells, deploy, bonus, neighbours, adjacent)


def board_for(players: int, boards: str = BALANCED) -> Board:
    return board_for_radius(RADIUS_BY_PLAYERS[boards][players], boards)


__all__ = ["AMBER", "BAG_SIZE", "BALANCED", "BLOCKER", "BLOCKER_CODE", "BOARDS", "BONUSES",
           "BRIDGE", "BROWN", "Board", "COLOURS", "COLOUR_BY_LETTER", "DEFAULT_ROUNDS", "DEPLOY", "MOVES_EACH", "game_minutes",
           "ORIGINAL", "PINK", "RADIUS_BY_PLAYERS", "ROUNDS_CHOICES", "SIDES", "SKY", "SOLID",
           "TILES", "TILE_BY_CODE", "TILE_ORDER", "UNIVERSAL", "UNIVERSAL_CODE", "board_for", "tile_name",
           "board_for_radius", "hand_size", "opposite", "side_colours"]
