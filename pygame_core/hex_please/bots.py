"""Computer opponents for HEX PLEASE!, from what their own seat may know.

* easy: looks at three random placements and lays the best of them (passes or
  stops only when nothing fits);
* normal: lays the tile that scores most this turn;
* hard: looks a turn ahead. For each of the best few placements (and for passing,
  when allowed) it deals the hidden hands and the bag afresh with
  `Game.determinize`, plays the move, lets the next opponent answer greedily and
  then finds its own best reply on its following turn, and scores the line as
  (points now) - (opponent's answer) + (own next turn). Averaged over the
  samples this weighs what a move opens for the next player, the bonus cells it
  uses up or leaves, which tiles it keeps for later and when a fresh hand beats
  the one it holds. It never looks at other hands: every sample is a guess made
  from the seat's own view.

The hard bot's `think` yields None after every sampled line (well under 20 ms even
on the 12-player board) and is deterministic for a fixed seed unless `seconds` is
given (a wall-clock budget depends on the machine).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Iterator, cast

from ..ai import Bot, bot_for_level
from ..engine import CHANCE
from ..hexgrid import Hex
from .components import BONUSES, TILE_BY_CODE
from .rules import END, PASS, Draw, HexPleaseState, Place

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


def scored_placements(state: HexPleaseState, seat: int) -> list[tuple[int, Place]]:
    """Every placement of `seat`'s hand with the points it would score now."""
    moves = state.placements(seat)
    around, bonus = state._around, state.layout.bonus
    out = []
    for a in moves:
        cell = cast(Hex, (a.q, a.r))   # equal to the Hex key
        b = BONUSES[bonus[cell]] if cell in bonus else None
        pts = TILE_BY_CODE[a.tile].points
        out.append((pts * (b.multiply if b else 1) + around[cell] + (b.add if b else 0), a))
    return out


def best_points(state: HexPleaseState, seat: int) -> tuple[int, Place | None]:
    best, move = 0, None
    for pts, a in scored_placements(state, seat):
        if pts > best:
            best, move = pts, a
    return best, move


def settle(state: HexPleaseState, rng: random.Random) -> None:
    """Resolve pending draws, each tile left in the (guessed) bag equally likely."""
    while state.current_player == CHANCE:
        i = int(rng.random() * state.bag_total)
        for code, n in state.bag.items():
            if i < n:
                state._apply(Draw(code))
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
        scored = scored_placements(state, seat)
        if not scored:
            yield self.fallback(state)
            return
        glance = [self.rng.choice(scored) for _ in range(3)]   # looks at three at random
        yield max(glance, key=lambda pa: pa[0])[1]


class NormalBot(_Base):
    name = "hex-please normal"

    def think(self, state: Any, seat: int) -> Iterator[Any]:
        scored = scored_placements(state, seat)
        if not scored:
            yield self.fallback(state)
            return
        top = max(p for p, _ in scored)
        yield self.rng.choice([a for p, a in scored if p == top])


class HardBot(_Base):
    """One turn of lookahead over guessed hands; see the module docstring.

    Budget: `iterations` sampled lines in all (spread over the candidates), or stop
    early after `seconds`. `candidates` is how many of the best-scoring placements
    are examined (passing is always examined when allowed). `answer_weight` and
    `future_weight` scale the next opponent's answer and the bot's own next turn
    (by default 1.0 and 0.8 with 2 players, 0.6 and 0.6 with more).
    """

    name = "hex-please hard"

    def __init__(self, seed: int | str = 0, iterations: int = 160, seconds: float | None = None,
                 candidates: int = 8, answer_weight: float | None = None,
                 future_weight: float | None = None) -> None:
        super().__init__(seed)
        self.iterations = max(1, int(iterations))
        self.seconds = seconds
        self.candidates = max(1, int(candidates))
        self.answer_weight = answer_weight
        self.future_weight = future_weight

    def options(self, state: HexPleaseState, seat: int) -> list[Any]:
        scored = scored_placements(state, seat)
        scored.sort(key=lambda pa: -pa[0])          # stable: ties keep the rules' order
        picks: list[Any] = [a for _, a in scored[:self.candidates]]
        legal = state.legal_actions()
        if PASS in legal:
            picks.append(PASS)
        if not picks:
            picks.append(self.fallback(state))
        return picks

    def line_value(self, state: HexPleaseState, seat: int, move: Any, rng: random.Random) -> float:
        """(points now) - (next opponent's best answer) + (our best next turn), in one guessed world."""
        world = state.game.determinize(state, seat, rng)
        assert isinstance(world, HexPleaseState)
        value = float(world.score_of(move)[0]) if isinstance(move, Place) else 0.0
        world._apply(move)
        settle(world, rng)
        players = world.players
        if not world.finished and world.current_player != seat:
            weight = self.answer_weight if self.answer_weight is not None else (1.0 if players == 2 else 0.6)
            pts, reply = best_points(world, world.current_player)  # type: ignore[arg-type]
            value -= weight * pts
            if reply is not None:
                world._apply(reply)
                settle(world, rng)
        if not state.final_round and not world.finished:
            gamma = self.future_weight if self.future_weight is not None else (0.8 if players == 2 else 0.6)
            value += gamma * best_points(world, seat)[0]
        return value

    def think(self, state: Any, seat: int) -> Iterator[Any]:
        picks = self.options(state, seat)
        if len(picks) == 1:
            yield picks[0]
            return
        totals = [0.0] * len(picks)
        counts = [0] * len(picks)
        start = time.perf_counter()
        for r in range(max(1, self.iterations // len(picks))):
            # Every candidate meets the same guessed hands and draws in a round (common
            # random numbers), so their difference is not drowned by the luck of the sample.
            salt = self.rng.random()
            for i, move in enumerate(picks):
                totals[i] += self.line_value(state, seat, move, random.Random(f"{self.seed}/{r}/{salt}"))
                counts[i] += 1
                yield None
            if self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
        best = max(range(len(picks)), key=lambda i: (totals[i] / counts[i], -i))
        yield picks[best]


def make_bot(level: str, seed: int | str = 0, **budget: Any) -> Bot:
    """easy, normal or hard; hard takes the budget keywords of `HardBot`."""
    return bot_for_level(level, seed, EasyBot, NormalBot, HardBot, **budget)
