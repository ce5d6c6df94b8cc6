"""Hack & Slash's computers think in short slices, and where they are cut changes nothing.

A slow phone runs a computer's `think` a slice per browser task (web/ui/computers.py), so
no stretch of work between two of its yields may be long: the forecast tables yield after
every cell, the survival table after every row, hard's plan checks its clock after every
row and the search after every position. These tests count that work (cells, rows and
leaves, not time), and play generated positions with a computer that yields at every
chance and one that never does: same choice, same plan.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import Match
from pygame_core.ai import make_bot
from pygame_core.hack_and_slash import bots, forecast
from tests.playing import a_choice_after, counted

MOST_WORK_BETWEEN_YIELDS = 3
"""A rival table's cell is a sound row and two mixes; every other step is one unit."""


def position(players: int, seed: int, moves: int) -> Match:
    return a_choice_after("hack-and-slash", players, seed, moves, "hs-slices")


@contextmanager
def fresh_tables() -> Iterator[None]:
    """The forecast tables as if no computer had thought yet (they are made once a page)."""
    with mock.patch.object(forecast, "_filled", []), mock.patch.object(forecast, "_rivals", []), \
            mock.patch.object(forecast, "_survival", []):
        yield


def decide(level: str, match: Match, slice_seconds: float) -> tuple[object, list[object], Any]:
    bot = make_bot("hack-and-slash", level, "slices")
    bot.slice_seconds = slice_seconds  # type: ignore[attr-defined]
    steps = list(bot.think(match.state.clone(), match.state.current_player))
    plan = getattr(bot, "plan", None)
    return steps[-1], steps[:-1], (plan.after, plan.last) if plan is not None else None


@settings(max_examples=12, deadline=None)
@given(level=st.sampled_from(["easy", "normal", "hard"]), players=st.integers(2, 4),
       seed=st.integers(0, 10_000), moves=st.integers(0, 60))
def test_a_hack_and_slash_computer_chooses_the_same_however_often_it_yields(
        level: str, players: int, seed: int, moves: int) -> None:
    match = position(players, seed, moves)
    if match.state.is_over:
        return
    with fresh_tables():   # the tables made in slices, here, and at once below
        every, yields, plan = decide(level, match, 0.0)   # a slice is always due
    never, none, same_plan = decide(level, match, 1e9)    # never due
    assert every == never and plan == same_plan
    assert all(step is None for step in yields)
    assert all(step is None for step in none)
    seat = match.state.current_player
    assert make_bot("hack-and-slash", level, "slices").choose(match.state.clone(), seat) == every


def test_hard_never_does_more_than_a_few_cells_rows_or_leaves_between_two_yields() -> None:
    """With a slice always due, the most work between two yields is a few table cells,
    one row of the survival table or of the plan, or one leaf of the search: the first
    decision of a page (all tables to make) counted unit by unit."""
    work = [0]
    match = position(3, 5, 9)
    with fresh_tables(), \
            mock.patch.object(forecast, "_sound_row", counted(work, forecast._sound_row)), \
            mock.patch.object(forecast, "_mixed", counted(work, forecast._mixed)), \
            mock.patch.object(forecast, "typical_turn", counted(work, forecast.typical_turn)), \
            mock.patch.object(bots.Plan, "_turn_row", staticmethod(counted(work, bots.Plan._turn_row))), \
            mock.patch.object(bots.Plan, "value", counted(work, bots.Plan.value)):
        bot = make_bot("hack-and-slash", "hard", "slices")
        bot.slice_seconds = 0.0  # type: ignore[attr-defined]
        between = []
        for step in bot.think(match.state.clone(), match.state.current_player):
            between.append(work[0])
            work[0] = 0
    assert sum(between) > 1000   # the tables, the plan and the search were all counted
    assert max(between) <= MOST_WORK_BETWEEN_YIELDS
