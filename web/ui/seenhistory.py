"""A history for a guest's or a spectator's page: the positions that page was sent.

A guest page holds no game (peerguest.py): no seed, no log of actions, only the views the
host sent it. Its history is made of those, kept as they arrive (at most MAX_KEPT, the
oldest dropped first): each step is one state message, drawn from the view the page was
given then, with the log lines that came with it. So it shows nothing the page was not
already shown, and never another seat's hidden cards: the host is asked for nothing more.
(A log of actions from the host would hold every deal and draw; cutting it down to what one
seat may know would need a filter the games do not have.)

Plain Python, tested on CPython (tests/test_seen_history.py); history.py draws it as it
draws a game's own history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from pygame_core.history import Step, Stepped

MAX_KEPT = 400
"""States kept: a long game's last few hundred (a view is a few KB)."""


@dataclass(frozen=True)
class Line:
    """A line of the log, as History.entries gives them (`text`)."""

    text: str


@dataclass(frozen=True)
class Seen:
    """One position as the page was sent it: the view, scores and winners, and the lines of
    the log that came with it (new, or changed since the position before: the last turn of
    the log may grow and be put in other words, as passes in a row are)."""

    at: int
    view: dict[str, Any]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    over: bool
    lines: tuple[str, ...]
    seat: int | None  # whose turn those lines are in, as far as the log says


class SeenPosition:
    """What History.state gives the history view: a view, the scores and the winners."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        self.scores, self.winners = list(seen.scores), list(seen.winners)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view the page was sent (its own seat's, or for no seat): the only one it has."""
        return self.seen.view


class SeenLog:
    """The states a guest page was sent, as they arrive (`take`)."""

    def __init__(self, limit: int = MAX_KEPT) -> None:
        self.limit = limit
        self.kept: list[Seen] = []
        self.flat: list[tuple[int | None, str]] = []  # the log as of the last state: (seat, line)

    def take(self, update: dict[str, Any], turns: Sequence[Any]) -> None:
        """A state message (checked, as peers.parse_host_message gives it) and the whole log
        the page has after it (its turns: `seat` and `lines`)."""
        flat = [(turn.seat, line) for turn in turns for line in turn.lines]
        same = 0
        while same < min(len(flat), len(self.flat)) and flat[same] == self.flat[same]:
            same += 1
        new = flat[same:]
        if self.kept and self.kept[-1].at == update["at"]:  # the same position again (someone came or went)
            old = self.kept.pop()
            new = [(old.seat, line) for line in old.lines] + new
        self.flat = flat
        seat = next((s for s, _ in reversed(new) if s is not None), None)
        self.kept.append(Seen(update["at"], dict(update["view"]), tuple(update["scores"]),
                              tuple(update["winners"]), bool(update["over"]),
                              tuple(line for _, line in new), seat))
        if len(self.kept) > self.limit:
            del self.kept[0]

    def history(self, names: Sequence[str]) -> "SeenHistory":
        return SeenHistory(list(self.kept), names)


class SeenHistory(Stepped):
    """The positions a guest page was sent, stepped through like `pygame_core.history.History`
    (the history view uses only what both have): step 0 is the first position kept."""

    def __init__(self, kept: list[Seen], names: Sequence[str]) -> None:
        self.kept = kept
        self.names = list(names)
        self.players = len(self.names)
        self.over = bool(kept) and kept[-1].over
        self.steps = [Step(i, 0, 0, None if i == 0 else s.seat) for i, s in enumerate(kept)]

    def state(self, step: int) -> SeenPosition:
        return SeenPosition(self.kept[self.clamp(step)])

    def entries(self, step: int) -> list[Line]:
        """The log lines that came with `step`."""
        return [Line(text) for text in self.kept[self.clamp(step)].lines]
