"""Matches played at random to a point, for tests that need a position of some game."""

from __future__ import annotations

import random
from typing import Any, Callable

from pygame_core import Match, get_game
from pygame_core.engine import CHANCE


def played(game_id: str, players: int, decisions: int, seed: str, **options: Any) -> Match:
    """A match of `game_id` after `decisions` random decisions (or at its end), replayable
    from `seed`."""
    match = Match.start(get_game(game_id), players, seed=seed, **options)
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match


def a_choice_after(game_id: str, players: int, seed: int, moves: int, prefix: str, **options: Any) -> Match:
    """A match of `game_id` where a seat has a choice of its own (more than one move) after
    about `moves` random moves (or at its end), replayable from `prefix` and `seed`."""
    match = Match.start(get_game(game_id), players, seed=f"{prefix}/{seed}", **options)
    rng = random.Random(seed)
    made = 0
    while not match.state.is_over:
        seat = match.state.current_player
        if made >= moves and seat is not None and seat != CHANCE and len(match.state.legal_actions()) > 1:
            break
        match.play(rng.choice(match.state.legal_actions()))
        made += 1
    return match


def counted(work: list[int], fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn`, adding one to `work[0]` at every call."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        work[0] += 1
        return fn(*args, **kwargs)
    return wrapper
