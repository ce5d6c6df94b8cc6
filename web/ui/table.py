"""One device's hands at a table: what its person selects and chooses, and when the table
acts for them (a countdown runs out, a reflex race, a pass that is their only move).

The same client serves a person at the host's device and a guest on their own device, as
boardgame.io has one client for every mode: it is shown a `Seen` (the position's id, the
seat this device acts for and that seat's view) and hands each choice to `send`, which
goes to the master at once (web/ui/app.py) or travels to the host's master first
(web/ui/peerguest.py). Plain Python with its clock passed in, tested on CPython
(tests/test_table.py); the page's glue reads clicks and keys into it (screen.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from presenter import choose_ui

RACE_STEP_MS, RACE_LIMIT_MS = 50, 2000  # reaction times are sent rounded, and capped
FORCED_PAUSE_SECONDS = 0.6  # at normal speed, before the table passes for a person with no choice
HELD = "Your answer is in: it is played when the rules come to you."
NOT_YOUR_TURN = "Wait for your turn."
PASSING = "Passing automatically in {seconds:g} s"
AUTO_PASS_SECONDS = 2.5  # at normal speed: how long a response window stays open for a person
AUTO_PASSING = "Passing for you in {seconds:g} s."
MODIFIER_KEYS = ("Tab", "Shift", "Alt", "Control", "Meta", "CapsLock")
"""Keys that are not an answer to a reflex race (every other key is)."""


def reaction_ms(took_ms: float) -> int:
    """A reaction time as it is sent: rounded to RACE_STEP_MS, at most RACE_LIMIT_MS."""
    return min(RACE_LIMIT_MS, int(round(took_ms / RACE_STEP_MS)) * RACE_STEP_MS)


class Clock(Protocol):
    def now_ms(self) -> float: ...
    def later(self, seconds: float, run: Callable[[], None]) -> Any: ...
    def cancel(self, handle: Any) -> None: ...


@dataclass(frozen=True)
class Seen:
    """What this device shows and may answer now.

    `seat` is the seat whose choices it makes now (None: none of its seats is asked); `view`
    that seat's view as drawn, its `legal` what it may choose; `current` the seat the rules
    ask now; `ask` names the moment when
    the table is asked at once (master.Together), so a seat may answer before its turn;
    `held` says its answer to that moment is in already; `may_pass_for` lets the table make
    a choice the game calls forced (its view's `forced` hook) after a short pause;
    `may_auto_pass` lets it pass a response window (the view's `response_window`) for a seat
    that could respond, unless its person asks to (TableClient.respond_now)."""

    at: int
    seat: int | None
    view: dict[str, Any]
    current: int | None = None  # the seat the rules ask now
    ask: str | None = None
    held: bool = False
    may_pass_for: bool = False
    may_auto_pass: bool = False

    @property
    def legal(self) -> list[str]:
        return [] if self.held or self.seat is None else list(self.view.get("legal") or [])


@dataclass(frozen=True)
class Countdown:
    """A prompt's clock, as the board draws it: seconds, the choice made when time is up
    ("" for none) and whether the whole table answers it (time up: nobody responds)."""

    seconds: float
    action: str = ""
    table_wide: bool = False


@dataclass
class TableClient:
    """Selection, choices, countdowns, the race and forced moves for one device."""

    view_module: Any
    send: Callable[[int, int, str, str | None], bool]
    """(seat, at, choice, ask): True when an answer from afar is awaited before choosing again."""
    clock: Clock
    redraw: Callable[[], None]
    tell: Callable[[str], None]
    respond_all: Callable[[str], None] = lambda answer: None
    pause: Callable[[], float] = lambda: FORCED_PAUSE_SECONDS
    window_pause: Callable[[], float] = lambda: AUTO_PASS_SECONDS
    """How long a response window waits before the table passes for this device's person."""
    confirming: Callable[[], bool] = lambda: False
    """Whether a person's choice waits for a second tap or Confirm (presenter.confirm_step)."""
    ui: dict[str, str] = field(default_factory=dict)
    seen: Seen | None = None
    pending: str | None = None  # a choice shown, waiting to be confirmed
    awaiting: int | None = None  # `at` of a choice sent afar and not yet answered
    race: tuple[float, str] | None = None  # when a reflex race showed, and its action ("{ms}": the time)
    timer: Any = None
    first_asked: tuple[str, float] = ("", 0.0)  # the moment asked at once, and when it first showed here
    window: tuple[int, float] = (-1, 0.0)  # the position of the response window shown, and since when
    responding: int | None = None  # the position whose response window the person keeps open
    auto_pass: str | None = None  # the pass the table will make for the person, while one is armed

    # what is shown ------------------------------------------------------------------------
    def show(self, seen: Seen) -> None:
        """A new position or view to answer. A selection, and a move waiting to be confirmed,
        last while this device's choices do: a person reading a card while others answer a
        moment keeps it open, and after their own move they start afresh; when another seat's
        move moves the table on, the game's POSITION_UI keys are dropped."""
        if self.seen is not None and (self.seen.seat, self.seen.legal) != (seen.seat, seen.legal):
            self.ui, self.pending = {}, None
        elif self.seen is not None and seen.at != self.seen.at and (seen.ask is None or seen.ask != self.seen.ask):
            # the table moved on (not within one moment asked at once): what the game reads for
            # one position only, such as a card opened to read, closes (its view's POSITION_UI)
            for key in getattr(self.view_module, "POSITION_UI", ()):
                self.ui.pop(key, None)
        if seen.at != self.awaiting:
            self.awaiting = None
        if seen.ask is not None and seen.ask != self.first_asked[0]:
            self.first_asked = (seen.ask, self.clock.now_ms())
        self.seen = seen

    def status(self, names: list[str]) -> str | None:
        """The status line while this device is asked out of turn, else None (the usual one)."""
        seen = self.seen
        if seen is None or seen.ask is None or seen.seat is None:
            return None
        if seen.held:
            return HELD
        if seen.legal and seen.current != seen.seat:
            return f"{names[seen.seat]}, your turn (everyone is asked at once)."
        return None

    # choices ---------------------------------------------------------------------------------
    def select(self, choice: str) -> None:
        """A view's `data-ui` choice (presenter.choose_ui); in a response window, picking a
        card to respond with keeps the window open (respond_now)."""
        self.keep_window()
        choose_ui(self.ui, choice)
        self.redraw()

    def set_ui(self, ui: dict[str, str]) -> None:
        """A selection made for the person (a lesson pointing, a suggestion shown)."""
        self.ui = dict(ui)
        self.redraw()

    def clear(self) -> bool:
        """Escape: drop the choice waiting to be confirmed and the selection (True if any)."""
        if not self.ui and self.pending is None:
            return False
        self.ui, self.pending = {}, None
        self.redraw()
        return True

    def tap(self, text: str, shown: bool = False) -> None:
        """A person's choice. With the confirm step on, the first tap only shows it: nothing
        is played, so nothing is revealed, until a second tap on it or Confirm; another tap
        shows another choice instead, and Cancel or Escape takes it back. `shown`: the view
        already showed the move whole before this control (its `data-shown`): played at once."""
        seen = self.seen
        if self.confirming() and not shown and text != self.pending and seen is not None and seen.legal:
            self.keep_window()
            self.pending = text
            self.redraw()
            return
        self.pending = None
        self.choose(text)

    def confirm(self) -> None:
        """Play the choice waiting to be confirmed."""
        if self.pending is not None:
            self.tap(self.pending)

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending = None
            self.redraw()

    def key(self, key: str, hook_view: dict[str, Any]) -> bool:
        """A key the game's view may use (its `handle_key` hook) to change the selection."""
        handle = getattr(self.view_module, "handle_key", None)
        new_ui = handle(key, hook_view, dict(self.ui)) if handle is not None else None
        if new_ui is None:
            return False
        self.ui = new_ui
        self.redraw()
        return True

    def choose(self, text: str, at: int | None = None) -> None:
        """Make a choice for the seat this device acts for; `at` (a timer's) must still be now."""
        seen = self.seen
        if seen is None or (at is not None and at != seen.at):
            return
        if self.awaiting == seen.at:
            return  # one choice per position: the master's answer comes first
        if not seen.legal:  # no seat of this device is asked (or its answer is in)
            self.tell(NOT_YOUR_TURN)
            return
        assert seen.seat is not None  # a view with choices is some seat's
        self.cancel_timer()
        if self.send(seen.seat, seen.at, text, seen.ask):
            self.awaiting = seen.at

    def refused(self, reason: str) -> None:
        """The master refused the last choice sent: choose again."""
        self.awaiting = None
        self.tell(f"Not allowed: {reason}")

    def respond_now(self) -> None:
        """"Respond": the person keeps this response window open (the table does not pass
        for them) and answers in their own time, or when the table's countdown runs out."""
        if self.keep_window():
            self.redraw()

    def keep_window(self) -> bool:
        if self.auto_pass is None or self.seen is None:
            return False
        self.responding, self.auto_pass = self.seen.at, None
        self.cancel_timer()
        return True

    # clocks ----------------------------------------------------------------------------------
    def cancel_timer(self) -> None:
        if self.timer is not None:
            self.clock.cancel(self.timer)
            self.timer = None

    def time_left(self, seconds: float) -> float:
        """What is left of a countdown: one clock for a moment asked at once, from when it
        first showed here, however often it is drawn again."""
        seen = self.seen
        if seen is None or seen.ask is None or seen.ask != self.first_asked[0]:
            return seconds
        return round(max(0.0, seconds - (self.clock.now_ms() - self.first_asked[1]) / 1000), 1)

    def arm(self, countdown: Countdown | None, race: tuple[float | None, str]) -> str:
        """Start what the board asks for after a drawing: a countdown (returns its text), the
        reflex race's clock, or a forced move's pause."""
        self.cancel_timer()
        shown, action = race
        self.race = (shown, action) if shown is not None else None
        seen = self.seen
        if seen is None:
            return ""
        at = seen.at
        self.auto_pass = self.window_pass(countdown is not None)
        if self.auto_pass is not None:
            return self.arm_window_pass(self.auto_pass, at)
        if countdown is not None:
            seconds = self.time_left(countdown.seconds)
            if countdown.table_wide:
                self.timer = self.clock.later(seconds, lambda: self._table_time_up(at))
            elif countdown.action and countdown.action in seen.legal:
                self.timer = self.clock.later(seconds, lambda: self.choose(countdown.action, at))
            return PASSING.format(seconds=seconds)
        move = self.forced_move()
        if move is not None:
            self.timer = self.clock.later(self.pause(), lambda: self.choose(move, at))
        return ""

    def window_pass(self, counting: bool = False) -> str | None:
        """The pass the table makes for this device's person in a response window (the game's
        `response_window(view, names)` hook names it): with auto-pass on (`may_auto_pass`),
        whether they could respond or not, unless they chose to (respond_now); with it off,
        when passing is all they may do (`may_pass_for`) and no table countdown runs (which
        passes for them instead, as late as for anyone). Either way all wait the same time
        (arm_window_pass): how soon a seat passes never tells whether it held an answer."""
        seen = self.seen
        if seen is None or not seen.legal or self.responding == seen.at:
            return None
        move = self.window_move()
        if move is None:
            return None
        only = seen.may_pass_for and seen.legal == [move] and not counting
        return move if seen.may_auto_pass or only else None

    def window_move(self) -> str | None:
        """How this seat passes the response window it is asked about now, if it is one."""
        seen = self.seen
        hook = getattr(self.view_module, "response_window", None)
        if seen is None or hook is None:
            return None
        window = hook(seen.view, [])  # names are for the words, not wanted here
        move = window.get("pass") if isinstance(window, dict) else None
        return move if isinstance(move, str) and move in seen.legal else None

    def arm_window_pass(self, move: str, at: int) -> str:
        """The window's pass, `window_pause` after it first showed here however often it is
        drawn again; returns what the page says meanwhile."""
        if self.window[0] != at:
            self.window = (at, self.clock.now_ms())
        left = max(0.0, self.window_pause() - (self.clock.now_ms() - self.window[1]) / 1000)
        self.timer = self.clock.later(left, lambda: self.choose(move, at))
        return AUTO_PASSING.format(seconds=round(left, 1))

    def _table_time_up(self, at: int) -> None:
        if self.seen is not None and self.seen.at == at:
            self.respond_all("")

    def forced_move(self) -> str | None:
        """The choice the game says this seat cannot but make (its view's `forced` hook:
        passing is all it may do, say), when the table may make it for them."""
        seen = self.seen
        hook = getattr(self.view_module, "forced", None)
        legal = seen.legal if seen is not None else []
        if seen is None or hook is None or not seen.may_pass_for or not legal:
            return None
        move = hook(seen.view, legal)
        if self.window_move() == move:
            return None  # a response window's pass waits as long as one that could be answered
        return move if move in legal else None

    def react(self) -> bool:
        """The reflex race: answer with how long this device's person took (True if one ran)."""
        if self.race is None:
            return False
        shown, action = self.race
        self.race = None
        self.choose(action.replace("{ms}", str(reaction_ms(self.clock.now_ms() - shown))))
        return True

    def close(self) -> None:
        self.cancel_timer()
        self.seen = None
