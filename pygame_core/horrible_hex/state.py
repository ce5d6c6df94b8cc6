"""A Horrible Hex position, and how a turn runs.

A turn is an optional move (slide, jump, push or swap), the scoring of every goal card in
play whose pattern now shows through a tile that moved, then the draw and the placement
of a tile. After the move the state queues the rest of the turn as steps (see `flow`):
goal draws, the three-player trades, a fresh triangle or the Hex Destiny cluster choice,
a covert tile's reveal, the draw, the placement. `_advance` runs the automatic steps; the
head of the queue then says who acts, a seat or chance.

Chance draws from sets, never from an ordered pile: a start tile (any tile left, any of
six turns), the tile to place (any tile left) and a goal card (any card left). So no view
can leak what comes next, and the pile is kept sorted.
"""

from __future__ import annotations

from typing import Any, Iterable, Literal, Sequence

from ..engine import CHANCE, Event, State
from ..hexgrid import Hex, components, frontier, is_connected
from ..words import count
from .board import Board, Shift, find_goal, kinds_of, move_options, shifted, why_move_fails
from .components import (
    DEFAULT_TARGET, GOAL_IDS, GOAL_NAMES, ICON_NAMES, KIND_OF, ORIENTED, PLAYER_GOALS, TILE_IDS,
    TILES_BY_ID, TRIANGLE,
)
from .flow import (
    CYCLE, DRAW, END, KEEP, NEW_TRIANGLE, PLACE, REVEAL, CycleStep, DealStep, DrawStep, EndStep,
    GoalStep, KeepStep, PlaceStep, RevealStep, Step, TradeStep, step_to_json,
)
from .notation import DEALS, DRAWS, GOAL_DRAWS, Deal, Draw, DrawGoal, Keep, Move, Pass, Place, Trade
from .phrases import icon_words, move_words, tile_name

GAME_ID = "horrible-hex"
STALL_LIMIT = 2
"""With the "end a stuck game" option (2-3 players), the game ends when the tile pile runs
out this many times with no goal completed in between. The rulebook has no such end: by
default the tiles are reshuffled every time, as often as it takes."""

Owner = int | Literal["common"]
Completion = tuple[Owner, str, list[Hex]]
"""A goal whose pattern shows: its owner (a seat, or the Hexas Hold 'Em card), the card and
the cells of the pattern."""

_WANTED = {"move": "move a tile or pass", "place": "place the drawn tile",
           "keep": "choose which cluster stays", "swap": "trade or keep your goal"}


