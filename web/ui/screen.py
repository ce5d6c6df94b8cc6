"""The game screen: draws what a table shows, and reads clicks and keys into a table client.

Every table draws here, the local one (app.py's LocalTable) and a guest's (peerguest.py):
the board with its pieces gliding, the status line, the score chips, the log grouped by
turn, what happened since a person's last move, and the end summary, each from plain
arguments, as python-chess's `svg.board` draws a position. `Controls` is the one place a
click or a key on the board becomes a table client's selection or choice.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import js

import browser
import roving
import thumbzone
import zoom
from browser import el, notice, present, set_text
from pygame_core.markup import Markup, join, tag
from presenter import Summary, Turn, confirm_step, score_chips
from table import AUTO_PASS_SECONDS, FORCED_PAUSE_SECONDS, MODIFIER_KEYS, Clock, Countdown, TableClient

LOG_TURNS = 80
RECAP_LINES = 8
PAN_WIDTH = 700  # px: at most this wide, boards keep touch-sized cells and pan (see app.css)
ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}
FOCUSABLE = "[data-action],[data-ui],[data-hex],[data-card]"


def table_client(view_module: Any, send: Callable[[int, int, str, str | None], bool], clock: Clock,
                 redraw: Callable[[], None], settings: dict[str, Any], **hooks: Any) -> TableClient:
    """A table client for this page, local or a guest's: it tells the person in a notice, its
    forced-move pause follows the speed setting, its confirm step the confirm setting; a
    response window stays open long enough to press Respond, even at the fastest speed."""
    return TableClient(view_module, send, clock, redraw, notice,
                       pause=lambda: FORCED_PAUSE_SECONDS * float(settings.get("speed", 1)),
                       window_pause=lambda: AUTO_PASS_SECONDS * max(0.5, float(settings.get("speed", 1))),
                       confirming=lambda: confirm_step(settings.get("confirm"), browser.touch_screen()), **hooks)


# -- the board -----------------------------------------------------------------------------------

def centre(node: Any) -> tuple[float, float, bool]:
    """Where a node is drawn (the middle of its box), and whether it is drawn at all."""
    r = node.getBoundingClientRect()
    return r.left + r.width / 2, r.top + r.height / 2, r.width > 0 or r.height > 0


def focusable(board: Any) -> list[Any]:
    return [n for n in board.querySelectorAll(FOCUSABLE)
            if present(n.getAttribute("tabindex")) or str(n.tagName).lower() == "button"]


def neighbour(here: Any, items: list[Any], direction: tuple[int, int]) -> Any | None:
    """The choice an arrow key leads to, by where things are drawn (a hex board, a hand of
    cards), not by their order in the page: the nearest one that way, straight lines first."""
    dx, dy = direction
    x0, y0, _ = centre(here)
    best, best_score = None, float("inf")
    for node in items:
        if node == here:
            continue
        x, y, shown = centre(node)
        along = (x - x0) * dx + (y - y0) * dy
        if not shown or along < 1:
            continue
        across = abs((x - x0) * dy) + abs((y - y0) * dx)
        score = along + 2 * across
        if score < best_score:
            best, best_score = node, score
    return best


def box_has_focus(box: Any) -> bool:
    active = browser.active_element()
    return present(active) and bool(box.contains(active))


def narrow_screen() -> bool:
    """A phone's width, where boards pan and the score chips scroll in one row (app.css)."""
    return bool(browser.page_global("window").innerWidth <= PAN_WIDTH)


