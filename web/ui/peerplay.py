"""Players on their own devices: the host's table and a guest's table in the page.

The host's page runs the game as always (rules, computers, saves); a seat set to "Own device"
in the new-game dialog is played from another browser. For each such seat the host shows a
code (a QR code and a link) holding a WebRTC offer; the guest's page opens on it, answers
with a code of its own, and once the host has that answer the two talk over a data channel
(peerlink.py). The protocol and every check of what arrives are in peers.py.

Guest pages hold no game: they draw the view the host sends with the game's own view module
and send back the choice, which the host checks with the rules. Out of turn, every device
is asked at once (a response window, the HEX-HEX race: peers.together), each with its own
countdown or its own reaction clock; the host holds an answer that comes before its seat's
turn (peers.EarlyAnswers) and plays it when the rules get there. With one person at the
host's device, they are asked at once too. A guest that drops (a phone
asleep, a reload, Wi-Fi gone) leaves its seat "away": the host shows a new code for it, and
may let a computer play for it meanwhile. A reload of the host's page resumes the game from
its autosave with new codes, and guests are asked to come back.

This module is what the page keeps at hand; the two ends are in peerhost.py and
peerguest.py, imported when first needed.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable

import js
from pyodide.ffi import create_proxy

import browser
from browser import el, notice, present, set_text, show
from master import Master
from peerpage import STUN_SETTING, stun_server
from pygame_core.markup import Markup
from shell import Guard
from table import Clock, TableClient

if TYPE_CHECKING:
    from peerguest import GuestTable
    from peerhost import HostTable

ANSWERS_CHANNEL = "hex-table:answers"  # a BroadcastChannel: an answer link opened on the host device
MAX_BROADCASTS_A_SECOND = 4  # a person opens one answer link at a time
MAX_BROADCAST_CHARS = 3000  # an answer code: peers.MAX_CODE_CHARS (peers is not imported at start-up)


class Peers:
    """The page's peer-to-peer play: at most one host table or one guest table at a time."""

    def __init__(self, settings: dict[str, Any], save_settings: Callable[[], None], guard: Guard,
                 games: list[str], clock: Clock) -> None:
        self.settings, self.save_settings, self.guard = settings, save_settings, guard
        self.games, self.clock = games, clock
        self.host: HostTable | None = None
        self.guest: GuestTable | None = None
        self.answers: Any = None
        self.broadcast_second, self.broadcasts = 0.0, 0  # on_broadcast's budget: since when, how many
        if hasattr(js.window, "BroadcastChannel"):
            self.answers = js.BroadcastChannel.new(ANSWERS_CHANNEL)
            self.answers.onmessage = create_proxy(guard(self.on_broadcast))
        box = el("setting-stun")
        if present(box):
            box.value = stun_server(settings)
            box.disabled = False
            box.onchange = create_proxy(guard(self.on_stun))

    def on_stun(self, event: Any) -> None:
        import peers
        box = event.target
        try:
            self.settings[STUN_SETTING] = peers.check_stun(box.value)
        except peers.PeerError as exc:
            notice(f"{exc}; the setting was not changed.", 8)
            box.value = stun_server(self.settings)
            return
        self.save_settings()
        notice("New codes use " + (self.settings[STUN_SETTING] or "no STUN server") + ".")

    # hooks called by app.py --------------------------------------------------------------------
    def route(self, hash_: str) -> bool:
        """Handle `#join=` (a guest's page) and `#answer=` (an answer reaching the host)."""
        if hash_.startswith("#join="):
            from peerguest import GuestTable
            self.detach()
            self.guest = GuestTable(hash_[len("#join="):], self.settings, self.games, self.clock, self.guard)
            return True
        if hash_.startswith("#answer="):
            code = hash_[len("#answer="):]
            if self.host is not None:  # opened in the game's own tab
                js.history.replaceState(None, "", f"{js.location.pathname}#play={self.host.session.save_id}")
                asyncio.ensure_future(self.host.take_answer(code))
                return True
            if self.answers is not None:
                self.answers.postMessage(code)
            show_message("Answer sent to the game",
                         "The answer code went to the game's tab in this browser: the player should "
                         "appear there as connected. You can close this tab.")
            return True
        return False

    def attach(self, master: Master | None, table_changed: Callable[[], None] = lambda: None,
               here: Callable[[], int | None] = lambda: None) -> None:
        """A game is on screen (or none): host its remote seats, if it has any."""
        if self.host is not None and master is not None and self.host.master is master:
            return
        self.detach()
        session = master.session if master is not None else None
        if master is not None and session is not None and "remote" in session.seats and session.tutorial is None:
            from peerhost import HostTable
            self.host = HostTable(master, self.settings, self.guard, table_changed, here)

    def detach(self) -> None:
        if self.host is not None:
            self.host.close()
            self.host = None
        if self.guest is not None:
            self.guest.close()
            self.guest = None

    @property
    def hosting(self) -> bool:
        return self.host is not None

    def away(self) -> list[int]:
        """The remote seats whose players are not connected now."""
        return self.host.away() if self.host is not None else []

    def guest_client(self) -> TableClient | None:
        return self.guest.client if self.guest is not None else None

    def guest_history(self) -> Any:
        """A guest's or spectator's history (peerguest.GuestTable.history), or None."""
        return self.guest.history() if self.guest is not None else None

    def guest_view(self) -> Any:
        """The view module of the game a guest page plays (for its rules), or None."""
        return self.guest.view if self.guest is not None else None

    def guest_board_view(self) -> dict[str, Any]:
        """The view a guest's board shows, for the game's key handling."""
        client = self.guest_client()
        return dict(client.seen.view) if client is not None and client.seen is not None else {}

    def on_broadcast(self, event: Any) -> None:
        """An answer link opened in another tab of this browser (see `route`). Any page of this
        site may post here, so: a budget of messages a second, checked before the message is
        even read, then its type and size before anything else is done with it."""
        now = float(js.performance.now())
        if now - self.broadcast_second >= 1000:
            self.broadcast_second, self.broadcasts = now, 0
        self.broadcasts += 1
        if self.host is None or self.broadcasts > MAX_BROADCASTS_A_SECOND:
            return
        data = event.data
        if isinstance(data, str) and len(data) <= MAX_BROADCAST_CHARS:
            asyncio.ensure_future(self.host.take_answer(data))


def show_message(title: str, text: str) -> None:
    show("menu", False)
    show("game", True)
    js.document.body.classList.add("guest")
    set_text("game-title", title)
    set_text("turn", text)
    browser.set_html(el("board"), Markup())
    show("peers-panel", False)

