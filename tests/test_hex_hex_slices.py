"""HEX-HEX XL's hard computer thinks in short slices, and where they are cut changes nothing.

The page runs a computer's `think` a slice per browser task (web/ui/computers.py). The hard
computer plays rollouts to the end of the round, and one rollout can take 60 moves: on a
slow phone over 100 ms in one stretch. So it yields after every move of a rollout. These
tests count the work between two yields (moves of the game, not time), and play generated
positions with a computer whose rollouts yield and one whose rollouts never do: the same
choice, from the same rollouts.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Generator

from hypothesis import given, settings
from hypothesis import strategies as st
from unittest import mock

from pygame_core import Match
from pygame_core.hex_hex import bots
from pygame_core.hex_hex.rules import HexHexState
from tests.playing import a_choice_after

MOST_MOVES_BETWEEN_YIELDS = 2
"""A candidate tried in its world, then the first move of its rollout."""


def position(players: int, seed: int, moves: int) -> Match:
    """A generated position where a seat has a choice to make, after `moves` random moves."""
    return a_choice_after("hex-hex", players, seed, moves, "hh-slices")


def at_once(state: HexHexState, seat: int, rng: random.Random,
            max_steps: int = 400) -> Generator[None, None, float]:
    """A rollout that never yields: the whole of it in one stretch, as it used to be."""
    margin = finish(ROLLOUT_IN_STEPS(state, seat, rng, max_steps))
    return margin
    yield None  # never reached: this makes it a generator, one that does not yield


def finish(steps: Generator[None, None, float]) -> float:
    """Run a rollout's steps to the end: its margin."""
    while True:
        try:
            assert next(steps) is None
        except StopIteration as done:
            return float(done.value)


ROLLOUT_IN_STEPS = bots.rollout_in_steps
MARGINS: list[float] = []


def recorded(fn: Callable[..., Generator[None, None, float]]) -> Callable[..., Generator[None, None, float]]:
    def wrapper(*args: Any) -> Generator[None, None, float]:
        margin = yield from fn(*args)
        MARGINS.append(margin)
        return margin
    return wrapper


def think(match: Match, rollout: Callable[..., Generator[None, None, float]]) -> tuple[object, list[object], list[float]]:
    MARGINS.clear()
    with mock.patch.object(bots, "rollout_in_steps", recorded(rollout)):
        bot = bots.HardBot("slices", iterations=24)
        steps = list(bot.think(match.state.clone(), match.state.current_player))
    return steps[-1], steps[:-1], list(MARGINS)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 10_000), moves=st.integers(0, 80))
def test_the_hard_hex_hex_computer_chooses_the_same_however_often_it_yields(
        players: int, seed: int, moves: int) -> None:
    match = position(players, seed, moves)
    if match.state.is_over:
        return
    every, yields, margins = think(match, ROLLOUT_IN_STEPS)   # a yield after every move
    whole, fewer, same_margins = think(match, at_once)        # a yield after every rollout
    assert every == whole and margins == same_margins
    assert all(step is None for step in yields) and all(step is None for step in fewer)
    assert len(yields) >= len(fewer)
    seat = match.state.current_player
    assert bots.HardBot("slices", iterations=24).choose(match.state.clone(), seat) == every


def test_a_rollout_in_steps_ends_with_the_margin_of_the_whole_rollout() -> None:
    """Same position, same dice: the rollout that yields after every move and the one done
    at once finish the same round with the same margin for every seat."""
    for seed in range(6):
        state = position(4, seed, 3 * seed).state
        for seat in range(4):
            trial = state.clone()
            margin = finish(bots.rollout_in_steps(trial, seat, random.Random(seed)))
            whole = state.clone()
            assert margin == bots.rollout(whole, seat, random.Random(seed))
            assert trial.view(None) == whole.view(None) and trial.round != state.round


def test_hard_never_plays_more_than_two_moves_between_two_yields() -> None:
    """Counted move by move over the decisions of generated positions: a candidate tried in
    its world, then the first move of its rollout, at most, between two yields (whole
    rollouts of 10-60 moves used to come between them)."""
    moves = [0]
    plain = HexHexState.apply_unchecked

    def counted(self: HexHexState, action: Any) -> None:
        moves[0] += 1
        plain(self, action)

    between: list[int] = []
    for seed in range(8):
        match = position(3 + seed % 4, seed, 5 * seed)
        if match.state.is_over:
            continue
        with mock.patch.object(HexHexState, "apply_unchecked", counted):
            bot = bots.HardBot("slices", iterations=24)
            moves[0] = 0
            for _step in bot.think(match.state.clone(), match.state.current_player):
                between.append(moves[0])
                moves[0] = 0
    assert sum(between) > 1000   # rollouts were played, and counted
    assert max(between) <= MOST_MOVES_BETWEEN_YIELDS
