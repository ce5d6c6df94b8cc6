"""The rules checks with plain asserts, for real Pyodide on Node (and CPython, to compare).

`tools/pyodide_tests.mjs` installs the wheel into Pyodide, puts this file and
`invariants.py` beside each other and calls `main()`. On CPython:

    PYTHONPATH=. python tests/pyodide_runner.py [--games 3] [--bench SECONDS]

For every game in the build: the game imports and describes itself sanely; several
random games (cycling through player counts and option mixes) are played to the end
through `Match`, with `invariants.check_state` and the game's invariants after every
step, a replay from the log and a save round trip at the end. Then the save loader is
fed hostile input (deep nesting matters most here: WebAssembly has a smaller stack).
Each check is one pass or fail; the last line is `<runtime>: N passed, M failed`.
With --bench (make bench), a line per game gives random playouts per second (a figure,
not a check).

A game whose rules do not import, or raise in a first short game, is one failed check
(and its other checks are not run). Checks that are known to kill
the interpreter (KNOWN_CRASHES) run only with --crash-probes, which the Node script runs
in a process of its own and expects to fail until the bug is fixed (a strict xfail).
"""

from __future__ import annotations

import argparse
import base64
import itertools
import random
import sys
import time
import traceback
import zlib
from typing import Any, Callable

import invariants
from pygame_core import CHANCE, Match, SaveError, game_ids, get_game, replaylink, saves
from pygame_core.engine import play_random_game
from pygame_core.history import History

RUNTIME = "pyodide" if sys.platform == "emscripten" else "cpython"


class Runner:
    def __init__(self) -> None:
        self.passed = self.failed = 0

    def check(self, name: str, fn: Callable[[], Any]) -> bool:
        started = time.perf_counter()
        try:
            fn()
        except Exception:
            self.failed += 1
            print(f"FAIL {name}")
            print("    " + traceback.format_exc().strip().replace("\n", "\n    "))
            return False
        self.passed += 1
        print(f"ok   {name} ({time.perf_counter() - started:.2f} s)")
        return True


def option_mixes(game) -> list[dict[str, Any]]:
    names = list(game.options)
    combos = list(itertools.product(*(game.options[n].choices for n in names))) or [()]
    random.Random(game.id).shuffle(combos)
    defaults = tuple(game.options[n].default for n in names)
    combos.remove(defaults)
    return [dict(zip(names, c)) for c in [defaults, *combos]]


def plays_a_little(game_id: str) -> None:
    """Imports and plays a short random game; a game still going after 300 steps plays."""
    game = get_game(game_id)
    try:
        play_random_game(game, game.default_players, random.Random(0), max_steps=300)
    except RuntimeError as exc:
        if "did not end" not in str(exc):
            raise


def describes_itself(game) -> None:
    assert game.id in game_ids()
    assert 1 <= game.min_players <= game.default_players <= game.max_players
    for name, opt in game.options.items():
        assert opt.name == name and opt.default in opt.choices, f"option {name}"
    assert game.name and isinstance(game.hidden_information, bool)


def play_one(game, players: int, options: dict[str, Any], seed: str) -> None:
    """A whole random game through Match, checked after every step."""
    rng = random.Random(seed)
    hooks = invariants.hooks_for(game)
    match = Match.start(game, players, seed=seed, **options)
    steps = 0
    while True:
        state = match.state
        log = [str(a) for a in match.actions]
        legal, _ = invariants.check_state(game, state, players, rng)
        invariants.check_hooks(hooks, state, log)
        if state.is_over:
            break
        assert state.current_player != CHANCE, "Match leaves no chance unresolved"
        match.play(rng.choice(legal))
        steps += 1
        assert steps < 20_000, "the game did not end"
    invariants.check_replay(game, players, match.options, [str(a) for a in match.actions],
                            match.state)
    loaded, meta = saves.load(saves.dump(match, {"check": seed}))
    assert loaded.state == match.state and meta == {"check": seed}
    assert replaylink.unpack(replaylink.fragment(match)).state == match.state
    history = History(match)
    assert history.state(history.last) == match.state and history.state(0).current_player != CHANCE


