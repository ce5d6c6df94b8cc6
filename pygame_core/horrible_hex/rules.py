"""Horrible Hex: an abstract tile-moving game for 1-3 players on an unbounded hex plane.

Perfect information with chance, except in the Covert Hex variant (a freshly placed
tile is face down to the other players until the next player has moved). Each turn a
player may move one tile by one of the icons on its edges (slide, jump, push, swap),
then every goal card whose four-tile pattern now shows, using a tile that moved, is
scored by its owner; then the player draws a tile and places it touching the group.

Chance nodes: dealing a start tile (any tile left, any of six orientations, equally
likely), drawing the tile to place (any tile left) and drawing a goal card (any card
left). The draw pile is a set, never an order, so no view can leak what comes next.

A turn is a short queue of steps (`State.queue`): after a move the rules push the
goal draws, the three-player goal trades, the board reset or cluster choice, the
reveal of a covert tile, the draw and the placement. Automatic steps are run by
`_advance`; the head of the queue then says who acts (a seat or chance), and an empty
queue means the next turn's move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Iterator, Sequence

from ..engine import CHANCE, Event, Game, IllegalActionError, Option, State
from ..hexgrid import (
    DIRECTION_NAMES, DIRECTION_SHORT, DIRECTIONS, Hex, components, distance, frontier, is_connected,
)
from .components import (
    DEFAULT_TARGET, GOAL_IDS, GOAL_NAMES, GOALS_BY_ID, ICON_BY_NAME, ICON_NAMES, JUMP, KIND_NAMES,
    PLAYER_GOALS, KIND_OF, ORIENTED, PUSH, SLIDE, SWAP, SYMBOL_NAMES, TILE_IDS, TILES_BY_ID, TRIANGLE, WILD,
)

GAME_ID = "horrible-hex"
STALL_LIMIT = 2
"""With the "end a stuck game" option (2-3 players), the game ends when the tile pile runs
out this many times with no goal completed in between. The rulebook has no such end: by
default the tiles are reshuffled every time, as often as it takes."""

Board = dict[Hex, tuple[str, int]]   # cell -> (tile id, orientation 0-5)
Shift = list[tuple[Hex, Hex]]        # (from, to) for every tile a move displaces


# -- actions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """Move the tile at `cell` by its `icon` on the edge facing `direction`."""
    icon: str          # SLIDE, JUMP, PUSH or SWAP
    cell: Hex
    direction: int

    def __str__(self) -> str:
        return f"{ICON_NAMES[self.icon]} {self.cell} {DIRECTION_SHORT[self.direction]}"


@dataclass(frozen=True)
class Pass:
    """Skip the optional move and go straight to placing a tile."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Place:
    """Place the drawn tile on an empty cell touching the group, turned `rot` sixths clockwise."""
    cell: Hex
    rot: int

    def __str__(self) -> str:
        return f"place {self.cell} r{self.rot}"


@dataclass(frozen=True)
class Keep:
    """Hex Destiny: keep the cluster whose smallest cell is `cell`; the others leave."""
    cell: Hex

    def __str__(self) -> str:
        return f"keep {self.cell}"


@dataclass(frozen=True)
class Trade:
    """Three players: after someone else's completion, trade (True) or keep (False) your goal."""
    trade: bool

    def __str__(self) -> str:
        return "trade goal" if self.trade else "keep goal"


@dataclass(frozen=True)
class Deal:
    """Chance: a start tile, dealt face up to the next cell of the triangle."""
    tile: str
    rot: int

    def __str__(self) -> str:
        return f"deal {self.tile} r{self.rot}"


@dataclass(frozen=True)
class Draw:
    """Chance: the tile the player to act will place."""
    tile: str

    def __str__(self) -> str:
        return f"draw {self.tile}"


@dataclass(frozen=True)
class DrawGoal:
    """Chance: a goal card from the deck."""
    goal: str

    def __str__(self) -> str:
        return f"goal {self.goal}"


# Chance outcomes are made once: equal frozen values, and `in` finds them by identity.
_DEAL = {(t, r): Deal(t, r) for t in TILE_IDS for r in range(6)}
_DRAW = {t: Draw(t) for t in TILE_IDS}
_DRAW_GOAL = {g: DrawGoal(g) for g in GOAL_IDS}

_DIR_BY_SHORT = {s: i for i, s in enumerate(DIRECTION_SHORT)}


def _rot(text: str) -> int:
    if len(text) != 2 or text[0] != "r" or text[1] not in "012345":
        raise ValueError(text)
    return int(text[1])


_PARSED: dict[str, Any] = {}


def parse_action(text: str) -> Any:
    """Read an action's notation (memoised: logs and the page parse the same few texts)."""
    action = _PARSED.get(text)
    if action is None:
        action = _parse(text)
        if len(_PARSED) < 20_000:
            _PARSED[text] = action
    return action


