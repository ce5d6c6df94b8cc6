"""The page controller: maps clicks and keys to actions, renders views, keeps saves and
runs computer turns. It knows no game's rules: everything game-specific comes from the
game's `rules.py` (through the engine contract) and its `view.py`.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import time
from typing import Any, Callable, Sequence

import js
from pyodide.ffi import create_once_callable

import browser
import bytecode
import gamefiles
import peerplay
import presenter
from browser import el, make, notice, on, present, set_text, show
from pygame_core import CHANCE, GAMES, IllegalActionError, Match, SaveError, game_module, get_game, saves
from pygame_core.markup import Markup, join, tag
from pygame_core.names import MAX_LENGTH as MAX_NAME, default_name
from pygame_core.engine import MAX_SEED
from presenter import LEVELS, SEAT_KINDS, Session, view_module
from storage import (DeletedSave, SaveStore, StaleSave, StorageUnavailable, new_id, revision_of,
                     seat_kinds)

RACE_STEP_MS, RACE_LIMIT_MS = 50, 2000  # reaction times are sent rounded, and capped
SLICE_SECONDS = 0.012   # a computer turn gives the browser a turn at least this often
BOT_MIN_SECONDS = 1.2  # at normal speed: long enough to read what a computer did
FORCED_PAUSE_SECONDS = 0.6  # before the table passes for a person with no other choice
SLOW_FETCH = 0.3  # s: a game's files taking longer than this get a "downloading" notice
LOG_TURNS = 80
RECAP_LINES = 8
KNOWN_PARAMS = {"game", "seats", "bots", "level", "seed", "names", "embed"}
FAULTS_KEY = "hex-table:faults"
"""A JSON list in LocalStorage naming faults to inject ("bot", "render"): the e2e tests use
it to check that each failure leaves the player a way on ("sw": the offline cache cannot
be installed). Nothing sets it in normal use."""


class FaultyBot:
    """Stands in for a computer player whose code is broken (fault injection)."""

    def think(self, state: Any, seat: int) -> Any:
        raise RuntimeError("injected fault: the computer player crashed")
        yield None


TABLE_RULES = tag("section", tag("h3", "At this table"), tag("ul", tag(
    "li", "Undo takes back your own moves, one at a time, back to the last roll, draw or shuffle: "
    "what chance has shown stays shown, so undo never lets you see a roll and choose again. "
    "Undo is off once the game is over, and when several people share the device."), tag(
    "li", "Dice, shuffles and draws come from the game's seed: the same seed and the same moves "
    "replay the same game. A saved game whose dice or draws were changed by hand is marked "
    "as edited in the menu.")), class_="table-rules")

PAN_WIDTH = 700  # px: at most this wide, boards keep touch-sized cells and pan (see app.css)
ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


FOCUSABLE = "[data-action],[data-ui],[data-hex],[data-card]"


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


def injected_faults() -> list[str]:
    try:
        faults = json.loads(str(js.localStorage.getItem(FAULTS_KEY) or "[]"))
        return [str(f) for f in faults] if isinstance(faults, list) else []
    except Exception:
        return []


def box_has_focus(box: Any) -> bool:
    active = js.document.activeElement
    return present(active) and bool(box.contains(active))


def summary_part(label: str, value: str) -> Markup:
    """A label and its value in the end summary; a long value (a sentence) goes on its own
    line under the label, left-aligned, instead of a narrow right-aligned column."""
    return join(tag("dt", label), tag("dd", value, class_="summary-long" if len(value) > 24 else None))


def save_meta(session: Session) -> dict[str, Any]:
    """What the menu lists about a save, kept beside its log."""
    match = session.match
    return {"seats": session.seats, "rev": session.rev, "updated": time.time() * 1000,
            "turn": match.turn_number(), "over": match.state.is_over,
            "title": match.game.name, "edited": bool(match.edited)}


def edited_warning(match: Match) -> str:
    if not match.edited:
        return ""
    return (" This save was edited by hand: its dice or draws are not the ones its seed gives "
            f"({match.edited}), so it is not a fair game.")


def tutorial_name(game_id: str) -> str | None:
    """The module of a game's tutorial (see hex_please/tutorial.py), found without importing it."""
    try:
        name = game_module(game_id, "tutorial")
        return name if importlib.util.find_spec(name) else None
    except (ImportError, KeyError):
        return None


def tutorial_module(game_id: str) -> Any | None:
    name = tutorial_name(game_id)
    return importlib.import_module(name) if name else None


