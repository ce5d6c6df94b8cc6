"""Sampled lookahead: each candidate move played out a turn ahead in guessed worlds.

`LookaheadBot` is a shallow search for games where the next turn or two decide most
of a move's worth (tile games with hidden hands, pattern games where a move may hand
the next player a completion). For every candidate move, in each of K worlds from
`determinize` (the hidden information resampled from what the seat may know), it plays
the move, resolves chance, lets the seats that follow answer with the game's reply
policy and, optionally, looks for the seat's own best next move. A line is worth

    prior(move) - sum(weight_i * answer_i) + future_weight * own_next + leaf(end)

averaged over the worlds, where `prior` is the game's static value of the move
(points it scores now, pattern heat, ...), the answers and the own next move are
valued by the game's `reply` hook (points, goals it could complete, ...) and `leaf`
scores where the line ends. Out of the box (prior 0, answer weights 0, leaf = the
game's evaluation, greedy replies) it is "play the move, let the next seat answer
greedily, evaluate"; a game that counts points in its prior and answers sets the
weights and a leaf of 0.

Every candidate meets the same worlds (common random numbers: world r is built from
the same seed for each candidate), so their differences are not drowned by the luck
of the sample. The first round may stop part-way when the budget runs out (the
candidates come best first, so the likeliest are the ones looked at; the others are
valued by `prior + guess`); later rounds count only when complete.

Budget: `iterations` lines in all (deterministic: same seed, state and count give the
same move) and/or `seconds`; `worlds` caps the rounds (1 for a game without hidden
information: a second world would be the same). `think` yields None whenever about
`slice_seconds` of work has been done, between lines, between the replies of a
line (`line_steps`), inside the game's candidate generation and its replies (`reply_steps`:
both may `yield None` when `self.due()` says so) and between the quick guesses of the
candidates no line reached.

Games subclass and override only what is game-specific: `candidates` (move ordering,
pruning and the prior), `reply` (the reply policy and what a reply is worth; or
`reply_steps`, the same in slices, when a reply is long work),
`weights` (how much the answers and the next turn count), `leaf`, `guess`, and if
needed `determinize` and `settle`. Candidates are generated from one guessed world
(the first of the K), never from the true state, so no hook sees hidden information.
"""

from __future__ import annotations

import random
import time
from typing import Generator, Iterator, Sequence

from ..engine import CHANCE, Action, State
from . import Bot, expected_value, finished, score_margin
from .search import SLICE_SECONDS, Budget, sample_outcome, step

Candidate = tuple[float, Action]
"""(prior, move): the game's static value of a move, and the move."""

DEFAULT_LINES = 160


