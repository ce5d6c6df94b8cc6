"""Command line: python -m pygame_core {list,simulate,replay,tournament,report} ...

    python -m pygame_core list
    python -m pygame_core simulate hack-and-slash --games 100 --bots hard,easy,easy
    python -m pygame_core replay my-save.json
    python -m pygame_core tournament hack-and-slash --bots hard,normal,easy,random --games 400 --seats 3
    python -m pygame_core report hack-and-slash --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections import Counter
from typing import Any, Sequence, cast

from . import GAMES, Match, get_game


def cmd_list(args: argparse.Namespace) -> int:
    for game_id in GAMES:
        game = get_game(game_id)
        opts = ", ".join(f"{o.name}={'/'.join(map(str, o.choices))}" for o in game.options.values())
        print(f"{game_id:16} {game.name:14} {game.min_players}-{game.max_players} players"
              + (f"  options: {opts}" if opts else ""))
    return 0


def parse_options(pairs: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        options[name] = int(value) if value.lstrip("-").isdigit() else (
            cast("dict[str, object]", {"true": True, "false": False}).get(value.lower(), value))
    return options


def play_match(game_id: str, levels: Sequence[str], seed: str, options: dict[str, object]) -> Match:
    from .ai import make_bot
    game = get_game(game_id)
    match = Match.start(game, len(levels), seed=seed, names=list(levels), **options)
    bots = [make_bot(game_id, level, f"{seed}/{i}") for i, level in enumerate(levels)]
    while not match.state.is_over:
        seat = match.state.current_player
        assert seat is not None  # the game is not over, so a seat is to act
        match.play(bots[seat].choose(match.state, seat), seat)
    return match


def cmd_simulate(args: argparse.Namespace) -> int:
    levels = args.bots.split(",")
    options = parse_options(args.option)
    wins = cast("dict[int, float]", Counter())   # a Counter of (fractional) wins by seat
    steps = 0
    start = time.perf_counter()
    for n in range(args.games):
        match = play_match(args.game, levels, f"{args.seed}-{n}", options)
        for seat in match.state.winners:
            wins[seat] += 1 / len(match.state.winners)
        steps += match.turn_number()
        if args.verbose:
            print(f"game {n + 1}: scores {match.state.scores}, winners {match.state.winners}")
    took = time.perf_counter() - start
    print(f"{args.games} games of {args.game}, {took:.1f} s, {steps / args.games:.1f} decisions a game")
    for seat, level in enumerate(levels):
        print(f"  seat {seat + 1} ({level}): {wins[seat]:.1f} wins ({wins[seat] / args.games:.0%})")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .engine import SaveError
    from .saves import load
    try:
        with open(args.file, "rb") as f:
            match, _ = load(f.read())
    except (OSError, SaveError) as exc:
        print(f"cannot replay {args.file}: {exc}", file=sys.stderr)
        return 2
    # A save's text may hold anything (a lone surrogate in its seed): shown, never a crash.
    sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    print(f"{match.game.name}, {match.players} players, seed {match.seed}, options {match.options}")
    if match.edited:
        print(f"Edited by hand, not a fair game: {match.edited}")
    for entry in match.log:
        print("  " + entry.text)
    state = match.state
    if state.is_over:
        names = ", ".join(match.names[s] for s in state.winners)
        print(f"Final scores {state.scores}; won by {names}")
    else:
        print(f"Game in progress; scores {state.scores}")
    return 0


def workshop(module: str) -> Any:
    """A developer tool from the repository's workshop/ (kept out of the wheel), or None."""
    try:
        return importlib.import_module(f"workshop.{module}")
    except ImportError:
        print("tournament and report are developer tools: run them from a checkout of the "
              "repository, where workshop/ sits beside pygame_core/", file=sys.stderr)
        return None


def cmd_tournament(args: argparse.Namespace) -> int:
    tools = workshop("tournament")
    if tools is None:
        return 2
    tournament = tools.tournament
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    game = get_game(args.game)
    seats = args.seats or game.default_players
    try:
        game.check_players(seats)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    result = tournament(args.game, levels, args.games, seats, seed=args.seed,
                        options=parse_options(args.option), jobs=args.jobs)
    print(result.table())
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    tools = workshop("report")
    return 2 if tools is None else int(tools.main_args(args))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pygame_core", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games").set_defaults(run=cmd_list)
    sim = sub.add_parser("simulate", help="play games between bots and print the results")
    sim.add_argument("game", choices=list(GAMES))
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--bots", default="normal,normal,normal",
                     help="one level per seat: random, easy, normal or hard")
    sim.add_argument("--seed", default="sim")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("-v", "--verbose", action="store_true")
    sim.set_defaults(run=cmd_simulate)
    tour = sub.add_parser("tournament", help="seat-rotated matches between levels, with 95%% CIs")
    tour.add_argument("game", choices=list(GAMES))
    tour.add_argument("--bots", default="hard,normal,easy,random",
                      help="levels to compare: random, easy, normal, hard (comma separated)")
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--seats", type=int, default=0, help="players per game (default: the game's)")
    tour.add_argument("--seed", default="tournament")
    tour.add_argument("--jobs", type=int, default=1, help="processes to spread the games over")
    tour.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    tour.set_defaults(run=cmd_tournament)
    rpt = sub.add_parser("report", help="write docs/<game>-report.md with SVG charts")
    rpt.add_argument("game", choices=list(GAMES))
    rpt.add_argument("--games", type=int, default=200, help="games per table cell")
    rpt.add_argument("--out", default="docs")
    rpt.add_argument("--seed", default="report")
    rpt.add_argument("--equal", default="hard", help="the level used for the seat-balance tables")
    rpt.add_argument("--seat-games", type=int, default=0,
                     help="games per row of the seat-balance tables (default: --games)")
    rpt.add_argument("--jobs", type=int, default=1)
    rpt.set_defaults(run=cmd_report)
    rep = sub.add_parser("replay", help="print a save file's game as text")
    rep.add_argument("file")
    rep.set_defaults(run=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = int(args.run(args))
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`| head -1`): no traceback. Point stdout at /dev/null so
        # the flush at exit does not fail again; 141 is what a shell reports for SIGPIPE.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return code


if __name__ == "__main__":
    sys.exit(main())
