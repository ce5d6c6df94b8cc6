"""Computer opponents for HEX PLEASE!, from what their own seat may know.

* easy: looks at three random placements and lays the best of them (passes or
  stops only when nothing fits);
* normal: lays the tile that scores most this turn;
* hard: looks a turn ahead with the shared sampled lookahead
  (`pygame_core.ai.lookahead.LookaheadBot`). For each of the best few placements
  (and for passing, when allowed) it deals the hidden hands and the bag afresh with
  `Game.determinize`, plays the move, lets the next opponent answer greedily and
  then finds its own best reply on its following turn, and scores the line as
  (points now) - (opponent's answer) + (own next turn). Averaged over the
  samples this weighs what a move opens for the next player, the bonus cells it
  uses up or leaves, which tiles it keeps for later and when a fresh hand beats
  the one it holds. It never looks at other hands: every sample is a guess made
  from the seat's own view. Only this game's parts live here: the candidates, the
  greedy reply, the weights and how draws are settled.

The hard bot's `think` yields None about every 10 ms (well under 20 ms even on the
12-player board) and is deterministic for a fixed seed unless `seconds` is given (a
wall-clock budget depends on the machine).
"""

from __future__ import annotations

import math
import random
from typing import Any, Generator, Iterator, Sequence

from ..ai import Bot, bot_for_level
from ..ai.lookahead import Candidate, LookaheadBot
from ..engine import CHANCE, State
from .notation import END, PASS, Draw, Place
from .state import HexPleaseState

HAND_WEIGHT = 0.15
"""Roughly how many points one point of tile value in hand is worth before the end."""


def evaluate(state: HexPleaseState, seat: int) -> float:
    """In [0, 1]: the seat's lead over the best other seat (plus a little for its hand)."""
    if state.is_over:
        winners = state.winners
        return 1.0 / len(winners) if seat in winners else 0.0
    worth = [s + HAND_WEIGHT * state.hand_value(i) for i, s in enumerate(state.scores_)]
    best_other = max(w for i, w in enumerate(worth) if i != seat)
    return 0.5 + 0.5 * math.tanh((worth[seat] - best_other) / 15.0)


def best_points(state: HexPleaseState, seat: int) -> tuple[int, Place | None]:
    best, move = 0, None
    for pts, a in state.scored_placements(seat):
        if pts > best:
            best, move = pts, a
    return best, move


def settle(state: HexPleaseState, rng: random.Random) -> None:
    """Resolve pending draws, each tile left in the (guessed) bag equally likely."""
    while state.current_player == CHANCE:
        i = int(rng.random() * state.bag_total)
        for code, n in state.bag.items():
            if i < n:
                state.apply_unchecked(Draw(code))
                break
            i -= n


class _Base(Bot):
    """Shared by the three levels: what to do when no tile fits."""

    name = "hex-please"

    @staticmethod
    def fallback(state: HexPleaseState) -> Any:
        """Pass or stop: what is left when no tile fits."""
        legal = state.legal_actions()
        return PASS if PASS in legal else END if END in legal else legal[0]


class EasyBot(_Base):
    name = "hex-please easy"

    def think(self, state: Any, seat: int) -> Iterator[Any]:
        scored = state.scored_placements(seat)
        if not scored:
            yield self.fallback(state)
            return
        glance = [self.rng.choice(scored) for _ in range(3)]   # looks at three at random
        yield max(glance, key=lambda pa: pa[0])[1]


class NormalBot(_Base):
    name = "hex-please normal"

    def think(self, state: Any, seat: int) -> Iterator[Any]:
        scored = state.scored_placements(seat)
        if not scored:
            yield self.fallback(state)
            return
        top = max(p for p, _ in scored)
        yield self.rng.choice([a for p, a in scored if p == top])


class HardBot(LookaheadBot):
    """One turn of lookahead over guessed hands: the shared `LookaheadBot` with this game's parts.

    Candidates: the `breadth` best-scoring placements (prior: their points now) and
    passing when allowed. Reply policy, for the next opponent and for our own next
    turn: the placement that scores most (its points are what it is worth). Weights:
    the answer counts `answer_weight` and our next turn `future_weight` (by default
    1.0 and 0.8 with 2 players, 0.6 and 0.6 with more). Worlds: `Game.determinize`,
    draws settled with each tile in the bag equally likely.

    Budget: `iterations` sampled lines in all (spread over the candidates, every
    candidate meeting the same worlds), or stop early after `seconds`.
    """

    name = "hex-please hard"

    def __init__(self, seed: int | str = 0, iterations: int = 160, seconds: float | None = None,
                 breadth: int = 8, answer_weight: float | None = None,
                 future_weight: float | None = None) -> None:
        super().__init__(seed, iterations, seconds)
        self.breadth = max(1, int(breadth))
        self.answer_weight = answer_weight
        self.next_weight = future_weight

    def candidates(self, state: State, seat: int) -> Generator[None, None, list[Candidate]]:
        assert isinstance(state, HexPleaseState)
        scored = state.scored_placements(seat)
        scored.sort(key=lambda pa: -pa[0])          # stable: ties keep the rules' order
        picks: list[Candidate] = [(float(p), a) for p, a in scored[:self.breadth]]
        if PASS in state.legal_actions():
            picks.append((0.0, PASS))
        if not picks:
            picks.append((0.0, _Base.fallback(state)))
        return picks
        yield  # pragma: no cover - a generator, as the hook requires

    def weights(self, state: State, seat: int) -> tuple[Sequence[float], float]:
        two = state.players == 2  # type: ignore[attr-defined]
        answer = self.answer_weight if self.answer_weight is not None else (1.0 if two else 0.6)
        future = self.next_weight if self.next_weight is not None else (0.8 if two else 0.6)
        if state.final_round:  # type: ignore[attr-defined]
            future = 0.0       # no turn of ours after this one
        return (answer,), future

    def reply(self, world: State, player: int) -> tuple[float, Any]:
        """The placement that scores most now (pass or stop when none fits)."""
        assert isinstance(world, HexPleaseState)
        points, move = best_points(world, player)
        return float(points), move if move is not None else _Base.fallback(world)

    def settle(self, world: State, rng: random.Random) -> None:
        assert isinstance(world, HexPleaseState)
        settle(world, rng)

    def leaf(self, world: State, seat: int) -> float:
        return 0.0   # the points are all in the prior, the answer and the next turn


def make_bot(level: str, seed: int | str = 0, **budget: Any) -> Bot:
    """easy, normal or hard; hard takes the budget keywords of `HardBot`."""
    return bot_for_level(level, seed, EasyBot, NormalBot, HardBot, **budget)
