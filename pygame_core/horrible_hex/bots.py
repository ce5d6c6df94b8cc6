"""Computer opponents for Horrible Hex, and the evaluation the generic bots use.

The game is about one-move completions: a pattern scores only when a move finishes
it, and a finished pattern resets the board. So the bots think in those terms:

- easy: completes its own goal when it sees one (half the time), otherwise plays at random;
- normal: takes the move that scores best right now (its goals minus everybody
  else's), otherwise the move and placement that bring its patterns closer
  ("heat": how many cells of a goal already match somewhere) and keep the others' away;
- hard: normal's scoring, plus an exact search one move deep for the next player:
  it will not leave a position where the next player can complete a goal with one
  move if it can help it, and it places tiles so that it has a completion of its
  own ready (a set-up). Work is done in slices (a generator yields None between
  them) and is bounded by `iterations` (exact checks per decision) or `seconds`.

All bots read the state through `Game.determinize`, so with Covert Hex they never use
the face of a tile they have not seen.
"""

from __future__ import annotations

import time
from typing import Any, Iterator

from ..ai import Bot
from ..engine import State
from ..hexgrid import Hex
from .components import GOALS_BY_ID, KIND_OF, ORIENTED, WILD
from .rules import (
    Board, HexState, Keep, Move, Pass, Place, Trade, clusters, find_goal, frontier, keeps_one_group,
    kinds_of, shift_for,
)

WIN = 1000.0
GOAL_VALUE = 10.0       # a completed goal (own +, another player's -)
THREAT_PENALTY = 6.0    # the next player could complete a goal with one move
SETUP_BONUS = 3.0       # we could complete a goal with one move next turn
HEAT = {2: 0.25, 3: 1.0, 4: 1.5}
SLICE = 0.008           # seconds of work between yields (the page stays responsive)


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