class HorribleHexState(State):
    """The tiles in play, the pile, the goal cards, whose turn and the rest of it."""

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
        self.queue: list[Step] = [GoalStep("row" if self.solo else seat)
                                  for _ in range(PLAYER_GOALS[players]) for seat in range(players)]
        if self.holdem:
            self.queue.append(GoalStep("common"))
        self.queue += NEW_TRIANGLE
        self.forget_derived()

    def forget_derived(self) -> None:
        """Drop what was worked out from the position (the legal actions, the moves): for
        code that edits a position by hand, such as a test laying out a board or a bot's
        guess at a face-down tile."""
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
        match self.queue[0]:
            case TradeStep(seat):
                return seat
            case step if step.chance:
                return CHANCE
        return self.turn

    @property
    def phase(self) -> str:
        """'move', a step's kind when a seat acts on it, 'chance' or 'over'."""
        if self.finished:
            return "over"
        if not self.queue:
            return "move"
        step = self.queue[0]
        return "chance" if step.chance else step.kind

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
        if not self.queue:
            return [Pass(), *(m for m, _ in self.move_options())]
        match self.queue[0]:
            case PlaceStep():
                return [Place(c, r) for c in frontier(self.board) for r in range(6)]
            case KeepStep():
                return [Keep(group[0]) for group in components(self.board)]
            case TradeStep():
                return [Trade(False), Trade(True)]
        return []

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self._legal is None:
            self._legal = self._compute_chance()
        return list(self._legal)

    def _compute_chance(self) -> list[Any]:
        match self.queue[0]:
            case GoalStep():
                p = 1.0 / len(self.deck)
                return [(GOAL_DRAWS[g], p) for g in self.deck]
            case DealStep():
                p = 1.0 / (6 * len(self.pile))
                return [(DEALS[t, r], p) for t in self.pile for r in range(6)]
        p = 1.0 / len(self.pile)
        return [(DRAWS[t], p) for t in self.pile]

    def why_illegal(self, action: Any) -> str:
        phase = self.phase
        if phase == "chance":
            return "chance acts here, not a player"
        wanted = _WANTED[phase]
        match action:
            case Move() if phase == "move":
                return why_move_fails(self.board, self.hidden, action)
            case Move():
                return f"tiles move only at the start of a turn; now {wanted}"
            case Place() if phase != "place":
                return f"a tile is placed only after the move; now {wanted}"
            case Place(rot=rot) if rot not in range(6):
                return "a tile's turn is a number from 0 to 5"
            case Place(cell) if cell in self.board:
                return f"{cell} is already taken"
            case Place(cell):
                return f"{cell} does not touch the group"
            case Pass():
                return f"passing is only for the move; now {wanted}"
            case Keep() if phase != "keep":
                return f"there is no cluster to choose; now {wanted}"
            case Keep(cell):
                return f"{cell} is not the first cell of a cluster"
            case Trade():
                return f"no goal trade is on offer; now {wanted}"
        return f"chance actions are not for players; now {wanted}"

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        options = self._options
        self.forget_derived()
        match action:
            case DrawGoal(goal):
                self._take_goal(goal)
            case Deal(tile, rot):
                self.queue.pop(0)
                self.pile.remove(tile)
                self.board[TRIANGLE[len(self.board)]] = (tile, rot)
            case Draw(tile):
                self.queue.pop(0)
                self.pile.remove(tile)
                self.drawn = tile
            case Place(cell, rot):
                self._place(cell, rot)
            case Move():
                self.last = str(action)
                self._move(next(s for m, s in (options or move_options(self.board, self.hidden)) if m == action))
            case Pass():
                self.last = str(action)
                self._move([])
            case Keep(cell):
                self.queue.pop(0)
                for group in components(self.board):
                    if group[0] != cell:
                        self._discard_tiles(group)
            case Trade(trade):
                self._trade(trade)
        self._advance()

    def _take_goal(self, goal: str) -> None:
        step = self.queue.pop(0)
        assert isinstance(step, GoalStep)
        self.deck.remove(goal)
        match step.owner:
            case "common":
                self.common = goal
            case "row":
                self.hands[0].insert(0, goal)
            case seat:
                self.hands[seat].append(goal)

    def _place(self, cell: Hex, rot: int) -> None:
        self.queue.pop(0)
        assert self.drawn is not None
        self.board[cell] = (self.drawn, rot)
        self.drawn = None
        if self.covert:
            self.hidden, self.hidden_owner = cell, self.turn

    def _trade(self, trade: bool) -> None:
        step = self.queue.pop(0)
        assert isinstance(step, TradeStep)
        if trade:
            self.discards += self.hands[step.seat]
            self.hands[step.seat] = []
            self.queue.insert(0, GoalStep(step.seat))

    def completions(self, board: Board, hidden: Hex | None, moved: Sequence[Hex]) -> list[Completion]:
        """Every goal that shows through a moved tile on `board`.

        Owners are seats, or "common" for the Hexas Hold 'Em card (only the mover may
        score it). Seats are checked from the mover round the table.
        """
        found: list[Completion] = []
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
        """Carry out a move (an empty shift for a pass) and queue the rest of the turn."""
        if shift:
            self.board = shifted(self.board, shift)
            if self.hidden is not None:
                self.hidden = next((dst for src, dst in shift if src == self.hidden), self.hidden)
        self.moved = [dst for _, dst in shift]
        steps: list[Step] = []
        found = self.completions(self.board, self.hidden, self.moved)
        if found:
            self._score(found, steps)
            if self.finished:
                return
        if self.covert and self.hidden is not None:
            steps.append(REVEAL)
        steps += [DRAW, PLACE]
        if self.solo:
            steps.append(CYCLE)
        steps.append(END)
        self.queue = steps

    # -- scoring ----------------------------------------------------------------------------
    def _score(self, found: list[Completion], steps: list[Step]) -> None:
        """Score the completed goals, then end the game or clear the board (queuing in `steps`
        what follows: new goal cards, trades, a fresh triangle or a cluster choice)."""
        self.scored_now = True
        self.dry = 0
        self.flash = self._completion_record(found)
        self.moved = []
        scorers = {self._credit(owner, goal, steps) for owner, goal, _ in found}
        if self._check_target(scorers):
            return
        if self.players == 3:
            for i in range(1, self.players + 1):
                seat = (self.turn + i) % self.players
                if seat not in scorers:
                    steps.append(TradeStep(seat))
        self._clear_board({c for _, _, cells in found for c in cells}, steps)

    def _completion_record(self, found: list[Completion]) -> dict[str, Any]:
        """The board as it stood when goals were completed, and where, for the views."""
        return {
            "board": [[c.q, c.r, t, r] for c, (t, r) in sorted(self.board.items())],
            "hidden": [self.hidden.q, self.hidden.r] if self.hidden is not None else None,
            "hidden_owner": self.hidden_owner,
            "goals": [{"owner": owner, "goal": goal, "cells": [[c.q, c.r] for c in cells]}
                      for owner, goal, cells in found],
            "turn": self.turns,
            "mover": self.turn,
        }

    def _credit(self, owner: Owner, goal: str, steps: list[Step]) -> int:
        """Give a completed goal to its owner (the common card to the mover); the seat scored."""
        target = 0 if self.solo else self.target
        if owner == "common":
            self.done[self.turn].append(goal)
            self.common = None
            steps.append(GoalStep("common"))
            self.emit(Event("common goal", seat=self.turn, other=self.turn, subject=f"{goal} {target}",
                            amount=len(self.done[self.turn])))
            return self.turn
        self.done[owner].append(goal)
        self.hands[owner].remove(goal)
        steps.append(GoalStep("row" if self.solo else owner))
        self.emit(Event("goal", seat=owner, other=self.turn, subject=f"{goal} {target}",
                        amount=len(self.done[owner])))
        return owner

    def _check_target(self, scorers: set[int]) -> bool:
        """Whether the goals just scored end the game: one player alone reached the target.
        Several level at the target play on (and are told so)."""
        if self.solo:
            return False
        best = max(len(d) for d in self.done)
        leaders = [s for s in range(self.players) if len(self.done[s]) == best]
        if best >= self.target and len(leaders) == 1:
            self._finish(f"first to {self.target} goal{'s' if self.target > 1 else ''}")
            return True
        if best >= self.target and any(len(self.done[s]) == best for s in scorers):
            self.emit(Event("tied at the target", amount=best))
        return False

    def _clear_board(self, used: set[Hex], steps: list[Step]) -> None:
        """After a completion every tile goes back and a new triangle is dealt; with Hex
        Destiny only the patterns' tiles go, and a split group asks which cluster stays."""
        unseen = "unseen" if self.hidden is not None else ""
        if not self.destiny:
            self._discard_tiles(sorted(self.board))
            steps += NEW_TRIANGLE
            self.emit(Event("reset", subject=unseen))
            return
        unseen = unseen if self.hidden in used else ""
        self._discard_tiles(sorted(used))
        if not self.board:
            steps += NEW_TRIANGLE
            after = "empty"
        elif not is_connected(self.board):
            steps.append(KEEP)
            after = "split"
        else:
            after = "whole"
        self.emit(Event("pattern off", seat=self.turn, amount=len(used), subject=f"{after} {unseen}".strip()))

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

    # -- the automatic steps ----------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a seat or chance must act."""
        while self.queue and not self.finished and self._run(self.queue[0]):
            pass

    def _run(self, step: Step) -> bool:
        """Carry out the step at the head of the queue unless someone must act on it
        (False then). A goal draw or a trade with no card left to draw is skipped."""
        match step:
            case GoalStep() if self.deck:
                return False
            case TradeStep(seat) if self.deck and self.hands[seat]:
                return False
            case DrawStep() if self.pile:
                return False
            case DrawStep():
                self._pile_ran_out()
                return True
            case DealStep() | PlaceStep() | KeepStep():
                return False
        self.queue.pop(0)
        match step:
            case RevealStep():
                if self.hidden is not None:
                    self.emit(Event("revealed", seat=self.hidden_owner, subject=self.board[self.hidden][0]))
                self.hidden = self.hidden_owner = None
            case CycleStep():
                self._cycle_row()
            case EndStep():
                self._end_turn()
        return True

    def _pile_ran_out(self) -> None:
        """No tile to draw: every tile goes back and a new triangle is dealt (or, with the
        "end a stuck game" option, the game ends the second time in a row)."""
        self.dry += 1
        stuck_ends = self.end_stuck and not self.solo
        if stuck_ends and self.dry >= STALL_LIMIT:
            self._finish("the tile pile ran out twice with no goal completed")
            return
        self.emit(Event("reshuffle", amount=self.dry, subject="warn" if stuck_ends else ""))
        self._discard_tiles(sorted(self.board))
        self.moved = []
        self.queue[0:0] = NEW_TRIANGLE

    def _cycle_row(self) -> None:
        """Solo: no goal this turn (after the first) costs the rightmost card of the row."""
        if not self.scored_now and self.turns > 1 and self.hands[0]:
            self.discards.append(self.hands[0].pop())
            self.emit(Event("row discard", seat=0, subject=self.discards[-1]))
            self.queue.insert(0, GoalStep("row"))

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

    # -- the log's words --------------------------------------------------------------------
    def describe(self, action: Any, names: Sequence[str]) -> str:
        """The action in words: tiles by colour and symbol, goals by their pattern, where
        by the tiles around; never a cell's coordinates or a card's number. What the action
        causes (goals completed, the board reset, a reshuffle) comes as events."""
        who = names[self.turn] if self.turn < len(names) else f"Player {self.turn + 1}"
        match action:
            case DrawGoal(goal):
                return self._goal_drawn_words(goal, names)
            case Deal(tile, rot):
                which = ("The first", "The second", "The third")[min(len(self.board), 2)]
                return f"{which} tile of the triangle is dealt: {tile_name(tile)}; {icon_words(tile, rot)}"
            case Draw(tile):
                if self.covert:
                    return f"{who} draws a tile and keeps it hidden"
                return f"{who} draws {tile_name(tile)} to place"
            case Place(cell, rot):
                around = sum(1 for n in cell.neighbors() if n in self.board)
                where = f"next to {count(around, 'tile')}"
                if self.covert:
                    return f"{who} places a tile face down {where}"
                drawn = self.drawn or ""
                return f"{who} places {tile_name(drawn)} {where}; {icon_words(drawn, rot)}"
            case Keep(cell):
                return f"{who} {self._keep_words(cell)}"
            case Trade(trade):
                return self._trade_words(trade, names)
            case Pass():
                return f"{who} does not move"
        shift = next((s for m, s in self.move_options() if m == action), None) or []
        return f"{who} {move_words(self.board, self.hidden, action, shift)}"

    def _goal_drawn_words(self, goal: str, names: Sequence[str]) -> str:
        step = self.queue[0]
        assert isinstance(step, GoalStep)
        match step.owner:
            case "common":
                return f"A new common goal is turned up: {GOAL_NAMES[goal]}"
            case "row":
                return f"A new goal joins the row on the left: {GOAL_NAMES[goal]}"
            case seat:
                return f"{names[seat]} draws a new goal: {GOAL_NAMES[goal]}"

    def _keep_words(self, cell: Hex) -> str:
        groups = components(self.board)
        size = next(len(g) for g in groups if g[0] == cell)
        gone = sorted(len(g) for g in groups if g[0] != cell)
        left = " and ".join(count(n, "tile") for n in gone)
        return f"keeps the group of {count(size, 'tile')}; the other ({left}) leaves the board"

    def _trade_words(self, trade: bool, names: Sequence[str]) -> str:
        step = self.queue[0]
        assert isinstance(step, TradeStep)
        seat = step.seat
        goal = GOAL_NAMES[self.hands[seat][0]] if self.hands[seat] else "their goal"
        if trade:
            return f"{names[seat]} trades away their goal ({goal}) for a new one"
        return f"{names[seat]} keeps their goal ({goal})"

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
            "queue": [step_to_json(s) for s in self.queue],
            # The stall end was the only behaviour before it became an option: such states
            # do not name it, so their JSON (and old saves' digests) stay as they were.
            **({} if self.end_stuck else {"end_stuck": False}),
        }

    def clone(self) -> HorribleHexState:
        other = object.__new__(HorribleHexState)
        other.__dict__.update(self.__dict__)
        other.board = dict(self.board)
        other.pile = list(self.pile)
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.done = [list(d) for d in self.done]
        other.discards = list(self.discards)
        other.moved = list(self.moved)
        other.queue = list(self.queue)   # steps are frozen values
        # flash is replaced, never mutated, once made; the caches are still valid
        return other

    def visible_tile(self, seat: int | None) -> bool:
        """Whether `seat` may see the drawn tile."""
        return not self.covert or seat == self.turn

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

    def view(self, seat: int | None) -> dict[str, Any]:
        to_act = self.current_player
        mine = seat is not None and seat == to_act
        phase = self.phase
        view: dict[str, Any] = {
            "game": GAME_ID, "seat": seat, "players": self.players, "solo": self.solo,
            "target": self.target,
            "variants": {"destiny": self.destiny, "covert": self.covert, "holdem": self.holdem},
            "turn": self.turn, "turns": self.turns, "current": to_act, "phase": phase,
            "board": [self.tile_view(seat, c) for c in sorted(self.board)],
            "drawn": self._drawn_view(seat), "pile": len(self.pile), "deck": len(self.deck),
            "discards": list(self.discards),
            "hands": [list(h) for h in self.hands], "common": self.common,
            "done": [list(d) for d in self.done], "scores": self.scores,
            "stall": self.dry, "flash": self._flash_view(seat), "last": self.last,
            "over": self.finished, "winners": self.winners, "end_reason": self.end_reason,
            "moves": [], "places": [], "clusters": [],
            "legal": self.legal_notation() if mine else [],
        }
        if mine and phase == "move":
            view["moves"] = [self._move_view(m, s) for m, s in self.move_options()]
        elif mine and phase == "place":
            view["places"] = [[c.q, c.r] for c in frontier(self.board)]
        elif mine and phase == "keep":
            view["clusters"] = [{"action": str(Keep(g[0])), "cells": [[c.q, c.r] for c in g]}
                                for g in components(self.board)]
        return view

    def _drawn_view(self, seat: int | None) -> dict[str, Any] | None:
        if self.drawn is None:
            return None
        if not self.visible_tile(seat):
            return {"hidden": True}
        tile = TILES_BY_ID[self.drawn]
        return {"tile": tile.id, "kind": tile.kind, "edges": [tile.icon(d, 0) for d in range(6)]}

    def _flash_view(self, seat: int | None) -> dict[str, Any] | None:
        """The last completion as `seat` saw it (a face-down tile stays face down)."""
        if self.flash is None:
            return None
        hidden, owner = self.flash["hidden"], self.flash["hidden_owner"]
        return {"turn": self.flash["turn"], "mover": self.flash["mover"], "goals": self.flash["goals"],
                "board": [([q, r, None, None] if hidden == [q, r] and seat != owner else [q, r, t, rot])
                          for q, r, t, rot in self.flash["board"]]}

    def _move_view(self, move: Move, shift: Shift) -> dict[str, Any]:
        # `completes` is display data: whose goals the move would complete (the page warns
        # before a move that hands an opponent a goal).
        hidden = None if self.hidden is None else next((dst for src, dst in shift if src == self.hidden), self.hidden)
        completes = self.completions(shifted(self.board, shift), hidden, [d for _, d in shift])
        return {
            "action": str(move), "icon": ICON_NAMES[move.icon], "from": [move.cell.q, move.cell.r],
            "dir": move.direction, "to": [shift[0][1].q, shift[0][1].r],
            "shift": [[a.q, a.r, b.q, b.r] for a, b in shift],
            "completes": [[owner, goal] for owner, goal, _ in completes],
        }
