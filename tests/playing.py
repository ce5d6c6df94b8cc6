"""Matches played at random to a point, for tests that need a position of some game."""

from __future__ import annotations

import random
from typing import Any

from pygame_core import Match, get_game


def played(game_id: str, players: int, decisions: int, seed: str, **options: Any) -> Match:
    """A match of `game_id` after `decisions` random decisions (or at its end), replayable
    from `seed`."""
    match = Match.start(get_game(game_id), players, seed=seed, **options)
    rng = random.Random(seed)
    while match.turn_number() < decisions and not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    return match
