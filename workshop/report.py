"""The bot report of a game: strength of the levels, seat balance, how components are used.

    python -m pygame_core report hack-and-slash --games 400 --jobs 2

writes `docs/<game-id>-report.md` and its SVG charts `docs/<game-id>-*.svg`. A game
plugs its own statistics in through `workshop/games/<package>.py`: `usage(match) -> {kind: {item: count}}`
(for example quests attempted and completed; the first two kinds also give a rate),
`USAGE_LABELS` (item -> readable name, in the order to list them) and `REPORT_NOTES`
(Markdown appended to the report). All three are optional.
"""

from __future__ import annotations

import importlib
import os
import time
from datetime import datetime, timezone
from typing import Any, Callable, Sequence

from .charts import Row, bar_chart
from .tournament import TournamentResult, game_statistics, tournament, wilson

LEVEL_ORDER = ("hard", "normal", "easy", "random")
PAIRS = (("hard", "normal"), ("normal", "easy"), ("easy", "random"), ("hard", "random"))


def _bots_attr(game_id: str, name: str, default: Any) -> Any:
    return getattr(game_statistics(game_id), name, default)


def _labels(game_id: str) -> dict[str, str]:
    return dict(_bots_attr(game_id, "USAGE_LABELS", {}))


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _ci(lo_hi: tuple[float, float]) -> str:
    return f"[{lo_hi[0]:.1%}, {lo_hi[1]:.1%}]"