def keep_pan() -> None:
    """A board bigger than a phone pans in its frame (see .board-pan): keep where the player
    left it across redraws, centre a new one; when none of the choices offered is in view,
    bring the first into view. Set at the next frame, not forcing a layout now."""
    if not narrow_screen():
        return  # boards pan only on narrow screens (app.css)
    before = [(float(pan.scrollLeft), float(pan.scrollTop)) for pan in el("board").querySelectorAll(".board-pan")]

    def restore(*_: Any) -> None:
        for i, pan in enumerate(el("board").querySelectorAll(".board-pan")):
            left, top = before[i] if i < len(before) else (
                (pan.scrollWidth - pan.clientWidth) / 2, (pan.scrollHeight - pan.clientHeight) / 2)
            pan.scrollLeft, pan.scrollTop = left, top
            show_a_choice(pan)
    js.requestAnimationFrame(browser.create_once(restore))


def show_a_choice(pan: Any) -> None:
    choices = pan.querySelectorAll("[data-action], [data-ui]")
    if not choices.length:
        return
    frame = pan.getBoundingClientRect()
    for choice in choices:
        box = choice.getBoundingClientRect()
        if box.left >= frame.left and box.right <= frame.right and box.top >= frame.top and box.bottom <= frame.bottom:
            return
    box = choices[0].getBoundingClientRect()
    pan.scrollLeft += box.left + box.width / 2 - frame.left - frame.width / 2
    pan.scrollTop += box.top + box.height / 2 - frame.top - frame.height / 2


def refocus(old: Any, was: tuple[float, float, bool]) -> None:
    """Keep keyboard focus on the same control after a redraw; when the redraw changed it
    (a selected tile now deselects, a move was made), on the choice drawn nearest to where
    it was, or on the board when there is none (the arrow keys then start again)."""
    board = el("board")
    for attr in ("data-ui", "data-action", "data-hex", "data-card"):
        value = old.getAttribute(attr)
        if present(value):
            same = board.querySelector(f'[{attr}="{browser.css_escape(value)}"]')
            if present(same):
                if same != browser.active_element():  # kept by the patch: focusing again
                    browser.focus_in_place(same)     # would only make the browser lay out now
                return
            break
    x0, y0, _ = was
    drawn = [(x, y, n) for n in focusable(board) for x, y, shown in [centre(n)] if shown]
    if drawn:
        nearest = min(drawn, key=lambda t: (t[0] - x0) ** 2 + (t[1] - y0) ** 2)[2]
        browser.focus_in_place(nearest)
        roving.follow(nearest)  # the tab stop goes where the focus went
    else:  # nothing to choose now (another seat's turn): the board itself, for the arrows
        browser.focus_in_place(board)


def draw_board(markup: Markup, glide: bool) -> None:
    """The board, its pieces gliding from where they were when `glide`; a keyboard player's
    focus survives the redraw (see refocus), whoever's move caused it."""
    keep_pan()
    board = el("board")
    focused = browser.active_element()
    had_focus = present(focused) and focused != board and bool(board.contains(focused))
    was = centre(focused) if had_focus else (0.0, 0.0, False)
    before = browser.piece_places(board) if glide else None
    browser.patch_html(board, markup, roving.settle_hook())  # one tab stop per group of choices
    zoom.decorate(board)  # a board that pans on a phone: its zoom buttons
    if glide:
        browser.animate_pieces(board, before)
    if had_focus and not box_has_focus(el("summary")):  # the game's end takes the focus
        refocus(focused, was)


def countdown_on_board() -> Countdown | None:
    """The countdown a drawn prompt asks for (its `data-countdown` seconds), if any."""
    prompt = el("board").querySelector("[data-countdown]")
    if not present(prompt):
        return None
    return Countdown(float(prompt.getAttribute("data-countdown") or 0),
                     str(prompt.getAttribute("data-countdown-action") or ""),
                     bool(prompt.hasAttribute("data-respond-all")))