def packed_link(text: str) -> str:
    """`text` packed as a replay link packs its game (for links no game would make)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, replaylink._DICTIONARY)
    return base64.urlsafe_b64encode(packer.compress(text.encode()) + packer.flush()).decode().rstrip("=")


def link_refused(text: str, reason: str) -> None:
    try:
        replaylink.unpack(packed_link(text))
    except SaveError as exc:
        assert reason in str(exc), f"SaveError says {exc!s:.120}, expected {reason!r}"
    else:
        raise AssertionError("opened")


# A bound that catches a parser gone quadratic (hours at these sizes), not a speed target:
# a slow hour of a 2-core machine must not fail it.
REFUSE_LIMIT_S = 5.0


def refuses(text, reason: str) -> None:
    started = time.perf_counter()
    try:
        saves.load(text)
    except SaveError as exc:
        assert reason in str(exc), f"SaveError says {exc!s:.120}, expected {reason!r}"
    else:
        raise AssertionError("loaded")
    seconds = time.perf_counter() - started
    assert seconds < REFUSE_LIMIT_S, f"refusing took {seconds:.2f} s"


HOSTILE = {
    "empty": ("", "empty"),
    "truncated": ('{"format": 2, "game": "hack-and-sl', "not valid JSON"),
    "not an object": ("[1, 2, 3]", "must be a JSON object"),
    "future format": ('{"format": 999}', "newer than this app"),
    "unknown game": ('{"format": 2, "game": "chess"}', "unknown game"),
    "non-UTF-8": (b'{"format": 2, "game": "\xff\xfe"}', "not UTF-8"),
    "50 MB": ("x" * 50_000_000, "at most"),
    "nested 25": ('{"format":2,"meta":' + '{"a":' * 25 + "1" + "}" * 26, "nested too deeply"),
    "nested objects 2000": ('{"a":' * 2000 + "1" + "}" * 2000, "nested too deeply"),
    "nested objects 4000": ('{"a":' * 4000 + "1" + "}" * 4000, "nested too deeply"),
    "nested 100k": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "nested objects 100k": ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
    "nested 2M left open": ("[" * 2_000_000, ""),
}

KNOWN_CRASHES: dict[str, str] = {}
"""Checks that kill the interpreter here, so they run only with --crash-probes (which
tools/pyodide_tests.mjs does in a separate Node process, expecting the crash)."""


def bench(game, seconds: float) -> str:
    players = game.default_players
    rng = random.Random(0)
    games = steps = 0

    def count(state, action) -> None:
        nonlocal steps
        steps += 1

    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games == 0:
        play_random_game(game, players, rng, on_step=count)
        games += 1
    elapsed = time.perf_counter() - started
    return (f"bench {RUNTIME} {game.id} {players}p: {games / elapsed:.1f} playouts/s "
            f"({steps / elapsed:.0f} steps/s, {games} games in {elapsed:.1f} s)")


def run(argv: list[str] | None = None) -> tuple[int, int]:
    """Run the checks; returns (passed, failed)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per game (default 3)")
    parser.add_argument("--bench", type=float, default=0.0,
                        help="seconds of random playouts per game for a speed figure (make bench: 3)")
    parser.add_argument("--strict", action="store_true",
                        help="no effect (a game that does not import or play always fails); "
                             "kept for older commands")
    parser.add_argument("--crash-probes", action="store_true",
                        help="run only the checks known to kill this interpreter (KNOWN_CRASHES)")
    args = parser.parse_args(argv)
    print(f"{RUNTIME} {sys.version.split()[0]} on {sys.platform}; games: {', '.join(game_ids())}")
    runner = Runner()

    if args.crash_probes:
        for name in KNOWN_CRASHES:
            text, reason = HOSTILE[name]
            print(f"probe {name}: expected to crash ({KNOWN_CRASHES[name]})", flush=True)
            runner.check(f"saves refuse {name}", lambda t=text, r=reason: refuses(t, r))
        return runner.passed, runner.failed

    playable = [get_game(game_id) for game_id in game_ids()
                if runner.check(f"{game_id} imports and plays a short random game",
                                lambda g=game_id: plays_a_little(g))]

    for game in playable:
        runner.check(f"{game.id} describes itself", lambda game=game: describes_itself(game))
        mixes = option_mixes(game)
        counts = list(range(game.min_players, game.max_players + 1))
        for i in range(args.games):
            players = counts[i * 7 % len(counts)] if i else game.default_players
            options = mixes[i % len(mixes)]
            seed = f"{RUNTIME}-{game.id}-{i}"
            label = ", ".join(f"{k}={v}" for k, v in options.items())
            runner.check(f"{game.id} {players}p {label or 'default'}: random game {seed} to the end",
                         lambda g=game, p=players, o=options, s=seed: play_one(g, p, o, s))

    for name, (text, reason) in HOSTILE.items():
        if name in KNOWN_CRASHES:
            print(f"xfail saves refuse {name}: {KNOWN_CRASHES[name]}")
            continue
        runner.check(f"saves refuse {name}", lambda t=text, r=reason: refuses(t, r))

    for name, text in (("nested 100k", "[" * 100_000 + "]" * 100_000),
                       ("nested objects 50k", '{"a":' * 50_000 + "1" + "}" * 50_000)):
        runner.check(f"replay links refuse {name}", lambda t=text: link_refused(t, "nested too deeply"))

    if args.bench > 0:
        for game in playable:
            print(bench(game, args.bench), flush=True)
    return runner.passed, runner.failed


def main(argv: list[str] | None = None) -> int:
    passed, failed = run(argv)
    print(f"{RUNTIME}: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.path.insert(0, __file__.rsplit("/", 1)[0] if "/" in __file__ else ".")
    sys.exit(main())
