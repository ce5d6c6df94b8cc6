"""Horrible Hex's actions and their notation.

Every action is a small frozen value whose `str()` is its notation, read back by
`parse_action`: `slide 1,2 SW`, `pass`, `place 0,3 r4`, `keep 1,0`, `trade goal` for the
players; `deal G05 r2`, `draw R11`, `goal P07` for chance. Logs, saves and the page's
`data-action` attributes all carry these texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine import IllegalActionError
from ..hexgrid import DIRECTION_SHORT, Hex
from .components import GOAL_IDS, GOALS_BY_ID, ICON_BY_NAME, ICON_NAMES, TILE_IDS, TILES_BY_ID


@dataclass(frozen=True, slots=True)
class Move:
    """Move the tile at `cell` by its `icon` on the edge facing `direction`."""
    icon: str          # SLIDE, JUMP, PUSH or SWAP
    cell: Hex
    direction: int

    def __str__(self) -> str:
        return f"{ICON_NAMES[self.icon]} {self.cell} {DIRECTION_SHORT[self.direction]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Skip the optional move and go straight to placing a tile."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Place:
    """Place the drawn tile on an empty cell touching the group, turned `rot` sixths clockwise."""
    cell: Hex
    rot: int

    def __str__(self) -> str:
        return f"place {self.cell} r{self.rot}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Hex Destiny: keep the cluster whose smallest cell is `cell`; the others leave."""
    cell: Hex

    def __str__(self) -> str:
        return f"keep {self.cell}"


@dataclass(frozen=True, slots=True)
class Trade:
    """Three players: after someone else's completion, trade (True) or keep (False) your goal."""
    trade: bool

    def __str__(self) -> str:
        return "trade goal" if self.trade else "keep goal"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: a start tile, dealt face up to the next cell of the triangle."""
    tile: str
    rot: int

    def __str__(self) -> str:
        return f"deal {self.tile} r{self.rot}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the tile the player to act will place."""
    tile: str

    def __str__(self) -> str:
        return f"draw {self.tile}"


@dataclass(frozen=True, slots=True)
class DrawGoal:
    """Chance: a goal card from the deck."""
    goal: str

    def __str__(self) -> str:
        return f"goal {self.goal}"


Action = Move | Pass | Place | Keep | Trade | Deal | Draw | DrawGoal

# Chance outcomes are made once: equal frozen values, and `in` finds them by identity.
DEALS = {(t, r): Deal(t, r) for t in TILE_IDS for r in range(6)}
DRAWS = {t: Draw(t) for t in TILE_IDS}
GOAL_DRAWS = {g: DrawGoal(g) for g in GOAL_IDS}

_DIR_BY_SHORT = {s: i for i, s in enumerate(DIRECTION_SHORT)}
MAX_PARSED = 2048
"""Texts kept read (a whole game's log is about 120); the least recently read go first, so
choices a guest sends to be refused cannot fill memory."""


def parse_action(text: str) -> Action:
    """Read an action's notation (memoised: logs and the page parse the same few texts;
    errors are raised, never kept)."""
    return _parse_kept(text)


def _parse(text: str) -> Action:
    try:
        match text.split():
            case ["pass"]:
                return Pass()
            case ["trade" | "keep" as verb, "goal"]:
                return Trade(verb == "trade")
            case [icon, cell, short] if icon in ICON_BY_NAME and short in _DIR_BY_SHORT:
                return Move(ICON_BY_NAME[icon], Hex.parse(cell), _DIR_BY_SHORT[short])
            case ["place", cell, rot]:
                return Place(Hex.parse(cell), _rot(rot))
            case ["keep", cell]:
                return Keep(Hex.parse(cell))
            case ["deal", tile, rot] if tile in TILES_BY_ID:
                return Deal(tile, _rot(rot))
            case ["draw", tile] if tile in TILES_BY_ID:
                return Draw(tile)
            case ["goal", goal] if goal in GOALS_BY_ID:
                return DrawGoal(goal)
    except ValueError:
        pass
    raise IllegalActionError(f"{text!r} is not a Horrible Hex action")


_parse_kept = lru_cache(maxsize=MAX_PARSED)(_parse)


def _rot(text: str) -> int:
    if len(text) != 2 or text[0] != "r" or text[1] not in "012345":
        raise ValueError(text)
    return int(text[1])
