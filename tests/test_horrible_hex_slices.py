"""Horrible Hex's computers think in short slices, and where they are cut changes nothing.

A slow phone runs a computer's `think` a slice per browser task (web/ui/computers.py), so no
stretch of work between two of its yields may be long. The candidate checks (which goals one
move could complete: `bots.completable_steps`) yield after every tile's moves, the rankings
after every move, cell or placement, and the lookahead after every reply. These tests count
that work (goal and heat checks, not time) with a computer that yields at every chance, and
play generated positions with one that yields at every chance and one that never does: the
same choice, with the same values.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import Match
from pygame_core.ai import make_bot
from pygame_core.horrible_hex import bots
from tests.playing import a_choice_after, counted

MOST_CHECKS_BETWEEN_YIELDS = 24
"""One tile's moves: six directions, each checked against up to four goals."""


def position(players: int, seed: int, moves: int, **options: Any) -> Match:
    """A seat's own choice (more than one move) after about `moves` random moves."""
    return a_choice_after("horrible-hex", players, seed, moves, "hh-slices", **options)


def decide(level: str, match: Match, slice_seconds: float) -> tuple[object, list[object], object]:
    bot = make_bot("horrible-hex", level, "slices")
    with mock.patch.object(bots, "SLICE", slice_seconds):   # easy and normal read the module's
        bot.slice_seconds = slice_seconds  # type: ignore[attr-defined]
        steps = list(bot.think(match.state.clone(), match.state.current_player))
    return steps[-1], steps[:-1], getattr(bot, "last_stats", {}).get("values")


@settings(max_examples=15, deadline=None)
@given(level=st.sampled_from(["normal", "hard"]), players=st.integers(1, 3), seed=st.integers(0, 10_000),
       moves=st.integers(0, 60), covert=st.booleans())
def test_a_horrible_hex_computer_chooses_the_same_however_often_it_yields(
        level: str, players: int, seed: int, moves: int, covert: bool) -> None:
    match = position(players, seed, moves, covert=covert)
    if match.state.is_over:
        return
    every, yields, values = decide(level, match, 0.0)     # a slice is always due
    never, none, same_values = decide(level, match, 1e9)  # never due
    assert every == never and values == same_values
    assert all(step is None for step in yields) and not none
    seat = match.state.current_player
    assert make_bot("horrible-hex", level, "slices").choose(match.state.clone(), seat) == every


def test_no_computer_checks_more_than_one_tiles_moves_between_two_yields() -> None:
    """With a slice always due, the most goal and heat checks between two yields are one
    tile's moves against every goal: the hard and normal computers' moves and placements in
    two- and three-player games, counted check by check. A whole board's moves in one stretch
    (the check of what the next player could complete) took a slow phone over 100 ms."""
    work, between = [0], []
    with mock.patch.object(bots, "find_goal", counted(work, bots.find_goal)), \
            mock.patch.object(bots, "heat", counted(work, bots.heat)):
        for level in ("normal", "hard"):
            for players, seed, moves in ((2, 1, 8), (2, 2, 25), (3, 3, 9), (3, 4, 30), (2, 5, 40), (3, 6, 50)):
                match = position(players, seed, moves)
                if match.state.is_over:
                    continue
                work[0] = 0
                with mock.patch.object(bots, "SLICE", 0.0):
                    bot = make_bot("horrible-hex", level, "slices")
                    bot.slice_seconds = 0.0  # type: ignore[attr-defined]
                    for _ in bot.think(match.state.clone(), match.state.current_player):
                        between.append(work[0])
                        work[0] = 0
    assert sum(between) > 2000   # the candidates, their checks and the replies were all counted
    assert max(between) <= MOST_CHECKS_BETWEEN_YIELDS, sorted(between)[-10:]
