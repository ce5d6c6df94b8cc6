"""The page: start-up, routing, and the parts it is made of, wired together.

It knows no game's rules: everything game-specific comes from the game's `rules.py`
(through the engine contract) and its `view.py`. The game on screen is a LocalTable
(localtable.py: master, table client, screen); the menu, the new-game dialog, tutorials,
the shell and peer play are objects of their own, handed what they need.
"""

from __future__ import annotations

import asyncio
import importlib.util
from typing import Any, Callable

import js

import browser
import gamefiles
import history
import historyparts
import peerplay
import presenter
import screen
from browser import el, notice, on, present, set_text, show
from gamesettings import SettingsDialog
from lessons import Lessons, tutorial_name
from localtable import LocalTable, Page
from menu import Menu, edited_warning, game_of
from newgame import NewGame, NewGameDialog
from presenter import SEAT_KINDS, Session
from pygame_core import GAMES, Match, SaveError, game_module, get_game, replaylink, saves
from pygame_core.markup import Markup, join, tag
from shell import Shell, WayOn
from storage import SaveStore, new_id, revision_of, seat_kinds

SLOW_FETCH = 0.3  # s: a game's files taking longer than this get a "downloading" notice

TABLE_RULES = tag("section", tag("h3", "At this table"), tag("ul", tag(
    "li", "Undo takes back your own moves, one at a time, back to the last roll, draw or shuffle: "
    "what chance has shown stays shown, so undo never lets you see a roll and choose again. "
    "Undo is off once the game is over, and when several people share the device."), tag(
    "li", "Dice, shuffles and draws come from the game's seed: the same seed and the same moves "
    "replay the same game. A saved game whose dice or draws were changed by hand is marked "
    "as edited in the menu.")), class_="table-rules")


def playable_games() -> list[str]:
    """Games with a view in this build, found without importing them (start-up stays fast)."""
    found = []
    for game_id in GAMES:
        try:
            if importlib.util.find_spec(game_module(game_id, "view")) is not None:
                found.append(game_id)
        except ImportError:
            continue
    return found


