"""Search bots that work through the engine contract: MCTS, ISMCTS and a turn expectimax.

- `MCTSBot`: Monte Carlo tree search for games where everything is visible. Chance
  nodes are sampled from `chance_outcomes()`; the seat to move picks children by UCT on
  its own entry of a per-seat value vector (so it works for any number of players);
  a playout runs at most `rollout_depth` steps and is then scored by the game's
  evaluation for every seat (or exactly, when the game ended).
- `ISMCTSBot`: the same search over information sets (single-observer ISMCTS): each
  iteration starts from `game.determinize(state, seat, rng)`, a copy in which what
  `seat` cannot see is resampled, and the tree is shared across those samples. Children
  are scored with availability counts, because a move may be legal in one sample and
  not in another. The bot never looks at the true hidden information.
- `ExpectimaxBot`: exact search to the end of the seat's own turn: the seat's decisions
  are maximised, chance is averaged over its exact odds, and positions where another
  seat is to act are scored by the evaluation. Good for push-your-luck games where a
  turn is a few decisions between dice rolls.

All three are generators (`think`) that yield None whenever about `slice_seconds` of
work has been done, then yield the chosen action; the page runs one slice per browser
task. With an iteration budget the result depends only on the seed, the state and the
count (never on the clock), so tests can pin it; with `seconds` the page gets an answer
in bounded time.

Games supply only game-specific parts, as arguments: `evaluate_all` (a value per seat,
defaults to `game.evaluate` for every seat), `prune` (order or trim a legal list),
`rollout_policy` (a cheap playout move), `clone` (a faster copy than `State.clone`) and,
for hidden information, `determinize` (defaults to `game.determinize`).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Generator, Hashable, Iterator, Sequence

from ..engine import CHANCE, Action, State
from . import Bot, SliceClock

Evaluator = Callable[[State], Sequence[float]]
Pruner = Callable[[State, list[Action]], list[Action]]
Policy = Callable[[State, random.Random], Action]
Cloner = Callable[[State], State]

SLICE_SECONDS = 0.010
"""Work between two yields: well under the 50 ms that makes a page feel stuck."""

DEFAULT_ITERATIONS = 1000


def step(state: State, action: Action) -> None:
    """Apply an action taken from the state's own legal list or chance outcomes.

    Search only ever plays actions it got from the state itself, so the legality check
    of `State.apply` (which rebuilds the legal list) would be wasted work in the hot loop.
    """
    state._apply(action)  # noqa: SLF001 - deliberate: see the docstring


def seat_count(state: State) -> int:
    return len(state.scores)


def evaluate_every_seat(state: State) -> list[float]:
    """The default `evaluate_all`: the game's evaluation for each seat."""
    game = state.game
    return [game.evaluate(state, s) for s in range(seat_count(state))]


def sample_outcome(state: State, rng: random.Random) -> Action:
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return outcomes[0][0]
    x = rng.random()
    for action, p in outcomes:
        x -= p
        if x < 0:
            return action
    return outcomes[-1][0]  # rounding: the probabilities summed to a hair under 1


class Budget:
    """Iterations and/or seconds, plus the clock for yielding between slices."""

    def __init__(self, iterations: int | None, seconds: float | None, slice_seconds: float) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        self.clock = SliceClock(slice_seconds)
        self.start = time.perf_counter()

    def exhausted(self, done: int) -> bool:
        if self.iterations is not None and done >= self.iterations:
            return True
        if self.seconds is not None and time.perf_counter() - self.start >= self.seconds:
            return done > 0  # always do at least one iteration
        return False

    def should_yield(self) -> bool:
        return self.clock.due()


class _Node:
    """A tree node: statistics of the move that led here, and the moves tried from here.

    `total[s]` sums the value for seat s over the `visits` iterations through this node;
    `avail` counts the iterations in which the move leading here was legal (for ISMCTS;
    in a perfect-information tree it equals the parent's visits once expanded).
    """

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, seats: int) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * seats


