"""What the table shows and does next, decided apart from the browser.

The page (`app.py`) asks this module whose view to draw, whether the device must be
handed over, what the status line says, which move the table may play for a person who
has no real choice, how the log reads grouped by turn, what happened since a person's
last turn, and what the end-of-game summary holds. Everything here is plain Python on
`pygame_core`, tested on CPython (tests/test_presenter.py); a game takes part through
optional hooks in its view module (docs/adding-a-game.md), never by name.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Sequence, TypeGuard

from pygame_core import CHANCE, Match, game_module
from pygame_core.engine import LogEntry
from pygame_core.markup import Markup, join, tag
from pygame_core.words import and_list, counted, points

LEVELS = {"human": "Human", "easy": "Computer: easy", "normal": "Computer: normal",
          "hard": "Computer: hard"}
REMOTE = "remote"
"""A seat played from another device (web/ui/peerplay.py): not a person at this device, not a
computer, unless its player is away and a computer was asked to stand in."""
SEAT_KINDS = {"human": "Human", REMOTE: "Own device", **{k: v for k, v in LEVELS.items() if k != "human"}}


def choose_ui(ui: dict[str, str], choice: str) -> None:
    """Apply a view's `data-ui` choice to the page's selection: "key=value" pairs separated by
    ";" set a key, "key=" clears it (docs/adding-a-game.md)."""
    for pair in choice.split(";"):
        key, _, value = pair.partition("=")
        if value:
            ui[key] = value
        else:
            ui.pop(key, None)


def view_module(game_id: str) -> Any:
    return importlib.import_module(game_module(game_id, "view"))


@dataclass
class Session:
    """One game at this device: the match, who sits where, and the table's bookkeeping that
    presenter decisions read (hand-offs, a tutorial's step, stand-ins); what one device
    selects and times is its table client's (table.py)."""

    match: Match
    seats: list[str]  # per seat: "human", "remote" or a computer level
    save_id: str
    rev: int = 0
    view: Any = None
    bots: dict[int, Any] = field(default_factory=dict)  # seat -> bot, made when first needed
    shown_seat: int | None = None
    handed_to: int | None = None
    bot_failed: bool = False  # a crashed computer player is not retried until the game is reopened
    tutorial: Any = None  # the game's tutorial module while a tutorial is being played
    step: int = 0  # the tutorial step the learner is at
    passing: Any = None  # after a table-wide response prompt: (its window key, seat given the device or None)
    cover: set[int] = field(default_factory=set)  # remote seats a computer plays while their player is away
    stand_in: set[int] = field(default_factory=set)  # remote seats a computer plays now

    def __post_init__(self) -> None:
        if self.view is None:
            self.view = view_module(self.match.game.id)

    def is_computer(self, seat: int | None) -> TypeGuard[int]:
        return (seat is not None and seat >= 0 and self.tutorial is None  # a tutorial's are scripted
                and (self.seats[seat] not in ("human", REMOTE) or seat in self.stand_in))

    def level(self, seat: int) -> str:
        """The computer level playing `seat` (normal for a remote seat's stand-in)."""
        return self.seats[seat] if self.seats[seat] in LEVELS else "normal"

    def is_remote(self, seat: int | None) -> bool:
        return seat is not None and seat >= 0 and self.seats[seat] == REMOTE

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == "human"]

    def is_human(self, seat: int | None) -> TypeGuard[int]:
        return seat is not None and seat >= 0 and self.seats[seat] == "human"

    @property
    def with_computers(self) -> bool:
        return len(self.humans) < len(self.seats)

    def hides_information(self) -> bool:
        match = self.match
        return match.game.hides_information(match.players, **match.options)


# -- whose view, and who holds the device -------------------------------------------------------

@dataclass(frozen=True)
class Scene:
    """What to draw now: the seat whose view the board shows (None: the public table), the
    seat the device must first be passed to (that same seat, or None), and a response window
    to ask the whole table about (the game's `response_window` hook) instead of one seat."""

    seat: int | None
    handoff_to: int | None
    table_window: dict[str, Any] | None

    @property
    def handoff(self) -> bool:
        return self.handoff_to is not None


