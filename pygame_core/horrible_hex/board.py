"""The geometry of Horrible Hex: how tiles move and where goal patterns show.

Pure functions of a board (a dict from cell to tile and turn): where a move sends the
tiles, whether the group stays in one piece, every legal move, and where a goal card's
pattern shows. The rules, the bots' searches and the tests share them.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from ..hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, is_connected
from .components import GOAL_IDS, GOALS_BY_ID, ICON_NAMES, JUMP, KIND_OF, ORIENTED, PUSH, SLIDE, SWAP, WILD
from .notation import Move

Board = dict[Hex, tuple[str, int]]   # cell -> (tile id, orientation 0-5)
Shift = list[tuple[Hex, Hex]]        # (from, to) for every tile a move displaces


def _one_arc(cells: set[Hex], q: int, r: int) -> bool:
    """Whether the occupied neighbours of (q, r) form one unbroken run round it.

    If they do, taking the tile at (q, r) away cannot split the group: its neighbours
    stay linked to each other round the ring.
    """
    ring = [(q + dq, r + dr) in cells for dq, dr in DIRECTIONS]
    runs = sum(1 for i in range(6) if ring[i] and not ring[i - 1])
    return runs <= 1


def shift_for(board: Board, cell: Hex, direction: int, icon: str) -> Shift | None:
    """Where the tiles go if the tile at `cell` uses `icon` toward `direction`.

    None when the icon cannot be used there at all (a slide into a tile, a jump or swap
    with nothing on that edge). The group's connectivity is checked separately.
    """
    dq, dr = DIRECTIONS[direction]
    ahead = Hex(cell.q + dq, cell.r + dr)
    if icon == SLIDE:
        return None if ahead in board else [(cell, ahead)]
    if icon == JUMP:
        if ahead not in board:
            return None
        land = ahead
        while land in board:
            land = Hex(land.q + dq, land.r + dr)
        return [(cell, land)]
    if icon == PUSH:
        line = [cell]
        here = ahead
        while here in board:
            line.append(here)
            here = Hex(here.q + dq, here.r + dr)
        return [(c, Hex(c.q + dq, c.r + dr)) for c in line]
    if icon == SWAP:
        return [(cell, ahead), (ahead, cell)] if ahead in board else None
    raise ValueError(f"unknown icon {icon!r}")


def keeps_one_group(board: Board, shift: Shift) -> bool:
    """Whether the tiles still form one group after `shift`.

    A swap leaves the occupied cells as they were. A slide, a jump and a push all
    empty one cell (the moving tile's) and fill one (where it, or the last tile of the
    pushed line, lands), so one test serves all three.
    """
    if len(shift) == 2 and shift[0][0] == shift[1][1] and shift[0][1] == shift[1][0]:
        return True
    src, dst = shift[0][0], shift[-1][1]
    cells = set(board)
    cells.discard(src)
    cells.add(dst)
    q, r = dst
    if not any((q + dq, r + dr) in cells for dq, dr in DIRECTIONS):
        return False
    if _one_arc(cells, src[0], src[1]):
        return True
    return is_connected(cells)


def shifted(board: Board, shift: Shift) -> Board:
    """A new board with the tiles moved as `shift` says (all at once, so a swap works)."""
    after = dict(board)
    moving = [(dst, board[src]) for src, dst in shift]
    for src, _ in shift:
        del after[src]
    for dst, tile in moving:
        after[dst] = tile
    return after


def icon_uses(board: Board, hidden: Hex | None,
              cells: Iterable[Hex]) -> Iterator[tuple[Hex, int, str, Shift]]:
    """(cell, direction, icon, shift) for every icon of the tiles at `cells` that can be used.

    In the order of `cells`, then by direction. A face-down tile (`hidden`) never moves by
    itself: its icons are unknown. Whether the group stays whole is left to the caller
    (`keeps_one_group`): the rules check every use, the bots' one-move search only the
    uses that would complete a goal.
    """
    for cell in cells:
        if cell == hidden:
            continue
        tile_id, rot = board[cell]
        icons = ORIENTED[tile_id][rot]
        for d in range(6):
            icon = icons[d]
            if icon is None:
                continue
            shift = shift_for(board, cell, d, icon)
            if shift is not None:
                yield cell, d, icon, shift


def move_options(board: Board, hidden: Hex | None) -> list[tuple[Move, Shift]]:
    """Every legal move on a board, in a fixed order (cells sorted, then directions)."""
    return [(Move(icon, cell, d), shift) for cell, d, icon, shift in icon_uses(board, hidden, sorted(board))
            if keeps_one_group(board, shift)]


def kinds_of(board: Board, hidden: Hex | None) -> dict[Hex, str]:
    """cell -> kind of every face-up tile (what pattern matching looks at)."""
    kinds = {c: KIND_OF[t] for c, (t, _) in board.items()}
    if hidden is not None:
        kinds.pop(hidden, None)
    return kinds


def find_goal(kinds: dict[Hex, str], goal_id: str,
              through: Iterable[Hex] | None = None) -> list[Hex] | None:
    """The cells where `goal_id` shows (first in reading order), or None.

    `kinds` maps face-up tiles to their kind (see `kinds_of`). With `through`, only
    matches that use at least one of those cells count (the moved tiles); other tiles
    around a match never matter. Wild tiles fit either kind.
    """
    best: list[tuple[int, int]] | None = None
    for variant in _OFFSETS[goal_id]:
        if through is None:
            dq0, dr0, _ = variant[0]
            starts = {(c[0] - dq0, c[1] - dr0) for c in kinds}
        else:
            starts = {(m[0] - dq, m[1] - dr) for m in through for dq, dr, _ in variant}
        for bq, br in starts:
            for dq, dr, want in variant:
                kind = kinds.get((bq + dq, br + dr))  # type: ignore[call-overload]
                if kind is None or (kind != want and kind != WILD):
                    break
            else:
                cells = sorted((br + dr, bq + dq) for dq, dr, _ in variant)
                if best is None or cells < best:
                    best = cells
    return sorted(Hex(q, r) for r, q in best) if best else None


_OFFSETS = {g: tuple(tuple((h.q, h.r, k) for h, k in v) for v in GOALS_BY_ID[g].variants) for g in GOAL_IDS}


def why_move_fails(board: Board, hidden: Hex | None, move: Move) -> str:
    """Why `move` is not legal on `board`, in words (the move is known not to be legal)."""
    placed = board.get(move.cell)
    if placed is None:
        return f"there is no tile at {move.cell}"
    if move.cell == hidden:
        return "a face-down tile cannot move by its own icons"
    have = ORIENTED[placed[0]][placed[1]][move.direction]
    where = DIRECTION_NAMES[move.direction]
    if have != move.icon:
        if have is None:
            return f"the tile at {move.cell} has no icon on its {where} edge"
        return (f"the tile at {move.cell} has a {ICON_NAMES[have]} icon on its {where} edge, "
                f"not {ICON_NAMES[move.icon]}")
    if shift_for(board, move.cell, move.direction, move.icon) is None:
        if move.icon == SLIDE:
            return f"a slide needs an empty cell to the {where}"
        if move.icon == JUMP:
            return f"a jump needs a tile to jump over to the {where}"
        return f"a swap needs a tile to the {where}"
    return "the move would split the tiles into more than one group"
