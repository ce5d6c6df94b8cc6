"""A guest's end of peer play (peerplay.py says how it works): the table client, fed by a
transport to the host's master.

The page opens on a seat's code (`#join=`), answers it with a code of its own and, once
connected, draws what the host sends for its seat (peers.seat_update) with the game's own
view module. Choices go through the same table client as at the host's device (table.py),
whose `send` here puts them on the data channel; the host's master checks them. A
spectator's page is the same with no seat: it draws the view for no seat and is never asked
to choose. Imported only when a page opens on a join code (peerplay.Peers.route).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js
from pyodide.ffi import create_proxy

import browser
import features
import gamefiles
import peers
import screen
from browser import el, notice, present, set_text, show
from peerflow import FROM_HOST
from peerlink import Link
from peerpage import epoch_ms, page_link, qr_markup, record, stun_server
from peers import PeerError, Signal
from presenter import Turn, status_line, view_module
from seenhistory import SeenHistory, SeenLog
from pygame_core.markup import Markup, join, tag
from shell import Guard
from storage import stored_names
from table import Clock, Seen, TableClient
from wakelock import ScreenOn

USED_CODES = "hex-table:joined"  # in sessionStorage: the codes this tab joined with (they work once)
MAX_USED = 20


MAX_USED_CHARS = 1000  # MAX_USED keys of at most 36 characters ("table:seat:link"), in JSON


def used_codes() -> list[str]:
    """The codes this tab joined with (whatever is stored: storage.stored_names)."""
    try:
        stored = js.sessionStorage.getItem(USED_CODES)
    except Exception:  # noqa: BLE001 - no storage: nothing remembered
        return []
    return stored_names(str(stored) if present(stored) else None, MAX_USED_CHARS)[:MAX_USED]


def remember_used(key: str) -> None:
    try:
        js.sessionStorage.setItem(USED_CODES, json.dumps([key, *used_codes()][:MAX_USED]))
    except Exception:  # noqa: BLE001 - without storage a reload just makes an answer the host refuses
        pass


class GuestTable:
    """A guest's page: one seat of a game run on the host's device (or none: a spectator's)."""

    def __init__(self, code: str, settings: dict[str, Any], games: list[str], clock: Clock,
                 guard: Guard) -> None:
        self.settings, self.games, self.clock, self.guard = settings, games, clock, guard
        self.closed = False
        self.link: Link | None = None
        self.signal: Signal | None = None
        self.seat: int | None = None
        self.watching = False
        self.names: list[str] = []
        self.game_id = ""
        self.view: Any = None
        self.client: TableClient | None = None
        self.update: dict[str, Any] | None = None
        self.turns: list[Turn] = []
        self.log = screen.Log()
        self.seen_log = SeenLog()  # the positions drawn here, for the history
        self.answered = ""  # the moment this seat's answer was sent in (held at the host until its turn)
        self.answer_code = ""
        self.qr: Markup | None = None
        self.message = ""
        self.bye = ""  # why the host ended the connection, when it said
        self.screen = ScreenOn()  # kept on from connecting to the end of the game
        self.queued: list[str] | None = None  # the host's messages while the game's files come
        self.open_page()
        if no_rtc := features.missing("webrtc"):
            self.say(f"{no_rtc} Open the seat's link in another browser, or ask the host to let a "
                     "computer play for you.")
            return
        try:
            self.signal = peers.unpack_signal(code, "offer", bool(stun_server(settings)))
        except PeerError as exc:
            self.say(f"This link does not hold a game to join: {exc}. Scan the code on the host's "
                     "screen again.")
            return
        if self.signal_key() in used_codes():
            set_text("turn", "This code was already used.")
            self.say("This page was opened again on a code that was already used to join, and a "
                     "code works only once. Ask the host for a new code for your seat: the host's "
                     "screen shows it under your name. Then scan it (or open its link).")
            return
        asyncio.ensure_future(self.connect())

    @staticmethod
    def open_page() -> None:
        js.document.body.classList.add("guest")
        show("menu", False)
        show("game")
        set_text("game-title", "Joining a game")
        set_text("turn", "")
        screen.clear_scores()
        el("log").replaceChildren()
        browser.set_html(el("board"), Markup())
        show("peers-panel")

    def signal_key(self) -> str:
        signal = self.signal
        return "" if signal is None else f"{signal.table}:{'w' * signal.watch}{signal.seat}:{signal.link}"

    def say(self, text: str) -> None:
        self.message = text
        self.render_panel()

    # connecting -----------------------------------------------------------------------------------
    async def connect(self) -> None:
        signal = self.signal
        assert signal is not None
        self.say("Preparing your answer…")
        try:
            link = Link(self.guard(self.on_open), self.guard(self.on_message), self.guard(self.on_close),
                        FROM_HOST, stun_server(self.settings))
        except Exception as exc:  # noqa: BLE001 - the browser refused to build a connection
            js.console.warn(f"no connection: {exc}")
            self.say("This browser could not prepare a connection"
                     + (" with the STUN server set in Settings: check it there" if stun_server(self.settings)
                        else "") + ", then open the seat's link again.")
            return
        self.link = link
        try:
            sdp = await link.answer(signal.sdp)
        except Exception as exc:  # noqa: BLE001 - the browser refused the offer
            self.say(f"This code could not be used to connect ({exc}). Scan the seat's code again.")
            return
        if link.opened or link.closed:
            return
        self.answer_code = peers.pack_signal(Signal("answer", signal.table, signal.seat, signal.link, sdp,
                                                    signal.watch))
        record("hexPeerCodes", "answer", len(self.answer_code))
        self.say("Show this code to the host's device: it scans it (or open the link on that device, "
                 "or paste the code there).")
        self.qr = await qr_markup(page_link(f"answer={self.answer_code}"), "Answer code")
        if not link.opened:
            self.render_panel()

    def render_panel(self) -> None:
        if self.closed:
            return
        connected = self.link is not None and self.link.opened and not self.link.closed
        answer = None
        if self.answer_code and not connected:
            link = page_link(f"answer={self.answer_code}")
            answer = join(self.qr and tag("div", self.qr, class_="peer-qr"),
                          tag("p", tag("a", "Answer link", href=link, data_answer=""), " ",
                              tag("button", "Copy", type="button", data_copy=link)),
                          tag("details", tag("summary", "Answer code as text"),
                              tag("textarea", self.answer_code, readonly=True, rows=4, id="peer-answer-code",
                                  aria_label="Answer code")))
        # Once connected the card shrinks to one line: it stays on a phone's screen all game.
        el("peers-panel").classList.toggle("peer-joined", connected)
        browser.set_html(el("peers-panel"), join(
            tag("h3", ("Watching" if self.watching else "Your seat") if connected else "Joining", id="peers-title"),
            self.message and tag("p", self.message, id="peer-message"), answer))
        if not connected and present(el("peers-panel").querySelector("[data-copy]")):
            el("peers-panel").onclick = create_proxy(self.guard(self.copy))

    def copy(self, event: Any) -> None:
        button = event.target.closest("[data-copy]")
        if present(button):
            js.navigator.clipboard.writeText(button.getAttribute("data-copy"))
            notice("Copied: send it to the host.")

    def on_open(self) -> None:
        remember_used(self.signal_key())  # a reload on this link must not offer a dead answer
        self.screen.keep(True)
        self.say("Connected. Waiting for the host…")

    def on_close(self, why: str) -> None:
        if self.closed:
            return
        self.screen.keep(False)
        if self.client is not None:
            self.client.awaiting = None
        el("board").classList.add("peer-lost")
        self.answer_code = ""  # spent: a link that closed never opens again
        if self.bye and self.watching:
            self.say(f"The host ended the connection: {self.bye}.")
        elif self.link is not None and self.link.flooded:
            self.say("The host's device sent far more messages than a game needs, so this page "
                     "disconnected from it.")
        elif self.watching:
            self.say(f"Lost the connection to the host ({why}). To watch again, ask the host for a "
                     "new spectator's code.")
        else:
            self.say(f"Lost the connection to the host ({why}). Your seat is kept: scan its code on the "
                     "host's screen again (or open its new link) to come back.")
        set_text("turn", "Disconnected from the host.")

    # the host's messages ----------------------------------------------------------------------------
    def on_message(self, text: str) -> None:
        if self.queued is not None:
            self.queued.append(text)  # read in order once the game's files are here
            return
        try:
            self.read(text)
        except Exception as exc:  # noqa: BLE001 - a bad message never ends the game here
            notice(f"The host's device sent something this page cannot use ({exc}); it was ignored "
                   "and the game goes on.", 8)
            el("board").setAttribute("data-peer-error", str(exc)[:200])

    def read(self, text: str) -> None:
        data = peers.parse_host_message(text)
        record("hexPeerReceived", len(text) if isinstance(text, str) else 0)
        kind = data["t"]
        if kind == "ping":
            self.send_message({"t": "pong", "id": data["id"]})
        elif kind in ("seat", "watch"):
            if data["game"] in self.games and not gamefiles.ready(data["game"]):
                self.queued = [text]
                asyncio.ensure_future(self.fetch_then_read(data["game"]))
                return
            self.welcome(data)
        elif kind == "state":
            self.take_state(data)
        elif kind == "refused":
            self.answered = ""
            if self.client is not None:
                self.client.refused(data["reason"])
            self.render()
        elif kind == "bye":
            self.bye = data["reason"]
            self.say(f"The host ended the connection: {self.bye}.")

    async def fetch_then_read(self, game_id: str) -> None:
        try:
            await gamefiles.fetch(game_id)
        except OSError as exc:
            self.queued = None
            self.say(f"This game cannot start on this device: {exc}. Reload to try again.")
            return
        queued, self.queued = self.queued or [], None
        for text in queued:
            self.on_message(text)

    def send_message(self, message: dict[str, Any]) -> bool:
        return self.link is not None and self.link.send(peers.encode(message))

    def welcome(self, data: dict[str, Any]) -> None:
        game_id, seat = data["game"], data.get("seat")  # none for a spectator
        if self.view is not None and (game_id, seat) != (self.game_id, self.seat):
            raise PeerError("the host tried to move this page to another game or seat")
        if self.signal is not None and self.signal.watch != (seat is None):
            raise PeerError("the host's welcome does not match the code this page joined on")
        view = view_module(game_id)  # raises for a game this site does not have
        browser.use_stylesheet(f"./styles/{game_id}.css", waiting=el("game"))
        self.game_id, self.view, self.seat, self.names = game_id, view, seat, data["names"]
        self.watching = seat is None
        self.turns, self.update, self.seen_log = [], None, SeenLog()
        if self.client is not None:
            self.client.close()
        self.client = screen.table_client(view, self.send_choice, self.clock, self.render, self.settings)
        browser.set_html(el("rules-panel"), Markup())  # this game's rules, when first opened
        show("rules-panel", False)
        el("board").classList.remove("peer-lost")
        from pygame_core import get_game
        set_text("game-title", get_game(game_id).name)
        self.say("You watch this game, run on the host's device." if seat is None
                 else f"You play {self.names[seat]} in this game, run on the host's device.")

    def take_state(self, data: dict[str, Any]) -> None:
        if self.view is None or self.client is None:
            raise PeerError("a state arrived before the seat was given")
        if len(data["seats"]) != len(self.names):
            raise PeerError("the state is for another table")
        log = data["log"]
        if log["start"] > len(self.turns):
            raise PeerError("the log skips turns")
        peers.check_view(self.view, data["view"], len(self.names))
        turns = self.turns[:log["start"]] + [Turn(seat, tuple(lines)) for seat, lines in log["turns"]]
        if self.link is not None and self.link.message_waiting(peers.STATE_PREFIX):
            self.update, self.turns = data, turns  # a later state is here: draw only that one
            return
        # Drawing first: a view this page cannot draw leaves the last good board (and log).
        board = self.view.render(data["view"], {}, self.names)
        self.update, self.turns = data, turns
        self.seen_log.take(data, turns)
        if data.get("ask") is None:
            self.answered = ""
        elif data["ask"] != (self.client.seen.ask if self.client.seen is not None else None):
            self.answered = ""
            record("hexPeerPrompt", data["ask"], "open", epoch_ms())
        self.client.show(self.seen())
        self.render(None if self.client.seen is None or self.client.seen.held else board)
        record("hexPeerShown", data["at"], epoch_ms())

    def history(self) -> tuple[str, SeenHistory, str] | None:
        """The positions drawn on this page, for the history view: the game, them, and whose
        view they are."""
        if not self.seen_log.kept:
            return None
        who = "Everyone's view" if self.seat is None else f"{self.names[self.seat]}'s view"
        return self.game_id, self.seen_log.history(self.names), who

    def seen(self) -> Seen:
        update = self.update
        assert update is not None
        ask = update.get("ask")
        return Seen(update["at"], self.seat, update["view"], update["current"], ask,
                    held=bool(self.answered) and ask == self.answered,
                    may_pass_for=not self.settings.get("ask_to_pass"),
                    may_auto_pass=self.settings.get("auto_pass") is not False)

    # choosing --------------------------------------------------------------------------------------
    def send_choice(self, seat: int, at: int, text: str, ask: str | None) -> bool:
        record("hexPeerTaps", at, epoch_ms(), seat)
        message: dict[str, Any] = {"t": "act", "at": at, "action": text}
        if ask is not None:
            message["ask"] = ask
        if not self.send_message(message):
            notice("Not connected to the host: your choice was not sent.")
            return False
        if ask is not None:
            self.answered = ask
            record("hexPeerPrompt", ask, "answered", epoch_ms())
            if self.update is not None and self.update["current"] != seat:
                assert self.client is not None
                self.client.show(self.seen())
                self.render()  # the prompt goes; the answer waits at the host for this seat's turn
        el("board").classList.add("thinking")
        return True

    # drawing ----------------------------------------------------------------------------------------
    def render(self, board: Markup | None = None) -> None:
        update, client = self.update, self.client
        if update is None or client is None or client.seen is None or self.closed:
            return
        seen = client.seen
        names = self.names
        if board is None:
            shown = dict(seen.view, legal=seen.legal)
            board = self.view.render(shown, client.ui, names)
        screen.draw_board(board, glide=False)
        self.screen.keep(not update["over"])
        el("board").removeAttribute("data-peer-error")
        el("board").classList.toggle("thinking", client.awaiting is not None)
        away = [i for i, where in enumerate(update["seats"]) if where == "away"]
        screen.set_status(client.status(names) or status_line(
            names, update["seats"], update["current"], update["scores"], update["winners"],
            update["over"], self.seat if seen.legal else None))
        screen.draw_scores(names, update["scores"], update["current"], update["winners"], away, self.seat)
        self.log.draw(self.turns, names)
        screen.arm(client)

    def close(self) -> None:
        self.closed = True
        self.screen.keep(False)
        if self.client is not None:
            self.client.close()
        if self.link is not None:
            self.link.close("left")
        js.document.body.classList.remove("guest")
        show("peers-panel", False)
        browser.set_html(el("rules-panel"), Markup())
        show("rules-panel", False)
