"""How Horrible Hex's log names tiles and moves: by colour, symbol and direction, as a
player would ('slides a red tile with a gray circle north-west'), never by a cell's
coordinates or a tile's number."""

from __future__ import annotations

from ..hexgrid import DIRECTION_NAMES, Hex, distance
from ..words import count
from .board import Board, Shift
from .components import ICON_NAMES, JUMP, KIND_NAMES, PUSH, SLIDE, SYMBOL_NAMES, TILES_BY_ID, WILD
from .notation import Move


def tile_name(tile_id: str | None) -> str:
    """A tile as a player names it: 'a red tile with a gray circle' (None: a face-down tile)."""
    if tile_id is None:
        return "a face-down tile"
    kind = TILES_BY_ID[tile_id].kind
    if kind == WILD:
        return "a wild tile with a star and a circle"
    return f"a {KIND_NAMES[kind]} tile with a {SYMBOL_NAMES[kind]}"


def icon_words(tile_id: str, rot: int) -> str:
    """What a placed tile can do: 'it can slide east and push west'."""
    tile = TILES_BY_ID[tile_id]
    moves = [f"{ICON_NAMES[icon]} {DIRECTION_NAMES[d]}" for d in range(6) if (icon := tile.icon(d, rot))]
    if not moves:
        return "it has no icons and never moves by itself"
    return "it can " + (moves[0] if len(moves) == 1 else ", ".join(moves[:-1]) + " and " + moves[-1])


def move_words(board: Board, hidden: Hex | None, move: Move, shift: Shift) -> str:
    """'slides a red tile with a gray circle north-west', 'jumps ... east over 2 tiles'
    (`shift` is where the move sends the tiles)."""
    cell, where = move.cell, DIRECTION_NAMES[move.direction]
    tile = tile_name(board[cell][0])
    if move.icon == SLIDE:
        return f"slides {tile} {where}"
    if move.icon == JUMP:
        over = distance(cell, shift[0][1]) - 1
        return f"jumps {tile} {where} over {count(over, 'tile')}"
    if move.icon == PUSH:
        pushed = len(shift) - 1
        if not pushed:
            return f"pushes {tile} one step {where}, with nothing in its way"
        return f"pushes {tile} {where}, moving {count(pushed, 'tile')} along with it"
    other = cell.neighbor(move.direction)
    shown = None if other == hidden else board[other][0]
    return f"swaps {tile} with its {where} neighbour, {tile_name(shown)}"