def _parse(text: str) -> Any:
    words = text.strip().split()
    try:
        if words == ["pass"]:
            return Pass()
        if len(words) == 2 and words[1] == "goal" and words[0] in ("trade", "keep"):
            return Trade(words[0] == "trade")
        if len(words) == 3 and words[0] in ICON_BY_NAME and words[2] in _DIR_BY_SHORT:
            return Move(ICON_BY_NAME[words[0]], Hex.parse(words[1]), _DIR_BY_SHORT[words[2]])
        if len(words) == 3 and words[0] == "place":
            return Place(Hex.parse(words[1]), _rot(words[2]))
        if len(words) == 2 and words[0] == "keep":
            return Keep(Hex.parse(words[1]))
        if len(words) == 3 and words[0] == "deal" and words[1] in TILES_BY_ID:
            return Deal(words[1], _rot(words[2]))
        if len(words) == 2 and words[0] == "draw" and words[1] in TILES_BY_ID:
            return Draw(words[1])
        if len(words) == 2 and words[0] == "goal" and words[1] in GOALS_BY_ID:
            return DrawGoal(words[1])
    except ValueError:
        pass
    raise IllegalActionError(f"{text!r} is not a Horrible Hex action")


# -- geometry of moves and patterns (pure functions of a board) ------------------------------
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


def tile_words(tile_id: str, rot: int | None = None) -> str:
    """A tile in words, for labels: 'gray tile, red star, slide east, push west'."""
    tile = TILES_BY_ID[tile_id]
    parts = [f"{KIND_NAMES[tile.kind]} tile", SYMBOL_NAMES[tile.kind]]
    for d in range(6):
        icon = tile.icon(d, rot or 0)
        if icon:
            parts.append(f"{ICON_NAMES[icon]} {DIRECTION_NAMES[d]}")
    if tile.icon_count == 0:
        parts.append("no moves")
    return ", ".join(parts)


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


