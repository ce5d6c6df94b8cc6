"""Golden playthroughs and perft counts: behaviour pinned as text, so a refactor that changes
what any seat sees, or how many lines of play a position has, fails a test.

A playthrough is a seeded `Match` whose decisions are drawn by a seeded generator from the
legal list. For every step the file records the seat, the action's notation, the log's
words, the events, and each seat's view (and the spectator's) whenever it changed. Perft
(as python-chess names it) counts the action sequences of a given depth from fixed
positions, chance outcomes counted as branches.

Regenerate after a change that is meant to change play: `python -m tests.golden`
(or `pytest tests/test_golden.py --regen-golden`), then read the diff.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pygame_core import CHANCE, Match, State, get_game

HERE = Path(__file__).parent / "golden"


@dataclass(frozen=True)
class Playthrough:
    game_id: str
    players: int
    seed: str
    options: dict[str, Any] = field(default_factory=dict)
    max_steps: int = 600

    @property
    def name(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game_id}-{self.players}p-{self.seed}{extra}"


PLAYTHROUGHS = [
    Playthrough("hack-and-slash", 3, "g1"),
    Playthrough("hack-and-slash", 6, "g2"),
    Playthrough("horrible-hex", 1, "g1"),
    Playthrough("horrible-hex", 3, "g2", {"target": 1}),
    Playthrough("horrible-hex", 2, "g3", {"target": 1, "covert": True, "destiny": True}),
    Playthrough("horrible-hex", 2, "g4", {"target": 1, "holdem": True}),
    Playthrough("hex-hex", 4, "g1"),
    Playthrough("hex-hex", 6, "g2"),
    Playthrough("hex-hex", 3, "g3", {"rulings": "original"}),
    Playthrough("hex-please", 2, "g1"),
    Playthrough("hex-please", 5, "g2", {"open_hands": True, "boards": "original"}),
]


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def playthrough_text(spec: Playthrough) -> str:
    game = get_game(spec.game_id)
    names = [f"P{i + 1}" for i in range(spec.players)]
    match = Match.start(game, spec.players, seed=spec.seed, names=names, **spec.options)
    chooser = random.Random(spec.seed)
    lines = [f"# {spec.name}: {game.name}, {spec.players} players, options {_json(match.options)}"]
    seen: dict[int | None, str] = {}
    seats: list[int | None] = [None, *range(spec.players)]

    def views() -> None:
        for seat in seats:
            text = _json(match.state.view(seat))
            if seen.get(seat) != text:
                seen[seat] = text
                lines.append(f"  view {'-' if seat is None else seat}: {text}")

    views()
    logged = len(match.log)
    for entry in match.log:
        lines.append(f"{entry.seat} {entry.action} | {entry.text} | {_events(entry.events)}")
    for _ in range(spec.max_steps):
        if match.state.is_over:
            break
        seat = match.state.current_player
        action = chooser.choice(match.state.legal_actions())
        match.play(action, seat)
        for entry in match.log[logged:]:
            lines.append(f"{entry.seat} {entry.action} | {entry.text} | {_events(entry.events)}")
        logged = len(match.log)
        views()
    state = match.state
    lines.append(f"# over={state.is_over} scores={_json(state.scores)} winners={state.winners}")
    return "\n".join(lines) + "\n"


def _events(events: Any) -> str:
    return _json([[e.kind, e.seat, e.amount, e.subject, e.other] for e in events])


@dataclass(frozen=True)
class PerftCase:
    game_id: str
    players: int
    seed: str
    steps: int          # random steps from the start to the position counted
    depth: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game_id}-{self.players}p-{self.seed}-after{self.steps}-depth{self.depth}{extra}"


PERFT = [
    PerftCase("hack-and-slash", 3, "p1", 0, 3),
    PerftCase("hack-and-slash", 4, "p2", 25, 3),
    PerftCase("horrible-hex", 1, "p1", 0, 2),
    PerftCase("horrible-hex", 3, "p2", 30, 2),
    PerftCase("horrible-hex", 2, "p3", 10, 2, {"holdem": True}),
    PerftCase("hex-hex", 4, "p1", 0, 3),
    PerftCase("hex-hex", 5, "p2", 40, 3),
    PerftCase("hex-hex", 3, "p3", 30, 3),
    PerftCase("hex-please", 2, "p1", 0, 2),
    PerftCase("hex-please", 3, "p2", 30, 2),
    PerftCase("hex-please", 2, "p3", 22, 2),
]


def perft(state: State, depth: int) -> int:
    """Action sequences of length `depth` from `state` (a sequence may end early at the end
    of the game); chance outcomes are branches like decisions."""
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def perft_position(case: PerftCase) -> State:
    game = get_game(case.game_id)
    state = game.new(case.players, **case.options)
    chooser = random.Random(case.seed)
    for _ in range(case.steps):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    return state


def perft_counts() -> dict[str, int]:
    return {case.name: perft(perft_position(case), case.depth) for case in PERFT}


def golden_path(spec: Playthrough) -> Path:
    return HERE / f"{spec.name}.txt"


PERFT_PATH = HERE / "perft.json"


def regenerate() -> None:
    HERE.mkdir(exist_ok=True)
    for spec in PLAYTHROUGHS:
        golden_path(spec).write_text(playthrough_text(spec), encoding="utf-8")
    PERFT_PATH.write_text(json.dumps(perft_counts(), indent=1, sort_keys=True) + "\n", encoding="utf-8")


assert CHANCE == -1  # the files write chance's seat as -1

if __name__ == "__main__":
    regenerate()