class MCTSBot(Bot):
    """UCT search with sampled chance and a per-seat value vector (any number of seats)."""

    name = "mcts"
    determinized = False

    def __init__(self, seed: int | str = 0, iterations: int | None = None,
                 seconds: float | None = None, *, exploration: float = 0.7,
                 rollout_depth: int = 20, evaluate_all: Evaluator | None = None,
                 prune: Pruner | None = None, rollout_policy: Policy | None = None,
                 clone: Cloner | None = None,
                 determinize: Callable[[State, int, random.Random], State] | None = None,
                 slice_seconds: float = SLICE_SECONDS) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.evaluate_all = evaluate_all or evaluate_every_seat
        self.prune = prune
        self.rollout_policy = rollout_policy
        self.clone = clone or (lambda s: s.clone())
        self.determinize = determinize
        self.slice_seconds = slice_seconds
        self.last_stats: dict[str, Any] = {}

    # -- hooks ----------------------------------------------------------------------------
    def root_sample(self, state: State, seat: int) -> State:
        """The position an iteration starts from: a copy of the (visible) state."""
        return self.clone(state)

    def _actions(self, state: State) -> list[Action]:
        actions = state.legal_actions()
        if self.prune is not None and len(actions) > 1:
            actions = self.prune(state, actions) or actions
        return actions

    # -- the search ---------------------------------------------------------------------------
    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        root_actions = self._actions(state)
        if len(root_actions) == 1:
            yield root_actions[0]
            return
        seats = seat_count(state)
        root = _Node(seats)
        budget = Budget(self.iterations, self.seconds, self.slice_seconds)
        done = 0
        while not budget.exhausted(done):
            self._iterate(root, self.root_sample(state, seat), seats)
            done += 1
            if budget.should_yield():
                yield None
        # The most visited move is the most trusted one; ties go to the better mean, then
        # to the game's own order of the legal list (so the result is reproducible).
        order = {a: i for i, a in enumerate(root_actions)}
        best = max((a for a in root.children if a in order),
                   key=lambda a: (root.children[a].visits,
                                  root.children[a].total[seat] / max(1, root.children[a].visits),
                                  -order[a]))
        self.last_stats = {
            "iterations": done,
            "seconds": time.perf_counter() - budget.start,
            "visits": {str(a): n.visits for a, n in root.children.items()},
            "values": {str(a): n.total[seat] / max(1, n.visits) for a, n in root.children.items()},
        }
        yield best

    def _iterate(self, root: _Node, state: State, seats: int) -> None:
        rng = self.rng
        c = self.exploration
        path = [root]
        node = root
        expanded = False
        # Selection and expansion.
        while not state.is_over:
            player = state.current_player
            if player == CHANCE:
                action = sample_outcome(state, rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(seats)
                step(state, action)
                node = child
                path.append(node)
                continue
            actions = self._actions(state)
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = node.children[action] = _Node(seats)
                for a in actions:  # every legal move was available this time
                    known = node.children.get(a)
                    if known is not None:
                        known.avail += 1
                step(state, action)
                path.append(child)
                expanded = True
                break
            best_action = actions[0]
            best_score = -math.inf
            for a in actions:
                ch = node.children[a]
                ch.avail += 1
                score = (ch.total[player] / ch.visits  # type: ignore[index]
                         + c * math.sqrt(math.log(ch.avail) / ch.visits))
                if score > best_score:
                    best_score, best_action = score, a
            step(state, best_action)
            node = node.children[best_action]
            path.append(node)
        # Playout: a few cheap moves, then the evaluation (exact at the end of the game).
        if expanded:
            for _ in range(self.rollout_depth):
                if state.is_over:
                    break
                if state.current_player == CHANCE:
                    step(state, sample_outcome(state, rng))
                elif self.rollout_policy is not None:
                    step(state, self.rollout_policy(state, rng))
                else:
                    step(state, rng.choice(state.legal_actions()))
        values = self.evaluate_all(state)
        # Backpropagation.
        for n in path:
            n.visits += 1
            total = n.total
            for s in range(seats):
                total[s] += values[s]


class ISMCTSBot(MCTSBot):
    """MCTS over information sets: every iteration searches a fresh resample of the hidden."""

    name = "ismcts"
    determinized = True

    def root_sample(self, state: State, seat: int) -> State:
        if self.determinize is not None:
            return self.determinize(state, seat, self.rng)
        return state.game.determinize(state, seat, self.rng)


class ExpectimaxBot(Bot):
    """Exact search to the end of the seat's turn: max over its moves, mean over chance.

    Leaves (another seat to act, the end, or `horizon(state)` true) are scored by
    `evaluate(state, seat)` (the game's evaluation unless given). `key`, when given,
    maps a state to a hashable summary of everything the evaluation and the rest of the
    turn depend on; equal keys share one result, which collapses the many dice that lead
    to the same position. Chance nodes with more than `max_outcomes` outcomes are
    averaged over a fixed sample of that size. For perfect-information games (or on a
    determinized copy).
    """

    name = "expectimax"

    def __init__(self, seed: int | str = 0, *, evaluate: Callable[[State, int], float] | None = None,
                 key: Callable[[State], Hashable] | None = None,
                 horizon: Callable[[State], bool] | None = None,
                 prune: Pruner | None = None, clone: Cloner | None = None,
                 max_outcomes: int = 64, slice_seconds: float = SLICE_SECONDS,
                 noise: float = 0.0) -> None:
        super().__init__(seed)
        self.evaluate = evaluate
        self.key = key
        self.horizon = horizon
        self.prune = prune
        self.clone = clone or (lambda s: s.clone())
        self.max_outcomes = max_outcomes
        self.slice_seconds = slice_seconds
        self.noise = noise  # > 0: a deliberately sloppy bot (easy levels) adds this much noise
        self.last_values: dict[str, float] = {}
        self._seat = 0
        self._memo: dict[Hashable, float] = {}
        self._clock = SliceClock(slice_seconds)

    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        actions = state.legal_actions()
        if self.prune is not None and len(actions) > 1:
            actions = self.prune(state, actions) or actions
        if len(actions) == 1:
            yield actions[0]
            return
        self._seat = seat
        self._memo = {}
        self._clock = SliceClock(self.slice_seconds)
        values: list[float] = []
        for action in actions:
            child = self.clone(state)
            step(child, action)
            value = yield from self._value(child)
            values.append(value + (self.rng.gauss(0.0, self.noise) if self.noise else 0.0))
        self.last_values = {str(a): v for a, v in zip(actions, values)}
        best = max(range(len(actions)), key=lambda i: (values[i], -i))
        yield actions[best]

    def _leaf(self, state: State) -> bool:
        player = state.current_player
        if player is None or (player != CHANCE and player != self._seat):
            return True
        return self.horizon is not None and self.horizon(state)

    def _value(self, state: State) -> Generator[None, None, float]:
        """The state's value for the seat; yields None between slices (use `yield from`)."""
        if self._clock.due():
            yield None
        k = self.key(state) if self.key is not None else None
        if k is not None and k in self._memo:
            return self._memo[k]
        seat = self._seat
        if self._leaf(state):
            game = state.game
            value = self.evaluate(state, seat) if self.evaluate else game.evaluate(state, seat)
        elif state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            if len(outcomes) > self.max_outcomes:
                sample = random.Random(0).sample(outcomes, self.max_outcomes)
                outcomes = [(a, 1.0 / len(sample)) for a, _ in sample]
            value = 0.0
            for action, p in outcomes:
                child = self.clone(state)
                step(child, action)
                value += p * (yield from self._value(child))
        else:
            actions = state.legal_actions()
            if self.prune is not None and len(actions) > 1:
                actions = self.prune(state, actions) or actions
            value = -math.inf
            for action in actions:
                child = self.clone(state)
                step(child, action)
                value = max(value, (yield from self._value(child)))
        if k is not None:
            self._memo[k] = value
        return value