class LookaheadBot(Bot):
    """Play each candidate a turn ahead in K guessed worlds; see the module docstring."""

    name = "lookahead"

    def __init__(self, seed: int | str = 0, iterations: int | None = None,
                 seconds: float | None = None, *, worlds: int | None = None,
                 reply_weights: Sequence[float] = (0.0,), future_weight: float = 0.0,
                 play_replies: bool = True, random_ties: bool = False,
                 slice_seconds: float = SLICE_SECONDS) -> None:
        super().__init__(seed)
        self.iterations = max(1, int(iterations)) if iterations is not None else (
            None if seconds is not None else DEFAULT_LINES)
        self.seconds = seconds
        self.worlds = worlds
        self.reply_weights = tuple(reply_weights)  # one per answering seat, in turn order
        self.future_weight = future_weight
        self.play_replies = play_replies    # False: answers are valued on the same board, not played
        self.random_ties = random_ties      # True: equal best values are broken with the bot's rng
        self.slice_seconds = slice_seconds
        self.last_stats: dict[str, object] = {}
        self._budget = Budget(self.iterations, self.seconds, slice_seconds)

    # -- hooks (override in a game's bot) --------------------------------------------------
    def candidates(self, state: State, seat: int) -> Generator[None, None, list[Candidate]]:
        """The moves worth a look, best first, each with its prior; may yield None (see `due`).

        By default every legal move with prior 0.
        """
        return [(0.0, a) for a in state.legal_actions()]
        yield  # pragma: no cover - makes this a generator, like the games' versions

    def reply(self, world: State, player: int) -> tuple[float, Action | None]:
        """What `player` would do next in `world`, and what it is worth to `player`.

        By default greedy on the game's evaluation when `player` is to move; a game gives
        its own policy (best points, goals it could complete in one move, ...). The move
        may be None when the line should stop there.
        """
        if world.current_player != player:
            return 0.0, None
        base = expected_value(world, player, self.evaluate)
        best, best_value = None, float("-inf")
        for action in world.legal_actions():
            child = world.clone()
            step(child, action)
            value = expected_value(child, player, self.evaluate)
            if value > best_value:
                best, best_value = action, value
        return best_value - base, best

    def reply_steps(self, world: State, player: int) -> Generator[None, None, tuple[float, Action | None]]:
        """`reply` in slices, for a game whose reply is long work: it may yield None when
        `due()` says so (by default it is `reply`, in one piece)."""
        return self.reply(world, player)
        yield  # pragma: no cover - makes this a generator

    def evaluate(self, state: State, seat: int) -> float:
        """How good `state` looks for `seat` (by default the score margin); used by the
        default `reply` and `leaf`."""
        return score_margin(state, seat)

    def weights(self, state: State, seat: int) -> tuple[Sequence[float], float]:
        """(weights of the following seats' answers, weight of the seat's own next move)."""
        return self.reply_weights, self.future_weight

    def leaf(self, world: State, seat: int) -> float:
        """The value of where a line ends, for `seat` (by default the game's evaluation)."""
        return expected_value(world, seat, self.evaluate)

    def guess(self, state: State, seat: int, action: Action) -> float:
        """The lookahead term for a candidate the budget never reached (added to its prior)."""
        return 0.0

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A world consistent with what `seat` knows (the game's resampling of the hidden)."""
        return state.game.determinize(state, seat, rng)

    def settle(self, world: State, rng: random.Random) -> None:
        """Resolve chance until a seat is to act (draws sampled with their odds)."""
        while world.current_player == CHANCE:
            step(world, sample_outcome(world, rng))

    # -- the search ------------------------------------------------------------------------
    def due(self) -> bool:
        """True (and the slice clock restarts) once `slice_seconds` of work were done."""
        return self._budget.should_yield()

    def line(self, state: State, seat: int, action: Action, rng: random.Random) -> float:
        """The lookahead term of one candidate in one world (the world comes from `rng`)."""
        return finished(self.line_steps(state, seat, action, rng))

    def line_steps(self, state: State, seat: int, action: Action,
                   rng: random.Random) -> Generator[None, None, float]:
        """`line` in slices: yields None between the world's guess and each reply when
        `due()` says a slice is done (one line is several replies, each a scan of every
        move: on a slow phone a whole line took 100-200 ms). Its value never depends on
        where it yielded."""
        world = self.determinize(state, seat, rng)
        step(world, action)
        self.settle(world, rng)
        if world.is_over:
            return self.leaf(world, seat)
        answers, future = self.weights(state, seat)
        value = 0.0
        if self.play_replies:   # the seats that follow answer in turn, until it is ours again
            for weight in answers:
                player = world.current_player
                if player is None or player == seat or player == CHANCE:
                    break
                if self.due():
                    yield None
                worth, answer = yield from self.reply_steps(world, player)
                value -= weight * worth
                if answer is None:
                    break
                step(world, answer)
                self.settle(world, rng)
        else:                   # every other seat's best answer on this same board
            seats = len(world.scores)
            for i, weight in enumerate(answers[:seats - 1]):
                if self.due():
                    yield None
                value -= weight * (yield from self.reply_steps(world, (seat + 1 + i) % seats))[0]
        if future and not world.is_over:
            if self.due():
                yield None
            value += future * (yield from self.reply_steps(world, seat))[0]
        return value + self.leaf(world, seat)

    def think(self, state: State, seat: int) -> Iterator[Action | None]:
        self._budget = budget = Budget(self.iterations, self.seconds, self.slice_seconds)
        start = budget.start
        # The candidates come from the first guessed world (the lines of round 0 are played
        # in that same world), so nothing the seat cannot see reaches the game's hooks.
        salt = self.rng.random()
        known = self.determinize(state, seat, random.Random(f"{self.seed}/0/{salt}"))
        found = yield from self.candidates(known, seat)
        if not found:
            found = [(0.0, a) for a in known.legal_actions()]
        if len(found) == 1:
            self.last_stats = {"lines": 0, "worlds": 0, "seconds": time.perf_counter() - start,
                               "values": {str(found[0][1]): found[0][0]}}
            yield found[0][1]
            return
        n = len(found)
        totals = [0.0] * n
        counts = [0] * n
        done = rounds = 0
        while True:
            # a later round is started only if the iteration budget can finish it
            if rounds:
                if ((self.worlds is not None and rounds >= self.worlds)
                        or (self.iterations is not None and done + n > self.iterations)):
                    break
                salt = self.rng.random()
            values: list[float] = []
            spent = False
            for _, move in found:
                if budget.exhausted(done):
                    spent = True
                    break
                world_rng = random.Random(f"{self.seed}/{rounds}/{salt}")
                values.append((yield from self.line_steps(state, seat, move, world_rng)))
                done += 1
                if self.due():
                    yield None
            if not rounds or len(values) == n:   # the first round counts even when cut short
                for i, v in enumerate(values):
                    totals[i] += v
                    counts[i] += 1
                rounds += 1
            if spent:
                break
        scored: list[float] = []
        for i, (prior, move) in enumerate(found):
            if counts[i]:
                scored.append(prior + totals[i] / counts[i])
                continue
            scored.append(prior + self.guess(known, seat, move))   # a quick estimate, but many
            if self.due():
                yield None
        top = max(scored)
        self.last_stats = {"lines": done, "worlds": rounds, "seconds": time.perf_counter() - start,
                           "values": {str(m): v for (_, m), v in zip(found, scored)}}
        if self.random_ties:
            yield self.rng.choice([m for (_, m), v in zip(found, scored) if v == top])
        else:
            yield found[scored.index(top)][1]