def game_of(save: str) -> str | None:
    """The id of the game a save is of, or None where it is no save (saves.load says why)."""
    try:
        game = saves.parse(save).get("game")
    except SaveError:
        return None
    return game if isinstance(game, str) else None


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
    def __init__(self) -> None:
        self.store = SaveStore(browser.local_storage())
        self.settings = self.store.settings()
        self.session: Session | None = None
        self.games = playable_games()
        # The game whose files are being fetched, and what to do once they are here.
        self.awaited: tuple[str, Callable[[], Any]] | None = None
        self.setup_game: str | None = None
        self.embedded = bool(js.document.body.classList.contains("embed"))
        self.peers = peerplay.Peers(self)  # players on their own devices

    # -- start-up --------------------------------------------------------------------------
    def start(self) -> None:
        for button in js.document.querySelectorAll(".new-game"):
            game_id = button.getAttribute("data-game")
            if game_id in self.games:
                button.disabled = False
                on(button, "click", self.guard(lambda e, g=game_id: self.open_setup(g)))
            else:
                button.textContent = "Coming soon"
        for button in js.document.querySelectorAll(".tutorial-start"):
            game_id = str(button.getAttribute("data-game"))
            if tutorial_name(game_id) is not None:
                button.disabled = False
                on(button, "click", self.guard(lambda e, g=game_id: self.open_tutorial(g)))
        on(el("tutorial-button"), "click", self.guard(
            lambda e: self.open_tutorial(self.session.match.game.id) if self.session else None))
        on(el("tutorial-next"), "click", self.guard(lambda e: self.tutorial_next()))
        on(el("tutorial-leave"), "click", self.guard(lambda e: self.go_menu()))
        el("import-file").disabled = False
        if self.embedded:
            el("menu-button").textContent = "New game"
        self.wire_settings()
        on(el("import-file"), "change", self.guard_async(self.import_save))
        on(el("setup-form"), "submit", self.guard(self.start_from_setup))
        on(el("setup-cancel"), "click", lambda e: el("setup").close())
        on(el("board"), "click", self.guard(self.on_board_click))
        on(el("summary"), "click", self.guard(self.on_summary_click))
        on(el("board"), "keydown", self.guard(self.on_board_key))
        on(js.document, "keydown", self.guard(self.on_race_key))
        on(el("undo-button"), "click", self.guard(lambda e: self.undo()))
        on(el("suggest-button"), "click", self.guard_async(lambda e: self.suggest()))
        on(el("rules-button"), "click", self.guard(lambda e: self.toggle_rules()))
        on(el("export-button"), "click", self.guard(lambda e: self.export_current()))
        on(el("menu-button"), "click", self.guard(lambda e: self.go_menu()))
        on(el("handoff-ready"), "click", self.guard(lambda e: self.hand_over()))
        on(el("banner-close"), "click", lambda e: show("banner", False))
        on(js.window, "hashchange", self.guard(lambda e: self.route()))
        on(js.window, "pagehide", self.guard(lambda e: self.flush_save()))
        if not self.store.available:
            notice("This browser is not keeping saves for this page (private mode or a blocked "
                   "frame): games play, but are not saved.", 8)
        self.register_service_worker()
        show("loader", False)
        self.first_frame = browser.after_first_frame()
        self.route(first=True)
        js.window.dispatchEvent(js.CustomEvent.new("hex:ready"))
        js.document.body.classList.add("ready")

    def route(self, first: bool = False) -> None:
        """Show what the URL asks for: a saved game (#play=id), a new game (?game=…) or the menu."""
        hash_ = str(js.location.hash)
        if self.peers.route(hash_):
            return
        if hash_.startswith("#tutorial="):
            if self.session is None or self.session.tutorial is None:
                self.open_tutorial(hash_[len("#tutorial="):])
            return
        if hash_.startswith("#play="):
            save_id = hash_[len("#play="):]
            if self.session is None or self.session.save_id != save_id:
                self.resume(save_id)
            return
        params = browser.query_params() if first else {}
        if params.get("game"):
            self.start_from_params(params)
            return
        if self.embedded and first:
            notice("No game was chosen in the address (add ?game=hack-and-slash, for example).", 8)
        self.show_menu()

    # -- settings --------------------------------------------------------------------------
    def wire_settings(self) -> None:
        speed, motion, contrast = el("setting-speed"), el("setting-motion"), el("setting-contrast")
        ask = el("setting-ask-to-pass")
        ask.checked = bool(self.settings.get("ask_to_pass", False))
        speed.value = f"{float(self.settings.get('speed', 1)):g}"
        motion.checked = bool(self.settings.get("reduced_motion", browser.prefers_reduced_motion()))
        contrast.checked = bool(self.settings.get("high_contrast", False))

        def changed(event: Any = None) -> None:
            self.settings.update(speed=float(speed.value), reduced_motion=bool(motion.checked),
                                 high_contrast=bool(contrast.checked), ask_to_pass=bool(ask.checked))
            self.store.save_settings(self.settings)
            self.apply_settings()
        for control in (speed, motion, contrast, ask):
            control.disabled = False
            on(control, "change", self.guard(changed))
        self.apply_settings()
        self.wire_shell()

    def wire_shell(self) -> None:
        """The game screen's own controls: a tool chosen from the phone's "More" list closes
        the list; the rules' close button closes the rules."""
        on(el("more-tools"), "click",
           lambda e: self.close_tools() if present(e.target.closest("button")) else None)
        on(el("rules-panel"), "click", self.guard(
            lambda e: self.toggle_rules() if present(e.target.closest(".rules-close")) else None))

    def close_tools(self) -> None:
        tools = el("more-tools")
        if hasattr(tools, "hidePopover") and tools.matches(":popover-open"):
            tools.hidePopover()

    def motion_allowed(self) -> bool:
        """Animations run unless the player (or the system) asked for reduced motion."""
        return not bool(self.settings.get("reduced_motion", browser.prefers_reduced_motion()))

    def apply_settings(self) -> None:
        """The settings as classes on the page: app.css turns animations and transitions off
        under .reduced-motion and draws every board in stronger colours under .high-contrast."""
        body = js.document.body.classList
        body.toggle("reduced-motion", not self.motion_allowed())
        body.toggle("high-contrast", bool(self.settings.get("high_contrast", False)))
        js.document.querySelector("meta[name='theme-color']").setAttribute(
            "content", "#000000" if self.settings.get("high_contrast") else "#25303b")

    # -- errors ---------------------------------------------------------------------------
    def guard(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap an event handler: a Python exception becomes a banner, not a dead page."""
        def wrapped(*args: Any) -> Any:
            try:
                return handler(*args)
            except Exception as exc:  # noqa: BLE001 - the page must stay usable
                self.report(exc)
        return wrapped

    def guard_async(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any) -> None:
            async def run() -> None:
                try:
                    await handler(*args)
                except Exception as exc:  # noqa: BLE001
                    self.report(exc)
            asyncio.ensure_future(run())
        return wrapped

    def report(self, exc: BaseException, text: str = "") -> None:
        way_on = None
        if self.session is not None:
            way_on = ("Continue from the last autosave", lambda: self.resume(self.session.save_id))
        browser.banner(text or f"{type(exc).__name__}: {exc}", browser.error_details(exc), way_on)

    def fetching(self, game_id: str | None, then: Callable[[], Any]) -> bool:
        """Whether the game's files must be fetched first (web/ui/gamefiles.py): if so, this
        fetches them, then runs `then` (the caller, again), and the caller returns. Only what
        was asked for last runs: a second click while a game downloads does not open a second
        dialog, and a click on another game replaces the first."""
        if game_id not in self.games or gamefiles.ready(game_id):
            return False
        downloading = self.awaited is not None and self.awaited[0] == game_id
        self.awaited = (game_id, then)
        if downloading:
            return True

        async def fetch_then() -> None:
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
        asyncio.ensure_future(fetch_then())
        return True

    # -- menu ------------------------------------------------------------------------------
    def show_menu(self) -> None:
        self.flush_save()
        self.session = None
        self.peers.attach(None)
        self.close_tools()
        show("game", False)
        show("menu")
        self.render_saves()
        if str(js.location.hash):
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))

    def go_menu(self) -> None:
        if self.embedded and self.session is not None:
            # An embedded page has no menu: "Menu" starts a fresh game with the same seats.
            match = self.session.match
            self.begin(match.game.id, match.players, self.session.seats, match.names, match.options, None)
            return
        js.location.hash = ""
        self.show_menu()

    @staticmethod
    def when_text(updated_ms: float) -> str:
        """When a save was last played, as one says it: "just now", "5 min ago", a date."""
        ago = time.time() - updated_ms / 1000
        if ago < 60:
            return "just now"
        if ago < 3600:
            return f"{int(ago // 60)} min ago"
        if ago < 86400:
            return f"{int(ago // 3600)} h ago"
        return str(js.Date.new(updated_ms).toLocaleDateString())

    def render_saves(self) -> None:
        """The saved games as cards in their game's colour, games in progress first (newest
        first), then finished ones and damaged ones; with any saves, they lead the menu."""
        listing = el("save-list")
        listing.replaceChildren()
        entries = sorted(self.store.entries(), key=lambda e: (bool(e.problem), e.over))
        show("saves-empty", not entries)
        section, menu = el("saves"), el("menu")
        menu.insertBefore(section, el("games-title") if entries else menu.querySelector(".settings"))
        for entry in entries:
            item = make("li", "", "save-item" + (" damaged" if entry.problem else "")
                        + (" over" if entry.over else ""))
            game = entry.game if entry.game in GAMES else ""
            if game:
                item.setAttribute("data-game", game)
            if entry.problem:
                parts = tag("span", f"Damaged save ({entry.id}): {entry.problem}", class_="save-title")
                main_button = None
            else:
                state = "finished" if entry.over else f"turn {entry.turn}"
                parts = join(
                    game and tag("svg", tag("use", href=f"#art-{game}"), class_="save-art",
                                 viewBox="0 0 160 80",
                                 aria_hidden="true", focusable="false"),
                    tag("span", tag("strong", entry.title), tag("span", ", ".join(entry.names)),
                        tag("span", f"{state} · {self.when_text(entry.updated)}", class_="save-when"),
                        entry.edited and tag("span", "Its dice or draws were edited by hand: not a fair game",
                                             class_="save-when"),
                        class_="save-title"))
                main_button = tag("button", "View" if entry.over else "Continue", type="button",
                                  class_="primary", data_save="open")
            browser.set_html(item, join(parts, tag(
                "p", main_button, tag("button", "Export", type="button", data_save="export"),
                tag("button", "Delete", type="button", class_="danger", data_save="delete"),
                class_="save-actions")))
            actions = {"open": self.open_save, "export": self.export_saved, "delete": self.delete_save}
            for button in item.querySelectorAll("[data-save]"):
                act = actions[str(button.getAttribute("data-save"))]
                on(button, "click", self.guard(lambda e, i=entry.id, act=act: act(i)))
            listing.appendChild(item)

    def open_save(self, save_id: str) -> None:
        js.location.hash = f"play={save_id}"

    def delete_save(self, save_id: str) -> None:
        if js.window.confirm("Delete this saved game? This cannot be undone."):
            self.store.delete(save_id)
            self.render_saves()

    def export_saved(self, save_id: str) -> None:
        browser.download(f"{save_id}.json", self.store.read(save_id) or "")

    async def import_save(self, event: Any) -> None:
        files = event.target.files
        if not files or files.length == 0:
            return
        if files.item(0).size > saves.MAX_BYTES:
            event.target.value = ""
            notice(f"That file is too large to be a saved game (saves are at most {saves.MAX_BYTES:,} bytes).", 10)
            return
        text = str(await files.item(0).text())
        event.target.value = ""
        game = game_of(text)
        try:
            if game in self.games:
                await gamefiles.fetch(game)
            match, meta = saves.load(text)
        except (SaveError, OSError) as exc:
            notice(f"That file could not be imported: {exc}", 10)
            return
        self.session = Session(match, seat_kinds(meta, match.players, SEAT_KINDS), new_id(match.game.id))
        self.autosave()
        notice(f"Imported a game of {match.game.name}." + edited_warning(match))
        self.show_game()

    # -- new game --------------------------------------------------------------------------
    @staticmethod
    def segmented(name: str, items: Sequence[tuple[str, str, str | None]], checked: str, label: str | None,
                  class_: str, **attributes: Any) -> Markup:
        """A radio group drawn as one row of buttons (app.css .seg): (value, text, title) each."""
        return tag("div", [tag("label", tag("input", type="radio", name_=name, value=value,
                                            checked=value == checked), tag("span", text), title=title)
                           for value, text, title in items],
                   role=label and "radiogroup", aria_label=label, class_=f"seg {class_}", **attributes)

    @staticmethod
    def choice_text(value: Any) -> str:
        """An option's value as a player reads it: Yes/No, a number, a capitalised word."""
        if isinstance(value, bool):
            return "Yes" if value else "No"
        return str(value).replace("_", " ").capitalize()

    def open_setup(self, game_id: str) -> None:
        """The new-game dialog, set as this game was last set up in this browser."""
        if self.fetching(game_id, lambda: self.open_setup(game_id)):
            return
        game = get_game(game_id)
        self.setup_game = game_id
        last = self.settings.get("setup", {}).get(game_id, {})
        set_text("setup-title", f"New game of {game.name}")
        el("setup").setAttribute("data-game", game_id)
        el("setup-art").setAttribute("href", f"#art-{game_id}")
        players = last.get("players", game.default_players)
        if not game.min_players <= players <= game.max_players:
            players = game.default_players
        kinds, names = last.get("seats", []), last.get("names", [])
        rows = [tag("div", tag("span", "Players", class_="setup-label", id="setup-players-label"), tag(
            "span",
            tag("button", "−", type="button", class_="step", data_step=-1, aria_label="One player fewer"),
            tag("select", [tag("option", n, value=n, selected=n == players)
                           for n in range(game.min_players, game.max_players + 1)],
                id="setup-players", aria_labelledby="setup-players-label"),
            tag("button", "+", type="button", class_="step", data_step=1, aria_label="One player more"),
            class_="stepper"), class_="players-row")]
        seat_rows = []
        levels = [(k, text.replace("Computer: ", "").capitalize(), text) for k, text in SEAT_KINDS.items()]
        for seat in range(game.max_players):
            kind = kinds[seat] if seat < len(kinds) else ("human" if seat == 0 else "normal")
            name = names[seat] if seat < len(names) and names[seat] else default_name(seat)
            seat_rows.append(tag(
                "li", tag("input", type="text", maxlength=MAX_NAME, class_="seat-name", value=name,
                          autocomplete="off", aria_label=f"Name of seat {seat + 1}"),
                self.segmented(f"seat-kind-{seat}", levels, kind, f"Who plays seat {seat + 1}",
                               class_="seat-kind"),
                class_="seat-row", data_seat=seat))
        rows.append(tag("fieldset", tag("legend", "Seats"), tag("ol", seat_rows, class_="seat-rows"),
                        class_="seats"))
        chosen = last.get("options", {})
        for opt in game.options.values():
            if opt.hidden:
                continue  # kept only so old saves replay as they were played
            value = chosen.get(opt.name, opt.default)
            value = value if value in opt.choices and type(value) is type(opt.default) else opt.default
            label, help_ = opt.label or opt.name, opt.help and tag("small", opt.help)
            if set(opt.choices) == {False, True}:
                rows.append(tag("label", tag("input", type="checkbox", role="switch", class_="setup-option",
                                             data_option=opt.name, checked=bool(value)),
                                tag("span", label, help_), class_="option"))
            else:
                rows.append(tag("fieldset", tag("legend", label), self.segmented(
                    f"option-{opt.name}", [(json.dumps(c), self.choice_text(c), None) for c in opt.choices],
                    json.dumps(value), None, class_="setup-option", data_option=opt.name), help_,
                    class_="option"))
        seed = f"{js.Math.floor(js.Math.random() * 1e9):d}"
        rows.append(tag("details", tag("summary", "More options"), tag("p", tag(
            "label", "Seed ", tag("input", type="text", id="setup-seed", value=seed, maxlength=32,
                                  autocomplete="off")), " ", tag(
            "small", "The same seed and the same moves replay the same game.")), class_="more-options"))
        browser.set_html(el("setup-fields"), join(rows))
        on(el("setup-players"), "change", lambda e: self.update_seat_rows())
        for button in js.document.querySelectorAll("#setup-fields .step"):
            on(button, "click",
               lambda e: self.update_seat_rows(int(e.currentTarget.getAttribute("data-step"))))
        self.update_seat_rows()
        el("setup").showModal()

    def update_seat_rows(self, step: int = 0) -> None:
        select = el("setup-players")
        options = select.options
        low, high = int(options.item(0).value), int(options.item(options.length - 1).value)
        players = max(low, min(high, int(select.value) + step))
        select.value = str(players)
        for row in js.document.querySelectorAll(".seat-row"):
            row.hidden = int(row.getAttribute("data-seat")) >= players
        steps = js.document.querySelectorAll("#setup-fields .step")
        steps.item(0).disabled = players <= low
        steps.item(1).disabled = players >= high

    def start_from_setup(self, event: Any) -> None:
        event.preventDefault()
        game = get_game(self.setup_game or "")
        players = int(el("setup-players").value)
        names, seats = [], []
        for row in js.document.querySelectorAll(".seat-row"):
            names.append(str(row.querySelector(".seat-name").value))  # Match cleans it
            checked = row.querySelector(".seat-kind input:checked")
            seats.append(str(checked.value) if present(checked) else "normal")
        options: dict[str, Any] = {}
        for control in js.document.querySelectorAll(".setup-option"):
            name = str(control.getAttribute("data-option"))
            if str(control.tagName).lower() == "input":
                options[name] = bool(control.checked)
            else:
                checked = control.querySelector("input:checked")
                if present(checked):
                    options[name] = json.loads(str(checked.value))
        seed = str(el("setup-seed").value).strip() or None
        # Remembered for this game's next dialog (every seat, so fewer players keep the rest).
        self.settings.setdefault("setup", {})[game.id] = {
            "players": players, "seats": seats, "options": options, "names": [n.strip() for n in names]}
        self.store.save_settings(self.settings)
        el("setup").close()
        self.begin(game.id, players, seats[:players], names[:players], options, seed)

    def start_from_params(self, params: dict[str, str]) -> None:
        """?game=ID&seats=N&bots=K&level=L&seed=S&names=A,B: start a game straight away."""
        unknown = sorted(set(params) - KNOWN_PARAMS)
        problems = [f"unknown setting {', '.join(unknown)}"] if unknown else []
        game_id = params.get("game", "")
        if game_id not in self.games:
            notice(f"There is no game called {game_id!r} here; pick one from the menu.", 8)
            self.show_menu()
            return
        if self.fetching(game_id, lambda: self.start_from_params(params)):
            return
        game = get_game(game_id)

        def number(key: str, default: int, low: int, high: int) -> int:
            try:
                value = int(params.get(key, default))
                if low <= value <= high:
                    return value
            except ValueError:
                pass
            if key in params:
                problems.append(f"{key}={params[key]} (using {default})")
            return default

        players = number("seats", game.default_players, game.min_players, game.max_players)
        bots = number("bots", players - 1, 0, players)
        level = params.get("level", "normal")
        if level not in LEVELS or level == "human":
            problems.append(f"level={level} (using normal)")
            level = "normal"
        seats = ["human"] * (players - bots) + [level] * bots
        names = params.get("names", "").split(",")[:players]  # Match cleans each one
        seed = params.get("seed") or None
        if seed is not None and len(seed) > MAX_SEED:
            problems.append(f"a seed of {len(seed):,} characters (using a random one)")
            seed = None
        if problems:
            notice("Some settings in the address were not understood: " + "; ".join(problems), 8)
        self.begin(game_id, players, seats, names, {}, seed)

    def begin(self, game_id: str, players: int, seats: list[str], names: list[str],
              options: dict[str, Any], seed: str | None) -> None:
        match = Match.start(get_game(game_id), players, seed=seed, names=names, **options)
        self.session = Session(match, seats, new_id(game_id))
        self.show_game()  # the board first; the first save right after
        self.autosave()

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
        self.session = Session(match, seat_kinds(meta, match.players, SEAT_KINDS), save_id, rev=revision_of(meta))
        if match.edited:
            notice(edited_warning(match).strip(), 10)
        self.show_game()

    # -- the game screen -----------------------------------------------------------------
    def show_game(self) -> None:
        session = self.session
        assert session is not None
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
        self.peers.attach(session)
        browser.set_html(el("rules-panel"), Markup())  # filled when first opened
        show("rules-panel", False)
        el("rules-button").setAttribute("aria-expanded", "false")
        el("log").replaceChildren()
        session.log_rendered = session.log_turns = 0
        self.render()
        self.schedule_bots()

    def keep_pan(self) -> None:
        """A board wider than a phone pans in its frame (see .board-pan): keep where the player
        left it across redraws, centre a new one. Set at the next frame, not forcing a layout now."""
        if js.window.innerWidth > PAN_WIDTH:
            return  # boards pan only on narrow screens (app.css)
        before = [float(pan.scrollLeft) for pan in el("board").querySelectorAll(".board-pan")]

        def restore(*_: Any) -> None:
            for i, pan in enumerate(el("board").querySelectorAll(".board-pan")):
                pan.scrollLeft = before[i] if i < len(before) else (pan.scrollWidth - pan.clientWidth) / 2
        js.requestAnimationFrame(browser.create_once(restore))

    def render(self) -> None:
        session = self.session
        if session is None:
            return
        self.keep_pan()
        # A keyboard player's focus survives the redraw (see refocus), whoever's move caused it.
        focused, board_el = js.document.activeElement, el("board")
        had_focus = present(focused) and focused != board_el and bool(board_el.contains(focused))
        was = centre(focused) if had_focus else (0.0, 0.0, False)
        match, state = session.match, session.match.state
        if len(match.log) != session.hint_for:
            show("hint", False)  # a suggestion is for the position it was made in
        scene = presenter.scene(session)
        show("handoff", scene.handoff)
        if scene.handoff_to is not None:
            set_text("handoff-text", f"Pass the device to {match.names[scene.handoff_to]}. "
                                     "Everyone else, look away.")
            browser.set_html(el("board"), Markup())
        else:
            if "render" in injected_faults() and match.turn_number() > 0:
                raise RuntimeError("injected fault: the board could not be drawn")
            shown = self.peers.early_view(scene.seat)  # asked at once with players on their own devices
            board = session.view.render(shown or state.view(scene.seat), session.ui, match.names)
            moving = self.motion_allowed() and session.drawn_at not in (-1, len(match.log))
            before = browser.piece_places(el("board")) if moving else {}
            window = scene.table_window
            if window is not None:
                # A response window on a shared device asks the whole table at once, from
                # public facts only, instead of passing the device to every person in turn.
                if session.passing is None:
                    board = self.table_prompt(window) + board
                else:
                    self.play_for(state.current_player, window["pass"])
            browser.set_html(el("board"), board)
            if moving:
                browser.animate_pieces(el("board"), before)
            session.drawn_at = len(match.log)
        self.render_status()
        if scene.table_window is not None:
            set_text("turn", "Response window: anyone responding?")
        if scene.table_window is not None or scene.handoff:
            el("suggest-button").disabled = True  # a hint would show one person's cards to all
        self.render_log()
        self.arm_timers()
        if had_focus and not box_has_focus(el("summary")):  # the game's end takes the focus
            self.refocus(focused, was)
        self.peers.sync()

    def table_prompt(self, window: dict[str, Any]) -> Markup:
        """One prompt for everybody: the same whatever anyone holds, so it gives nothing away."""
        session = self.session
        assert session is not None
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
        if session is None:
            return
        hook = presenter.shared_window_hook(session)
        window = hook(session.match.state.view(None), session.match.names) if hook is not None else None
        if window is None:
            return
        # Every person asked before the one who spoke up passes; "no one" passes for all of them.
        session.passing = (window["key"], int(answer) if answer else None)
        self.render()

    def play_for(self, seat: int | None, text: str, seconds: float = 0.0) -> None:
        """Play `text` for `seat` in a task of its own, after `seconds`, unless the game moved
        on meanwhile: the table passing for people who answered its prompt, or for a person
        whose only move it is (presenter.forced_move)."""
        session = self.session
        assert session is not None
        length = len(session.match.log)

        def go() -> None:
            if (self.session is session and len(session.match.log) == length
                    and session.match.state.current_player == seat):
                self.play(lambda: session.match.play_text(text, seat))
        js.setTimeout(browser.create_once(self.guard(go)), int(seconds * 1000))

    def arm_timers(self) -> None:
        """Start the clocks a view asks for: a reflex race, a response window's countdown."""
        session = self.session
        assert session is not None
        board = el("board")
        session.race_shown, session.race_action = browser.race_clock(board, session.race_shown, session.race_action)
        if present(session.countdown):
            js.clearTimeout(session.countdown)
            session.countdown = None
        prompt = board.querySelector("[data-countdown]")
        # Only a table of several people needs a clock; alone against the computer, take your time.
        if present(prompt) and (len(session.humans) > 1 or self.settings.get("countdown")
                                or self.peers.host is not None):
            seconds = self.peers.time_left(float(prompt.getAttribute("data-countdown") or 0))
            length, seat = len(session.match.log), session.match.state.current_player
            box = prompt.querySelector("[data-countdown-text]")
            if present(box):
                box.textContent = f"Passing automatically in {seconds:g} s"

            table = prompt.hasAttribute("data-respond-all")  # the table-wide prompt: time up = no one
            action = str(prompt.getAttribute("data-countdown-action") or "")

            def time_up() -> None:
                if self.session is not session or len(session.match.log) != length:
                    return
                if table:
                    self.respond("")
                elif self.peers.answer_here(action):
                    pass
                elif (session.match.state.current_player == seat and action in [
                        str(a) for a in session.match.state.legal_actions()]):
                    self.play(lambda: session.match.play_text(action, seat))
            session.countdown = js.setTimeout(browser.create_once(time_up), int(seconds * 1000))

    def react(self) -> None:
        """The reflex race: send how long this seat took since the prompt appeared."""
        session = self.session
        if session is None or session.race_shown is None:
            return
        took = float(js.performance.now()) - session.race_shown
        ms = min(RACE_LIMIT_MS, int(round(took / RACE_STEP_MS)) * RACE_STEP_MS)
        session.race_shown = None
        self.play_human(session.race_action.replace("{ms}", str(ms)))

    def render_status(self) -> None:
        session = self.session
        assert session is not None
        match, state = session.match, session.match.state
        names = match.names
        text = presenter.status_text(session)
        if state.is_over and match.players == 1:
            text += " " + self.record_solo_best(match)
        set_text("turn", text)
        scores = el("scores")
        scores.replaceChildren()
        for i, name in enumerate(names):
            chip = make("span", f"{name}: {state.scores[i]:g}", "score-chip")
            if i == state.current_player:
                chip.classList.add("current")
            if i in state.winners:
                chip.classList.add("winner")
            scores.appendChild(chip)
        scripted = session.tutorial is not None  # the tutorial's steps cannot be taken back
        el("undo-button").disabled = not presenter.can_undo(session)
        el("suggest-button").disabled = (scripted or state.is_over
                                         or not session.is_human(state.current_player))
        el("export-button").disabled = scripted
        self.render_summary()
        self.render_recap()

    def render_summary(self) -> None:
        """The end of the game: standings, how a tie was decided, each score's parts, and
        the ways on (rematch, a new game, the menu)."""
        session = self.session
        assert session is not None
        box = el("summary")
        over = session.match.state.is_over and session.tutorial is None
        if not over:
            if not box.hidden:
                box.hidden = True
            return
        if not box.hidden:
            return  # drawn once per game end
        result = presenter.summary(session)
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
                      tag("button", "Menu", type="button", data_summary="menu"), class_="summary-buttons")
        browser.set_html(box, join(tag("h3", result.headline, id="summary-title"), standings,
                                   result.tie_break and tag("p", result.tie_break, class_="summary-tie"),
                                   buttons))
        box.hidden = False
        focus = box.querySelector("[data-summary='rematch']")
        if present(focus) and not session.is_computer(0) and len(session.humans) > 0:
            focus.focus()

    def on_summary_click(self, event: Any) -> None:
        button = event.target.closest("[data-summary]")
        session = self.session
        if not present(button) or session is None:
            return
        choice = str(button.getAttribute("data-summary"))
        if choice == "rematch":
            again = presenter.rematch_settings(session)
            self.begin(again["game_id"], again["players"], again["seats"], again["names"],
                       again["options"], None)
        elif choice == "new":
            self.open_setup(session.match.game.id)
        else:
            self.go_menu()

    def render_recap(self) -> None:
        """What the computers did since the person last moved, kept on screen until they move
        again: computer turns pass quickly, and the board alone does not say what changed."""
        session = self.session
        assert session is not None
        box = el("recap")
        humans = session.humans
        lines: list[str] = []
        if len(humans) == 1 and session.with_computers and session.tutorial is None:
            seat = humans[0]
            lines = presenter.since_last_move(session.match, seat)
        if not lines:
            box.hidden = True
            return
        shown = lines[-RECAP_LINES:]
        browser.set_html(box, join(tag("h3", "Since your last move"),
                                   tag("ul", [tag("li", line) for line in shown])))
        box.hidden = False

    def render_log(self) -> None:
        """The log grouped by turn (presenter.turns). Lines already shown stay as they are;
        the last turn drawn may have grown (or its folded passes changed), so it is brought
        up to date line by line, then new turns are added; old turns leave the top."""
        session = self.session
        assert session is not None
        match, listing = session.match, el("log")
        if session.log_rendered > len(match.log):  # undone: start again
            listing.replaceChildren()
            session.log_rendered = session.log_turns = 0
        if session.log_rendered == len(match.log):
            return
        new_lines = [e.text for e in match.log[session.log_rendered:]]
        groups = presenter.turns(match)
        last = listing.lastElementChild
        if session.log_turns and present(last):
            self.update_turn(last, groups[session.log_turns - 1])
        browser.append_html(listing, join(self.turn_markup(turn) for turn in groups[session.log_turns:]))
        while listing.childElementCount > LOG_TURNS:
            listing.firstElementChild.remove()
        session.log_rendered, session.log_turns = len(match.log), len(groups)
        # the log's box keeps its last line in view by itself (see .log-scroll)
        browser.announce(". ".join(new_lines[-4:]))

    def turn_markup(self, turn: presenter.Turn) -> Markup:
        return tag("li", self.turn_heading(turn), tag("ol", [tag("li", line) for line in turn.lines]),
                   class_="log-turn")

    def turn_heading(self, turn: presenter.Turn) -> Markup | None:
        """A turn of several lines is headed by its player; one line names them itself."""
        if len(turn.lines) < 2:
            return None
        names = self.session.match.names if self.session else []
        who = names[turn.seat] if turn.seat is not None and turn.seat < len(names) else "Set-up"
        return tag("span", who, class_="log-who")

    def update_turn(self, node: Any, turn: presenter.Turn) -> None:
        lines = node.querySelector("ol")
        shown = [str(li.textContent) for li in lines.children]
        keep = 0
        while keep < min(len(shown), len(turn.lines)) and shown[keep] == turn.lines[keep]:
            keep += 1
        while lines.childElementCount > keep:
            lines.lastElementChild.remove()
        browser.append_html(lines, join(tag("li", line) for line in turn.lines[keep:]))
        if not present(node.querySelector(".log-who")):
            heading = self.turn_heading(turn)
            if heading is not None:
                browser.append_html(node, heading, "afterbegin")

    def record_solo_best(self, match: Match) -> str:
        """Keep the best solo result per game and seed in this browser; say how this one compares."""
        best = self.settings.setdefault("best", {})
        key = f"{match.game.id}/{match.seed}"
        score = match.state.scores[0]
        previous = best.get(key)
        if previous is None or score > previous:
            best[key] = score
            self.store.save_settings(self.settings)
        if previous is None:
            return f"First result for seed {match.seed}."
        if score > previous:
            return f"A new best for seed {match.seed} (was {previous:g})."
        return f"Best for seed {match.seed}: {previous:g}."

    def toggle_rules(self) -> None:
        """Show or hide this game's rules (beside the board; on a phone, a sheet over its
        lower part), focused when opened so they are read from their top."""
        panel = el("rules-panel")
        self.close_tools()
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

    def hand_over(self) -> None:
        if self.session is not None:
            self.session.handed_to = presenter.viewing_seat(self.session)
            self.render()

    # -- input -----------------------------------------------------------------------------
    def on_board_click(self, event: Any) -> None:
        respond = event.target.closest("[data-respond]")
        if present(respond):
            self.respond(str(respond.getAttribute("data-respond")))
            return
        target = event.target.closest("[data-action],[data-ui]")
        if present(target):
            self.activate(target)

    def activate(self, target: Any) -> None:
        session = self.session
        if session is None:
            return
        if target.hasAttribute("data-ui"):
            presenter.choose_ui(session.ui, str(target.getAttribute("data-ui")))
            self.render()
        elif target.hasAttribute("data-race") and session.race_shown is not None:
            self.react()
        elif target.hasAttribute("data-action"):
            self.play_human(str(target.getAttribute("data-action")))

    def refocus(self, old: Any, was: tuple[float, float, bool]) -> None:
        """Keep keyboard focus on the same control after a redraw; when the redraw changed it
        (a selected tile now deselects, a move was made), on the choice drawn nearest to where
        it was, or on the board when there is none (the arrow keys then start again)."""
        board = el("board")
        for attr in ("data-ui", "data-action", "data-hex", "data-card"):
            value = old.getAttribute(attr)
            if present(value):
                same = board.querySelector(f'[{attr}="{js.CSS.escape(value)}"]')
                if present(same):
                    browser.focus_in_place(same)
                    return
                break
        x0, y0, _ = was
        drawn = [(x, y, n) for n in focusable(board) for x, y, shown in [centre(n)] if shown]
        if drawn:
            browser.focus_in_place(min(drawn, key=lambda t: (t[0] - x0) ** 2 + (t[1] - y0) ** 2)[2])
        else:  # nothing to choose now (another seat's turn): the board itself, for the arrows
            browser.focus_in_place(board)

    def on_race_key(self, event: Any) -> None:
        """During a reflex race any key counts, wherever the focus is."""
        session = self.session
        if session is None or session.race_shown is None:
            return
        if str(event.key) in ("Tab", "Shift", "Alt", "Control", "Meta", "CapsLock"):
            return
        event.preventDefault()
        event.stopPropagation()
        self.react()

    def on_board_key(self, event: Any) -> None:
        session = self.session
        if session is None:
            return
        key = str(event.key)
        target = event.target
        if key in ("Enter", " ") and present(target.closest("[data-action],[data-ui]")):
            if str(target.tagName).lower() != "button":  # buttons click themselves
                event.preventDefault()
                self.activate(target.closest("[data-action],[data-ui]"))
            return
        if key in ARROWS:
            items = focusable(el("board"))
            if items:
                event.preventDefault()
                here = js.document.activeElement
                if not any(n == here for n in items):
                    items[0].focus()
                    return
                there = neighbour(here, items, ARROWS[key])
                if there is not None:
                    there.focus()
            return
        if key == "Escape" and session.ui:
            session.ui = {}
            self.render()
            return
        handle = getattr(session.view, "handle_key", None)
        if handle is not None:
            seat = presenter.viewing_seat(session)
            new_ui = handle(key, session.match.state.view(seat), dict(session.ui))
            if new_ui is not None:
                session.ui = new_ui
                event.preventDefault()
                self.render()

    def play_human(self, text: str) -> None:
        session = self.session
        assert session is not None
        state = session.match.state
        if not session.is_human(state.current_player):
            if not self.peers.answer_here(text):
                notice("Wait for your turn.")
            return
        if session.tutorial is not None:
            self.tutorial_move(text)
            return
        self.play(lambda: session.match.play_text(text, state.current_player))

    def play(self, act: Callable[[], None]) -> None:
        """Carry out an action; on any failure the position before it is kept."""
        session = self.session
        assert session is not None
        kept = len(session.match.log)
        try:
            act()
            session.ui = {}
            self.render()
        except IllegalActionError as exc:
            notice(f"Not allowed: {exc}")
            return
        except Exception as exc:  # noqa: BLE001 - keep the game, report the fault
            session.match.truncate(kept)
            session.ui = {}
            try:
                self.render()
            finally:
                self.report(exc, f"That move failed and was taken back ({type(exc).__name__}: {exc}).")
            return
        self.save_soon()
        self.schedule_bots()

    def undo(self) -> None:
        session = self.session
        assert session is not None and session.humans
        seat = session.humans[0]
        if session.match.can_undo(seat):
            session.match.undo(seat)
            session.ui = {}
            self.render()
            self.save_soon()
            self.schedule_bots()

    # -- tutorial ------------------------------------------------------------------------
    def open_tutorial(self, game_id: str) -> None:
        """Start a game's guided tutorial, or resume it at the step the learner left."""
        if self.fetching(game_id, lambda: self.open_tutorial(game_id)):
            return
        module = tutorial_module(game_id)
        if module is None:
            notice(f"There is no tutorial for {game_id!r}.")
            self.show_menu()
            return
        steps = module.TUTORIAL["steps"]
        done = int(saves.finite(self.settings.get("tutorials", {}).get(game_id), 0))
        done = done if 0 < done < len(steps) else 0
        match = module.tutorial_match(done)
        seats = ["human" if i == module.TUTORIAL["human"] else "normal" for i in range(match.players)]
        session = Session(match, seats, new_id(game_id + "-tutorial"))
        session.tutorial, session.step = module, done
        self.session = session
        if done:
            notice("Welcome back: the tutorial goes on where you left it.")
        self.show_game()
        self.tutorial_enter_step()

    def tutorial_step(self) -> dict[str, Any] | None:
        session = self.session
        assert session is not None and session.tutorial is not None
        steps = session.tutorial.TUTORIAL["steps"]
        return steps[session.step] if session.step < len(steps) else None

    def tutorial_enter_step(self, feedback: str = "") -> None:
        """Show the current step, point at where to act, and play the computer's scripted moves."""
        session = self.session
        assert session is not None and session.tutorial is not None
        game_id = session.match.game.id
        self.settings.setdefault("tutorials", {})[game_id] = session.step
        self.store.save_settings(self.settings)
        step = self.tutorial_step()
        set_text("tutorial-feedback", feedback)
        if step is None:
            set_text("tutorial-title", "Tutorial complete")
            set_text("tutorial-text", "You have seen every rule. Start a real game from the menu whenever you like.")
            show("tutorial-next", False)
            self.settings["tutorials"][game_id] = 0
            self.store.save_settings(self.settings)
            return
        set_text("tutorial-title", f"{session.step + 1}. {step.get('title', '')}")
        set_text("tutorial-text", step.get("text", ""))
        seat = step.get("seat")
        computer_step = seat is not None and not session.is_human(seat)
        # Every explanation stays until the learner continues; a computer's scripted move is
        # played when they press Next, so its step can be read first.
        show("tutorial-next", seat is None or computer_step)
        set_text("tutorial-next", f"Next: {session.match.names[seat]} moves"
                 if seat is not None and computer_step else "Next")
        ui = {"hint": " ".join(step.get("highlight", []))} if step.get("highlight") else {}
        if step.get("tile"):
            ui.update(tile=str(step["tile"]), rot=str(step.get("rot", 0)))
        session.ui = ui
        self.render()

    def tutorial_next(self) -> None:
        session = self.session
        if session is None or session.tutorial is None:
            return
        step = self.tutorial_step()
        if step is None:
            return
        seat = step.get("seat")
        if seat is None:
            session.step += 1
            self.tutorial_enter_step()
        elif not session.is_human(seat):
            self.play(lambda: session.match.play_text(step["expect"][0], seat))
            session.step += 1
            self.tutorial_enter_step(step.get("done", ""))

    def tutorial_move(self, text: str) -> None:
        """Accept only the move this step asks for; otherwise say why not."""
        session = self.session
        assert session is not None and session.tutorial is not None
        step = self.tutorial_step()
        if step is None or not session.is_human(step.get("seat")):
            notice("Read this step, then press Next.")
            return
        ok, message = session.tutorial.tutorial_feedback(session.match, session.step, text)
        if not ok:
            set_text("tutorial-feedback", message)  # in the panel, not a toast over the hand
            return
        length = len(session.match.log)
        self.play(lambda: session.match.play_text(text, step["seat"]))
        if len(session.match.log) > length:
            session.step += 1
            self.tutorial_enter_step(message)

    # -- computer turns ----------------------------------------------------------------------
    def schedule_bots(self) -> None:
        session = self.session
        if session is None or session.thinking or session.bot_failed:
            return
        state = session.match.state
        if not state.is_over and session.is_computer(state.current_player):
            session.thinking = True
            asyncio.ensure_future(self.run_bot(session))
            return
        move = presenter.forced_move(session, ask_anyway=bool(self.settings.get("ask_to_pass")))
        if move is not None:
            self.play_for(state.current_player, move,
                          FORCED_PAUSE_SECONDS * float(self.settings.get("speed", 1)))

    async def load_bot(self, session: Session, seat: int) -> Any:
        """The seat's computer player; the first time, its code is imported a module per task,
        from bytecode when the site ships it (compiling would block the page for over 50 ms)."""
        if seat not in session.bots:
            await bytecode.install(session.match.game.id)
            for name in ("pygame_core.ai", game_module(session.match.game.id, "bots")):
                importlib.import_module(name)
                await asyncio.sleep(0)
        if seat not in session.bots:
            from pygame_core.ai import make_bot
            session.bots[seat] = (FaultyBot() if "bot" in injected_faults() else
                                  make_bot(session.match.game.id, session.level(seat),
                                           f"{session.match.seed}/bot{seat}", seconds=1.5))
        return session.bots[seat]

    async def think(self, bot: Any, state: Any, seat: int, paced: bool = True) -> Any:
        """Run a bot in slices, yielding to the browser between them. Each search shows in the
        page's performance timeline as a "computer thinking" measure (tools/bench.py reads it)."""
        began_ms = js.performance.now()
        slice_start = time.perf_counter()
        action = None
        for step in bot.think(state.clone(), seat):
            if step is not None:
                action = step
                break
            if time.perf_counter() - slice_start > SLICE_SECONDS:
                await asyncio.sleep(0)
                slice_start = time.perf_counter()
        ended_ms = js.performance.now()
        js.performance.measure("computer thinking", browser.js_object(start=began_ms, end=ended_ms))
        wait = BOT_MIN_SECONDS * float(self.settings.get("speed", 1)) * paced - (ended_ms - began_ms) / 1000
        # Always a new task for the move: the search's last slice and drawing the move in
        # one task could block the page for over 50 ms.
        await asyncio.sleep(max(0.0, wait))
        return action

    async def run_bot(self, session: Session) -> None:
        try:
            await self.first_frame
            while self.session is session:
                state = session.match.state
                seat = state.current_player
                if state.is_over or not session.is_computer(seat):
                    break
                el("board").classList.add("thinking")
                length = len(session.match.log)
                try:
                    action = await self.think(await self.load_bot(session, seat), state, seat)
                except Exception as exc:  # noqa: BLE001
                    session.bot_failed = True
                    self.report(exc, f"The computer player {session.match.names[seat]} failed: {exc}")
                    break
                if self.session is not session or len(session.match.log) != length:
                    break  # the player left, undid or loaded something else meanwhile
                self.play(lambda: session.match.play(action, seat))
        finally:
            session.thinking = False
            el("board").classList.remove("thinking")
        if self.session is session:
            self.schedule_bots()

    async def suggest(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.match.state
        seat = state.current_player
        if not session.is_human(seat):
            return
        el("suggest-button").disabled = True
        await bytecode.install(session.match.game.id)
        from pygame_core.ai import make_bot
        try:
            bot = make_bot(session.match.game.id, "hard", f"{session.match.seed}/hint", seconds=1.5)
            action = await self.think(bot, state, seat, paced=False)
        finally:
            el("suggest-button").disabled = False
        if session.match.state is not state or state.current_player != seat:
            return
        text = state.describe(action, session.match.names)
        hook = getattr(session.view, "suggest_ui", None)
        if hook is not None:  # the game shows the move on its board (a piece chosen, a cell ringed)
            session.ui = dict(hook(state.view(seat), str(action)) or {})
            self.render()
        set_text("hint", f"Suggestion: {text}")
        session.hint_for = len(session.match.log)
        show("hint")
        target = el("board").querySelector(f'[data-action="{js.CSS.escape(str(action))}"]')
        if present(target):
            target.classList.add("suggested")
            target.focus()

    # -- saving ----------------------------------------------------------------------------
    def save_soon(self) -> None:
        """Save in a task of its own: drawing a move and saving it in one task could block the
        page for over 50 ms. Leaving the page or the game saves at once (flush_save)."""
        session = self.session
        if session is None or session.save_pending:
            return
        session.save_pending = True
        js.setTimeout(browser.create_once(lambda: self.flush_save(session)), 0)

    def flush_save(self, session: Session | None = None) -> None:
        session = session or self.session
        if session is not None and session.save_pending:
            self.autosave(session)

    def autosave(self, session: Session | None = None) -> None:
        session = session or self.session
        if session is None:
            return
        session.save_pending = False
        if not self.store.available or session.tutorial is not None:
            return
        session.rev += 1
        try:
            self.store.write(session.save_id, saves.dump(session.match, save_meta(session)), session.rev)
            session.save_failed = False
        except DeletedSave:
            session.rev -= 1
            browser.banner("This game was deleted in another tab or window, so it is no longer "
                           "saved.", "", ("Save it again", lambda: self.save_again(session)))
        except StaleSave:
            session.rev -= 1
            browser.banner("This game was played on in another tab or window. Reload it here to "
                           "continue from there (this tab's last move is not saved).", "",
                           ("Reload the newer game", lambda: self.resume(session.save_id)))
        except StorageUnavailable as exc:
            session.rev -= 1
            if not session.save_failed:
                notice(f"Could not save: {exc}. The game goes on; the last good save is kept.", 10)
            session.save_failed = True

    def save_again(self, session: Session) -> None:
        session.rev += 1
        self.store.write(session.save_id, saves.dump(session.match, save_meta(session)), session.rev, force=True)

    def export_current(self) -> None:
        session = self.session
        if session is not None:
            browser.download(f"{session.save_id}.json", saves.dump(session.match, save_meta(session)))

    # -- service worker --------------------------------------------------------------------
    def register_service_worker(self) -> None:
        navigator = js.navigator
        if not hasattr(navigator, "serviceWorker") or js.window.isSecureContext is False:
            return

        if present(navigator.serviceWorker.controller):
            show("offline-status")  # this page came through the worker: it works offline

        def on_registered(registration: Any) -> None:
            if present(registration.active):
                show("offline-status")

            def on_update(event: Any) -> None:
                worker = registration.installing
                if not present(worker):
                    return

                def on_state(e: Any) -> None:
                    if str(worker.state) == "installed":
                        if present(navigator.serviceWorker.controller):
                            show("update-button")
                        show("offline-status")
                    if str(worker.state) == "activated":
                        show("offline-status")
                on(worker, "statechange", on_state)
            on(registration, "updatefound", on_update)

        def on_update_click(event: Any) -> None:
            def send(reg: Any) -> None:
                if present(reg) and present(reg.waiting):
                    reg.waiting.postMessage("skip-waiting")
            navigator.serviceWorker.getRegistration().then(create_once_callable(send))
        on(el("update-button"), "click", on_update_click)
        on(navigator.serviceWorker, "controllerchange",
           lambda e: js.location.reload() if not el("update-button").hidden else None)
        def on_failed(error: Any) -> None:
            if present(navigator.serviceWorker.controller):
                return  # offline, the worker's script cannot be checked for updates; it still runs
            notice("Offline play is not available: the offline cache could not be set up "
                   f"({error}). The games still work while you are online.", 10)
        script = "./no-such-sw.js" if "sw" in injected_faults() else "./sw.js"
        navigator.serviceWorker.register(script).then(
            create_once_callable(on_registered), create_once_callable(on_failed))
