"""What the history view shows, as plain markup and text (tested on CPython): the frame of the
dialog, the steps as a log with the one shown highlighted, the seats whose view may be chosen,
the line that says where one is, and the board of a step drawn by the game's own view.

The stepping itself is `pygame_core.history.History`; history.py puts this on the page.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from presenter import Session
from pygame_core.history import History, Step, seats_shown
from pygame_core.markup import Markup, join, tag

class Steps(Protocol):
    """What the history view steps through: a game's own `History`, or the positions a guest's
    page was sent (seenhistory.SeenHistory)."""

    names: list[str]
    players: int
    over: bool
    steps: list[Step]

    @property
    def last(self) -> int: ...

    def clamp(self, step: int) -> int: ...

    def state(self, step: int) -> Any: ...

    def entries(self, step: int) -> Sequence[Any]: ...


QR_BYTES = 2953
"""The most a QR code holds (byte mode, error level L, as web/ui/qr.py makes them)."""


def frame(title: str, shareable: bool) -> Markup:
    """The dialog's parts that stay while one steps: title, controls, board, log."""
    return join(
        tag("div", tag("h2", title, id="history-title"),
            tag("p", "", id="history-step", aria_live="polite"),
            tag("button", "Close", type="button", data_history="close", class_="primary"),
            class_="history-bar"),
        tag("div", button("First", "first", "First step (Home)"), button("◀ Back", "back", "Step back (left arrow)"),
            tag("input", type="range", id="history-slider", min="0", max="0", value="0", step="1",
                aria_label="Step"),
            button("Forward ▶", "forward", "Step forward (right arrow)"), button("Last", "last", "Last step (End)"),
            tag("label", "View ", tag("select", id="history-seat"), class_="history-seat"),
            class_="history-controls", role="group", aria_label="Step through the game"),
        tag("div", "", id="history-scores", class_="scores"),
        tag("div", tag("div", "", id="history-board", class_="board history-board", inert=True),
            tag("section", tag("h3", "Moves"), tag("ol", "", id="history-log", class_="history-log"),
                class_="panel history-side", aria_label="Moves"),
            class_="history-body"),
        shareable and tag("p", tag("button", "Share a replay link", type="button", data_history="share"),
                          tag("input", id="history-link", readonly=True, hidden=True, aria_label="Replay link"),
                          tag("span", "", id="history-link-note"),
                          class_="history-share"))


def button(text: str, act: str, label: str) -> Markup:
    return tag("button", text, type="button", data_history=act, aria_label=label, title=label)


def step_line(history: Steps, step: int, first: str = "the set-up") -> str:
    """Where one is, in words: "Step 3 of 40: Ann's move" (`first` at step 0, the last step)."""
    s = history.steps[history.clamp(step)]
    where = f"Step {s.number} of {history.last}"
    if s.seat is None:
        return f"{where}: {first if s.number == 0 else 'the table moved on'}"
    who = history.names[s.seat] if 0 <= s.seat < len(history.names) else f"Seat {s.seat + 1}"
    end = " (the end)" if s.number == history.last and history.over else ""
    return f"{where}: {who}'s move{end}"


def log_markup(history: Steps) -> Markup:
    """Every step as a log item (its decision and what chance did after it); a click on one
    goes there (`data-step`)."""
    items = []
    for s in history.steps:
        lines = [e.text for e in history.entries(s.number)] or ["The game begins"]
        items.append(tag("li", tag("button", lines[0], type="button", data_step=str(s.number),
                                   class_="history-entry"),
                         len(lines) > 1 and tag("ul", [tag("li", line) for line in lines[1:]]),
                         data_entry=str(s.number)))
    return join(items)


def seat_choices(history: History, own: Sequence[int]) -> Markup:
    """The views one may choose: everyone's, one's own seats, every seat once the game is over."""
    options = []
    for seat in seats_shown(history.players, own, history.over):
        if seat is None:
            options.append(tag("option", "Everyone's view", value=""))
        else:
            name = history.names[seat] if seat < len(history.names) else f"Seat {seat + 1}"
            options.append(tag("option", f"{name}'s view", value=str(seat)))
    return join(options)


def own_seats(session: Session) -> list[int]:
    """The seats whose view the person at this device may pick in the history: theirs. When
    several people share the device and the game hides things, only the seat the device was
    last handed to (none before it was handed to anyone): the history is no way round the
    "pass the device" screen."""
    humans = session.humans
    if len(humans) > 1 and session.hides_information():
        return [session.handed_to] if session.handed_to in humans else []
    return humans


def seen_choice(label: str) -> Markup:
    """The one view a guest's history has: the one its page was sent."""
    return tag("option", label, value="")


def read_seat(value: str, history: Steps, own: Sequence[int]) -> int | None:
    """The seat a choice in the list names, if the history may show it (else everyone's)."""
    seat = int(value) if value.isdigit() else None
    return seat if seat in seats_shown(history.players, own, history.over) else None


def board(module: Any, view: dict[str, Any], names: Sequence[str]) -> Markup:
    """The board of a past step: drawn by the game's view, offering no move (what was legal
    then is not a choice now)."""
    if isinstance(view.get("legal"), list):
        view = {**view, "legal": []}
    markup: Markup = module.render(view, {}, list(names))
    return markup


def link_note(length: int, address: int) -> str:
    """What the person is told about a link of `length` characters after an address."""
    total = length + address
    if total > QR_BYTES:
        return f"{total:,} characters: too long for a QR code, but fine in a message."
    return f"{total:,} characters."
