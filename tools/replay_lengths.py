"""How long replay links are: typical games of each game and player count, played to the end
by the computer players at level normal, packed as links (pygame_core/replaylink.py).

    .venv/bin/python tools/replay_lengths.py [--games 3]

Prints a Markdown table (docs/replays.md keeps one). A QR code holds at most 2,953 bytes at
error level L (what web/ui/qr.py uses); a link longer than that, with the site's address,
cannot be one QR code.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pygame_core import Match, game_ids, get_game, replaylink  # noqa: E402
from pygame_core.ai import make_bot  # noqa: E402

QR_BYTES = 2953
"""A version 40 QR code's capacity in byte mode at error level L."""
ADDRESS = len("https://example.org/#")
"""A short site address in front of the fragment."""


def typical_game(game_id: str, players: int, seed: str) -> Match:
    game = get_game(game_id)
    match = Match.start(game, players, seed=seed, names=[f"Player {i + 1}" for i in range(players)])
    bots = [make_bot(game_id, "normal", f"{seed}/{seat}") for seat in range(players)]
    while not match.state.is_over:
        seat = match.state.current_player
        assert seat is not None and seat >= 0
        match.play(bots[seat].choose(match.state, seat), seat)
    return match


def rows(games: int) -> list[tuple[str, int, int, int, int, int]]:
    """(game, players, median moves logged, median link, longest link, links over a QR code)."""
    found = []
    for game_id in game_ids():
        game = get_game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            matches = [typical_game(game_id, players, f"len{n}") for n in range(games)]
            lengths = [len(replaylink.fragment(m)) + 1 for m in matches]
            over = sum(1 for n in lengths if n + ADDRESS > QR_BYTES)
            found.append((game.name, players, int(statistics.median(len(m.log) for m in matches)),
                          int(statistics.median(lengths)), max(lengths), over))
    return found


def table(games: int) -> str:
    lines = ["| game | players | log entries (median) | fragment chars (median) | longest | over one QR code |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, players, moves, median, longest, over in rows(games):
        lines.append(f"| {name} | {players} | {moves} | {median:,} | {longest:,} | {over} of {games} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games per game and player count")
    print(table(parser.parse_args().games))


if __name__ == "__main__":
    main()
