"""A HEX PLEASE! position: the board, the hands, the bag, and where the turn stands.

A turn is the seat to act laying tiles, passing or ending; the tiles it is owed from the
bag are `Draws`, a queue of seats that chance deals to one tile at a time, after which
the same seat goes on (the second tile of First Play) or the turn passes. The opening
deal is such a queue too. Where a tile may go is worked out here (`placements`), with
the constraints of each empty cell memoised until a tile is laid next to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Sequence, cast

from ..engine import CHANCE, Event, State
from ..hexgrid import DIRECTION_NAMES, Hex
from ..words import a_or_an
from .components import (
    BALANCED, BLOCKER_CODE, BONUSES, COLOUR_BY_LETTER, DEFAULT_ROUNDS, ORIGINAL, SIDES, TILE_BY_CODE,
    TILE_ORDER, TILES, UNIVERSAL_CODE, Board, board_for, hand_size, tile_name,
)
from .notation import BRIDGE_KIND, END, PASS, Action, Draw, End, Pass, Place, place, tile_text

TALLY = ("tiles", "tile", "multiplied", "neighbours", "bonus")
"""How a score is made, per seat: tiles laid, their printed points, what Brown and Amber cells
added by multiplying them, the printed points of the tiles they touched, Sky Blue and Pink."""


def _row_order(h: Hex) -> tuple[int, int]:
    return (h.r, h.q)


_FIT_CACHE: dict[tuple[tuple[int, str], ...], tuple[tuple[str, int], ...]] = {}
COLOURED = tuple((t.code, rot) for t in TILES if t.colours for rot in range(t.rotations))


def _fitting(need: tuple[tuple[int, str], ...]) -> tuple[tuple[str, int], ...]:
    """Coloured tiles and turns whose sides show the colours `need` asks for (memoised)."""
    found = _FIT_CACHE.get(need)
    if found is None:
        found = tuple((code, rot) for code, rot in COLOURED
                      if all(SIDES[code, rot][d] == colour for d, colour in need))
        _FIT_CACHE[need] = found
    return found


FACES: dict[tuple[str, int], tuple[int, int, tuple[str, ...]]] = {
    (t.code, rot): (t.points, 1 if t.code == BLOCKER_CODE else 2 if t.code == UNIVERSAL_CODE else 0,
                    tuple(SIDES[t.code, rot][(d + 3) % 6] for d in range(6)))
    for t in TILES for rot in range(t.rotations)
}
"""A placed tile as its neighbours see it: (points, 0 coloured / 1 Blocker / 2 Universal,
the colour it shows towards a neighbour in each direction d, i.e. on its side d + 3)."""


def sort_tiles(codes: list[str]) -> list[str]:
    return sorted(codes, key=TILE_ORDER.__getitem__)


class Phase(StrEnum):
    """Where the game stands, as the view names it."""
    DEAL = "deal"               # chance deals the opening hands
    DRAW = "draw"               # chance deals the tiles a seat is owed
    FIRST_PLAY = "first-play"   # seat 1's opening turn: one or two tiles, no passing
    PLAY = "play"
    FINAL = "final"             # the final round: one last tile without drawing, or stop
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Draws:
    """Tiles owed from the bag: chance deals one to each seat of `seats`, in order. Then
    the turn passes (`turn_over`) or the same seat goes on."""
    seats: tuple[int, ...]
    turn_over: bool = False


Constraint = tuple[bool, tuple[tuple[int, str], ...], int]
"""(touches a Blocker, ((direction, colour a side must show), ...), printed points around)."""


@dataclass(slots=True, eq=False, init=False)
class HexPleaseState(State):
    """Mutable position. `board` maps cells to (tile code, rotation) in the order laid."""

    players: int
    rounds: int
    open_hands: bool
    boards: str
    layout: Board
    board: dict[Hex, tuple[str, int]]
    hands: list[list[str]]
    bag: dict[str, int]
    bag_total: int
    scores_: list[int]
    turn: int
    round: int
    placed_this_turn: int            # tiles laid so far in this turn (First Play allows two)
    draws: Draws | None              # tiles still to be drawn before anyone acts
    last: dict[str, Any] | None      # the latest turn, for the view and the log
    finished: bool
    tally: list[list[int]]
    """Per seat, how the score was made (see TALLY). Not saved: a game rebuilt from its log
    (every save) has it; a position loaded from JSON starts it at zero, and the view then
    leaves it out (its sums would not match the scores)."""
    # Kept up to date as tiles are laid, never saved (`restore_caches` rebuilds them):
    open_cells: set[Hex]             # empty cells where a tile may go
    shown: dict[str, str]            # the board as the view shows it
    _legal: list[Action] | None
    _around: dict[Hex, int]
    _cons: dict[Hex, Constraint]

    def __init__(self, players: int, rounds: int = DEFAULT_ROUNDS, open_hands: bool = False,
                 boards: str = BALANCED) -> None:
        self.players = players
        self.rounds = rounds
        self.open_hands = open_hands
        self.boards = boards
        self.layout = board_for(players, boards)
        self.board = {}
        self.hands = [[] for _ in range(players)]
        self.bag = {t.code: t.count for t in TILES}
        self.bag_total = sum(self.bag.values())
        self.scores_ = [0] * players
        self.turn = 0
        self.round = 1
        self.placed_this_turn = 0
        self.draws = Draws(tuple(s for s in range(players) for _ in range(hand_size(players))))
        self.last = None
        self.finished = False
        self.tally = [[0] * len(TALLY) for _ in range(players)]
        self.restore_caches()

    def restore_caches(self) -> None:
        """Work out again what is kept up to date as tiles are laid (after loading a board)."""
        self.open_cells = set(self.layout.deploy)
        for cell in self.board:
            self.open_cells.update(self.layout.adjacent[cell])
        self.open_cells.difference_update(self.board)
        self.shown = {f"{c.q},{c.r}": tile_text(code, rot) for c, (code, rot) in self.board.items()}
        self._legal = None
        self._around = {}
        self._cons = {}

    def forget_legal_actions(self) -> None:
        """Call after changing a hand from outside (a bot's imagined deal)."""
        self._legal = None

    @property
    def pending(self) -> tuple[int, ...]:
        """The seats still owed a tile, in the order they draw."""
        return self.draws.seats if self.draws else ()

    # -- derived facts ---------------------------------------------------------------------
    @property
    def first_play(self) -> bool:
        """True during seat 1's opening turn, which may lay two tiles and may not pass."""
        return self.round == 1 and self.turn == 0

    @property
    def final_round(self) -> bool:
        return self.round == self.rounds

    @property
    def phase(self) -> Phase:
        if self.finished:
            return Phase.OVER
        if self.draws:
            opening = self.round == 1 and not self.board and self.placed_this_turn == 0
            return Phase.DEAL if opening else Phase.DRAW
        if self.first_play:
            return Phase.FIRST_PLAY
        return Phase.FINAL if self.final_round else Phase.PLAY

    def hand_value(self, seat: int) -> int:
        return sum(TILE_BY_CODE[c].points for c in self.hands[seat])

    # -- contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        return CHANCE if self.draws else self.turn

    @property
    def scores(self) -> list[float]:
        return [float(s) for s in self.scores_]

    @property
    def winners(self) -> list[int]:
        """Most points; a tie goes to the larger value of tiles left in hand; then shared."""
        if not self.finished:
            return []
        key = [(s, self.hand_value(i)) for i, s in enumerate(self.scores_)]
        best = max(key)
        return [i for i, k in enumerate(key) if k == best]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        total = self.bag_total
        return [(Draw(code), n / total) for code, n in self.bag.items() if n]

    def _legal_actions(self) -> list[Any]:
        if self._legal is None:
            actions: list[Action] = list(self.placements(self.turn))
            if self.final_round or (self.first_play and self.placed_this_turn):
                actions.append(END)
            elif not self.first_play:
                actions.append(PASS)
            self._legal = actions
        return list(self._legal)

    # -- placement rules ---------------------------------------------------------------------
    def constraints(self, cell: Hex) -> tuple[bool, tuple[tuple[int, str], ...], int]:
        """(touches a Blocker, ((direction, colour a side must show), ...), printed points around).

        Memoised per cell; laying a tile forgets the entries of the cells around it.
        """
        found = self._cons.get(cell)
        if found is not None:
            return found
        blocked = False
        need: list[tuple[int, str]] = []
        around = 0
        get = self.board.get
        for d, n in self.layout.neighbours[cell]:
            placed = get(n)
            if placed is not None:
                points, kind, sides = FACES[placed]
                around += points
                if kind == 1:
                    blocked = True
                elif kind == 0:
                    need.append((d, sides[d]))
        found = self._cons[cell] = (blocked, tuple(need), around)
        return found

    def placements(self, seat: int) -> list[Place]:
        """Every tile of `seat`'s hand on every cell and turn where it may go, in a fixed order.

        Also fills `self._around` (cell -> printed points next to it) for score previews.
        """
        hand = set(self.hands[seat])
        around: dict[Hex, int] = {}
        self._around = around
        if not hand:
            return []
        has_u, has_x = UNIVERSAL_CODE in hand, BLOCKER_CODE in hand
        out: list[Place] = []
        fitting: dict[tuple[tuple[int, str], ...], list[tuple[str, int]]] = {}
        cons = self._cons
        for cell in sorted(self.open_cells, key=_row_order):
            found = cons.get(cell)
            blocked, need, around[cell] = found if found is not None else self.constraints(cell)
            q, r = cell
            if not blocked:
                fit = fitting.get(need)
                if fit is None:
                    fit = fitting[need] = [cr for cr in _fitting(need) if cr[0] in hand]
                for code, rot in fit:
                    out.append(place(code, q, r, rot))
                if has_x:
                    out.append(place(BLOCKER_CODE, q, r, 0))
            if has_u:
                out.append(place(UNIVERSAL_CODE, q, r, 0))
        return out

    def score_of(self, action: Place) -> tuple[int, dict[str, Any]]:
        """Points the placement would score now, and how they add up (for previews and the log)."""
        tile = TILE_BY_CODE[action.tile]
        _, _, around = self.constraints(action.cell)
        bonus_key = self.layout.bonus.get(action.cell)
        bonus = BONUSES[bonus_key] if bonus_key else None
        own = tile.points * (bonus.multiply if bonus else 1)
        add = bonus.add if bonus else 0
        detail = {"tile": tile.points, "multiply": bonus.multiply if bonus else 1,
                  "neighbours": around, "add": add, "bonus": bonus_key}
        return own + around + add, detail

    def points_now(self, action: Place) -> int:
        """What `score_of` says, faster: for previews of every legal placement."""
        cell = cast(Hex, (action.q, action.r))   # a Hex is a (q, r) tuple, so this finds Hex keys
        around = self._around
        if cell not in around:
            around[cell] = self.constraints(cell)[2]
        bonus = self.layout.bonus
        b = BONUSES[bonus[cell]] if cell in bonus else None
        pts = TILE_BY_CODE[action.tile].points
        return pts * (b.multiply if b else 1) + around[cell] + (b.add if b else 0)

    def scored_placements(self, seat: int) -> list[tuple[int, Place]]:
        """Every placement of `seat`'s hand (`placements`) with the points it would score now."""
        return [(self.points_now(a), a) for a in self.placements(seat)]

    def why_illegal(self, action: Any) -> str:
        if self.current_player == CHANCE:
            return "a tile is being drawn: chance acts here, not a player"
        match action:
            case Draw():
                return "only chance draws tiles"
            case Pass() if self.first_play:
                return "no passing during First Play"
            case Pass() if self.final_round:
                return "no passing in the final round: lay a tile or end the turn"
            case End() if self.first_play:
                return "First Play must lay at least one tile before the turn can end"
            case End():
                return "a turn may end without a tile only in the final round: lay a tile or pass"
            case Place():
                return self._why_not_placed(action)
        return "it is not one of the legal actions here"

    def _why_not_placed(self, action: Place) -> str:
        tile = TILE_BY_CODE.get(action.tile)
        if tile is None:
            return f"there is no tile {action.tile!r}"
        if action.tile not in self.hands[self.turn]:
            return f"there is no {tile.name} in your hand"
        if tile.kind != BRIDGE_KIND and action.rot:
            return "only a Bridge can be turned"
        cell = action.cell
        if cell not in self.layout.neighbours:
            return f"{cell} is not a cell of this board"
        if cell in self.board:
            return f"cell {cell} is already occupied"
        if not self.board and cell not in self.layout.deploy:
            return "the first tile of the game must go on a Deployment Cell"
        if cell not in self.open_cells:
            return f"cell {cell} is neither a Deployment Cell nor next to a placed tile"
        blocked, need, _ = self.constraints(cell)
        if blocked and tile.code != UNIVERSAL_CODE:
            return f"cell {cell} touches a Blocker: only a Universal may go there"
        if tile.kind in ("solid", BRIDGE_KIND):
            sides = SIDES[tile.code, action.rot]
            for d, colour in need:
                if sides[d] != colour:
                    shown = COLOUR_BY_LETTER[sides[d]].name
                    wanted = COLOUR_BY_LETTER[colour].name
                    return (f"its {DIRECTION_NAMES[d]} side is {shown} but the tile there shows "
                            f"{wanted}" + (" (try turning the Bridge)" if tile.kind == BRIDGE_KIND else ""))
        return "it is not one of the legal actions here"

    # -- moves -----------------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        self._legal = None
        move: Action = action
        match move:
            case Draw(tile):
                self._draw(tile)
            case Place():
                self._lay(move)
                owed = (self.turn,) if not self.final_round and self.bag_total else ()
                if self.first_play and self.placed_this_turn == 1:   # First Play may go on
                    self.draws = Draws(owed) if owed else None
                else:
                    self._end_turn(owed)
            case Pass():
                hand = self.hands[self.turn]
                for code in hand:
                    self.bag[code] += 1
                self.bag_total += len(hand)
                self.hands[self.turn] = []
                self.last = {"seat": self.turn, "move": "pass", "points": 0, "returned": len(hand)}
                self._end_turn((self.turn,) * len(hand))
            case End():
                self.last = {"seat": self.turn, "move": "end", "points": 0}
                self._end_turn(())

    def _draw(self, tile: str) -> None:
        draws = cast(Draws, self.draws)   # chance draws only while tiles are owed
        seat, rest = draws.seats[0], draws.seats[1:]
        self.bag[tile] -= 1
        self.bag_total -= 1
        hand = self.hands[seat]
        hand.append(tile)
        hand.sort(key=TILE_ORDER.__getitem__)
        self.draws = Draws(rest, draws.turn_over) if rest else None
        if not rest and draws.turn_over:
            self._next_turn()

    def _lay(self, action: Place) -> None:
        seat = self.turn
        points, detail = self.score_of(action)
        cell = action.cell
        self.hands[seat].remove(action.tile)
        self.board[cell] = (action.tile, action.rot)
        self.shown[f"{action.q},{action.r}"] = tile_text(action.tile, action.rot)
        self.open_cells.discard(cell)
        cons = self._cons
        for n in self.layout.adjacent[cell]:
            cons.pop(n, None)
            if n not in self.board:
                self.open_cells.add(n)
        self.scores_[seat] += points
        self.placed_this_turn += 1
        self.last = {"seat": seat, "move": str(action), "points": points, **detail}
        own = detail["tile"] * detail["multiply"]
        for i, n in enumerate((1, detail["tile"], own - detail["tile"], detail["neighbours"], detail["add"])):
            self.tally[seat][i] += n
        self.emit(Event("scored", seat=seat, amount=points, subject=" ".join((
            f"tile={detail['tile']}", f"times={detail['multiply']}", f"near={detail['neighbours']}",
            f"add={detail['add']}", f"bonus={detail['bonus'] or ''}", f"total={self.scores_[seat]}"))))

    def _end_turn(self, owed: tuple[int, ...]) -> None:
        """The turn is over; it passes on once the seat has drawn the tiles it is owed."""
        if owed:
            self.draws = Draws(owed, turn_over=True)
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.placed_this_turn = 0
        self.turn = (self.turn + 1) % self.players
        if self.turn == 0:
            self.round += 1
            if self.round > self.rounds:
                self.finished = True
                self.emit(Event("over", amount=self.rounds))
            elif self.round == self.rounds:
                self.emit(Event("final round", amount=self.rounds))

    # -- copies, saving, views -------------------------------------------------------------
    def clone(self) -> "HexPleaseState":
        """A copy without deepcopy (bots copy states for every sampled line): the layout and
        the draws are never changed in place, so they are shared."""
        twin = HexPleaseState.__new__(HexPleaseState)
        for name in STATE_FIELDS:
            setattr(twin, name, getattr(self, name))
        twin.board = dict(self.board)
        twin.hands = [list(h) for h in self.hands]
        twin.bag = dict(self.bag)
        twin.scores_ = list(self.scores_)
        twin.tally = [list(t) for t in self.tally]
        twin.last = dict(self.last) if self.last else None
        twin.open_cells = set(self.open_cells)
        twin.shown = dict(self.shown)
        twin._around = dict(self._around)
        twin._cons = dict(self._cons)
        twin._legal = None if self._legal is None else list(self._legal)
        return twin

    def to_dict(self) -> dict[str, Any]:
        # The original boards are not named: positions saved before the boards could be chosen
        # keep their JSON, and so their saves' digests.
        boards = {} if self.boards == ORIGINAL else {"boards": self.boards}
        return {
            "players": self.players,
            "rounds": self.rounds,
            "open_hands": self.open_hands,
            **boards,
            "board": [[c.q, c.r, code, rot] for c, (code, rot) in self.board.items()],
            "hands": [list(h) for h in self.hands],
            "bag": dict(self.bag),
            "scores": list(self.scores_),
            "turn": self.turn,
            "round": self.round,
            "placed_this_turn": self.placed_this_turn,
            "pending": list(self.pending),
            "waiting": self.draws.turn_over if self.draws else False,
            "last": self.last,
            "finished": self.finished,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """The public position plus `seat`'s own hand (every hand with open hands or at the end)."""
        layout = self.layout
        show_all = self.open_hands or self.finished
        me = seat is not None and 0 <= seat < self.players
        legal = [str(a) for a in self.legal_actions()] if me and seat == self.current_player else []
        preview = {text: self.points_now(a) for a, text in zip(self._legal_actions(), legal)
                   if isinstance(a, Place)}
        return {
            "game": "hex-please",
            "seat": seat,
            "players": self.players,
            "rounds": self.rounds,
            "round": self.round,
            "turn": self.turn,
            "current": self.current_player,
            "phase": self.phase.value,
            "first_play": self.first_play and not self.finished,
            "final_round": self.final_round and not self.finished,
            "placed_this_turn": self.placed_this_turn,
            "radius": layout.radius,
            "boards": self.boards,
            "board": dict(self.shown),
            "hand": list(self.hands[cast(int, seat)]) if me else None,   # `me`: seat is not None
            "hand_counts": [len(h) for h in self.hands],
            "hands": [list(h) for h in self.hands] if show_all else None,
            "hand_values": [self.hand_value(s) for s in range(self.players)] if self.finished else None,
            "bag": self.bag_total,
            "scores": list(self.scores_),
            "tally": self.tally_view(),
            "last": dict(self.last) if self.last else None,
            "open_hands": self.open_hands,
            "over": self.finished,
            "winners": self.winners,
            "legal": legal,
            "preview": preview,
        }

    def tally_view(self) -> list[dict[str, int]] | None:
        """How each seat's score was made (`TALLY`), or None when it is not known (see `tally`)."""
        if any(sum(t[1:]) != s for t, s in zip(self.tally, self.scores_)):
            return None
        return [dict(zip(TALLY, t)) for t in self.tally]

    # -- text ------------------------------------------------------------------------------
    def describe(self, action: Any, names: Sequence[str]) -> str:
        if isinstance(action, Draw):
            who = names[self.pending[0]] if self.pending else "?"
            return f"{who} {_verb(who, 'draws', 'draw')} a tile"   # the tile itself stays hidden
        who = names[self.turn]
        match action:
            case Place():
                return f"{who} {_verb(who, 'lays', 'lay')} {tile_name(action.tile)} {self.where(action.cell)}"
            case Pass():
                n = len(self.hands[self.turn])
                return (f"{who} {_verb(who, 'passes', 'pass')}: {n} tile{'s' if n != 1 else ''} back into "
                        "the bag, and as many drawn")
            case End() if self.first_play:
                return f"{who} {_verb(who, 'stops', 'stop')} after one tile"
            case End():
                return f"{who} {_verb(who, 'ends', 'end')} the turn without laying a last tile"
        return f"{who}: {action}"

    def where(self, cell: Hex) -> str:
        """Where a tile goes, in words a player can find on the board: the cell's bonus, and
        the tiles it touches ("on a Pink +5 cell, next to a Blocker and a red/blue Bridge")."""
        bonus = self.layout.bonus.get(cell)
        if bonus:
            on = f"on {a_or_an(f'{BONUSES[bonus].name} {BONUSES[bonus].label} cell')}"
        elif cell in self.layout.deploy:
            on = "on a Deployment Cell"
        else:
            on = "on a plain cell"
        around = [self.board[n][0] for n in self.layout.adjacent[cell] if n in self.board]
        if not around:
            return on
        if len(around) > 3:
            return f"{on}, next to {len(around)} tiles"
        names = [tile_name(code) for code in sorted(around, key=TILE_ORDER.__getitem__)]
        return f"{on}, next to " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])


def _verb(who: str, third: str, second: str) -> str:
    """The verb for `who`: "You lay" but "Ann lays" (the tutorial calls the learner "You")."""
    return second if who.strip().lower() == "you" else third


STATE_FIELDS: tuple[str, ...] = tuple(HexPleaseState.__slots__)
