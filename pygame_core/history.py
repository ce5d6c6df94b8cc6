"""A game's history, to step through: the position after each move, rebuilt from the log.

A `History` is made from a `Match` (a game in progress, a finished one, a save or a replay
link once loaded): the rules replay the log from the start, so what is shown is what was
played. A step is a point where a player was to decide (or the game ended): a move and the
dice, draws or shuffles that followed it are one step, as they are at the table.

Positions are rebuilt on demand from the nearest checkpoint (a copy kept every
`CHECKPOINT` steps, made the first time the history passes there) and the last position
asked for, so stepping forward or back one at a time costs about one move, and a jump
costs at most `CHECKPOINT` steps' moves.

What a seat may see follows the table's rule: every seat's view is offered only once the
game is over; before that only the public view and the viewer's own seats (`seats_shown`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Sequence

from .engine import CHANCE, LogEntry, Match, State

CHECKPOINT = 16
"""Steps between kept positions: a jump replays fewer moves than this from one."""


@dataclass(frozen=True)
class Step:
    """One step: the log entries that make it (`start` to `end`, the end excluded) and who chose."""

    number: int
    start: int
    end: int
    seat: int | None  # the seat that decided; None for the set-up (step 0)


def steps_of(log: Sequence[LogEntry]) -> list[Step]:
    """The steps of a log: step 0 is the set-up (the opening shuffles and deals); each later
    step is one decision with the chance events that follow it."""
    found: list[Step] = []
    start = 0
    seat: int | None = None
    for i, entry in enumerate(log):
        if entry.seat != CHANCE:
            found.append(Step(len(found), start, i, seat))
            start, seat = i, entry.seat
    found.append(Step(len(found), start, len(log), seat))
    return found


def seats_shown(players: int, own: Sequence[int], over: bool) -> list[int | None]:
    """Whose view the history may show: the public one (None) first, then the viewer's own
    seats; every seat once the game is over (nothing is secret then)."""
    if over:
        return [None, *range(players)]
    return [None, *sorted({s for s in own if 0 <= s < players})]


def as_it_is(match: Match) -> Match:
    """A copy of `match` as it stands now, which later moves at the table do not reach: what
    a history opened now shows and shares (computers may play on behind it)."""
    kept = copy.copy(match)
    kept.log, kept.names, kept.options = list(match.log), list(match.names), dict(match.options)
    kept.state = match.state.clone()
    return kept


class Stepped:
    """Steps numbered 0 to `last`, any number asked for brought into that range: what the
    history dialog walks, over a whole match (History) or over what a guest's page was sent."""

    steps: list[Step]

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def clamp(self, step: int) -> int:
        return max(0, min(self.last, step))


class History(Stepped):
    """The positions of a match, step by step (see the module's docstring)."""

    def __init__(self, match: Match) -> None:
        self.game = match.game
        self.players = match.players
        self.options = dict(match.options)
        self.names = list(match.names)
        self.log = list(match.log)
        self.over = match.state.is_over
        self.steps = steps_of(self.log)
        self._kept: dict[int, State] = {}
        self._last: tuple[int, State] | None = None

    def _start(self) -> State:
        return self.game.new(self.players, **self.options)

    def state(self, step: int) -> State:
        """The position after `step` (0: the set-up dealt), as a copy the caller may keep."""
        step = self.clamp(step)
        end = self.steps[step].end
        base, at = self._nearest(end)
        state = base.clone()
        for entry in self.log[at:end]:
            state.apply_unchecked(entry.action)  # checked when the match was played or loaded
            at += 1
            if at % CHECKPOINT == 0 and at not in self._kept:
                self._kept[at] = state.clone()
        self._last = (end, state.clone())
        return state

    def _nearest(self, end: int) -> tuple[State, int]:
        """The kept position closest before log length `end`, and its length."""
        best_at = max((at for at in self._kept if at <= end), default=0)
        if self._last is not None and best_at <= self._last[0] <= end:
            return self._last[1], self._last[0]
        if best_at == 0:
            if 0 not in self._kept:
                self._kept[0] = self._start()
            return self._kept[0], 0
        return self._kept[best_at], best_at

    def view(self, step: int, seat: int | None, own: Sequence[int] = ()) -> dict[str, Any]:
        """What `seat` (None: everyone) saw after `step`, for a viewer who sits at `own`;
        ValueError for a seat the history may not show (another's hand while the game goes on)."""
        if seat not in seats_shown(self.players, own, self.over):
            raise ValueError(f"seat {seat} may not be shown in this history")
        return self.state(step).view(seat)

    def entries(self, step: int) -> list[LogEntry]:
        """The log entries of `step` (its decision and the chance that followed)."""
        s = self.steps[self.clamp(step)]
        return self.log[s.start:s.end]

    def step_of_entry(self, index: int) -> int:
        """The step whose entries include log entry `index`."""
        for s in self.steps:
            if s.start <= index < s.end:
                return s.number
        return self.last