def show_pending(client: TableClient) -> None:
    """A move waiting to be confirmed: marked on the board, said in the confirm bar (in reach
    of the thumb on a phone) with Confirm and Cancel; the bar hides when none waits."""
    board, bar = el("board"), el("confirm-bar")
    pending = client.pending
    target = board.querySelector(f'[data-action="{browser.css_escape(pending)}"]') if pending is not None else None
    if not present(target):
        if not bar.hidden:
            thumbzone.bar_hidden()
            bar.hidden = True
        return
    target.classList.add("pending")
    # A card whose name is its content (a quest: its words for a screen reader, then its
    # icons' digits and its flavour text) says the move in its title.
    label = str(target.getAttribute("aria-label") or target.getAttribute("title") or target.textContent or "").strip()
    set_text("confirm-text", f"Your move: {label[:200]}" if label else "Your move")
    if bar.hidden:  # the hand and the move shown stay clear of it
        bar.hidden = False
        thumbzone.bar_shown(bar, board)


def arm(client: TableClient, countdowns: bool = True) -> None:
    """After a drawing: start the clocks the board asks for (a countdown, shown counting,
    where the table runs them; the reflex race's) or the pause before a forced move
    (table.TableClient.arm)."""
    board = el("board")
    show_pending(client)
    countdown = countdown_on_board() if countdowns else None
    text = client.arm(countdown, browser.race_clock(board, *(client.race or (None, ""))))
    box = board.querySelector("[data-countdown] [data-countdown-text]")
    if present(box) and text:
        box.textContent = text
    if client.auto_pass is not None:  # a response window the table will pass: Respond keeps it
        could = client.seen is not None and len(client.seen.legal) > 1
        browser.append_html(board, tag(
            "p", text, " ", could and tag("button", "Respond", type="button", data_keep_window="",
                                          aria_label="Respond: keep the window open and choose"),
            class_="auto-pass", role="status"), "afterbegin")


# -- around the board ----------------------------------------------------------------------------

def draw_scores(names: Sequence[str], scores: Sequence[float], current: int | None, winners: Sequence[int],
                away: Sequence[int] = (), me: int | None = None) -> None:
    box = el("scores")
    drawn = repr((list(names), list(scores), current, list(winners), list(away), me))
    if box.getAttribute("data-drawn") == drawn:
        return  # most moves change no score: no need to build the chips again
    box.setAttribute("data-drawn", drawn)
    browser.patch_html(box, score_chips(names, scores, winners, current, away, me))  # the chips that changed
    if current is not None and str(current) != box.getAttribute("data-current"):
        box.setAttribute("data-current", str(current))
        if narrow_screen():  # the chips are one row that scrolls (app.css)
            js.requestAnimationFrame(browser.create_once(lambda *_: chip_in_view(box)))


def chip_in_view(box: Any) -> None:
    """On a phone the chips are one row that scrolls sideways: the seat to move is scrolled
    into it, not left off its end. Measured at the frame, which lays the page out anyway."""
    chip = box.querySelector(".score-chip.current")
    if not present(chip) or box.scrollWidth <= box.clientWidth:
        return
    row, at = box.getBoundingClientRect(), chip.getBoundingClientRect()
    if at.left < row.left:
        box.scrollLeft += at.left - row.left
    elif at.right > row.right:
        box.scrollLeft += at.right - row.right


def clear_scores() -> None:
    box = el("scores")
    box.removeAttribute("data-drawn")
    box.removeAttribute("data-current")
    box.replaceChildren()


def draw_recap(lines: Sequence[str]) -> None:
    """What the computers did since the person last moved, kept on screen until they move
    again: computer turns pass quickly, and the board alone does not say what changed."""
    box = el("recap")
    if not lines:
        browser.set_shown(box, False)
        return
    shown = list(lines[-RECAP_LINES:])
    if box.getAttribute("data-drawn") != repr(shown):  # unchanged by most redraws (a tap)
        browser.set_html(box, join(tag("h3", "Since your last move"), tag("ul", [tag("li", line) for line in shown])))
        box.setAttribute("data-drawn", repr(shown))
    browser.set_shown(box)