def goals_of(state: HexState, seat: int, mover: bool) -> list[str]:
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
    that tile's own moves out (the two together cover a board exactly once).
    """
    if not goals:
        return set()
    kinds = kinds_of(board, hidden)
    found: set[str] = set()
    cells = [only] if only is not None else sorted(board)
    for cell in cells:
        if cell == hidden or cell == skip:
            continue
        tile, rot = board[cell]
        icons = ORIENTED[tile][rot]
        for d in range(6):
            icon = icons[d]
            if icon is None:
                continue
            shift = shift_for(board, cell, d, icon)
            if shift is None:
                continue
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
    return found


# -- evaluation ------------------------------------------------------------------------------
def evaluate(state: HexState, seat: int) -> float:
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


# -- bots ------------------------------------------------------------------------------------
class HexBot(Bot):
    """A Horrible Hex bot at one of three levels (see the module docstring)."""

    def __init__(self, level: str, seed: int | str = 0, iterations: int | None = None,
                 seconds: float | None = None) -> None:
        super().__init__(seed)
        self.level = level
        self.name = f"horrible-hex {level}"
        self.iterations = iterations if iterations is not None else 40
        self.seconds = seconds

    # -- helpers ------------------------------------------------------------------------
    def _out_of_time(self, start: float, checks: int) -> bool:
        if self.seconds is not None and time.perf_counter() - start > self.seconds:
            return True
        return checks >= self.iterations

    def _scoring(self, state: HexState, seat: int, move: Move | Pass) -> tuple[float, HexState]:
        """Apply a move to a copy and score what it completed, for `seat`."""
        child = state.clone()
        before = [len(d) for d in child.done]
        child._apply(move)
        if child.is_over:
            return (WIN if seat in child.winners and len(child.winners) == 1 else
                    0.0 if seat in child.winners else -WIN), child
        gained = [len(d) - b for d, b in zip(child.done, before)]
        value = GOAL_VALUE * (gained[seat] - sum(g for s, g in enumerate(gained) if s != seat))
        return value, child

    def think(self, state: State, seat: int) -> Iterator[Any]:
        assert isinstance(state, HexState)
        known = state.game.determinize(state, seat, self.rng)
        assert isinstance(known, HexState)
        legal = known.legal_actions()
        phase = known.phase
        if len(legal) == 1:
            yield legal[0]
            return
        if phase == "move":
            yield from self._choose_move(known, seat, legal)
        elif phase == "place":
            yield from self._choose_place(known, seat, legal)
        elif phase == "keep":
            yield self._choose_keep(known, seat, [a for a in legal if isinstance(a, Keep)])
        elif phase == "swap":
            yield self._choose_trade(known, seat)
        else:
            yield self.rng.choice(legal)

    # -- decisions ------------------------------------------------------------------------
    def _choose_trade(self, state: HexState, seat: int) -> Trade:
        if self.level == "easy":
            return Trade(self.rng.random() < 0.5)
        # a goal needing three of one kind is harder to finish than a balanced one
        goal = state.hands[seat][0]
        kinds = [k for _, k in GOALS_BY_ID[goal].cells]
        return Trade(max(kinds.count("G"), kinds.count("R")) >= 3)

    def _choose_keep(self, state: HexState, seat: int, legal: list[Keep]) -> Keep:
        if self.level == "easy":  # the biggest cluster
            sizes = {group[0]: len(group) for group in clusters(state.board)}
            return max(legal, key=lambda k: sizes.get(k.cell, 0))
        best, best_value = legal[0], float("-inf")
        for keep in legal:
            child = state.clone()
            child._apply(keep)
            value = evaluate(child, seat)
            if value > best_value:
                best, best_value = keep, value
        return best

    def _choose_move(self, state: HexState, seat: int, legal: list[Any]) -> Iterator[Any]:
        start = time.perf_counter()
        scored: list[tuple[float, int, Any, HexState]] = []
        slice_start = start
        for i, move in enumerate(legal):
            value, child = self._scoring(state, seat, move)
            scored.append((value, i, move, child))
            if time.perf_counter() - slice_start > SLICE:
                yield None
                slice_start = time.perf_counter()
        best_now = max(v for v, *_ in scored)
        if self.level == "easy":
            if best_now > 0 and self.rng.random() < 0.5:
                yield self.rng.choice([m for v, _, m, _ in scored if v == best_now])
            else:
                yield self.rng.choice(legal)
            return
        if best_now >= GOAL_VALUE:
            yield self._pick([(v, i, m) for v, i, m, _ in scored if v == best_now])
            return
        # Nothing scores for us: weigh heat (ours against the others').
        ranked = []
        for value, i, move, child in scored:
            if value < 0:
                ranked.append((value, i, move, child))
                continue
            kinds = kinds_of(child.board, child.hidden)
            mine = heat_value(kinds, goals_of(child, seat, True))
            theirs = sum(heat_value(kinds, goals_of(child, s, False))
                         for s in range(child.players) if s != seat)
            ranked.append((value + mine - 0.8 * theirs, i, move, child))
            if time.perf_counter() - slice_start > SLICE:
                yield None
                slice_start = time.perf_counter()
        ranked.sort(key=lambda t: (-t[0], t[1]))
        if self.level == "normal" or state.players == 1:
            top = ranked[0][0]
            yield self._pick([(v, i, m) for v, i, m, _ in ranked if v == top])
            return
        # hard: check the best candidates exactly for completions handed to the others
        # (the next player fully, a later one at half weight: the board will change first)
        checks = 0
        final: list[tuple[float, int, Any]] = []
        for value, i, move, child in ranked:
            if value < 0 or self._out_of_time(start, checks):
                final.append((value - THREAT_PENALTY * 0.5, i, move))  # unchecked: assume some risk
                continue
            risk = 0.0
            for other, weight in _others(seat, state.players):
                risk += weight * len(completable(child.board, child.hidden, goals_of(child, other, True)))
                yield None
            checks += 1
            final.append((value - THREAT_PENALTY * risk, i, move))
        top = max(v for v, _, _ in final)
        yield self._pick([t for t in final if t[0] == top])

    def _pick(self, options: list[tuple[float, int, Any]]) -> Any:
        options.sort(key=lambda t: t[1])
        return self.rng.choice(options)[2]

    def _choose_place(self, state: HexState, seat: int, legal: list[Any]) -> Iterator[Any]:
        if self.level == "easy":
            yield self.rng.choice(legal)
            return
        start = time.perf_counter()
        tile = state.drawn
        assert tile is not None
        kind = KIND_OF[tile]
        others = [s for s in range(state.players) if s != seat]
        nxt = (seat + 1) % state.players
        mine_goals = goals_of(state, seat, True)
        # rotations that differ in what the tile can do
        rotations: list[int] = []
        seen_faces = set()
        for rot in range(6):
            if ORIENTED[tile][rot] not in seen_faces:
                seen_faces.add(ORIENTED[tile][rot])
                rotations.append(rot)
        cells = frontier(state.board)
        base_kinds = kinds_of(state.board, state.hidden)
        cell_values = []
        for index, cell in enumerate(cells):
            kinds = dict(base_kinds)
            kinds[cell] = kind
            mine = heat_value(kinds, mine_goals, cell)
            if state.covert:
                del kinds[cell]
            theirs = sum(heat_value(kinds, goals_of(state, s, s == nxt), cell) for s in others)
            cell_values.append((mine - 0.8 * theirs, index, cell))
        cell_values.sort(key=lambda t: (-t[0], t[1]))
        results: list[tuple[float, int, Any]] = []
        checks = 0
        slice_start = time.perf_counter()
        for rank, (value, index, cell) in enumerate(cell_values):
            board = dict(state.board)
            board[cell] = (tile, 0)
            # Covert Hex: the new tile is face down for the next player's move only
            hidden = cell if state.covert else None
            exact = self.level == "hard" and not self._out_of_time(start, checks)
            opp_rest: dict[int, set[str]] = {}
            if exact:
                # the other tiles' moves do not depend on the new tile's turn: check them once
                for other, _ in _others(seat, state.players):
                    seen = hidden if other == nxt else None
                    opp_rest[other] = completable(board, seen, goals_of(state, other, True), skip=cell)
                    yield None
                my_rest = completable(board, None, mine_goals, skip=cell)
                checks += 1
                yield None
                slice_start = time.perf_counter()
            for rot in rotations:
                board[cell] = (tile, rot)
                own_me = completable(board, None, mine_goals, only=cell)
                v = value + SETUP_BONUS * 0.5 * len(own_me)
                if exact:
                    v += SETUP_BONUS * len(my_rest | own_me)
                    for other, weight in _others(seat, state.players):
                        own: set[str] = set()
                        if not (state.covert and other == nxt):  # face down: not its own moves
                            own = completable(board, None, goals_of(state, other, True), only=cell)
                        v -= THREAT_PENALTY * weight * len(opp_rest[other] | own)
                elif others and not state.covert:
                    v -= THREAT_PENALTY * 0.5 * len(completable(board, None, goals_of(state, nxt, True), only=cell))
                results.append((v, index * 6 + rot, Place(cell, rot)))
            if time.perf_counter() - slice_start > SLICE:
                yield None
                slice_start = time.perf_counter()
        top = max(v for v, _, _ in results)
        yield self._pick([t for t in results if t[0] == top])


def _others(seat: int, players: int) -> list[tuple[int, float]]:
    """The other seats in turn order, with how much their threats weigh."""
    return [((seat + i) % players, 1.0 if i == 1 else 0.5) for i in range(1, players)]


def make_bot(level: str, seed: int | str = 0, **budget: Any) -> Bot:
    """easy, normal or hard; hard takes `iterations` (exact checks a decision) and `seconds`."""
    if level not in ("easy", "normal", "hard"):
        raise ValueError(f"unknown level {level!r}")
    return HexBot(level, seed, iterations=budget.get("iterations"), seconds=budget.get("seconds"))