def how_many(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


# -- state ---------------------------------------------------------------------------------
CHANCE_STEPS = ("goal", "deal", "draw")


class HorribleHexState(State):
    def __init__(self, players: int, target: int = DEFAULT_TARGET, destiny: bool = False,
                 covert: bool = False, holdem: bool = False, end_stuck: bool = False) -> None:
        self.players = players
        self.solo = players == 1
        # Variants are for two or three players; solo plays the plain rules.
        self.target = target
        self.destiny = destiny and not self.solo
        self.covert = covert and not self.solo
        self.holdem = holdem and not self.solo
        # Kept as given even solo (which never gets stuck): old saves then keep their JSON.
        self.end_stuck = end_stuck
        self.board: Board = {}
        self.pile: list[str] = sorted(TILE_IDS)     # a set, kept sorted: no order to leak
        self.drawn: str | None = None
        self.hidden: Hex | None = None              # the face-down tile (Covert Hex)
        self.hidden_owner: int | None = None
        self.deck: list[str] = sorted(GOAL_IDS)
        self.hands: list[list[str]] = [[] for _ in range(players)]   # solo: the row, left to right
        self.common: str | None = None
        self.done: list[list[str]] = [[] for _ in range(players)]
        self.discards: list[str] = []
        self.turn = 0
        self.turns = 1
        self.moved: list[Hex] = []          # where tiles moved this turn now stand
        self.scored_now = False             # a goal was completed this turn (solo row)
        self.dry = 0                        # pile refills since the last completion
        self.finished = False
        self.end_reason = ""
        self.flash: dict[str, Any] | None = None   # the last completion, as the board stood
        self.last = ""                      # the last move, in notation
        self.queue: list[list[Any]] = []
        for _ in range(PLAYER_GOALS[players]):
            for seat in range(players):
                self.queue.append(["goal", "row" if self.solo else seat])
        if self.holdem:
            self.queue.append(["goal", "common"])
        self.queue += [["deal"], ["deal"], ["deal"]]
        self._legal: list[Any] | None = None
        self._legal_text: list[str] | None = None
        self._options: list[tuple[Move, Shift]] | None = None

    # -- who acts -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        if not self.queue:
            return self.turn
        step = self.queue[0]
        if step[0] in CHANCE_STEPS:
            return CHANCE
        if step[0] == "swap":
            return int(step[1])
        return self.turn

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if not self.queue:
            return "move"
        step = self.queue[0][0]
        return "chance" if step in CHANCE_STEPS else step

    @property
    def scores(self) -> list[float]:
        return [float(len(d)) for d in self.done]

    # -- legal actions ----------------------------------------------------------------------
    def move_options(self) -> list[tuple[Move, Shift]]:
        if self._options is None:
            self._options = move_options(self.board, self.hidden)
        return self._options

    def _legal_actions(self) -> list[Any]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def legal_notation(self) -> list[str]:
        """The notation of the legal actions (kept with the list: views ask for it often)."""
        if self._legal_text is None or self._legal is None:
            self._legal_text = [str(a) for a in self.legal_actions()]
        return list(self._legal_text)

    def _compute_legal(self) -> list[Any]:
        phase = self.phase
        if phase == "move":
            return [Pass(), *(m for m, _ in self.move_options())]
        if phase == "place":
            return [Place(c, r) for c in frontier(self.board) for r in range(6)]
        if phase == "keep":
            return [Keep(group[0]) for group in components(self.board)]
        if phase == "swap":
            return [Trade(False), Trade(True)]
        return []

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self._legal is None:
            self._legal = self._compute_chance()
        return list(self._legal)

    def _compute_chance(self) -> list[Any]:
        kind = self.queue[0][0]
        if kind == "goal":
            p = 1.0 / len(self.deck)
            return [(_DRAW_GOAL[g], p) for g in self.deck]
        if kind == "deal":
            p = 1.0 / (6 * len(self.pile))
            return [(_DEAL[t, r], p) for t in self.pile for r in range(6)]
        p = 1.0 / len(self.pile)
        return [(_DRAW[t], p) for t in self.pile]

    def why_illegal(self, action: Any) -> str:
        phase = self.phase
        if phase == "chance":
            return "chance acts here, not a player"
        wanted = {"move": "move a tile or pass", "place": "place the drawn tile",
                  "keep": "choose which cluster stays", "swap": "trade or keep your goal"}[phase]
        if isinstance(action, Move):
            if phase != "move":
                return f"tiles move only at the start of a turn; now {wanted}"
            placed = self.board.get(action.cell)
            if placed is None:
                return f"there is no tile at {action.cell}"
            if action.cell == self.hidden:
                return "a face-down tile cannot move by its own icons"
            tile = TILES_BY_ID[placed[0]]
            have = tile.icon(action.direction, placed[1])
            where = DIRECTION_NAMES[action.direction]
            if have != action.icon:
                if have is None:
                    return f"the tile at {action.cell} has no icon on its {where} edge"
                return f"the tile at {action.cell} has a {ICON_NAMES[have]} icon on its {where} edge, not {ICON_NAMES[action.icon]}"
            shift = shift_for(self.board, action.cell, action.direction, action.icon)
            if shift is None:
                if action.icon == SLIDE:
                    return f"a slide needs an empty cell to the {where}"
                if action.icon == JUMP:
                    return f"a jump needs a tile to jump over to the {where}"
                return f"a swap needs a tile to the {where}"
            return "the move would split the tiles into more than one group"
        if isinstance(action, Place):
            if phase != "place":
                return f"a tile is placed only after the move; now {wanted}"
            if action.rot not in range(6):
                return "a tile's turn is a number from 0 to 5"
            if action.cell in self.board:
                return f"{action.cell} is already taken"
            return f"{action.cell} does not touch the group"
        if isinstance(action, Pass):
            return f"passing is only for the move; now {wanted}"
        if isinstance(action, Keep):
            if phase != "keep":
                return f"there is no cluster to choose; now {wanted}"
            return f"{action.cell} is not the first cell of a cluster"
        if isinstance(action, Trade):
            return f"no goal trade is on offer; now {wanted}"
        return f"chance actions are not for players; now {wanted}"

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        options = self._options if isinstance(action, Move) else None
        self._legal = self._legal_text = None
        self._options = None
        if isinstance(action, DrawGoal):
            self._take_goal(action.goal)
        elif isinstance(action, Deal):
            self.queue.pop(0)
            self.pile.remove(action.tile)
            self.board[TRIANGLE[len(self.board)]] = (action.tile, action.rot)
        elif isinstance(action, Draw):
            self.queue.pop(0)
            self.pile.remove(action.tile)
            self.drawn = action.tile
        elif isinstance(action, Place):
            self.queue.pop(0)
            assert self.drawn is not None
            self.board[action.cell] = (self.drawn, action.rot)
            self.drawn = None
            if self.covert:
                self.hidden, self.hidden_owner = action.cell, self.turn
        elif isinstance(action, (Move, Pass)):
            shift: Shift = []
            if isinstance(action, Move):
                shift = next(s for m, s in (options or move_options(self.board, self.hidden)) if m == action)
            self.last = str(action)
            self._move(shift)
        elif isinstance(action, Keep):
            self.queue.pop(0)
            for group in components(self.board):
                if group[0] != action.cell:
                    self._discard_tiles(group)
        elif isinstance(action, Trade):
            step = self.queue.pop(0)
            seat = int(step[1])
            if action.trade:
                self.discards += self.hands[seat]
                self.hands[seat] = []
                self.queue.insert(0, ["goal", seat])
        self._advance()

    def _take_goal(self, goal: str) -> None:
        target = self.queue.pop(0)[1]
        self.deck.remove(goal)
        if target == "common":
            self.common = goal
        elif target == "row":
            self.hands[0].insert(0, goal)
        else:
            self.hands[int(target)].append(goal)

    def completions(self, board: Board, hidden: Hex | None, moved: Sequence[Hex]) -> list[tuple[Any, str, list[Hex]]]:
        """(owner, goal, cells) for every goal that shows through a moved tile.

        Owners are seats, or "common" for the Hexas Hold 'Em card (only the mover may
        score it). Seats are checked from the mover round the table.
        """
        found: list[tuple[Any, str, list[Hex]]] = []
        if not moved:
            return found
        kinds = kinds_of(board, hidden)
        for i in range(self.players):
            seat = (self.turn + i) % self.players
            for goal in self.hands[seat]:
                cells = find_goal(kinds, goal, moved)
                if cells:
                    found.append((seat, goal, cells))
        if self.common:
            cells = find_goal(kinds, self.common, moved)
            if cells:
                found.append(("common", self.common, cells))
        return found

    def _move(self, shift: Shift) -> None:
        if shift:
            self.board = shifted(self.board, shift)
            if self.hidden is not None:
                self.hidden = next((dst for src, dst in shift if src == self.hidden), self.hidden)
        self.moved = [dst for _, dst in shift]
        steps: list[list[Any]] = []
        found = self.completions(self.board, self.hidden, self.moved)
        if found:
            self._score(found, steps)
            if self.finished:
                return
        if self.covert and self.hidden is not None:
            steps.append(["reveal"])
        steps += [["draw"], ["place"]]
        if self.solo:
            steps.append(["cycle"])
        steps.append(["end"])
        self.queue = steps

    def _score(self, found: list[tuple[Any, str, list[Hex]]], steps: list[list[Any]]) -> None:
        self.scored_now = True
        self.dry = 0
        used: set[Hex] = set()
        scorers = set()
        self.flash = {
            "board": [[c.q, c.r, t, r] for c, (t, r) in sorted(self.board.items())],
            "hidden": [self.hidden.q, self.hidden.r] if self.hidden is not None else None,
            "hidden_owner": self.hidden_owner,
            "goals": [],
            "turn": self.turns,
            "mover": self.turn,
        }
        self.moved = []
        target = 0 if self.solo else self.target
        for owner, goal, cells in found:
            used.update(cells)
            self.flash["goals"].append({"owner": owner, "goal": goal, "cells": [[c.q, c.r] for c in cells]})
            if owner == "common":
                self.done[self.turn].append(goal)
                self.common = None
                steps.append(["goal", "common"])
                scorers.add(self.turn)
                self.emit(Event("common goal", seat=self.turn, other=self.turn, subject=f"{goal} {target}",
                                amount=len(self.done[self.turn])))
            else:
                self.done[owner].append(goal)
                self.hands[owner].remove(goal)
                steps.append(["goal", "row" if self.solo else owner])
                scorers.add(owner)
                self.emit(Event("goal", seat=owner, other=self.turn, subject=f"{goal} {target}",
                                amount=len(self.done[owner])))
        if not self.solo:
            best = max(len(d) for d in self.done)
            leaders = [s for s in range(self.players) if len(self.done[s]) == best]
            if best >= self.target and len(leaders) == 1:
                self._finish(f"first to {self.target} goal{'s' if self.target > 1 else ''}")
                return
            if best >= self.target and any(len(self.done[s]) == best for s in scorers):
                self.emit(Event("tied at the target", amount=best))
        if self.players == 3:
            for i in range(1, self.players + 1):
                seat = (self.turn + i) % self.players
                if seat not in scorers:
                    steps.append(["swap", seat])
        unseen = "unseen" if self.hidden is not None else ""
        if self.destiny:
            unseen = unseen if self.hidden in used else ""
            self._discard_tiles(sorted(used))
            if not self.board:
                steps += [["deal"], ["deal"], ["deal"]]
            elif not is_connected(self.board):
                steps.append(["keep"])
            after = "empty" if not self.board else "split" if steps[-1] == ["keep"] else "whole"
            self.emit(Event("pattern off", seat=self.turn, amount=len(used), subject=f"{after} {unseen}".strip()))
        else:
            self._discard_tiles(sorted(self.board))
            steps += [["deal"], ["deal"], ["deal"]]
            self.emit(Event("reset", subject=unseen))

    def _discard_tiles(self, cells: Iterable[Hex]) -> None:
        for cell in cells:
            tile, _ = self.board.pop(cell)
            self.pile.append(tile)
            if cell == self.hidden:
                self.hidden = self.hidden_owner = None
        self.pile.sort()

    def _finish(self, reason: str) -> None:
        self.finished = True
        self.end_reason = reason
        self.queue = []
        self.emit(Event("over", subject=reason))

    def _advance(self) -> None:
        """Run automatic steps until a seat or chance must act."""
        while self.queue and not self.finished:
            step = self.queue[0]
            kind = step[0]
            if kind == "goal":
                if self.deck:
                    return
                self.queue.pop(0)  # the goal deck is spent: no replacement
            elif kind == "swap":
                seat = int(step[1])
                if self.deck and self.hands[seat]:
                    return
                self.queue.pop(0)
            elif kind == "draw":
                if self.pile:
                    return
                self.dry += 1
                if self.end_stuck and not self.solo and self.dry >= STALL_LIMIT:
                    self._finish("the tile pile ran out twice with no goal completed")
                    return
                warn = "warn" if self.end_stuck and not self.solo else ""
                self.emit(Event("reshuffle", amount=self.dry, subject=warn))
                self._discard_tiles(sorted(self.board))
                self.moved = []
                self.queue[0:0] = [["deal"], ["deal"], ["deal"]]
            elif kind == "reveal":
                self.queue.pop(0)
                if self.hidden is not None:
                    self.emit(Event("revealed", seat=self.hidden_owner, subject=self.board[self.hidden][0]))
                self.hidden = self.hidden_owner = None
            elif kind == "cycle":
                self.queue.pop(0)
                if not self.scored_now and self.turns > 1 and self.hands[0]:
                    self.discards.append(self.hands[0].pop())
                    self.emit(Event("row discard", seat=0, subject=self.discards[-1]))
                    self.queue.insert(0, ["goal", "row"])
            elif kind == "end":
                self.queue.pop(0)
                self._end_turn()
            else:
                return  # deal (chance), place, keep: someone acts

    def _end_turn(self) -> None:
        if self.solo:
            if not self.deck and not self.hands[0]:
                self._finish("the goal deck and the row are spent")
                return
        elif not self.common and not any(self.hands):
            self._finish("no goal cards are left to score")
            return
        self.turn = (self.turn + 1) % self.players
        self.turns += 1
        self.scored_now = False

    # -- text ------------------------------------------------------------------------------
    def visible_tile(self, seat: int | None) -> bool:
        """Whether `seat` may see the drawn tile."""
        return not self.covert or seat == self.turn

    def describe(self, action: Any, names: Sequence[str]) -> str:
        """The action in words: tiles by colour and symbol, goals by their pattern, where
        by the tiles around; never a cell's coordinates or a card's number. What the action
        causes (goals completed, the board reset, a reshuffle) comes as events."""
        who = names[self.turn] if self.turn < len(names) else f"Player {self.turn + 1}"
        if isinstance(action, DrawGoal):
            target = self.queue[0][1]
            goal = GOAL_NAMES[action.goal]
            if target == "common":
                return f"A new common goal is turned up: {goal}"
            if target == "row":
                return f"A new goal joins the row on the left: {goal}"
            return f"{names[int(target)]} draws a new goal: {goal}"
        if isinstance(action, Deal):
            which = ("The first", "The second", "The third")[min(len(self.board), 2)]
            return (f"{which} tile of the triangle is dealt: {tile_name(action.tile)}; "
                    f"{icon_words(action.tile, action.rot)}")
        if isinstance(action, Draw):
            if self.covert:
                return f"{who} draws a tile and keeps it hidden"
            return f"{who} draws {tile_name(action.tile)} to place"
        if isinstance(action, Place):
            around = sum(1 for n in action.cell.neighbors() if n in self.board)
            where = f"next to {how_many(around, 'tile')}"
            if self.covert:
                return f"{who} places a tile face down {where}"
            drawn = self.drawn or ""
            return f"{who} places {tile_name(drawn)} {where}; {icon_words(drawn, action.rot)}"
        if isinstance(action, Keep):
            groups = components(self.board)
            size = next(len(g) for g in groups if g[0] == action.cell)
            gone = sorted(len(g) for g in groups if g[0] != action.cell)
            left = " and ".join(how_many(n, "tile") for n in gone)
            return f"{who} keeps the group of {how_many(size, 'tile')}; the other ({left}) leaves the board"
        if isinstance(action, Trade):
            seat = int(self.queue[0][1])
            goal = GOAL_NAMES[self.hands[seat][0]] if self.hands[seat] else "their goal"
            if action.trade:
                return f"{names[seat]} trades away their goal ({goal}) for a new one"
            return f"{names[seat]} keeps their goal ({goal})"
        if isinstance(action, Pass):
            return f"{who} does not move"
        return f"{who} {self.move_words(action)}"

    def move_words(self, move: Move) -> str:
        """'slides a red tile with a gray circle north-west', 'jumps ... east over 2 tiles'."""
        cell, where = move.cell, DIRECTION_NAMES[move.direction]
        tile = tile_name(self.board[cell][0])
        shift = next((s for m, s in self.move_options() if m == move), None) or []
        if move.icon == SLIDE:
            return f"slides {tile} {where}"
        if move.icon == JUMP:
            over = distance(cell, shift[0][1]) - 1
            return f"jumps {tile} {where} over {how_many(over, 'tile')}"
        if move.icon == PUSH:
            pushed = len(shift) - 1
            if not pushed:
                return f"pushes {tile} one step {where}, with nothing in its way"
            return f"pushes {tile} {where}, moving {how_many(pushed, 'tile')} along with it"
        other = cell.neighbor(move.direction)
        shown = None if other == self.hidden else self.board[other][0]
        return f"swaps {tile} with its {where} neighbour, {tile_name(shown)}"

    # -- saving and views -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players, "target": self.target, "destiny": self.destiny,
            "covert": self.covert, "holdem": self.holdem,
            "board": [[c.q, c.r, t, r] for c, (t, r) in sorted(self.board.items())],
            "pile": list(self.pile), "drawn": self.drawn,
            "hidden": [self.hidden.q, self.hidden.r] if self.hidden is not None else None,
            "hidden_owner": self.hidden_owner, "deck": list(self.deck),
            "hands": [list(h) for h in self.hands], "common": self.common,
            "done": [list(d) for d in self.done], "discards": list(self.discards),
            "turn": self.turn, "turns": self.turns,
            "moved": [[c.q, c.r] for c in self.moved], "scored_now": self.scored_now,
            "dry": self.dry, "finished": self.finished, "end_reason": self.end_reason,
            "flash": self.flash, "last": self.last,
            "queue": [list(s) for s in self.queue],
            # The stall end was the only behaviour before it became an option: such states
            # do not name it, so their JSON (and old saves' digests) stay as they were.
            **({} if self.end_stuck else {"end_stuck": False}),
        }

    def clone(self) -> "HorribleHexState":
        other = object.__new__(HorribleHexState)
        other.__dict__.update(self.__dict__)
        other.board = dict(self.board)
        other.pile = list(self.pile)
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.done = [list(d) for d in self.done]
        other.discards = list(self.discards)
        other.moved = list(self.moved)
        other.queue = [list(s) for s in self.queue]
        # flash is replaced, never mutated, once made; the caches are still valid
        return other

    def sees(self, seat: int | None, cell: Hex) -> bool:
        return cell != self.hidden or seat == self.hidden_owner

    def tile_view(self, seat: int | None, cell: Hex) -> dict[str, Any]:
        tile_id, rot = self.board[cell]
        entry: dict[str, Any] = {"q": cell.q, "r": cell.r, "moved": cell in self.moved}
        if not self.sees(seat, cell):
            entry.update(face_down=True, tile=None, kind=None, rot=None, edges=None)
            return entry
        entry.update(face_down=cell == self.hidden, tile=tile_id, kind=KIND_OF[tile_id], rot=rot,
                     edges=list(ORIENTED[tile_id][rot]))
        return entry

    def _hidden_after(self, shift: Shift) -> Hex | None:
        """Where the face-down tile stands after `shift` (for the view's look-ahead)."""
        if self.hidden is None:
            return None
        return next((dst for src, dst in shift if src == self.hidden), self.hidden)

    def view(self, seat: int | None) -> dict[str, Any]:
        to_act = self.current_player
        mine = seat is not None and seat == to_act
        phase = self.phase
        drawn: dict[str, Any] | None = None
        if self.drawn is not None:
            if self.visible_tile(seat):
                tile = TILES_BY_ID[self.drawn]
                drawn = {"tile": tile.id, "kind": tile.kind, "edges": [tile.icon(d, 0) for d in range(6)]}
            else:
                drawn = {"hidden": True}
        flash = None
        if self.flash is not None:
            hidden = self.flash["hidden"]
            owner = self.flash["hidden_owner"]
            flash = {"turn": self.flash["turn"], "mover": self.flash["mover"],
                     "goals": self.flash["goals"], "board": [
                ([q, r, None, None] if hidden == [q, r] and seat != owner else [q, r, t, rot])
                for q, r, t, rot in self.flash["board"]]}
        view: dict[str, Any] = {
            "game": GAME_ID, "seat": seat, "players": self.players, "solo": self.solo,
            "target": self.target,
            "variants": {"destiny": self.destiny, "covert": self.covert, "holdem": self.holdem},
            "turn": self.turn, "turns": self.turns, "current": to_act, "phase": phase,
            "board": [self.tile_view(seat, c) for c in sorted(self.board)],
            "drawn": drawn, "pile": len(self.pile), "deck": len(self.deck),
            "discards": list(self.discards),
            "hands": [list(h) for h in self.hands], "common": self.common,
            "done": [list(d) for d in self.done], "scores": self.scores,
            "stall": self.dry, "flash": flash, "last": self.last,
            "over": self.finished, "winners": self.winners, "end_reason": self.end_reason,
            "moves": [], "places": [], "clusters": [],
            "legal": self.legal_notation() if mine else [],
        }
        if mine and phase == "move":
            view["moves"] = [{
                "action": str(m), "icon": ICON_NAMES[m.icon], "from": [m.cell.q, m.cell.r],
                "dir": m.direction, "to": [s[0][1].q, s[0][1].r],
                "shift": [[a.q, a.r, b.q, b.r] for a, b in s],
                # display data: whose goals this move would complete (the page warns before
                # a move that hands an opponent a goal)
                "completes": [[owner, goal] for owner, goal, _ in
                              self.completions(shifted(self.board, s), self._hidden_after(s), [d for _, d in s])],
            } for m, s in self.move_options()]
        elif mine and phase == "place":
            view["places"] = [[c.q, c.r] for c in frontier(self.board)]
        elif mine and phase == "keep":
            view["clusters"] = [{"action": str(Keep(g[0])), "cells": [[c.q, c.r] for c in g]}
                                for g in components(self.board)]
        return view