def summary_part(label: str, value: str) -> Markup:
    """A label and its value in the end summary; a long value (a sentence) goes on its own
    line under the label, left-aligned, instead of a narrow right-aligned column."""
    return join(tag("dt", label), tag("dd", value, class_="summary-long" if len(value) > 24 else None))


def draw_summary(summary: Callable[[], Summary] | None, take_focus: bool) -> None:
    """The end of the game: standings, how a tie was decided, each score's parts, and the
    ways on (rematch, a new game, the menu); drawn once per game end. None hides it."""
    box = el("summary")
    if summary is None:
        browser.set_shown(box, False)
        return
    if summary_drawn():
        return
    result = summary()
    # One card per player, its score's parts as label/value pairs: a table of every part
    # for every player is too wide for a phone once a game has more than two parts.
    standings = tag("ol", [
        tag("li", tag("p", tag("span", st.place, class_="summary-place"),
                      tag("strong", st.name), tag("span", f"{st.score:g}", class_="summary-score"),
                      class_="summary-head"),
            tag("dl", [summary_part(label, cells[st.seat] if st.seat < len(cells) else "")
                       for label, cells in result.breakdown], class_="summary-parts"),
            class_="summary-winner" if st.place == 1 else None)
        for st in result.standings], class_="summary-standings")
    buttons = tag("p", tag("button", "Rematch", type="button", class_="primary", data_summary="rematch",
                           title="The same players and settings, a new shuffle"),
                  tag("button", "New game", type="button", data_summary="new"),
                  tag("button", "History", type="button", data_summary="history", title="Step through the game"),
                  tag("button", "Menu", type="button", data_summary="menu"), class_="summary-buttons")
    browser.set_html(box, join(tag("h3", result.headline, id="summary-title"), standings,
                               result.tie_break and tag("p", result.tie_break, class_="summary-tie"), buttons))
    box.hidden = False
    focus = box.querySelector("[data-summary='rematch']")
    if present(focus) and take_focus:
        focus.focus()


def summary_drawn() -> bool:
    """Whether this game's end summary is on screen (it is drawn once per game end)."""
    return not el("summary").hidden


class Log:
    """The log grouped by turn (presenter.turns). Lines already shown stay as they are; the
    last turn drawn may have grown (or its folded passes changed), so it is brought up to
    date line by line, then new turns are added; old turns leave the top."""

    def __init__(self) -> None:
        self.turns: list[Turn] = []  # as drawn

    def clear(self) -> None:
        el("log").replaceChildren()
        self.turns = []

    def draw(self, turns: Sequence[Turn], names: Sequence[str]) -> None:
        listing = el("log")
        drawn = self.turns
        if len(turns) < len(drawn) or any(a != b for a, b in zip(drawn[:-1], turns)):
            self.clear()  # taken back, or another game's: start again
            drawn = []
        if list(turns) == drawn:
            return
        new_lines = [line for turn in turns[max(0, len(drawn) - 1):] for line in turn.lines]
        last = listing.lastElementChild
        if drawn and present(last):
            self.update_turn(last, turns[len(drawn) - 1], names, drawn[-1])
            new_lines = new_lines[len(drawn[-1].lines):]
        browser.append_html(listing, join(self.turn_markup(turn, names) for turn in turns[len(drawn):]))
        while listing.childElementCount > LOG_TURNS:
            listing.firstElementChild.remove()
        self.turns = list(turns)
        # the log's box keeps its last line in view by itself (see .log-scroll)
        browser.announce(". ".join(new_lines[-4:]))

    def turn_markup(self, turn: Turn, names: Sequence[str]) -> Markup:
        return tag("li", turn_heading(turn, names), tag("ol", [tag("li", line) for line in turn.lines]),
                   class_="log-turn")

    def update_turn(self, node: Any, turn: Turn, names: Sequence[str], was: Turn) -> None:
        lines = node.querySelector("ol")
        keep = 0
        while keep < min(len(was.lines), len(turn.lines)) and was.lines[keep] == turn.lines[keep]:
            keep += 1
        while lines.childElementCount > keep:
            lines.lastElementChild.remove()
        browser.append_html(lines, join(tag("li", line) for line in turn.lines[keep:]))
        if not present(node.querySelector(".log-who")):
            heading = turn_heading(turn, names)
            if heading is not None:
                browser.append_html(node, heading, "afterbegin")


