"""Seat-rotated matches between bot levels, with win rates and 95% confidence intervals.

    python -m pygame_core tournament hack-and-slash --bots hard,normal,easy,random --games 400 --seats 3

Every game seats one line-up; line-ups rotate so each level sits in each seat equally
often (first-seat advantage cancels out). With more levels than seats every combination
of levels plays, each rotated; with fewer, the levels repeat around the table. A shared
win counts as a fraction for each winner. Confidence intervals are Wilson score
intervals for the share of seat-games won.
"""

from __future__ import annotations

import importlib
import itertools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from pygame_core import game_module
from pygame_core.engine import Match
from pygame_core.ai import make_bot

Usage = dict[str, dict[str, float]]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (wins may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def lineups(levels: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The seatings, each rotated through every seat."""
    if len(levels) >= seats:
        bases = list(itertools.combinations(levels, seats))
    else:
        bases = [tuple(levels[i % len(levels)] for i in range(seats))]
    out = []
    for base in bases:
        for r in range(seats):
            out.append(base[r:] + base[:r])
    return out


def game_statistics(game_id: str) -> Any:
    """The module of a game's report statistics (workshop/games/<package>.py), or None."""
    package = game_module(game_id, "rules").split(".")[1]
    try:
        return importlib.import_module(f"workshop.games.{package}")
    except ImportError:
        return None


def usage_hook(game_id: str) -> Callable[[Match], Usage] | None:
    """A game's `usage(match)` (quest/card/cell statistics), if it has one."""
    return getattr(game_statistics(game_id), "usage", None)


@dataclass
class LevelStats:
    seat_games: int = 0
    wins: float = 0.0
    moves: int = 0
    think_seconds: float = 0.0
    max_move_seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.wins / self.seat_games if self.seat_games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.seat_games)

    @property
    def seconds_per_move(self) -> float:
        return self.think_seconds / self.moves if self.moves else 0.0


@dataclass
class TournamentResult:
    game_id: str
    seats: int
    levels: list[str]
    games: int = 0
    by_level: dict[str, LevelStats] = field(default_factory=dict)
    by_seat: list[LevelStats] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    usage: dict[str, dict[str, float]] = field(default_factory=dict)
    scores: list[list[float]] = field(default_factory=list)

    @property
    def fair_share(self) -> float:
        return 1.0 / self.seats

    def table(self) -> str:
        lines = [f"{self.game_id}: {self.games} games, {self.seats} seats, levels "
                 f"{','.join(self.levels)} (seat-rotated); fair share {self.fair_share:.1%}",
                 f"  {'level':8} {'seat-games':>10} {'wins':>7} {'win rate':>9}  {'95% CI':15} "
                 f"{'ms/move':>8} {'max ms':>7}"]
        for level, st in self.by_level.items():
            lo, hi = st.ci
            lines.append(f"  {level:8} {st.seat_games:>10} {st.wins:>7.1f} {st.rate:>9.1%}  "
                         f"[{lo:5.1%}, {hi:5.1%}]  {1000 * st.seconds_per_move:>8.2f} "
                         f"{1000 * st.max_move_seconds:>7.1f}")
        lines.append("  by seat: " + ", ".join(
            f"seat {i + 1} {st.rate:.1%} [{st.ci[0]:.1%}, {st.ci[1]:.1%}]" for i, st in enumerate(self.by_seat)))
        if self.games:
            lines.append(f"  average game: {self.decisions / self.games:.1f} decisions, "
                         f"{self.seconds / self.games:.2f} s")
        return "\n".join(lines)


def play(game_id: str, seating: Sequence[str], seed: str, options: dict[str, Any] | None = None,
         budget: dict[str, Any] | None = None) -> tuple[Match, list[tuple[int, float]]]:
    """One match between bots; returns it and (seat, seconds) for every decision."""
    from pygame_core import get_game
    game = get_game(game_id)
    match = Match.start(game, len(seating), seed=seed, names=list(seating), **(options or {}))
    bots = [make_bot(game_id, level, f"{seed}/{i}", **(budget or {})) for i, level in enumerate(seating)]
    timings: list[tuple[int, float]] = []
    while not match.state.is_over:
        seat = match.state.current_player
        assert seat is not None and seat >= 0
        start = time.perf_counter()
        action = bots[seat].choose(match.state, seat)
        timings.append((seat, time.perf_counter() - start))
        match.play(action, seat)
    return match, timings


def _merge(into: TournamentResult, part: TournamentResult) -> None:
    for level, st in part.by_level.items():
        mine = into.by_level.setdefault(level, LevelStats())
        mine.seat_games += st.seat_games
        mine.wins += st.wins
        mine.moves += st.moves
        mine.think_seconds += st.think_seconds
        mine.max_move_seconds = max(mine.max_move_seconds, st.max_move_seconds)
    for mine, st in zip(into.by_seat, part.by_seat):
        mine.seat_games += st.seat_games
        mine.wins += st.wins
    into.games += part.games
    into.decisions += part.decisions
    into.scores += part.scores
    for kind, counts in part.usage.items():
        bucket = into.usage.setdefault(kind, {})
        for item, count in counts.items():
            bucket[item] = bucket.get(item, 0.0) + count


def _run(job: tuple[str, tuple[str, ...], int, str, dict[str, Any], bool, list[int]]) -> TournamentResult:
    """Play the games numbered `numbers` (a worker's share); seeds depend on the number only."""
    game_id, levels, seats, seed, options, collect_usage, numbers = job
    result = TournamentResult(game_id, seats, list(levels))
    result.by_level = {level: LevelStats() for level in dict.fromkeys(levels)}
    result.by_seat = [LevelStats() for _ in range(seats)]
    hook = usage_hook(game_id) if collect_usage else None
    seatings = lineups(levels, seats)
    for n in numbers:
        seating = seatings[n % len(seatings)]
        match, timings = play(game_id, seating, f"{seed}-{n}", options)
        winners = match.state.winners
        for seat, level in enumerate(seating):
            share = 1.0 / len(winners) if seat in winners else 0.0
            for st in (result.by_level[level], result.by_seat[seat]):
                st.seat_games += 1
                st.wins += share
        for seat, took in timings:
            st = result.by_level[seating[seat]]
            st.moves += 1
            st.think_seconds += took
            st.max_move_seconds = max(st.max_move_seconds, took)
        result.decisions += len(timings)
        result.scores.append(list(match.state.scores))
        if hook is not None:
            for kind, counts in hook(match).items():
                bucket = result.usage.setdefault(kind, {})
                for item, count in counts.items():
                    bucket[item] = bucket.get(item, 0.0) + count
        result.games += 1
    return result


def tournament(game_id: str, levels: Sequence[str], games: int, seats: int, seed: str = "t",
               options: dict[str, Any] | None = None, collect_usage: bool = False,
               jobs: int = 1) -> TournamentResult:
    """Play `games` seat-rotated games; `jobs` > 1 spreads them over processes (same results)."""
    levels = tuple(levels)
    result = TournamentResult(game_id, seats, list(levels))
    result.by_level = {level: LevelStats() for level in dict.fromkeys(levels)}
    result.by_seat = [LevelStats() for _ in range(seats)]
    start = time.perf_counter()
    jobs = max(1, min(jobs, games))
    work = [(game_id, levels, seats, seed, dict(options or {}), collect_usage,
             list(range(j, games, jobs))) for j in range(jobs)]
    if jobs == 1:
        parts = [_run(work[0])]
    else:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            parts = pool.map(_run, work)
    for part in parts:
        _merge(result, part)
    result.seconds = time.perf_counter() - start
    return result
