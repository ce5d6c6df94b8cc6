"""The end of a game computers play in every seat, replayed on CPython: the page must reach the
same one in every engine (same seed, same bots, same chance outcomes)."""

from __future__ import annotations

from pygame_core import Match, get_game
from pygame_core.ai import make_bot


def final_chips(game_id: str, players: int, seed: str, level: str) -> list[str]:
    """The score chips the page shows at the end, as "name: points", "*" marking a winner."""
    match = Match.start(get_game(game_id), players, seed=seed, names=[""] * players)
    # As the page makes them (web/ui/computers.py): one per seat, seeded by the game's seed.
    bots = [make_bot(game_id, level, f"{seed}/bot{seat}", seconds=1.5) for seat in range(players)]
    for _ in range(20_000):
        if match.state.is_over:
            break
        seat = match.state.current_player
        match.play(bots[seat].choose(match.state.clone(), seat), seat)
    else:
        raise AssertionError(f"{game_id} did not end")
    scores, winners = match.state.scores, match.state.winners
    return [f"{name}: {scores[seat]:g}" + (" *" if seat in winners else "")
            for seat, name in enumerate(match.names)]