def shared_window_hook(session: Session) -> Any:
    """The game's response-window hook when several people share this device, else None."""
    if len(session.humans) < 2 or not session.hides_information():
        return None
    return getattr(session.view, "response_window", None)


def viewing_seat(session: Session) -> int | None:
    state = session.match.state
    if session.is_human(state.current_player):
        return state.current_player
    if session.shown_seat is not None:
        return session.shown_seat
    return session.humans[0] if session.humans else None


def scene(session: Session) -> Scene:
    """Decide what the board shows, updating the session's hand-off bookkeeping."""
    match, state = session.match, session.match.state
    cur = state.current_player
    hook = shared_window_hook(session)
    window = hook(state.view(None), match.names) if hook is not None and not state.is_over else None
    if session.passing is not None and (window is None or session.passing[0] != window["key"]):
        session.passing = None  # that window closed, or someone responded: ask afresh
    ask_table = window is not None and session.is_human(cur)
    if ask_table and session.passing is not None and session.passing[1] == cur:
        session.passing, session.handed_to, ask_table = None, cur, False  # they asked for it
    seat = viewing_seat(session)
    if ask_table or (hook is not None and session.handed_to is None and not session.is_human(cur)):
        seat = None  # nobody holds the device: show the public table
    handoff = (session.hides_information() and len(session.humans) > 1 and seat is not None
               and seat != session.handed_to and not state.is_over)
    session.shown_seat = seat
    if ask_table:
        session.handed_to = None
    return Scene(seat, seat if handoff else None, window if ask_table else None)


# -- the status line, and the table playing a person's only move -----------------------------------

def seat_states(session: Session, away: Sequence[int] = ()) -> list[str]:
    """Who sits at each seat, as guests are told (peers.SEAT_STATES): a person here, a
    person on their own device (`away` while their device is not connected), a computer."""
    def state(seat: int) -> str:
        if session.is_remote(seat):
            return "away" if seat in away else "guest"
        return "computer" if session.is_computer(seat) else "here"
    return [state(seat) for seat in range(len(session.seats))]


def result_line(names: Sequence[str], scores: Sequence[float], winners: Sequence[int]) -> str:
    """A finished game's result in one sentence: who won, or a solo player's points."""
    if len(names) == 1:
        return f"Game over: {points(scores[0])}."
    won = [names[w] for w in winners if 0 <= w < len(names)]
    if not won:
        return "Game over."
    plural = len(won) > 1 or won == ["You"]  # the tutorial calls its learner "You"
    return f"Game over: {and_list(won)} win{'' if plural else 's'}."


def status_line(names: Sequence[str], seats: Sequence[str], current: int | None, scores: Sequence[float],
                winners: Sequence[int], over: bool, acting: int | None, summed_up: bool = False) -> str:
    """The status line of every table, local or a guest's, from what every seat may see:
    `seats` as `seat_states` gives them, `acting` the seat this device chooses for now. At
    the end it says who won, unless the end summary is shown (`summed_up`), which says it
    once where a player looks: then the line only says the game is over."""
    if over:
        if summed_up and len(names) > 1:
            return "Game over: the results are in the summary."
        return result_line(names, scores, winners)
    if current is None or current == CHANCE or not 0 <= current < len(names):
        return "Rolling…"
    if acting is not None and 0 <= acting < len(names):
        return f"{names[acting]}, your turn."
    who = names[current]
    where = seats[current] if current < len(seats) else ""
    if where == "computer":
        return f"{who} is thinking…"
    if where == "away":
        return f"Waiting for {who} to come back."
    if where == "guest":
        return f"Waiting for {who} (on their own device)…"
    return f"Waiting for {who}."


def status_text(session: Session, away: Sequence[int] = (), summed_up: bool = False) -> str:
    match, state = session.match, session.match.state
    current = state.current_player
    seats = seat_states(session, away)
    for seat in session.stand_in:  # a computer plays for an away player now
        seats[seat] = "computer"
    return status_line(match.names, seats, current, state.scores, state.winners, state.is_over,
                       current if session.is_human(current) else None, summed_up)


