"""A computer's choice never depends on where its thinking was cut into slices.

The page runs a bot's `think` a slice per browser task (web/ui/computers.py); a slow phone
needs shorter slices, so the searches yield in more places (a lookahead line yields between
its replies, `LookaheadBot.line_steps`). These tests play the same positions with a bot that
yields at every chance it has and one that never does, and want the same choices, with
the same values, as the plain `choose`.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import Match, get_game
from pygame_core.ai import make_bot

LOOKAHEAD_GAMES = {"hex-please": 2, "horrible-hex": 2}


def position(game_id: str, players: int, seed: int, moves: int) -> Match:
    match = Match.start(get_game(game_id), players, seed=f"slices/{seed}")
    rng = random.Random(seed)
    for _ in range(moves):
        if match.state.is_over:
            break
        match.play(rng.choice(match.state.legal_actions()))
    return match


def decide(game_id: str, match: Match, slice_seconds: float) -> tuple[object, list[object], object]:
    bot = make_bot(game_id, "hard", "slices", iterations=24)
    bot.slice_seconds = slice_seconds  # type: ignore[attr-defined]
    steps = list(bot.think(match.state.clone(), match.state.current_player))
    return steps[-1], steps[:-1], getattr(bot, "last_stats", {}).get("values")


@settings(max_examples=6, deadline=None)
@given(game_id=st.sampled_from(sorted(LOOKAHEAD_GAMES)), seed=st.integers(0, 10_000),
       moves=st.integers(0, 12))
def test_a_lookahead_bot_chooses_the_same_however_often_it_yields(game_id: str, seed: int, moves: int) -> None:
    match = position(game_id, LOOKAHEAD_GAMES[game_id], seed, moves)
    if match.state.is_over:
        return
    every, yields, values = decide(game_id, match, 0.0)       # a slice is always due
    never, none, same_values = decide(game_id, match, 1e9)    # never due
    assert every == never and values == same_values
    assert all(step is None for step in yields) and not none
    chosen = make_bot(game_id, "hard", "slices", iterations=24).choose(match.state.clone(),
                                                                       match.state.current_player)
    assert chosen == every


def test_a_lookahead_line_yields_between_its_replies() -> None:
    """With a slice always due, a lookahead yields more often than once per line: a line's
    replies are slices of their own."""
    match = position("hex-please", 2, 7, 4)
    bot = make_bot("hex-please", "hard", "slices", iterations=24)
    bot.slice_seconds = 0.0  # type: ignore[attr-defined]
    steps = list(bot.think(match.state.clone(), match.state.current_player))
    lines = bot.last_stats["lines"]  # type: ignore[attr-defined]
    assert isinstance(lines, int) and lines > 1
    assert len(steps) - 1 > 2 * lines