def _hex(value: Any) -> Hex:
    q, r = value
    if not isinstance(q, int) or not isinstance(r, int):
        raise TypeError("a cell is two integers")
    return Hex(q, r)


class HorribleHexGame(Game):
    id = GAME_ID
    name = "Horrible Hex"
    pitch = "Slide, jump, push and swap hex tiles until your goal patterns appear."
    min_players = 1
    max_players = 3
    default_players = 2
    hidden_information = True  # only with Covert Hex: see hides_information
    options: ClassVar[dict[str, Option]] = {
        "target": Option("target", (1, 2, 3, 4, 5), DEFAULT_TARGET, "Goals to win",
                         "Completed goal cards needed to win (2-3 players)."),
        "destiny": Option("destiny", (False, True), False, "Hex Destiny",
                          "Only the tiles of a completed pattern leave the board."),
        "covert": Option("covert", (False, True), False, "Covert Hex",
                         "A placed tile stays face down until the next player has moved."),
        "holdem": Option("holdem", (False, True), False, "Hexas Hold 'Em",
                         "A common goal card that anyone may score on their own turn."),
        "end_stuck": Option("end_stuck", (False, True), False, "End a stuck game",
                            "Two or three players: the game ends if the tile pile runs out twice "
                            "with no goal completed in between.",
                            legacy=True),
    }

    def hides_information(self, players: int, **options: Any) -> bool:
        """Whether seats see different views in this set-up: only Covert Hex with 2-3 players.

        A finer answer than the class-wide `hidden_information` flag, for a page that
        wants the "pass the device" screen only when it is needed.
        """
        return bool(options.get("covert")) and players > 1

    def _new(self, players: int, options: dict[str, Any]) -> HorribleHexState:
        return HorribleHexState(players, **options)

    def from_dict(self, data: dict[str, Any]) -> HorribleHexState:
        players = data["players"]
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"bad player count {players!r}")
        target = self.options["target"].check(data["target"])
        flags = {k: bool(self.options[k].check(data[k])) for k in ("destiny", "covert", "holdem")}
        end_stuck = bool(self.options["end_stuck"].check(data.get("end_stuck", True)))  # see to_dict
        state = HorribleHexState(players, target, end_stuck=end_stuck, **flags)
        board: Board = {}
        for q, r, tile, rot in data["board"]:
            if tile not in TILES_BY_ID or rot not in range(6):
                raise ValueError(f"bad tile {tile!r} r{rot!r}")
            board[_hex([q, r])] = (tile, rot)
        state.board = board
        state.pile = [str(t) for t in data["pile"]]
        state.drawn = data["drawn"]
        seen = [t for t, _ in board.values()] + state.pile + ([state.drawn] if state.drawn else [])
        if sorted(seen) != sorted(TILE_IDS):
            raise ValueError("the tiles in play, in the pile and in hand are not the 28 tiles")
        state.hidden = _hex(data["hidden"]) if data["hidden"] is not None else None
        if state.hidden is not None and state.hidden not in board:
            raise ValueError("the hidden tile is not on the board")
        state.hidden_owner = data["hidden_owner"]
        if state.hidden_owner is not None and state.hidden_owner not in range(players):
            raise ValueError("the hidden tile's owner is not a seat")
        if state.drawn is not None and state.drawn not in TILES_BY_ID:
            raise ValueError(f"unknown drawn tile {state.drawn!r}")
        state.deck = [str(g) for g in data["deck"]]
        state.hands = [[str(g) for g in h] for h in data["hands"]]
        state.done = [[str(g) for g in d] for d in data["done"]]
        state.discards = [str(g) for g in data["discards"]]
        state.common = data["common"]
        if len(state.hands) != players or len(state.done) != players:
            raise ValueError("hands and completed goals must have one entry per player")
        goals = state.deck + sum(state.hands, []) + sum(state.done, []) + state.discards
        if state.common:
            goals.append(state.common)
        if any(g not in GOALS_BY_ID for g in goals) or len(set(goals)) != len(goals):
            raise ValueError("goal cards are unknown or repeated")
        for key in ("turn", "turns", "dry"):
            if not isinstance(data[key], int):
                raise TypeError(f"{key} should be an integer")
            setattr(state, key, data[key])
        if not 0 <= state.turn < players:
            raise ValueError("turn is not a seat")
        state.moved = [_hex(c) for c in data["moved"]]
        state.scored_now = bool(data["scored_now"])
        state.finished = bool(data["finished"])
        state.end_reason = str(data["end_reason"])
        flash = data["flash"]
        if flash is not None:
            if not isinstance(flash, dict) or set(flash) != {"board", "hidden", "hidden_owner", "goals", "turn", "mover"}:
                raise ValueError("bad record of the last completion")
            for q, r, tile, rot in flash["board"]:
                _hex([q, r])
                if tile not in TILES_BY_ID or rot not in range(6):
                    raise ValueError(f"bad tile {tile!r} in the last completion")
        state.flash = flash
        state.last = str(data["last"])
        queue = data["queue"]
        known = {"goal", "deal", "draw", "place", "swap", "keep", "reveal", "cycle", "end"}
        if not isinstance(queue, list) or any(not isinstance(s, list) or not s or s[0] not in known for s in queue):
            raise ValueError("bad step queue")
        state.queue = [list(s) for s in queue]
        return state

    def parse_action(self, text: str) -> Any:
        return parse_action(text)


    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Resample the one tile `seat` may not know (Covert Hex) among those it could be."""
        assert isinstance(state, HorribleHexState)
        copy = state.clone()
        # Picks are made from sorted lists: which tile is really hidden must not even change
        # the order the guess is drawn from (or a bot's choice could depend on it).
        if copy.hidden is not None and copy.hidden_owner != seat:
            tile, _ = copy.board[copy.hidden]
            pick = rng.choice(sorted([tile, *copy.pile]))
            if pick != tile:
                copy.pile.remove(pick)
                copy.pile.append(tile)
                copy.pile.sort()
            copy.board[copy.hidden] = (pick, rng.randrange(6))
            copy._legal = copy._legal_text = copy._options = None
        if copy.drawn is not None and not copy.visible_tile(seat):
            pick = rng.choice(sorted([copy.drawn, *copy.pile]))
            if pick != copy.drawn:
                copy.pile.remove(pick)
                copy.pile.append(copy.drawn)
                copy.pile.sort()
                copy.drawn = pick
        return copy


def invariants(state: HorribleHexState) -> None:
    """What must hold in every position (tests/invariants.py runs it after every step)."""
    tiles = [t for t, _ in state.board.values()] + state.pile + ([state.drawn] if state.drawn else [])
    assert sorted(tiles) == sorted(TILE_IDS), "tiles not conserved: board, pile and hand must hold all 28"
    assert state.pile == sorted(state.pile), "the pile must stay an unordered (sorted) set"
    if not any(step[0] == "keep" for step in state.queue):  # Hex Destiny: a choice pending
        assert is_connected(state.board), "the tiles in play form more than one group"
    if state.phase in ("move", "place"):
        assert state.board, "a turn never runs on an empty board"
    assert state.hidden is None or state.hidden in state.board, "the face-down tile is not on the board"
    assert state.hidden is None or state.covert, "a face-down tile without Covert Hex"
    goals = state.deck + sum(state.hands, []) + sum(state.done, []) + state.discards
    goals += [state.common] if state.common else []
    assert sorted(goals) == sorted(GOAL_IDS), "goal cards not conserved"
    limit = PLAYER_GOALS[state.players]
    assert all(len(h) <= limit for h in state.hands), "a player holds too many goal cards"
    assert state.scores == [float(len(d)) for d in state.done]
    if not state.solo and not state.is_over:
        best = max(len(d) for d in state.done)
        leaders = sum(1 for d in state.done if len(d) == best)
        assert best < state.target or leaders > 1, "the game should have ended: a lone leader reached the target"


GAME = HorribleHexGame()
HorribleHexState.game = GAME