def may_pass_for(session: Session, ask_anyway: bool) -> bool:
    """Whether the table may make the move the game calls forced (its view's `forced(view,
    legal)` hook: only "pass" is legal, say) for the person here, unless the player asked
    to be asked. Only with computers at the table: people sharing a device keep the one
    table-wide prompt, which gives nothing away about who holds what."""
    return (not ask_anyway and session.with_computers and len(session.humans) == 1
            and session.tutorial is None and not session.match.state.is_over)


def may_auto_pass(session: Session, setting: Any) -> bool:
    """Whether the table passes response windows for the one person at this device (the
    "auto_pass" setting, on unless turned off): they could respond, but most windows are
    passed, and a Respond control keeps one open (table.TableClient.window_pass)."""
    return (setting is not False and len(session.humans) == 1 and session.tutorial is None
            and not session.match.state.is_over)


def countdown_applies(session: Session, hosting: bool, asked: bool) -> bool:
    """Whether a prompt's countdown runs: only a table of several people needs a clock
    (people here, players on their own devices, or a player who asked for one); alone
    against the computer, take your time."""
    return len(session.humans) > 1 or hosting or asked


def confirm_step(setting: Any, touch: bool) -> bool:
    """Whether a tap on a move only shows it until confirmed (the "confirm" setting: "touch",
    the default, on touch screens; "always"; "never"): small cells under a finger are easy
    to miss, and a move played cannot be taken back once chance answers it."""
    if setting == "always":
        return True
    return touch and setting != "never"


def only_person(session: Session) -> int | None:
    """The seat of the one person at this device, if exactly one is here."""
    humans = session.humans
    return humans[0] if len(humans) == 1 else None


def undo_seat(session: Session) -> int | None:
    """The seat whose moves Undo takes back: the one person at this device, when they are
    alone here (among people sharing a device it would take back another's move) and not
    in a tutorial (its steps are scripted)."""
    return only_person(session) if session.tutorial is None else None


def can_undo(session: Session) -> bool:
    seat = undo_seat(session)
    return seat is not None and session.match.can_undo(seat)


# -- the log in turns, and what happened since a person's last move ---------------------------------

@dataclass(frozen=True)
class Turn:
    """Log lines under the seat whose decision began them (None: the set-up, before anyone)."""

    seat: int | None
    lines: tuple[str, ...]


def entry_lines(entry: LogEntry, view: Any, names: Sequence[str]) -> list[str]:
    """A log entry in words: the action, then what it caused (the view's `event_words`)."""
    words = getattr(view, "event_words", None)
    lines = [entry.text] if entry.text else []
    if words is not None:
        lines.extend(text for text in (words(event, names) for event in entry.events) if text)
    return lines


PASS = "pass"
"""The notation every game uses for letting a moment go by; runs of passes read as one line."""


def turns(match: Match, start: int = 0, memo: dict[int, tuple[LogEntry, list[str]]] | None = None) -> list[Turn]:
    """The log from entry `start` grouped by turn. Chance belongs to the turn it follows;
    everything chance does before the first decision (the deal) is one line, and the same
    line several times in a row (a hidden draw, say) is one line with a count. In a game with
    response windows (its view's `response_window` hook), a run of plain passes by other
    players (a window nobody answered) is one line in the turn it interrupts; elsewhere a
    pass is a turn like any other. `memo` (kept by the caller for one match, emptied when its
    names change) keeps each entry's words: a page redrawn after every move need not word
    the whole game again."""
    view = view_module(match.game.id)
    windows = hasattr(view, "response_window")
    groups: list[Turn] = []
    seat: int | None = None
    lines: list[str] = []
    passers: list[str] = []
    first_decision = next((i for i, e in enumerate(match.log) if e.seat != CHANCE), len(match.log))

    def told_passes() -> None:
        if passers:
            lines.append(f"{and_list(passers)} pass{'es' if len(passers) == 1 else ''}.")
            passers.clear()

    for i, entry in enumerate(match.log[start:], start):
        if i < first_decision:
            if i == 0:
                lines.append(setup_line(match))
            continue
        if (windows and str(entry.action) == PASS and not entry.events and entry.seat != seat
                and seat is not None):
            passers.append(match.names[entry.seat])
            continue
        told_passes()
        if entry.seat != CHANCE and entry.seat != seat:
            if lines:
                groups.append(Turn(seat, counted(lines)))
            seat, lines = entry.seat, []
        known = memo.get(i) if memo is not None else None
        if known is None or known[0] is not entry:
            known = (entry, entry_lines(entry, view, match.names))
            if memo is not None:
                memo[i] = known
        lines.extend(known[1])
    told_passes()
    if lines:
        groups.append(Turn(seat, counted(lines)))
    return groups


