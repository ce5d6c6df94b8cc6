"""Computer opponents for Horrible Hex, and the evaluation the generic bots use.

The game is about one-move completions: a pattern scores only when a move finishes
it, and a finished pattern resets the board. So the bots think in those terms:

- easy: completes its own goal when it sees one (half the time), otherwise plays at random;
- normal: takes the move that scores best right now (its goals minus everybody
  else's), otherwise the move and placement that bring its patterns closer
  ("heat": how many cells of a goal already match somewhere) and keep the others' away;
- hard: normal's scoring, plus an exact search one move deep for the other players,
  run by the shared `pygame_core.ai.lookahead.LookaheadBot`: it will not leave a
  position where the next player can complete a goal with one move if it can help
  it, and it places tiles so that it has a completion of its own ready (a set-up).
  This module supplies the candidates (normal's ranking), the reply (`completable`:
  the goals one move could complete) and the weights. Work is done in slices (a
  generator yields None between them, at the latest after one tile's moves: see
  `completable_steps`) and is bounded by `iterations` (exact checks per decision) or
  `seconds`.

All bots read the state through `Game.determinize`, so with Covert Hex they never use
the face of a tile they have not seen.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Generator, Iterator, Sequence

from ..ai import Bot, SliceClock, finished
from ..ai.lookahead import Candidate, LookaheadBot
from ..engine import State
from ..hexgrid import Hex, components, frontier
from .components import GOALS_BY_ID, KIND_OF, ORIENTED, WILD
from .board import Board, find_goal, icon_uses, keeps_one_group, kinds_of
from .notation import Keep, Move, Pass, Place, Trade
from .state import HorribleHexState

WIN = 1000.0
GOAL_VALUE = 10.0       # a completed goal (own +, another player's -)
THREAT_PENALTY = 6.0    # the next player could complete a goal with one move
SETUP_BONUS = 3.0       # we could complete a goal with one move next turn
HEAT = {2: 0.25, 3: 1.0, 4: 1.5}
SLICE = 0.008           # seconds of work between yields (the page stays responsive)
CHECKS = 240            # hard: exact checks a decision (40 cells of 6 faces, or 240 moves)


# -- pattern heat ----------------------------------------------------------------------------
_OFFSETS = {g: tuple(tuple((h.q, h.r, k) for h, k in v) for v in goal.variants)
            for g, goal in GOALS_BY_ID.items()}


def heat(kinds: dict[Hex, str], goal: str, through: Hex | None = None) -> int:
    """The most cells of `goal` that already match in one place with the rest empty.

    With `through`, only places that use that cell count (the local effect of one tile).
    """
    best = 0
    for variant in _OFFSETS[goal]:
        if through is None:
            starts = {(c[0] - dq, c[1] - dr) for c in kinds for dq, dr, _ in variant}
        else:
            starts = {(through[0] - dq, through[1] - dr) for dq, dr, _ in variant}
        for bq, br in starts:
            n = 0
            for dq, dr, want in variant:
                kind = kinds.get((bq + dq, br + dr))  # type: ignore[call-overload]
                if kind is None:
                    continue
                if kind != want and kind != WILD:
                    n = -1
                    break
                n += 1
            if n > best:
                best = n
    return best


def goals_of(state: HorribleHexState, seat: int, mover: bool) -> list[str]:
    goals = list(state.hands[seat])
    if mover and state.common:
        goals.append(state.common)
    return goals


def heat_value(kinds: dict[Hex, str], goals: list[str], through: Hex | None = None) -> float:
    return sum(HEAT.get(heat(kinds, g, through), 0.0) for g in goals)


# -- one-move completions ----------------------------------------------------------------------
def completable(board: Board, hidden: Hex | None, goals: list[str],
                only: Hex | None = None, skip: Hex | None = None) -> set[str]:
    """The goals among `goals` that some single legal move on `board` would complete.

    `only` restricts the search to the moves of the tile at that cell; `skip` leaves
    that tile's own moves out (the two together cover a board exactly once). The moves
    come from the rules' own generator (`icon_uses`); whether a move keeps the group
    whole is checked only for the moves that would complete something.
    """
    return finished(completable_steps(board, hidden, goals, only, skip, _never))


def _never() -> bool:
    return False


def completable_steps(board: Board, hidden: Hex | None, goals: list[str], only: Hex | None,
                      skip: Hex | None, due: Callable[[], bool]) -> Generator[None, None, set[str]]:
    """`completable` in slices: yields None after a tile's moves whenever `due()` says a
    slice is done (a whole board's moves took a slow phone over 100 ms). Where it yields
    never changes what it finds."""
    if not goals:
        return set()
    kinds = kinds_of(board, hidden)
    found: set[str] = set()
    cells = [only] if only is not None else sorted(c for c in board if c != skip)
    for cell in cells:
        for _, _, _, shift in icon_uses(board, hidden, (cell,)):
            after = dict(kinds)
            moving = [(dst, kinds.get(src)) for src, dst in shift]
            for src, _ in shift:
                after.pop(src, None)
            dsts = []
            for dst, kind in moving:
                if kind is not None:
                    after[dst] = kind
                    dsts.append(dst)
            hits = [g for g in goals if g not in found and find_goal(after, g, dsts)]
            if hits and keeps_one_group(board, shift):
                found.update(hits)
                if len(found) == len(goals):
                    return found
        if due():
            yield None
    return found


# -- evaluation ------------------------------------------------------------------------------
def evaluate(state: HorribleHexState, seat: int) -> float:
    """How good the position looks for `seat`, in [0, 1]: goals done, then pattern heat."""
    if state.is_over:
        winners = state.winners
        return 1.0 / len(winners) if seat in winners else 0.0
    kinds = kinds_of(state.board, state.hidden)
    if state.solo:
        return min(1.0, (len(state.done[0]) + 0.2 * heat_value(kinds, state.hands[0])) / 10.0)
    worth = []
    for s in range(state.players):
        goals = goals_of(state, s, s == state.turn)
        worth.append(len(state.done[s]) + 0.15 * heat_value(kinds, goals))
    best_other = max(w for s, w in enumerate(worth) if s != seat)
    return max(0.0, min(1.0, 0.5 + 0.5 * (worth[seat] - best_other) / (state.target + 1)))


# -- the heuristics every level shares ---------------------------------------------------------
Scored = tuple[float, int, Any, HorribleHexState]   # (value, index in the legal list, move, the state after it)


def score_move(state: HorribleHexState, seat: int, move: Move | Pass) -> tuple[float, HorribleHexState]:
    """Apply a move to a copy and score what it completed, for `seat`."""
    child = state.clone()
    before = [len(d) for d in child.done]
    child.apply_unchecked(move)
    if child.is_over:
        return (WIN if seat in child.winners and len(child.winners) == 1 else
                0.0 if seat in child.winners else -WIN), child
    gained = [len(d) - b for d, b in zip(child.done, before)]
    value = GOAL_VALUE * (gained[seat] - sum(g for s, g in enumerate(gained) if s != seat))
    return value, child


def scored_moves(state: HorribleHexState, seat: int, legal: list[Any],
                 due: Callable[[], bool]) -> Generator[None, None, list[Scored]]:
    """Every move with what it completes now; yields None whenever `due()` says a slice is done."""
    scored: list[Scored] = []
    for i, move in enumerate(legal):
        value, child = score_move(state, seat, move)
        scored.append((value, i, move, child))
        if due():
            yield None
    return scored


def heat_ranked(scored: list[Scored], seat: int,
                due: Callable[[], bool]) -> Generator[None, None, list[Scored]]:
    """The moves best first when nothing scores for us: our heat against the others' (0.8)."""
    ranked: list[Scored] = []
    for value, i, move, child in scored:
        if value < 0:
            ranked.append((value, i, move, child))
            continue
        kinds = kinds_of(child.board, child.hidden)
        mine = heat_value(kinds, goals_of(child, seat, True))
        theirs = sum(heat_value(kinds, goals_of(child, s, False))
                     for s in range(child.players) if s != seat)
        ranked.append((value + mine - 0.8 * theirs, i, move, child))
        if due():
            yield None
    ranked.sort(key=lambda t: (-t[0], t[1]))
    return ranked


def place_candidates(state: HorribleHexState, seat: int, due: Callable[[], bool],
                     own: dict[Place, set[str]] | None = None
                     ) -> Generator[None, None, list[tuple[float, int, Place]]]:
    """Every placement of the drawn tile (one per distinct face), the best cells first.

    Value: our heat minus the others' (0.8) around the cell, plus half a set-up bonus
    per goal the new tile itself could complete next turn (those goals go into `own`).
    """
    tile = state.drawn
    assert tile is not None
    kind = KIND_OF[tile]
    others = [s for s in range(state.players) if s != seat]
    nxt = (seat + 1) % state.players
    mine_goals = goals_of(state, seat, True)
    rotations: list[int] = []   # rotations that differ in what the tile can do
    seen_faces = set()
    for rot in range(6):
        if ORIENTED[tile][rot] not in seen_faces:
            seen_faces.add(ORIENTED[tile][rot])
            rotations.append(rot)
    base_kinds = kinds_of(state.board, state.hidden)
    cell_values = []
    for index, cell in enumerate(frontier(state.board)):
        kinds = dict(base_kinds)
        kinds[cell] = kind
        mine = heat_value(kinds, mine_goals, cell)
        if state.covert:
            del kinds[cell]
        theirs = sum(heat_value(kinds, goals_of(state, s, s == nxt), cell) for s in others)
        cell_values.append((mine - 0.8 * theirs, index, cell))
        if due():
            yield None
    cell_values.sort(key=lambda t: (-t[0], t[1]))
    out: list[tuple[float, int, Place]] = []
    for value, index, cell in cell_values:
        board = dict(state.board)
        for rot in rotations:
            board[cell] = (tile, rot)
            own_me = completable(board, None, mine_goals, only=cell)
            place = Place(cell, rot)
            if own is not None:
                own[place] = own_me
            out.append((value + SETUP_BONUS * 0.5 * len(own_me), index * 6 + rot, place))
            if due():
                yield None
    return out


def place_risk(state: HorribleHexState, seat: int, place: Place) -> float:
    """The quick threat estimate: what the next player could complete by moving the new tile."""
    if state.players == 1 or state.covert:   # face down: the next player cannot move it
        return 0.0
    board = dict(state.board)
    board[place.cell] = (state.drawn, place.rot)  # type: ignore[assignment]
    nxt = (seat + 1) % state.players
    return -THREAT_PENALTY * 0.5 * len(completable(board, None, goals_of(state, nxt, True), only=place.cell))


def trade_choice(state: HorribleHexState, seat: int) -> Trade:
    """A goal needing three of one kind is harder to finish than a balanced one: trade it."""
    goal = state.hands[seat][0]
    kinds = [k for _, k in GOALS_BY_ID[goal].cells]
    return Trade(max(kinds.count("G"), kinds.count("R")) >= 3)


def keep_choice(state: HorribleHexState, seat: int, legal: list[Keep]) -> Keep:
    """The cluster whose board the evaluation likes best."""
    best, best_value = legal[0], float("-inf")
    for keep in legal:
        child = state.clone()
        child.apply_unchecked(keep)
        value = evaluate(child, seat)
        if value > best_value:
            best, best_value = keep, value
    return best


def _pick(rng: Any, options: list[tuple[float, int, Any]]) -> Any:
    """One of equally good options, at random (in the order of the legal list)."""
    options.sort(key=lambda t: t[1])
    return rng.choice(options)[2]


# -- bots ------------------------------------------------------------------------------------
class HexBot(Bot):
    """The easy and normal levels (see the module docstring)."""

    def __init__(self, level: str, seed: int | str = 0) -> None:
        if level not in ("easy", "normal"):
            raise ValueError(f"HexBot plays easy or normal, not {level!r} (hard is HardBot)")
        super().__init__(seed)
        self.level = level
        self.name = f"horrible-hex {level}"
        self._clock = SliceClock(SLICE)

    def due(self) -> bool:
        return self._clock.due()

    def think(self, state: State, seat: int) -> Iterator[Any]:
        assert isinstance(state, HorribleHexState)
        self._clock = SliceClock(SLICE)
        known = state.game.determinize(state, seat, self.rng)
        assert isinstance(known, HorribleHexState)
        legal = known.legal_actions()
        phase = known.phase
        if len(legal) == 1:
            yield legal[0]
            return
        easy = self.level == "easy"
        if phase == "move":
            yield from self._choose_move(known, seat, legal)
        elif phase == "place":
            if easy:
                yield self.rng.choice(legal)
                return
            results = yield from place_candidates(known, seat, self.due)
            for n, (v, i, p) in enumerate(results):
                results[n] = (v + place_risk(known, seat, p), i, p)
                if self.due():
                    yield None
            top = max(v for v, _, _ in results)
            yield _pick(self.rng, [t for t in results if t[0] == top])
        elif phase == "keep":
            keeps = [a for a in legal if isinstance(a, Keep)]
            if easy:  # the biggest cluster
                sizes = {group[0]: len(group) for group in components(known.board)}
                yield max(keeps, key=lambda k: sizes.get(k.cell, 0))
            else:
                yield keep_choice(known, seat, keeps)
        elif phase == "swap":
            yield Trade(self.rng.random() < 0.5) if easy else trade_choice(known, seat)
        else:
            yield self.rng.choice(legal)

    def _choose_move(self, state: HorribleHexState, seat: int, legal: list[Any]) -> Iterator[Any]:
        scored = yield from scored_moves(state, seat, legal, self.due)
        best_now = max(v for v, *_ in scored)
        if self.level == "easy":
            if best_now > 0 and self.rng.random() < 0.5:
                yield self.rng.choice([m for v, _, m, _ in scored if v == best_now])
            else:
                yield self.rng.choice(legal)
            return
        if best_now >= GOAL_VALUE:
            yield _pick(self.rng, [(v, i, m) for v, i, m, _ in scored if v == best_now])
            return
        ranked = yield from heat_ranked(scored, seat, self.due)
        top = ranked[0][0]
        yield _pick(self.rng, [(v, i, m) for v, i, m, _ in ranked if v == top])


class HardBot(LookaheadBot):
    """The hard level: normal's ranking, then the shared `LookaheadBot` checks each candidate.

    The game's parts: candidates are the moves ranked as normal ranks them (a completion
    of our own, when there is one, leaves only the completions) or every placement of
    the drawn tile; the reply of every other seat is what it could complete with one move
    on the board we leave (exactly, with `completable`), weighted `THREAT_PENALTY` for the
    next seat and half that for a later one (the board will change first); our own next
    move counts `SETUP_BONUS` per goal we could complete (placing only). Nothing is
    played out: the answers are valued on the same board. One world (`worlds`): only
    Covert Hex hides a tile, and that one is resampled once per decision.

    Budget: `iterations` exact checks (one per candidate, best first; the ones the budget
    does not reach get a quick estimate) and/or `seconds`. Decisions other than the
    move and the placement are normal's.
    """

    name = "horrible-hex hard"

    def __init__(self, seed: int | str = 0, iterations: int | None = None,
                 seconds: float | None = None, worlds: int = 1) -> None:
        super().__init__(seed, iterations if iterations is not None else CHECKS, seconds, worlds=worlds,
                         reply_weights=(THREAT_PENALTY, THREAT_PENALTY * 0.5), play_replies=False,
                         random_ties=True, slice_seconds=SLICE)
        self.level = "hard"
        self._seat = 0
        self._phase = "move"
        self._place: Place | None = None
        self._own: dict[Place, set[str]] = {}
        self._rest: dict[tuple[Hex, int], set[str]] = {}

    def candidates(self, state: State, seat: int) -> Generator[None, None, list[Candidate]]:
        assert isinstance(state, HorribleHexState)
        self._seat, self._phase = seat, state.phase
        self._own, self._rest = {}, {}
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(0.0, legal[0])]
        if self._phase == "move":
            scored = yield from scored_moves(state, seat, legal, self.due)
            best_now = max(v for v, *_ in scored)
            if best_now >= GOAL_VALUE:   # a completion of ours: only which one is left to choose
                return [(v, m) for v, _, m, _ in scored if v == best_now]
            ranked = yield from heat_ranked(scored, seat, self.due)
            if state.players == 1:       # nobody to hand a completion to
                ranked = [t for t in ranked if t[0] == ranked[0][0]]
            return [(v, m) for v, _, m, _ in ranked]
        if self._phase == "place":
            placed = yield from place_candidates(state, seat, self.due, self._own)
            return [(v, p) for v, _, p in placed]
        if self._phase == "keep":
            return [(0.0, keep_choice(state, seat, [a for a in legal if isinstance(a, Keep)]))]
        if self._phase == "swap":
            return [(0.0, trade_choice(state, seat))]
        return [(0.0, self.rng.choice(legal))]

    def weights(self, state: State, seat: int) -> tuple[Sequence[float], float]:
        return self.reply_weights, (SETUP_BONUS if self._phase == "place" else 0.0)

    def guess(self, state: State, seat: int, action: Any) -> float:
        if self._phase == "place":
            assert isinstance(state, HorribleHexState)
            return place_risk(state, seat, action)
        return -THREAT_PENALTY * 0.5   # unchecked: assume some risk

    def settle(self, world: State, rng: random.Random) -> None:
        """Nothing to settle: the replies read only the board, and the draw does not change it."""

    def leaf(self, world: State, seat: int) -> float:
        return 0.0   # the prior holds what the move completes and its heat; the replies the rest

    def line_steps(self, state: State, seat: int, action: Any,
                   rng: random.Random) -> Generator[None, None, float]:
        self._place = action if isinstance(action, Place) else None
        return (yield from super().line_steps(state, seat, action, rng))

    def reply(self, world: State, player: int) -> tuple[float, Any]:
        return finished(self.reply_steps(world, player))

    def reply_steps(self, world: State, player: int) -> Generator[None, None, tuple[float, Any]]:
        """How many of `player`'s goals one move could complete on the board we leave; yields
        None after a tile's moves when a slice is done (`completable_steps`)."""
        assert isinstance(world, HorribleHexState)
        goals = goals_of(world, player, True)
        place = self._place
        if place is None:   # after a move
            return float(len((yield from completable_steps(world.board, world.hidden, goals, None, None,
                                                           self.due)))), None
        # After a placement: the other tiles' moves do not depend on the new tile's face,
        # so they are checked once per cell (nothing is hidden while placing, so every
        # world has the same board); the new tile's own moves once per rotation.
        cell, board = place.cell, world.board
        face_down = world.covert and player == (self._seat + 1) % world.players and player != self._seat
        rest = self._rest.get((cell, player))
        if rest is None:
            rest = yield from completable_steps(board, cell if face_down else None, goals, None, cell, self.due)
            self._rest[cell, player] = rest
        if face_down:            # the next player cannot see, so cannot move, the new tile
            return float(len(rest)), None
        own = self._own.get(place) if player == self._seat else None
        if own is None:
            own = completable(board, None, goals, only=cell)
        return float(len(rest | own)), None


def make_bot(level: str, seed: int | str = 0, **budget: Any) -> Bot:
    """easy, normal or hard; hard takes `iterations` (exact checks a decision) and `seconds`."""
    if level == "hard":
        return HardBot(seed, iterations=budget.get("iterations"), seconds=budget.get("seconds"))
    if level not in ("easy", "normal"):
        raise ValueError(f"unknown level {level!r}")
    return HexBot(level, seed)