def turn_heading(turn: Turn, names: Sequence[str]) -> Markup | None:
    """A turn of several lines is headed by its player; one line names them itself."""
    if len(turn.lines) < 2:
        return None
    who = names[turn.seat] if turn.seat is not None and 0 <= turn.seat < len(names) else "Set-up"
    return tag("span", who, class_="log-who")


# -- input ----------------------------------------------------------------------------------------

class Controls:
    """The board's clicks and keys, for whichever table client is on screen (`client()`),
    local or a guest's; `choose` is where a chosen action goes (the client, or a lesson)."""

    def __init__(self, client: Callable[[], TableClient | None], respond: Callable[[str], None],
                 view: Callable[[], dict[str, Any]]) -> None:
        self.client, self.respond, self.view = client, respond, view

    def on_click(self, event: Any) -> None:
        client = self.client()
        clicked = event.target
        if zoom.on_click(clicked) or client is None:  # zooming needs no seat
            return
        if present(clicked.closest("[data-keep-window]")):
            client.respond_now()
            return
        respond = clicked.closest("[data-respond]")
        if present(respond):
            self.respond(str(respond.getAttribute("data-respond")))
            return
        target = clicked.closest("[data-action],[data-ui]")
        if present(target):
            self.activate(client, target)

    @staticmethod
    def activate(client: TableClient, target: Any) -> None:
        if target.hasAttribute("data-ui"):
            client.select(str(target.getAttribute("data-ui")))
        elif target.hasAttribute("data-race") and client.race is not None:
            client.react()
        elif target.hasAttribute("data-action"):
            client.tap(str(target.getAttribute("data-action")), bool(target.hasAttribute("data-shown")))

    def on_race_key(self, event: Any) -> None:
        """During a reflex race any key counts, wherever the focus is."""
        client = self.client()
        if client is None or client.race is None or str(event.key) in MODIFIER_KEYS:
            return
        event.preventDefault()
        event.stopPropagation()
        client.react()

    def on_board_key(self, event: Any) -> None:
        client = self.client()
        if client is None:
            return
        key, target = str(event.key), event.target
        if key in ("Enter", " ") and present(target.closest("[data-action],[data-ui]")):
            if str(target.tagName).lower() != "button":  # buttons click themselves
                event.preventDefault()
                self.activate(client, target.closest("[data-action],[data-ui]"))
            return
        if key in ARROWS or (key in ("Home", "End") and roving.group_of(target) is not None):
            self.move_focus(event, ARROWS.get(key) or key)
            return
        if key == "Escape" and client.clear():
            return
        if client.key(key, self.view()):
            event.preventDefault()

    @staticmethod
    def move_focus(event: Any, direction: tuple[int, int] | str) -> None:
        """An arrow key: to the nearest choice drawn that way in the focused choice's group
        (roving.py), or on the whole board outside groups; Home and End: the group's ends."""
        board = el("board")
        items = focusable(board)
        if not items:
            return
        event.preventDefault()
        here = browser.active_element()
        if not any(n == here for n in items):
            there = next((n for n in items if n.getAttribute("tabindex") != "-1"), items[0])
        elif isinstance(direction, str):
            there = roving.end(here, direction == "End")
        else:
            there = neighbour(here, roving.scope(here, board, items), direction)
        if there is not None:
            there.focus()
            roving.follow(there)


def set_status(text: str) -> None:
    """The status line, written only when it says something new: most taps change only the
    board, and a text written again is a change the browser lays out again."""
    node = el("turn")
    if node.textContent != text:
        node.textContent = text