class App:
    """The page: the parts it is made of, start-up and routing, and the game on screen."""

    def __init__(self) -> None:
        self.store = SaveStore(browser.local_storage())
        self.settings = self.store.settings()  # one dict, shared with the parts below
        self.table: LocalTable | None = None
        self.games = playable_games()
        # The game whose files are being fetched, and what to do once they are here.
        self.awaited: tuple[str, Callable[[], Any]] | None = None
        self.embedded = bool(js.document.body.classList.contains("embed"))
        self.clock = browser.PageClock()
        self.first_frame: Any = None  # the page's first frame after start-up (computers wait for it)
        self.shell = Shell(self.store, self.settings, self.way_on)
        self.guard, self.guard_async = self.shell.guard, self.shell.guard_async
        self.menu = Menu(self.store, self.games, self.guard, self.adopt, self.show_imported)
        self.history = history.HistoryView(self.guard, self.shell.motion_allowed)
        self.newgame = NewGameDialog(self.store, self.settings, self.games, self.fetching, self.begin,
                                     self.show_menu)
        self.lessons = Lessons(self.store, self.settings, self.fetching, self.current_session, self.enter,
                               self.show_menu, self.lesson_ui, self.lesson_play)
        self.peers = peerplay.Peers(self.settings, lambda: self.store.save_settings(self.settings),
                                    self.guard, self.games, self.clock)  # players on their own devices
        self.controls = screen.Controls(self.client, self.respond, self.key_view)
        self.settings_dialog = SettingsDialog()  # the menu's settings, over a game (More, Settings)

    @property
    def session(self) -> Session | None:
        return self.table.session if self.table is not None else None

    def current_session(self) -> Session | None:
        return self.session

    # -- start-up --------------------------------------------------------------------------
    def start(self) -> None:
        self.wire_menu()
        self.wire_game()
        self.shell.wire_settings(self.settings_changed)
        self.shell.wire_shell(self.toggle_rules)
        on(el("banner-close"), "click", lambda e: show("banner", False))
        on(js.window, "hashchange", self.guard(lambda e: self.route()))
        on(js.window, "pagehide", self.guard(lambda e: self.table.flush_save() if self.table else None))
        if not self.store.available:
            notice("This browser is not keeping saves for this page (private mode or a blocked "
                   "frame): games play, but are not saved.", 8)
        self.shell.register_service_worker()
        show("loader", False)
        self.first_frame = browser.after_first_frame()
        self.route(first=True)
        js.window.dispatchEvent(js.CustomEvent.new("hex:ready"))
        js.document.body.classList.add("ready")

    def wire_menu(self) -> None:
        for button in js.document.querySelectorAll(".new-game"):
            game_id = button.getAttribute("data-game")
            if game_id in self.games:
                button.disabled = False
                on(button, "click", self.guard(lambda e, g=game_id: self.newgame.open_setup(g)))
            else:
                button.textContent = "Coming soon"
        for button in js.document.querySelectorAll(".tutorial-start"):
            game_id = str(button.getAttribute("data-game"))
            if tutorial_name(game_id) is not None:
                button.disabled = False
                on(button, "click", self.guard(lambda e, g=game_id: self.lessons.open_tutorial(g)))
        el("import-file").disabled = False
        on(el("import-file"), "change", self.guard_async(self.menu.import_save))
        on(el("setup-form"), "submit", self.guard(self.newgame.start_from_setup))
        on(el("setup-cancel"), "click", lambda e: el("setup").close())

    def wire_game(self) -> None:
        on(el("tutorial-button"), "click", self.guard(
            lambda e: self.lessons.open_tutorial(self.session.match.game.id) if self.session else None))
        on(el("tutorial-next"), "click", self.guard(lambda e: self.lessons.tutorial_next()))
        on(el("tutorial-leave"), "click", self.guard(lambda e: self.go_menu()))
        if self.embedded:
            el("menu-button").textContent = "New game"
        on(el("board"), "click", self.guard(self.controls.on_click))
        on(el("board"), "keydown", self.guard(self.controls.on_board_key))
        on(js.document, "keydown", self.guard(self.controls.on_race_key))
        on(el("summary"), "click", self.guard(self.on_summary_click))
        on(el("confirm-yes"), "click", self.guard(lambda e: self.client() and self.client().confirm()))
        on(el("confirm-no"), "click", self.guard(lambda e: self.client() and self.client().cancel()))
        tools: dict[str, Callable[[LocalTable], Any]] = {
            "undo-button": LocalTable.undo, "export-button": LocalTable.export,
            "handoff-ready": LocalTable.hand_over}
        for button, act in tools.items():
            on(el(button), "click", self.guard(lambda e, act=act: act(self.table) if self.table else None))
        on(el("suggest-button"), "click", self.guard_async(
            lambda e: self.table.suggest() if self.table else asyncio.sleep(0)))
        on(el("rules-button"), "click", self.guard(lambda e: self.toggle_rules()))
        on(el("settings-button"), "click", self.guard(lambda e: self.settings_dialog.open()))
        on(el("settings-dialog"), "close", self.guard(self.settings_dialog.closed))
        on(el("history-button"), "click", self.guard(lambda e: self.open_history()))
        on(el("menu-button"), "click", self.guard(lambda e: self.go_menu()))

    def route(self, first: bool = False) -> None:
        """Show what the URL asks for: a saved game (#play=id), a new game (?game=…) or the menu."""
        hash_ = str(js.location.hash)
        if self.peers.route(hash_):
            return
        if hash_.startswith("#" + replaylink.FRAGMENT):
            self.open_replay(hash_[1:])
            return
        if hash_.startswith("#tutorial="):
            if self.session is None or self.session.tutorial is None:
                self.lessons.open_tutorial(hash_[len("#tutorial="):])
            return
        if hash_.startswith("#play="):
            save_id = hash_[len("#play="):]
            if self.session is None or self.session.save_id != save_id:
                self.resume(save_id)
            return
        params = browser.query_params() if first else {}
        if params.get("game"):
            self.newgame.start_from_params(params)
            return
        if self.embedded and first:
            notice("No game was chosen in the address (add ?game=hack-and-slash, for example).", 8)
        self.show_menu()

    # -- game files -----------------------------------------------------------------------
    def fetching(self, game_id: str | None, then: Callable[[], Any]) -> bool:
        """Whether the game's files must be fetched first (web/ui/gamefiles.py): if so, this
        fetches them, then runs `then` (the caller, again), and the caller returns. Only what
        was asked for last runs: a second click while a game downloads does not open a second
        dialog, and a click on another game replaces the first."""
        if game_id not in self.games or gamefiles.ready(game_id):
            return False
        downloading = self.awaited is not None and self.awaited[0] == game_id
        self.awaited = (game_id, then)
        if not downloading:
            asyncio.ensure_future(self.fetch_then(game_id))
        return True

    async def fetch_then(self, game_id: str) -> None:
        fetching = asyncio.ensure_future(gamefiles.fetch(game_id))
        slow = not (await asyncio.wait([fetching], timeout=SLOW_FETCH))[0]
        if slow:  # a slow connection: say why nothing has happened yet
            notice("Downloading this game…", 60)
        try:
            await fetching
        except OSError as exc:
            if self.awaited is not None and self.awaited[0] == game_id:
                self.awaited = None
                notice(f"This game cannot start: {exc}. Check the connection and try again.", 10)
            return
        if self.awaited is None or self.awaited[0] != game_id:
            return  # the player asked for another game meanwhile
        latest, self.awaited = self.awaited[1], None
        if slow:
            show("notice", False)
        self.guard(latest)()

    # -- menu ------------------------------------------------------------------------------
    def show_menu(self) -> None:
        self.leave_table()
        self.shell.close_tools()
        self.menu.show()

    def go_menu(self) -> None:
        if self.embedded and self.session is not None:
            # An embedded page has no menu: "Menu" starts a fresh game with the same seats.
            match = self.session.match
            self.begin(NewGame(match.game.id, match.players, tuple(self.session.seats), tuple(match.names),
                               match.options, None))
            return
        js.location.hash = ""
        self.show_menu()

    # -- the game on screen ----------------------------------------------------------------
    def way_on(self) -> WayOn | None:
        """What an error banner offers: back to the game's last autosave, if in a game."""
        session = self.session
        if session is None:
            return None
        return ("Continue from the last autosave", lambda: self.resume(session.save_id))

    def leave_table(self) -> None:
        self.peers.attach(None)
        if self.table is not None:
            self.table.close()
            self.table = None

    def seat(self, session: Session) -> LocalTable:
        """Make `session` the page's game, at a table of its own."""
        self.leave_table()
        page = Page(self.settings, self.store, self.clock, self.guard, self.shell.report, self.peers,
                    self.shell.motion_allowed, self.first_frame, self.resume, self.lessons.tutorial_move)
        self.table = LocalTable(session, page)
        return self.table

    def begin(self, spec: NewGame) -> None:
        match = Match.start(get_game(spec.game_id), spec.players, seed=spec.seed, names=spec.names,
                            **spec.options)
        self.enter(Session(match, list(spec.seats), new_id(spec.game_id)))
        assert self.table is not None
        self.table.autosave()  # the board first; the first save right after

    def enter(self, session: Session) -> None:
        """Make `session` the page's game and show it."""
        self.seat(session)
        self.show_game()

    def adopt(self, session: Session) -> None:
        """Make `session` (an imported game) the page's game and save it; not shown yet."""
        self.seat(session).autosave()

    def resume(self, save_id: str) -> None:
        text = self.store.read(save_id) if self.store.available else None
        if not present(text):
            notice("That saved game is no longer here.", 6)
            self.go_menu()
            return
        if self.fetching(game_of(text), lambda: self.resume(save_id)):
            return
        try:
            match, meta = saves.load(text)
        except SaveError as exc:
            notice(f"That saved game cannot be opened: {exc}. It is kept in the list.", 10)
            self.go_menu()
            return
        self.seat(Session(match, seat_kinds(meta, match.players, SEAT_KINDS), save_id, rev=revision_of(meta)))
        if match.edited:
            notice(edited_warning(match).strip(), 10)
        self.show_game()

    def show_game(self) -> None:
        table = self.table
        assert table is not None
        session = table.session
        if session.tutorial is not None:
            js.history.replaceState(None, "", f"{js.location.pathname}#tutorial={session.match.game.id}")
        elif self.store.available:  # the address names the save, so a reload comes back here
            js.history.replaceState(None, "", f"{js.location.pathname}#play={session.save_id}")
        show("tutorial-panel", session.tutorial is not None)
        show("tutorial-button", session.tutorial is None and tutorial_name(session.match.game.id) is not None)
        show("menu", False)
        browser.use_stylesheet(f"./styles/{session.match.game.id}.css", waiting=el("game"))
        show("game")
        set_text("game-title", session.match.game.name)
        self.peers.attach(table.master, table.refresh, lambda: presenter.only_person(session))
        browser.set_html(el("rules-panel"), Markup())  # filled when first opened
        show("rules-panel", False)
        el("rules-button").setAttribute("aria-expanded", "false")
        table.show()

    # -- what the parts ask of the table on screen -----------------------------------------------
    def client(self) -> Any:
        """The table client the board's clicks and keys go to: the game here, or a guest's."""
        return self.table.client if self.table is not None else self.peers.guest_client()

    def settings_changed(self) -> None:
        """A setting changed: the table on screen (here or a guest's) is drawn again with it."""
        if self.table is not None:
            self.table.refresh()
        elif (client := self.client()) is not None:
            client.redraw()

    def key_view(self) -> dict[str, Any]:
        """The view the board shows, for a game's own keys (its `handle_key` hook)."""
        table = self.table
        if table is None:
            return self.peers.guest_board_view()
        view: dict[str, Any] = table.match.state.view(presenter.viewing_seat(table.session))
        return view

    def respond(self, answer: str) -> None:
        if self.table is not None:
            self.table.respond(answer)

    def lesson_ui(self, ui: dict[str, str]) -> None:
        if self.table is not None:
            self.table.client.set_ui(ui)

    def lesson_play(self, seat: int, text: str) -> bool:
        return self.table is not None and self.table.play(seat, text)

    def on_summary_click(self, event: Any) -> None:
        button = event.target.closest("[data-summary]")
        session = self.session
        if not present(button) or session is None:
            return
        choice = str(button.getAttribute("data-summary"))
        if choice == "rematch":
            again = presenter.rematch_settings(session)
            self.begin(NewGame(again["game_id"], again["players"], tuple(again["seats"]),
                               tuple(again["names"]), again["options"], None))
        elif choice == "history":
            self.open_history()
        elif choice == "new":
            self.newgame.open_setup(session.match.game.id)
        else:
            self.go_menu()

    # -- the history, replay links and files -------------------------------------------------
    def open_history(self) -> None:
        """Step through the game on screen (a copy: the table stays as it is)."""
        session = self.session
        seen = self.peers.guest_history() if session is None else None  # a guest's: what it was sent
        if session is None and seen is None:
            notice("Nothing to step through yet: the game has not reached this device.", 6)
            return
        self.shell.close_tools()
        if seen is not None:
            self.history.open_seen(*seen)
        elif session is not None:
            self.history.open(session.match, historyparts.own_seats(session))

    def open_replay(self, fragment: str) -> None:
        """A replay link: the game it holds, read-only in the history view over the menu."""
        game_id = replaylink.game_of(fragment)
        if self.fetching(game_id, lambda: self.open_replay(fragment)):
            return
        try:
            if game_id is not None and game_id not in self.games:
                raise SaveError(f"this copy of the site has no game {str(game_id)[:40]!r}")
            match = replaylink.unpack(fragment)
        except SaveError as exc:
            notice(f"That replay link cannot be opened: {exc}.", 12)
            self.go_menu()
            return
        self.history.close(quiet=True)
        self.show_menu()
        js.history.replaceState(None, "", f"{js.location.pathname}#{fragment}")  # a reload comes back
        self.history.open(match, [], f"Replay: {match.game.name}", closed=self.go_menu)

    def show_imported(self) -> None:
        """An imported game: on the table, and, when it is over, in the history view."""
        self.show_game()
        if self.session is not None and self.session.match.state.is_over:
            self.open_history()

    def toggle_rules(self) -> None:
        """Show or hide this game's rules (beside the board; on a phone, a sheet over its
        lower part), focused when opened so they are read from their top."""
        panel = el("rules-panel")
        self.shell.close_tools()
        had_focus = bool(panel.contains(js.document.activeElement))
        view = self.session.view if self.session is not None else self.peers.guest_view()
        if view is not None and not panel.innerHTML:
            browser.set_html(panel, join(tag("button", "Close", type="button", class_="rules-close",
                                             aria_label="Close the rules"),
                                         view.RULES_HTML, TABLE_RULES))
        panel.hidden = not panel.hidden
        el("rules-button").setAttribute("aria-expanded", "false" if panel.hidden else "true")
        if not panel.hidden:
            panel.scrollTop = 0
            panel.focus()
        elif had_focus:
            button = el("rules-button")
            (button if present(button.offsetParent) else el("more-button")).focus()
