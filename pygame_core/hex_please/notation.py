"""HEX PLEASE! actions and their notation.

"R1@0,0" lays a tile (its code, see components.py) on the cell at axial q,r; a Bridge
names its turn, "RG@2,-1/3"; "pass" and "end" are the other decisions, and chance's
"draw U" takes a tile from the bag. `parse_action(str(a)) == a` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..engine import IllegalActionError
from ..hexgrid import Hex
from .components import TILE_BY_CODE

BRIDGE_KIND = "bridge"


@dataclass(frozen=True, slots=True)
class Place:
    """Lay tile `tile` on cell (q, r); `rot` turns a Bridge (0 for every other tile)."""
    tile: str
    q: int
    r: int
    rot: int = 0
    text: str = field(default="", compare=False, repr=False)  # the notation, kept by `place`

    @property
    def cell(self) -> Hex:
        return Hex(self.q, self.r)

    def __str__(self) -> str:
        if self.text:
            return self.text
        text = f"{self.tile}@{self.q},{self.r}"
        return f"{text}/{self.rot}" if TILE_BY_CODE[self.tile].kind == BRIDGE_KIND else text


@dataclass(frozen=True, slots=True)
class Pass:
    """Return the whole hand to the bag and draw as many tiles; no points."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class End:
    """Stop without laying (another) tile: in the final round, or after one tile of First Play."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the tile `tile` comes out of the bag."""
    tile: str

    def __str__(self) -> str:
        return f"draw {self.tile}"


PASS, END = Pass(), End()


Action = Place | Pass | End | Draw

MAX_PARSED = 2048
"""Texts kept read (a whole 12-player game's log is under 200); the least recently read go
first, so choices a guest sends to be refused cannot make the cache grow without end."""
MAX_PLACES = 8192
"""Placements kept interned: every tile and turn on every cell of the largest board is 7,774,
a 12-player game makes about 1,400."""


def parse_action(text: str) -> Action:
    """Inverse of `str(action)`; raises IllegalActionError on unreadable text. Memoised (errors
    are raised, never kept): saves and the page parse the same few texts over and over."""
    return _parse_kept(text)


def _parse(text: str) -> Action:
    text = text.strip()
    if text == "pass":
        return PASS
    if text == "end":
        return END
    if text.startswith("draw ") and text[5:] in TILE_BY_CODE:
        return Draw(text[5:])
    code, at, where = text.partition("@")
    if at and code in TILE_BY_CODE:
        spot, slash, turn = where.partition("/")
        bridge = TILE_BY_CODE[code].kind == BRIDGE_KIND
        try:
            q, r = (int(x) for x in spot.split(","))
            rot = int(turn) if slash else 0
        except ValueError:
            pass
        else:
            if bridge == bool(slash) and 0 <= rot < 6 and str(Place(code, q, r, rot)) == text:
                return place(code, q, r, rot)
    raise IllegalActionError(f"{text!r} is not a HEX PLEASE! action")


_parse_kept = lru_cache(maxsize=MAX_PARSED)(_parse)


@lru_cache(maxsize=MAX_PLACES)
def place(code: str, q: int, r: int, rot: int) -> Place:
    """Placements are interned: legal-move lists at 12 players hold hundreds of them."""
    found = Place(code, q, r, rot)
    object.__setattr__(found, "text", str(found))
    return found


def tile_text(code: str, rot: int) -> str:
    """A placed tile in a view: its code, and "/rot" for a Bridge."""
    return f"{code}/{rot}" if TILE_BY_CODE[code].kind == BRIDGE_KIND else code