def setup_line(match: Match) -> str:
    """The deal in one line: the game's `SETUP_TEXT` if its view has one."""
    view = view_module(match.game.id)
    return str(getattr(view, "SETUP_TEXT", "The game is set up and the first player is ready."))


def since_last_move(match: Match, seat: int) -> list[str]:
    """What happened since `seat` last acted, in words: the others' moves and their luck,
    not the roll or draw that followed the seat's own move (it saw that), nor the deal."""
    log = match.log
    mine = [i for i, e in enumerate(log) if e.seat == seat]
    start = mine[-1] + 1 if mine else next((i for i, e in enumerate(log) if e.seat != CHANCE), len(log))
    while mine and start < len(log) and log[start].seat == CHANCE:
        start += 1
    view = view_module(match.game.id)
    return list(counted([line for e in log[start:] for line in entry_lines(e, view, match.names)]))


# -- the end of the game ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Standing:
    place: int  # 1 for the winners; shared places share a number
    seat: int
    name: str
    score: float


@dataclass(frozen=True)
class Summary:
    headline: str
    standings: tuple[Standing, ...]
    tie_break: str  # how a tie on points was decided, or ""
    breakdown: tuple[tuple[str, tuple[str, ...]], ...]  # rows: label, one cell per seat


def summary(session: Session) -> Summary:
    match, state = session.match, session.match.state
    names, scores, winners = match.names, state.scores, state.winners
    order = sorted(range(match.players), key=lambda s: (s not in winners, -scores[s], s))
    standings, place = [], 0
    for rank, seat in enumerate(order):
        earlier = order[rank - 1] if rank else None
        if earlier is None or (seat in winners) != (earlier in winners) or scores[seat] != scores[earlier]:
            place = rank + 1
        standings.append(Standing(place, seat, names[seat], scores[seat]))
    view = state.view(None)
    hook = getattr(session.view, "tie_break", None)
    tie_break = str(hook(view, names)) if hook is not None else ""
    top = max(scores) if scores else 0
    tied = [s for s in range(match.players) if scores[s] == top]
    if not tie_break and match.players > 1 and len(tied) > len(winners):
        tie_break = (f"{and_list([names[s] for s in tied])} tied on {points(top)}; "
                     "the game's tie-break decided.")
    elif not tie_break and len(winners) > 1:
        tie_break = f"{and_list([names[s] for s in winners])} share the win on {points(top)}."
    rows = getattr(session.view, "score_breakdown", None)
    breakdown = tuple((str(label), tuple(str(c) for c in cells))
                      for label, cells in (rows(view, names) if rows is not None else []))
    if match.players == 1:
        headline = f"Game over: you scored {points(scores[0])}."
    else:
        headline = result_line(names, scores, winners)
    return Summary(headline, tuple(standings), tie_break, breakdown)


def rematch_settings(session: Session) -> dict[str, Any]:
    """Same game, seats, names and options; a new shuffle."""
    match = session.match
    return {"game_id": match.game.id, "players": match.players, "seats": list(session.seats),
            "names": list(match.names), "options": dict(match.options), "seed": None}


def score_chips(names: Sequence[str], scores: Sequence[float], winners: Sequence[int], current: int | None = None,
                away: Sequence[int] = (), me: int | None = None) -> Markup:
    """Each seat's "name: score" chip, marked as the seat to move, a winner, away or this
    device's own: the table's scores line and the history's."""
    def chip(seat: int, name: str) -> Markup:
        score = scores[seat] if seat < len(scores) else 0
        marks = [cls for cls, on in (("current", seat == current), ("winner", seat in winners), ("me", seat == me)) if on]
        return tag("span", f"{name}: {score:g}" + (" (away)" if seat in away else ""),
                   class_=" ".join(["score-chip", *marks]))
    return join(chip(seat, name) for seat, name in enumerate(names))
