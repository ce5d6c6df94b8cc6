"""The game on screen at this device: its master, one table client for the people here,
the screen, computers and autosave, wired together.

Every change goes through the master (master.py); the table subscribes to it and redraws,
saves in a task of its own and lets computers move. The people here choose through the same
table client a guest uses (table.py), whose choices go straight to the master; with players
on their own devices, the host's transport (peerhost.py) subscribes to the same master.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable


import browser
import computers
import presenter
import screen
from browser import el, notice, set_text, show
from master import Master, MoveFailed, save_meta
from peerplay import Peers
from presenter import Scene, Session
from pygame_core import saves
from pygame_core.markup import Markup, join, tag
from shell import Guard, injected_faults
from storage import SaveStore
from table import Clock, Seen



@dataclass
class Page:
    """What a table needs of the page around it."""

    settings: dict[str, Any]
    store: SaveStore
    clock: Clock
    guard: Guard
    report: Callable[[BaseException, str], None]
    peers: Peers
    motion_allowed: Callable[[], bool]
    first_frame: Awaitable[None]
    resume: Callable[[str], None]  # reload a save (the banner's way on when another tab moved on)
    lesson_move: Callable[[str], None]  # a move the tutorial on screen checks first

    def speed(self) -> float:
        return float(self.settings.get("speed", 1))


class LocalTable:
    """One game at this device: its master, the table client of the people here, and what
    follows every change (drawing, a save in a task of its own, computers' turns)."""

    def __init__(self, session: Session, page: Page) -> None:
        self.session, self.page = session, page
        self.master = Master(session, self.later)
        self.client = screen.table_client(session.view, self.send, page.clock, self.render, page.settings,
                                          respond_all=self.respond)
        self.log = screen.Log()
        self.drawn_at = -1  # the log length the board was last drawn at (pieces glide on change)
        self.hint_for = -1  # the log length a shown suggestion was made at
        self.thinking = False
        self.save_pending = False  # a move is drawn and its save is queued (see save_soon)
        self.save_failed = False
        self.drawn_log = -1  # the log length the log was last drawn at
        self.log_words: dict[int, Any] = {}  # each log entry's words (presenter.turns' memo)
        self.log_names: list[str] = []  # the names those words were made with
        self.master.subscribe(self.after_change)

    @property
    def match(self) -> Any:
        return self.session.match

    def later(self, seconds: float, run: Callable[[], None]) -> Any:
        return self.page.clock.later(seconds, self.page.guard(run))

    def close(self) -> None:
        self.flush_save()
        self.client.close()
        self.master.close()

    def show(self) -> None:
        """Draw the table afresh (a game just put on screen) and let computers move."""
        self.log.clear()
        self.drawn_log = -1
        self.refresh()

    def refresh(self) -> None:
        """Redraw, and let computers move: the table changed around the match (a player on
        their own device came or went, a computer was asked to stand in)."""
        self.render()
        self.computers()

    # changes -------------------------------------------------------------------------------------
    def after_change(self) -> None:
        with browser.measured("drawing"):
            self.render()
        self.save_soon()
        self.computers()

    def send(self, seat: int, at: int, text: str, ask: str | None) -> bool:
        """A choice of the people here: a tutorial checks it first; the master plays it."""
        if self.session.tutorial is not None:
            self.page.lesson_move(text)
            return False
        if self.submit(seat, at, text, ask) == "held":
            self.render()  # the prompt goes; the answer waits for this seat's turn
        return False

    def play(self, seat: int, text: str) -> bool:
        """Play `text` for `seat` now (a lesson's scripted move); True when it was played."""
        return self.submit(seat, self.master.at, text) == "played"

    def submit(self, seat: int, at: int, text: str, ask: str | None = None) -> str:
        """Hand a choice to the master: "played", "held", or "" (refused or failed: said so)."""
        try:
            outcome = self.master.submit(seat, at, text, ask)
        except MoveFailed as exc:
            self.page.report(exc, str(exc))
            return ""
        if outcome.reason:
            notice(f"Not allowed: {outcome.reason}")
        return "played" if outcome.played else "held" if outcome.held else ""

    def undo(self) -> None:
        seat = presenter.undo_seat(self.session)
        if seat is not None:
            self.master.undo(seat)

    def hand_over(self) -> None:
        self.session.handed_to = presenter.viewing_seat(self.session)
        self.render()

    # drawing -----------------------------------------------------------------------------------
    def render(self) -> None:
        if self.master.closed:
            return
        session, match = self.session, self.match
        if len(match.log) != self.hint_for:
            show("hint", False)  # a suggestion is for the position it was made in
        scene = presenter.scene(session)
        seen = self.seen(scene)
        self.client.show(seen)
        show("handoff", scene.handoff)
        if scene.handoff_to is not None:
            set_text("handoff-text", f"Pass the device to {match.names[scene.handoff_to]}. "
                                     "Everyone else, look away.")
            browser.set_html(el("board"), Markup())
        else:
            self.draw_board(scene, seen)
        self.draw_around(scene)
        hosting = self.page.peers.hosting
        screen.arm(self.client, presenter.countdown_applies(
            session, hosting, bool(self.page.settings.get("countdown"))))

    def draw_board(self, scene: Scene, seen: Seen) -> None:
        match = self.match
        if "render" in injected_faults() and match.turn_number() > 0:
            raise RuntimeError("injected fault: the board could not be drawn")
        view = dict(seen.view, legal=seen.legal) if seen.ask is not None else seen.view
        board = self.session.view.render(view, self.client.ui, match.names)
        window = scene.table_window
        if window is not None:
            # A response window on a shared device asks the whole table at once, from
            # public facts only, instead of passing the device to every person in turn.
            if self.session.passing is None:
                board = self.table_prompt(window) + board
            else:
                self.master.play_later(match.state.current_player, window["pass"])
        glide = self.page.motion_allowed() and self.drawn_at not in (-1, len(match.log))
        screen.draw_board(board, glide)
        self.drawn_at = len(match.log)

    def seen(self, scene: Scene) -> Seen:
        """What the people here see and may answer: the viewing seat's view, with, when
        players on their own devices are asked at once, what this seat may answer before
        its turn (master.Together) and whether its answer is in already."""
        session, state, at = self.session, self.match.state, self.master.at
        current, seat = state.current_player, scene.seat
        may = presenter.may_pass_for(session, bool(self.page.settings.get("ask_to_pass")))
        auto = presenter.may_auto_pass(session, self.page.settings.get("auto_pass"))
        if scene.handoff:
            return Seen(at, None, {}, current)  # nothing is drawn until the device is handed over
        view = state.view(seat)  # seat None: the public table
        now = self.master.now() if self.page.peers.hosting else None
        if seat is not None and now is not None and seat in now.legal and session.is_human(seat):
            held = self.master.early.holds(seat, now)
            if seat != current:
                view["legal"] = list(now.legal[seat])
            return Seen(at, seat, view, current, now.ask, held, may, auto)
        acting = seat if session.is_human(current) and seat == current else None
        return Seen(at, acting, view, current, may_pass_for=may, may_auto_pass=auto)

    def draw_around(self, scene: Scene) -> None:
        """Status, scores, buttons, the end summary, the recap and the log."""
        session, match, state = self.session, self.match, self.match.state
        scripted = session.tutorial is not None  # the tutorial's steps cannot be taken back
        over = state.is_over and not scripted  # the end summary says who won
        text = self.client.status(match.names) or presenter.status_text(session, self.page.peers.away(), over)
        if state.is_over and match.players == 1:
            text += " " + self.record_solo_best()
        screen.set_status("Response window: anyone responding?" if scene.table_window is not None else text)
        screen.draw_scores(match.names, state.scores, state.current_player, state.winners)
        el("undo-button").disabled = not presenter.can_undo(session)
        # A hint would show one person's cards to all while the table is asked or handed over.
        el("suggest-button").disabled = (scripted or state.is_over or not session.is_human(state.current_player)
                                         or scene.table_window is not None or scene.handoff)
        el("export-button").disabled = scripted
        self.draw_summary(over)
        humans = session.humans
        alone = len(humans) == 1 and session.with_computers and not scripted
        screen.draw_recap(presenter.since_last_move(match, humans[0]) if alone else [])
        if len(match.log) != self.drawn_log:
            if match.names != self.log_names:
                self.log_words, self.log_names = {}, list(match.names)
            self.log.draw(presenter.turns(match, memo=self.log_words), match.names)
            self.drawn_log = len(match.log)

    def draw_summary(self, over: bool) -> None:
        """The end summary, once the game is over, in a task after the one drawing the last
        move: both in one blocked a slow phone for over 100 ms (HEX PLEASE!'s last move)."""
        if not over:
            screen.draw_summary(None, take_focus=False)
            return
        if screen.summary_drawn():
            return  # a drawing after the end (a setting changed) leaves it as it is
        session, at = self.session, self.master.at

        def draw() -> None:
            if not self.master.closed and self.master.at == at and self.match.state.is_over:
                screen.draw_summary(lambda: presenter.summary(session),
                                    take_focus=not session.is_computer(0) and len(session.humans) > 0)
        self.later(0, draw)

    def table_prompt(self, window: dict[str, Any]) -> Markup:
        """One prompt for everybody: the same whatever anyone holds, so it gives nothing away."""
        session = self.session
        names = session.match.names
        people = [s for s in window["waiting"] if session.is_human(s)]
        buttons = [join(tag("button", names[s], type="button", data_respond=s), " ") for s in people]
        return tag(
            "div", tag("p", "Just played:"), tag("ol", [tag("li", t) for t in window["played"]]),
            tag("p", tag("strong", "Anyone responding?"),
                " Whoever wants to answer out of turn taps their name and takes the device."),
            tag("p", buttons, tag("button", "No one — go on", type="button", class_="primary",
                                  data_respond="")),
            tag("p", data_countdown_text=""),
            class_="panel table-window", role="alertdialog", aria_label="Anyone responding?",
            data_countdown=window["seconds"], data_respond_all="")

    def respond(self, answer: str) -> None:
        """The table answered its prompt: a seat's number (they take the device) or "" (no one)."""
        session = self.session
        hook = presenter.shared_window_hook(session)
        window = hook(session.match.state.view(None), session.match.names) if hook is not None else None
        if window is None:
            return
        # Every person asked before the one who spoke up passes; "no one" passes for all of them.
        session.passing = (window["key"], int(answer) if answer else None)
        self.render()

    def record_solo_best(self) -> str:
        """Keep the best solo result per game and seed in this browser; say how this one compares."""
        match, settings = self.match, self.page.settings
        best = settings.setdefault("best", {})
        key = f"{match.game.id}/{match.seed}"
        score = match.state.scores[0]
        previous = best.get(key)
        if previous is None or score > previous:
            best[key] = score
            self.page.store.save_settings(settings)
        if previous is None:
            return f"First result for seed {match.seed}."
        if score > previous:
            return f"A new best for seed {match.seed} (was {previous:g})."
        return f"Best for seed {match.seed}: {previous:g}."

    # computers ---------------------------------------------------------------------------------
    def computers(self) -> None:
        """Let computers move, in tasks of their own, while the rules ask one of them."""
        if self.thinking or self.master.closed or self.master.computer_to_move() is None:
            return
        self.thinking = True
        asyncio.ensure_future(self.run_computers())

    async def run_computers(self) -> None:
        session = self.session

        async def think(seat: int) -> Any:
            # In a task of its own: the move just played was drawn in this one (the first
            # slice of thinking and that drawing made one task of up to 100 ms at 4x CPU).
            await asyncio.sleep(0)
            bot = await computers.load_bot(session, seat)
            return await computers.think(bot, self.match.state, seat, computers.BOT_MIN_SECONDS * self.page.speed())
        try:
            await self.page.first_frame
            el("board").classList.add("thinking")
            await self.master.run_computers(think)
        except MoveFailed as exc:
            self.page.report(exc, str(exc))
        except Exception as exc:  # noqa: BLE001 - the page stays usable; the computer is not asked again
            seat = self.match.state.current_player
            name = self.match.names[seat] if seat is not None and 0 <= seat < self.match.players else "?"
            self.page.report(exc, f"The computer player {name} failed: {exc}")
        finally:
            self.thinking = False
            el("board").classList.remove("thinking")
        self.computers()  # a seat may have become a computer's meanwhile (a stand-in)

    async def suggest(self) -> None:
        session, state = self.session, self.match.state
        seat = state.current_player
        if not session.is_human(seat):
            return
        el("suggest-button").disabled = True
        try:
            action = await computers.suggestion(session, state, seat)
        finally:
            el("suggest-button").disabled = False
        if self.match.state is not state or state.current_player != seat:
            return
        hook = getattr(session.view, "suggest_ui", None)
        if hook is not None:  # the game shows the move on its board (a piece chosen, a cell ringed)
            self.client.set_ui(dict(hook(state.view(seat), str(action)) or {}))
        set_text("hint", f"Suggestion: {state.describe(action, self.match.names)}")
        self.hint_for = self.master.at
        show("hint")
        target = el("board").querySelector(f'[data-action="{browser.css_escape(str(action))}"]')
        if browser.present(target):
            target.classList.add("suggested")
            target.focus()

    # saving ------------------------------------------------------------------------------------
    def save_soon(self) -> None:
        """Save in a task of its own: drawing a move and saving it in one task could block the
        page for over 50 ms. Leaving the page or the game saves at once (flush_save)."""
        if self.save_pending:
            return
        self.save_pending = True
        self.page.clock.later(0, self.page.guard(self.flush_save))

    def flush_save(self) -> None:
        if self.save_pending:
            self.autosave()

    def autosave(self, force: bool = False) -> None:
        self.save_pending = False
        with browser.measured("saving"):
            result = self.master.autosave(self.page.store, time.time() * 1000, force)
        if result == "deleted":
            browser.banner("This game was deleted in another tab or window, so it is no longer "
                           "saved.", "", ("Save it again", lambda: self.autosave(force=True)))
        elif result == "stale":
            browser.banner("This game was played on in another tab or window. Reload it here to "
                           "continue from there (this tab's last move is not saved).", "",
                           ("Reload the newer game", lambda: self.page.resume(self.session.save_id)))
        elif result not in ("saved", "off"):
            if not self.save_failed:
                notice(f"Could not save: {result}. The game goes on; the last good save is kept.", 10)
            self.save_failed = True
            return
        self.save_failed = False

    def export(self) -> None:
        browser.download(f"{self.session.save_id}.json", saves.dump(self.match, save_meta(self.session, time.time() * 1000)))