class Report:
    def __init__(self, game_id: str, games: int, out_dir: str, seed: str, jobs: int,
                 log: Callable[[str], None], equal_level: str = "hard", seat_games: int = 0) -> None:
        from pygame_core import get_game
        self.game = get_game(game_id)
        self.game_id = game_id
        self.games = games
        self.out_dir = out_dir
        self.seed = seed
        self.jobs = jobs
        self.log = log
        self.equal_level = equal_level
        self.seat_games = seat_games or games    # seat gaps of a few points need more games
        self.lines: list[str] = []
        self.charts: list[str] = []

    def run(self, levels: Sequence[str], seats: int, usage: bool = False, games: int = 0) -> TournamentResult:
        start = time.perf_counter()
        result = tournament(self.game_id, levels, games or self.games, seats,
                            seed=f"{self.seed}-{'-'.join(levels)}-{seats}", collect_usage=usage,
                            jobs=self.jobs)
        self.log(f"  {','.join(levels)} at {seats} seats: {result.games} games, "
                 f"{time.perf_counter() - start:.0f} s")
        return result

    def chart(self, name: str, svg: str) -> str:
        filename = f"{self.game_id}-{name}.svg"
        with open(os.path.join(self.out_dir, filename), "w", encoding="utf-8") as f:
            f.write(svg)
        self.charts.append(filename)
        return f"![{name}]({filename})"

    # -- sections ------------------------------------------------------------------------------
    def all_levels(self) -> None:
        seats = self.game.default_players
        levels = [lv for lv in LEVEL_ORDER]
        result = self.run(levels, seats)
        fair = 1.0 / seats
        self.lines += [
            f"## All levels at one table ({seats} seats)", "",
            f"Every combination of {seats} of the levels {', '.join(levels)}, each seat-rotated; "
            f"{result.games} games. Fair share {_pct(fair)}.", "",
            "| level | seat-games | win rate | 95% CI | ms per move (mean) | ms per move (max) |",
            "|---|---|---|---|---|---|"]
        rows: list[Row] = []
        for level in levels:
            st = result.by_level[level]
            self.lines.append(f"| {level} | {st.seat_games} | {_pct(st.rate)} | {_ci(st.ci)} | "
                              f"{1000 * st.seconds_per_move:.1f} | {1000 * st.max_move_seconds:.0f} |")
            rows.append((level, st.rate, *st.ci))
        self.lines += ["", f"Average game: {result.decisions / max(1, result.games):.1f} decisions.", "",
                       self.chart("levels", bar_chart(f"Win rate by level, {seats} seats", rows,
                                                      reference=fair, reference_label=f"fair share {_pct(fair)}")),
                       ""]

    def pairs(self) -> None:
        counts = sorted({c for c in (2, self.game.default_players)
                         if self.game.min_players <= c <= self.game.max_players})
        self.lines += ["## Level against level", "",
                       "One seat of the stronger level against the weaker level in every other seat, "
                       "seat-rotated. The target: the stronger level's win rate with its whole 95% "
                       "confidence interval above its fair share.", "",
                       "| stronger | weaker | seats | games | stronger's win rate | 95% CI | fair share | clear? |",
                       "|---|---|---|---|---|---|---|---|"]
        rows: list[Row] = []
        for seats in counts:
            for strong, weak in PAIRS:
                result = self.run([strong] + [weak] * (seats - 1), seats)
                st = result.by_level[strong]
                fair = 1.0 / seats
                lo, hi = st.ci
                verdict = "yes" if lo > fair else ("no (below)" if hi < fair else "no (overlaps)")
                self.lines.append(f"| {strong} | {weak} | {seats} | {result.games} | {_pct(st.rate)} | "
                                  f"{_ci(st.ci)} | {_pct(fair)} | {verdict} |")
                # Drawn as the ratio to the fair share so 2- and 3-seat rows share one scale.
                rows.append((f"{strong} v {weak}, {seats} seats", st.rate / fair, lo / fair, hi / fair))
        self.lines += ["", self.chart("pairs", bar_chart(
            "Stronger level's win rate / fair share (1 = no edge)", rows, reference=1.0,
            reference_label="fair share", percent=False)), ""]

    def seats(self, level: str) -> TournamentResult | None:
        self.lines += [f"## Seat advantage with equal bots ({level} in every seat)", "",
                       "| players | games | " + " | ".join(f"seat {i + 1}" for i in range(self.game.max_players))
                       + " | largest gap to fair share |",
                       "|---|---|" + "---|" * self.game.max_players + "---|"]
        default = None
        for players in range(self.game.min_players, self.game.max_players + 1):
            result = self.run([level], players, usage=(players == self.game.default_players),
                              games=self.seat_games)
            fair = 1.0 / players
            cells = [f"{_pct(st.rate)} {_ci(st.ci)}" for st in result.by_seat]
            cells += [""] * (self.game.max_players - players)
            gap = max(abs(st.rate - fair) for st in result.by_seat)
            self.lines.append(f"| {players} | {result.games} | " + " | ".join(cells) + f" | {100 * gap:.1f} points |")
            rows: list[Row] = [(f"seat {i + 1}", st.rate, *st.ci) for i, st in enumerate(result.by_seat)]
            self.charts_md = self.chart(f"seats-{players}p", bar_chart(
                f"Win rate by seat, {players} players, {level} bots", rows, reference=fair,
                reference_label=f"fair share {_pct(fair)}"))
            if players == self.game.default_players:
                default = result
                default_chart = self.charts_md
        self.lines += ["", "Shared wins count as a fraction for each winner. The chart shows the "
                       f"default table of {self.game.default_players}; "
                       + ", ".join(f"[{p} players]({self.game_id}-seats-{p}p.svg)"
                                   for p in range(self.game.min_players, self.game.max_players + 1)) + ".",
                       "", default_chart, ""]
        return default

    def usage(self, result: TournamentResult, level: str) -> None:
        if not result.usage:
            return
        labels = _labels(self.game_id)
        kinds = list(result.usage)
        items = sorted({i for counts in result.usage.values() for i in counts},
                       key=lambda i: list(labels).index(i) if i in labels else len(labels))
        games = result.games
        first = kinds[0]
        second = kinds[1] if len(kinds) > 1 else None
        self.lines += [f"## How often each component is used ({level} bots, "
                       f"{self.game.default_players} players, {games} games)", "",
                       "| item | " + " | ".join(f"{k} per game" for k in kinds)
                       + (f" | {second} / {first} |" if second else " |"),
                       "|---|" + "---|" * len(kinds) + ("---|" if second else "")]
        rows_use: list[Row] = []
        rows_rate: list[Row] = []
        for item in items:
            counts = [result.usage[k].get(item, 0.0) for k in kinds]
            name = labels.get(item, item)
            line = f"| {name} | " + " | ".join(f"{c / games:.2f}" for c in counts)
            if second:
                tries, done = counts[0], counts[1]
                rate = done / tries if tries else 0.0
                line += f" | {_pct(rate)} |" if tries else " | - |"
                if tries:
                    rows_rate.append((name, rate, *wilson(done, int(tries))))
            else:
                line += " |"
            self.lines.append(line)
            rows_use.append((name, counts[0] / games, None, None))
        self.lines += ["", self.chart("usage", bar_chart(f"{first.capitalize()} per game", rows_use,
                                                         percent=False)), ""]
        if rows_rate:
            self.lines += [self.chart("completion", bar_chart(f"{second} / {first}", rows_rate)), ""]

    def write(self, took: float) -> str:
        path = os.path.join(self.out_dir, f"{self.game_id}-report.md")
        head = [f"# {self.game.name}: computer opponents and balance", "",
                f"Generated by `python -m pygame_core report {self.game_id} --games {self.games}"
                + (f" --equal {self.equal_level}" if self.equal_level != "hard" else "")
                + (f" --seat-games {self.seat_games}" if self.seat_games != self.games else "") + "` "
                f"on {datetime.now(timezone.utc):%Y-%m-%d} in {took / 60:.0f} min "
                f"({self.games} games per table cell"
                + (f", {self.seat_games} per seat-advantage row" if self.seat_games != self.games else "")
                + f", seed `{self.seed}`). Win rates count a shared "
                "win as a fraction; intervals are 95% Wilson intervals.", ""]
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(head + self.lines).rstrip() + "\n")
        return path


def build_report(game_id: str, games: int, out_dir: str = "docs", seed: str = "report",
                 equal_level: str = "hard", jobs: int = 1,
                 log: Callable[[str], None] = print, extra: Sequence[str] = (), seat_games: int = 0) -> str:
    """Run every tournament of the report and write it; returns the Markdown file's path."""
    os.makedirs(out_dir, exist_ok=True)
    start = time.perf_counter()
    report = Report(game_id, games, out_dir, seed, jobs, log, equal_level, seat_games)
    report.all_levels()
    report.pairs()
    default = report.seats(equal_level)
    if default is not None:
        report.usage(default, equal_level)
    notes = _bots_attr(game_id, "REPORT_NOTES", "")
    report.lines += ([notes.rstrip(), ""] if notes else []) + list(extra)
    return report.write(time.perf_counter() - start)


def main_args(args: Any) -> int:
    path = build_report(args.game, args.games, out_dir=args.out, seed=args.seed,
                        equal_level=args.equal, jobs=args.jobs, seat_games=args.seat_games)
    print(f"wrote {path}")
    return 0
