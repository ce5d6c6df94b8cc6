"""HEX PLEASE!: a tile-laying game for 2-12 players with hidden hands and a shared bag.

Imperfect information with chance. Each player holds a private hand of hexagonal
tiles (6, 5 or 4 by table size) and on a turn lays one on the board so that every
side touching a placed tile matches it in colour, scoring the tile, the printed
points of its neighbours and the cell's bonus, then draws a replacement. Instead
a player may pass: the hand goes back to the bag and as many tiles are drawn.
Seat 1 opens with First Play (one or two tiles, no passing); in the final round
each player lays one last tile without drawing, or stops.

Chance nodes: every draw from the bag, including the opening deal, is one chance
action "draw <code>", each tile left in the bag equally likely (so a tile kind's
probability is its count over the bag's size). The bag has no order, so nothing
about the future is stored in a state. `view(seat)` shows the board, the scores,
the seat's own hand and only the sizes of the other hands and of the bag;
`HexPleaseGame.determinize` deals the other hands afresh from the unseen tiles.

Notation: "R1@0,0" (a tile code at axial q,r), "RG@2,-1/3" (a Bridge turned to
rotation 3, see components.py), "pass", "end" and, for chance, "draw U".
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence, cast

from ..engine import CHANCE, Event, Game, IllegalActionError, Option, State
from ..hexgrid import DIRECTION_NAMES, Hex
from .components import (
    BALANCED, BLOCKER_CODE, BOARDS, BONUSES, COLOUR_BY_LETTER, DEFAULT_ROUNDS, ORIGINAL,
    ROUNDS_CHOICES, SIDES, TILE_BY_CODE, TILE_ORDER, TILES, UNIVERSAL_CODE, Board, board_for, hand_size,
    tile_name,
)

BRIDGE_KIND = "bridge"
TALLY = ("tiles", "tile", "multiplied", "neighbours", "bonus")
"""How a score is made, per seat: tiles laid, their printed points, what Brown and Amber cells
added by multiplying them, the printed points of the tiles they touched, Sky Blue and Pink."""


# -- actions -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Place:
    """Lay tile `tile` on cell (q, r); `rot` turns a Bridge (0 for every other tile)."""
    tile: str
    q: int
    r: int
    rot: int = 0
    text: str = field(default="", compare=False, repr=False)  # the notation, kept by `_place`

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


_PARSED: dict[str, Any] = {}


def parse_action(text: str) -> Any:
    found = _PARSED.get(text)
    if found is None:
        found = _PARSED[text] = _parse(text)  # errors are raised, never stored
    return found


def _parse(text: str) -> Any:
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
                return _place(code, q, r, rot)
    raise IllegalActionError(f"{text!r} is not a HEX PLEASE! action")


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

_PLACES: dict[tuple[str, int, int, int], "Place"] = {}


def _place(code: str, q: int, r: int, rot: int) -> "Place":
    """Placements are interned: legal-move lists at 12 players hold hundreds of them."""
    key = (code, q, r, rot)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = Place(code, q, r, rot)
        object.__setattr__(found, "text", str(found))
    return found


def _tile_text(code: str, rot: int) -> str:
    """A placed tile in a view: its code, and "/rot" for a Bridge."""
    return f"{code}/{rot}" if TILE_BY_CODE[code].kind == BRIDGE_KIND else code


def sort_tiles(codes: list[str]) -> list[str]:
    return sorted(codes, key=TILE_ORDER.__getitem__)


# -- state ---------------------------------------------------------------------------------
DEAL, PLAY = "deal", "play"


class HexPleaseState(State):
    """Mutable position. `board` maps cells to (tile code, rotation) in the order laid."""

    def __init__(self, players: int, rounds: int = DEFAULT_ROUNDS, open_hands: bool = False,
                 boards: str = BALANCED) -> None:
        self.players = players
        self.rounds = rounds
        self.open_hands = open_hands
        self.boards = boards
        self.layout: Board = board_for(players, boards)
        self.board: dict[Hex, tuple[str, int]] = {}
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.bag: dict[str, int] = {t.code: t.count for t in TILES}
        self.bag_total = sum(self.bag.values())
        self.scores_: list[int] = [0] * players
        self.turn = 0
        self.round = 1
        self.placed_this_turn = 0        # tiles laid so far in this turn (First Play allows two)
        self.pending: list[int] = [s for s in range(players) for _ in range(hand_size(players))]
        self.last: dict[str, Any] | None = None   # the latest turn, for the view and the log
        self.finished_turn_waiting = False   # the turn is over once the pending draws are done
        self.finished = False
        self.tally: list[list[int]] = [[0] * len(TALLY) for _ in range(players)]
        """Per seat, how the score was made (see TALLY). Not saved: a game rebuilt from its log
        (every save) has it; a position loaded from JSON starts it at zero, and the view then
        leaves it out (its sums would not match the scores)."""
        self._open: set[Hex] = set(self.layout.deploy)   # empty cells where a tile may go
        self._legal: list[Any] | None = None
        self._around: dict[Hex, int] = {}
        self._shown: dict[str, str] = {}     # the board as the view shows it, kept up to date
        self._cons: dict[Hex, tuple[bool, tuple[tuple[int, str], ...], int]] = {}

    # -- derived facts ---------------------------------------------------------------------
    @property
    def first_play(self) -> bool:
        """True during seat 1's opening turn, which may lay two tiles and may not pass."""
        return self.round == 1 and self.turn == 0

    @property
    def final_round(self) -> bool:
        return self.round == self.rounds

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if self.pending:
            return DEAL if self.round == 1 and not self.board and self.placed_this_turn == 0 else "draw"
        if self.first_play:
            return "first-play"
        return "final" if self.final_round else PLAY

    def hand_value(self, seat: int) -> int:
        return sum(TILE_BY_CODE[c].points for c in self.hands[seat])

    # -- contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        return CHANCE if self.pending else self.turn

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
            actions: list[Any] = self.placements(self.turn)
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
        for cell in sorted(self._open, key=_row_order):
            found = cons.get(cell)
            blocked, need, around[cell] = found if found is not None else self.constraints(cell)
            q, r = cell
            if not blocked:
                fit = fitting.get(need)
                if fit is None:
                    fit = fitting[need] = [cr for cr in _fitting(need) if cr[0] in hand]
                for code, rot in fit:
                    out.append(_place(code, q, r, rot))
                if has_x:
                    out.append(_place(BLOCKER_CODE, q, r, 0))
            if has_u:
                out.append(_place(UNIVERSAL_CODE, q, r, 0))
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

    def why_illegal(self, action: Any) -> str:
        if self.current_player == CHANCE:
            return "a tile is being drawn: chance acts here, not a player"
        if isinstance(action, Draw):
            return "only chance draws tiles"
        if isinstance(action, Pass):
            if self.first_play:
                return "no passing during First Play"
            if self.final_round:
                return "no passing in the final round: lay a tile or end the turn"
        if isinstance(action, End):
            if self.first_play:
                return "First Play must lay at least one tile before the turn can end"
            return "a turn may end without a tile only in the final round: lay a tile or pass"
        if isinstance(action, Place):
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
        if cell not in self._open:
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
        if isinstance(action, Draw):
            seat = self.pending.pop(0)
            self.bag[action.tile] -= 1
            self.bag_total -= 1
            hand = self.hands[seat]
            hand.append(action.tile)
            hand.sort(key=TILE_ORDER.__getitem__)
            if not self.pending and self.finished_turn_waiting:
                self.finished_turn_waiting = False
                self._next_turn()
            return
        seat = self.turn
        if isinstance(action, Place):
            points, detail = self.score_of(action)
            cell = action.cell
            self.hands[seat].remove(action.tile)
            self.board[cell] = (action.tile, action.rot)
            self._shown[f"{action.q},{action.r}"] = _tile_text(action.tile, action.rot)
            self._open.discard(cell)
            cons = self._cons
            for n in self.layout.adjacent[cell]:
                cons.pop(n, None)
                if n not in self.board:
                    self._open.add(n)
            self.scores_[seat] += points
            self.placed_this_turn += 1
            self.last = {"seat": seat, "move": str(action), "points": points, **detail}
            own = detail["tile"] * detail["multiply"]
            for i, n in enumerate((1, detail["tile"], own - detail["tile"], detail["neighbours"], detail["add"])):
                self.tally[seat][i] += n
            self.emit(Event("scored", seat=seat, amount=points, subject=" ".join((
                f"tile={detail['tile']}", f"times={detail['multiply']}", f"near={detail['neighbours']}",
                f"add={detail['add']}", f"bonus={detail['bonus'] or ''}", f"total={self.scores_[seat]}"))))
            more = self.first_play and self.placed_this_turn == 1
            if not self.final_round and self.bag_total:
                self.pending = [seat]
            if more:
                return
            self._end_turn()
        elif isinstance(action, Pass):
            hand = self.hands[seat]
            for code in hand:
                self.bag[code] += 1
            self.bag_total += len(hand)
            self.pending = [seat] * len(hand)
            self.hands[seat] = []
            self.last = {"seat": seat, "move": "pass", "points": 0, "returned": len(hand)}
            self._end_turn()
        elif isinstance(action, End):
            self.last = {"seat": seat, "move": "end", "points": 0}
            self._end_turn()

    def _end_turn(self) -> None:
        """The turn is over; it passes on once the seat's draws are done."""
        if self.pending:
            self.finished_turn_waiting = True
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
        twin = HexPleaseState.__new__(HexPleaseState)
        twin.__dict__.update(self.__dict__)
        twin.board = dict(self.board)
        twin.hands = [list(h) for h in self.hands]
        twin.bag = dict(self.bag)
        twin.scores_ = list(self.scores_)
        twin.tally = [list(t) for t in self.tally]
        twin.pending = list(self.pending)
        twin.last = dict(self.last) if self.last else None
        twin._open = set(self._open)
        twin._around = dict(self._around)
        twin._shown = dict(self._shown)
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
            "waiting": self.finished_turn_waiting,
            "last": self.last,
            "finished": self.finished,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """The public position plus `seat`'s own hand (every hand with open hands or at the end)."""
        layout = self.layout
        show_all = self.open_hands or self.finished
        me = seat is not None and 0 <= seat < self.players
        legal = [str(a) for a in self.legal_actions()] if me and seat == self.current_player else []
        preview: dict[str, int] = {}
        if legal:
            around = self._around
            bonus = layout.bonus
            for a, text in zip(self._legal_actions(), legal):
                if isinstance(a, Place):
                    cell = cast(Hex, (a.q, a.r))   # a Hex is a (q, r) tuple, so this finds Hex keys
                    if cell not in around:
                        around[cell] = self.constraints(cell)[2]
                    b = BONUSES[bonus[cell]] if cell in bonus else None
                    pts = TILE_BY_CODE[a.tile].points
                    preview[text] = pts * (b.multiply if b else 1) + around[cell] + (b.add if b else 0)
        return {
            "game": "hex-please",
            "seat": seat,
            "players": self.players,
            "rounds": self.rounds,
            "round": self.round,
            "turn": self.turn,
            "current": self.current_player,
            "phase": self.phase,
            "first_play": self.first_play and not self.finished,
            "final_round": self.final_round and not self.finished,
            "placed_this_turn": self.placed_this_turn,
            "radius": layout.radius,
            "boards": self.boards,
            "board": dict(self._shown),
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
        if isinstance(action, Place):
            return f"{who} {_verb(who, 'lays', 'lay')} {tile_name(action.tile)} {self.where(action.cell)}"
        if isinstance(action, Pass):
            n = len(self.hands[self.turn])
            return (f"{who} {_verb(who, 'passes', 'pass')}: {n} tile{'s' if n != 1 else ''} back into "
                    "the bag, and as many drawn")
        if isinstance(action, End):
            if self.first_play:
                return f"{who} {_verb(who, 'stops', 'stop')} after one tile"
            return f"{who} {_verb(who, 'ends', 'end')} the turn without laying a last tile"
        return f"{who}: {action}"

    def where(self, cell: Hex) -> str:
        """Where a tile goes, in words a player can find on the board: the cell's bonus, and
        the tiles it touches ("on a Pink +5 cell, next to a Blocker and a red/blue Bridge")."""
        bonus = self.layout.bonus.get(cell)
        if bonus:
            on = f"on a {BONUSES[bonus].name} {BONUSES[bonus].label} cell"
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


class HexPleaseGame(Game):
    id = "hex-please"
    name = "HEX PLEASE!"
    pitch = "Lay hex tiles with matching sides, chase bonus cells, and keep your hand hidden."
    min_players = 2
    max_players = 12
    default_players = 2
    hidden_information = True
    options: ClassVar[dict[str, Option]] = {
        "rounds": Option("rounds", ROUNDS_CHOICES, DEFAULT_ROUNDS, "Rounds",
                         "How many rounds the game lasts; the last one is the final round."),
        "open_hands": Option("open_hands", (False, True), False, "Open hands",
                             "Everyone sees every hand: for casual play around one screen."),
        "boards": Option("boards", BOARDS, BALANCED, "Boards",
                         "Balanced: bonus cells placed so that no seat is favoured. Original: the boards "
                         "of our first version, on which later seats win a little more often.",
                         legacy=ORIGINAL),
    }

    def hides_information(self, players: int, **options: Any) -> bool:
        """Hands are secret unless the table plays with open hands."""
        return not options.get("open_hands", False)

    def _new(self, players: int, options: dict[str, Any]) -> HexPleaseState:
        return HexPleaseState(players, options["rounds"], options["open_hands"], options["boards"])

    def from_dict(self, data: dict[str, Any]) -> HexPleaseState:
        players = data["players"]
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 12:
            raise ValueError(f"bad player count {players!r}")
        rounds = data["rounds"]
        if rounds not in ROUNDS_CHOICES or isinstance(rounds, bool):
            raise ValueError(f"bad number of rounds {rounds!r}")
        open_hands = data["open_hands"]
        if not isinstance(open_hands, bool):
            raise ValueError("open_hands must be true or false")
        boards = data.get("boards", ORIGINAL)   # not named: the original boards (see to_dict)
        if boards not in BOARDS:
            raise ValueError(f"bad boards {boards!r}")
        state = HexPleaseState(players, rounds, open_hands, boards)
        cells = state.layout.neighbours
        used = {t.code: 0 for t in TILES}
        for q, r, code, rot in data["board"]:
            cell = Hex(int(q), int(r))
            if cell not in cells or cell in state.board:
                raise ValueError(f"bad board cell {q},{r}")
            if code not in TILE_BY_CODE or not isinstance(rot, int) or not 0 <= rot < TILE_BY_CODE[code].rotations:
                raise ValueError(f"bad tile {code!r}/{rot!r}")
            state.board[cell] = (code, rot)
            state._shown[f"{cell.q},{cell.r}"] = _tile_text(code, rot)
            used[code] += 1
        hands = data["hands"]
        if not isinstance(hands, list) or len(hands) != players:
            raise ValueError("one hand per player expected")
        for h in hands:
            if not isinstance(h, list) or any(c not in TILE_BY_CODE for c in h):
                raise ValueError("a hand holds an unknown tile")
            for c in h:
                used[c] += 1
        state.hands = [sort_tiles(h) for h in hands]
        bag = data["bag"]
        if not isinstance(bag, dict) or set(bag) != set(state.bag):
            raise ValueError("the bag must count every tile kind")
        for code, n in bag.items():
            if not isinstance(n, int) or n < 0 or n + used[code] != TILE_BY_CODE[code].count:
                raise ValueError(f"the count of {code} tiles does not add up")
        state.bag = {t.code: bag[t.code] for t in TILES}
        state.bag_total = sum(state.bag.values())
        scores = data["scores"]
        if not isinstance(scores, list) or len(scores) != players or any(
                not isinstance(s, int) or s < 0 for s in scores):
            raise ValueError("bad scores")
        state.scores_ = list(scores)
        turn, rnd, placed = data["turn"], data["round"], data["placed_this_turn"]
        for value in (turn, rnd, placed):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError("turn, round and placed_this_turn must be integers")
        if not 0 <= turn < players or not 1 <= rnd <= rounds + 1 or placed not in (0, 1, 2):
            raise ValueError("turn, round or placed_this_turn out of range")
        state.turn, state.round, state.placed_this_turn = turn, rnd, placed
        pending = data["pending"]
        if not isinstance(pending, list) or any(not isinstance(s, int) or not 0 <= s < players for s in pending):
            raise ValueError("bad pending draws")
        if len(pending) > state.bag_total:
            raise ValueError("more draws pending than tiles in the bag")
        state.pending = list(pending)
        waiting, finished = data["waiting"], data["finished"]
        if not isinstance(waiting, bool) or not isinstance(finished, bool):
            raise ValueError("waiting and finished must be true or false")
        state.finished_turn_waiting = waiting
        state.finished = finished
        last = data["last"]
        if last is not None and not isinstance(last, dict):
            raise ValueError("bad last move")
        state.last = last
        opened = set(state.layout.deploy)
        adjacent = state.layout.adjacent
        for c in state.board:
            opened.update(adjacent[c])
        opened.difference_update(state.board)
        state._open = opened
        return state

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Deal every other hand afresh from the tiles `seat` cannot see (theirs and the bag's)."""
        assert isinstance(state, HexPleaseState)
        twin = state.clone()
        if state.open_hands or state.finished:
            return twin
        others = [s for s in range(state.players) if s != seat]
        pool: list[str] = []
        for code, n in state.bag.items():
            if n:
                pool += [code] * n
        for s in others:
            pool += state.hands[s]
        pool.sort()  # what is really where must not even change the order of the deal
        hidden = sum(len(state.hands[s]) for s in others)
        rand, size = rng.random, len(pool)
        for i in range(hidden):             # a partial shuffle: the first `hidden` are dealt
            j = i + int(rand() * (size - i))
            pool[i], pool[j] = pool[j], pool[i]
        at = 0
        for s in others:
            n = len(state.hands[s])
            twin.hands[s] = sort_tiles(pool[at:at + n])
            at += n
        left = Counter(pool[hidden:])
        twin.bag = {code: left[code] for code in state.bag}
        if seat != state.turn:
            twin._legal = None
        return twin



def invariants(state: HexPleaseState) -> None:
    """What must hold in every position (tests/invariants.py runs it after every step)."""
    held = sum(len(h) for h in state.hands)
    assert sum(state.bag.values()) == state.bag_total, "the bag's count is out of step"
    assert all(n >= 0 for n in state.bag.values()), "the bag holds a negative number of a tile"
    assert state.bag_total + held + len(state.board) == BAG_SIZE, \
        "tiles not conserved: bag, hands and board must hold all of them"
    assert all(len(h) <= hand_size(state.players) for h in state.hands), "a hand is too big"
    assert set(state.board) <= set(state.layout.cells), "a tile lies off the board"
    assert all(s >= 0 for s in state.scores_), "a score went below zero"


BAG_SIZE = sum(t.count for t in TILES)

GAME = HexPleaseGame()
HexPleaseState.game = GAME
