"""The search shared by the games' bots, and the pieces other searches build on.

`ExpectimaxBot`: exact search to the end of the seat's own turn: the seat's decisions are
maximised, chance is averaged over its exact odds, and positions where another seat is to
act are scored by the evaluation the game's bot hands it. Good for push-your-luck games
where a turn is a few decisions between dice rolls.

It is a generator (`think`) that yields None whenever about `slice_seconds` of work has been
done, then yields the chosen action; the page runs one slice per browser task. Its result
depends only on the seed and the state (never on the clock), so tests can pin it.

Searches play only actions they took from the state itself, so they apply them with
`State.apply_unchecked` (`step`).
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
    state.apply_unchecked(action)


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


class ExpectimaxBot(Bot):
    """Exact search to the end of the seat's turn: max over its moves, mean over chance.

    Leaves (another seat to act, the end, or `horizon(state)` true) are scored by
    `evaluate(state, seat)`, which the game's bot supplies. `key`, when given,
    maps a state to a hashable summary of everything the evaluation and the rest of the
    turn depend on; equal keys share one result, which collapses the many dice that lead
    to the same position. Chance nodes with more than `max_outcomes` outcomes are
    averaged over a fixed sample of that size. For perfect-information games (or on a
    determinized copy).
    """

    name = "expectimax"

    def __init__(self, seed: int | str = 0, *, evaluate: Callable[[State, int], float],
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
            value = self.evaluate(state, seat)
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
