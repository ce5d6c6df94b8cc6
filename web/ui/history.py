"""The history view on the page: a dialog over the table (or over the menu, for a replay link)
where a game is stepped through with buttons, the arrow keys, a slider or a click on a move.

It draws a copy of the game's log as it was when opened (`pygame_core.history.History`), so
closing it leaves the table as it was; it never plays a move. A guest's or a spectator's page,
which holds no game, opens it over the positions it was sent (seenhistory.py). What it shows is made in
historyparts.py; this module only puts it on the page and reads the person's input.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import js

import browser
import historyparts as parts
from browser import el, notice, on, present
from presenter import score_chips, view_module
from pygame_core import Match, replaylink
from pygame_core.history import History, as_it_is
from pygame_core.markup import Markup

KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "PageUp": -10, "PageDown": 10}


class HistoryView:
    """One dialog (#history), opened for one match at a time."""

    def __init__(self, guard: Callable[[Callable[[Any], Any]], Any], motion_allowed: Callable[[], bool]) -> None:
        self.guard, self.motion_allowed = guard, motion_allowed
        self.history: parts.Steps | None = None
        self.first = "the set-up"  # what step 0 is, in words
        self.match: Match | None = None
        self.module: Any = None
        self.own: list[int] = []
        self.seat: int | None = None
        self.step = 0
        self.closed: Callable[[], None] | None = None
        self.wired = False

    def wire(self) -> None:
        dialog = el("history")
        on(dialog, "click", self.guard(self.on_click))
        on(dialog, "keydown", self.guard(self.on_key))
        on(dialog, "input", self.guard(self.on_input))
        on(dialog, "change", self.guard(self.on_change))
        on(dialog, "close", self.guard(lambda e: self.after_close()))
        self.wired = True

    @property
    def is_open(self) -> bool:
        return self.history is not None

    def open(self, match: Match, own: Sequence[int], title: str = "History",
             closed: Callable[[], None] | None = None) -> None:
        """Show `match` as played so far, at its latest step, seen by everyone (or, the seat
        being one's own, chosen from the list); `closed` runs when the dialog closes."""
        self.match = match = as_it_is(match)  # what is shared: the game as it was opened
        history = History(match)
        self.show(match.game.id, history, parts.seat_choices(history, own), own, title, closed, "the set-up")

    def open_seen(self, game_id: str, seen: parts.Steps, view_name: str) -> None:
        """Show the positions a guest's page was sent (seenhistory.SeenHistory), in the one view
        it has (`view_name`); nothing to share: the page has no game to pack."""
        self.match = None
        self.show(game_id, seen, parts.seen_choice(view_name), [], "History", None, "the first position shown here")

    def show(self, game_id: str, history: parts.Steps, choices: Markup, own: Sequence[int], title: str,
             closed: Callable[[], None] | None, first: str) -> None:
        if not self.wired:
            self.wire()
        dialog = el("history")
        browser.use_stylesheet("./styles/history.css", waiting=dialog)
        browser.use_stylesheet(f"./styles/{game_id}.css", waiting=dialog)
        self.history, self.first = history, first
        self.module, self.own, self.seat, self.closed = view_module(game_id), list(own), None, closed
        browser.set_html(dialog, parts.frame(title, shareable=self.match is not None))
        browser.set_html(el("history-seat"), choices)
        browser.set_html(el("history-log"), parts.log_markup(history))
        el("history-slider").max = str(history.last)
        if not dialog.open:
            dialog.showModal()
        self.go(history.last, glide=False)
        browser.focus_in_place(el("history-slider"))

    def close(self, quiet: bool = False) -> None:
        """Close the dialog; `quiet`: without running what was to follow (another opens)."""
        if quiet:
            self.closed = None
        dialog = el("history")
        if dialog.open:
            dialog.close()

    def after_close(self) -> None:
        if el("history").open:
            return  # a close event that arrived after the dialog was opened again
        self.history = self.match = None
        closed, self.closed = self.closed, None
        if closed is not None:
            closed()

    # -- drawing ---------------------------------------------------------------------------
    def go(self, step: int, glide: bool = True) -> None:
        history = self.history
        if history is None:
            return
        self.step = step = history.clamp(step)
        state = history.state(step)
        board = el("history-board")
        glide = glide and self.motion_allowed()
        before = browser.piece_places(board) if glide else None
        browser.set_html(board, parts.board(self.module, state.view(self.seat), history.names))
        for node in board.querySelectorAll("[data-action]"):  # a view may draw a button regardless
            node.removeAttribute("data-action")
            node.setAttribute("disabled", "")
        if glide:
            browser.animate_pieces(board, before)
        browser.set_html(el("history-scores"), score_chips(history.names, state.scores, state.winners))
        el("history-step").textContent = parts.step_line(history, step, self.first)
        el("history-slider").value = str(step)
        for act, off in (("first", step == 0), ("back", step == 0), ("forward", step == history.last),
                         ("last", step == history.last)):
            el("history").querySelector(f"[data-history='{act}']").disabled = off
        self.highlight(step)

    def highlight(self, step: int) -> None:
        listing = el("history-log")
        for old in listing.querySelectorAll(".current"):
            old.classList.remove("current")
            old.removeAttribute("aria-current")
        item = listing.querySelector(f"[data-entry='{step}']")
        if present(item):
            item.classList.add("current")
            item.setAttribute("aria-current", "step")
            box = listing.closest(".history-side")  # only the list scrolls, never the board away
            top, height = float(item.offsetTop), float(item.offsetHeight)  # in the box (position: relative)
            if top < float(box.scrollTop) or top + height > float(box.scrollTop) + float(box.clientHeight):
                box.scrollTop = max(0.0, top - float(box.clientHeight) / 3)

    # -- input -----------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        if self.history is None:
            return
        entry = event.target.closest("[data-step]")
        if present(entry):
            self.go(int(str(entry.getAttribute("data-step"))))
            return
        button = event.target.closest("[data-history]")
        if not present(button):
            return
        act = str(button.getAttribute("data-history"))
        moves = {"first": -self.history.last, "back": -1, "forward": 1, "last": self.history.last}
        if act in moves:
            self.go(self.step + moves[act])
        elif act == "close":
            self.close()
        elif act == "share":
            self.share()

    def on_key(self, event: Any) -> None:
        key, target = str(event.key), event.target
        if self.history is None or str(target.tagName).lower() in ("input", "select"):
            return  # the slider and the list have their own keys
        if key in KEYS:
            self.go(self.step + KEYS[key])
        elif key in ("Home", "End"):
            self.go(0 if key == "Home" else self.history.last)
        else:
            return
        event.preventDefault()

    def on_input(self, event: Any) -> None:
        if str(event.target.id) == "history-slider":
            self.go(int(str(event.target.value) or 0))

    def on_change(self, event: Any) -> None:
        if str(event.target.id) == "history-seat" and self.history is not None:
            self.seat = parts.read_seat(str(event.target.value), self.history, self.own)
            self.go(self.step, glide=False)

    def share(self) -> None:
        """The game as a replay link, shown to copy (and copied, where the browser lets us); a
        game not over yet only when the person says so."""
        match = self.match
        if match is None:
            return
        if not match.state.is_over and not js.window.confirm(
                "This game is not over, and a replay link holds every move and draw so far (hidden "
                "cards too, for anyone who unpacks it). Share it as far as it has been played?"):
            return
        fragment = replaylink.fragment(match)
        address = f"{js.location.origin}{js.location.pathname}"
        box = el("history-link")
        box.value = f"{address}#{fragment}"
        box.hidden = False
        box.select()
        el("history-link-note").textContent = parts.link_note(len(fragment) + 1, len(address))
        clipboard = getattr(js.navigator, "clipboard", None)
        if present(clipboard):
            clipboard.writeText(box.value).then(
                browser.create_once(lambda *_: notice("The replay link is copied.", 4)),
                browser.create_once(lambda *_: notice("Copy the replay link from the box.", 4)))
