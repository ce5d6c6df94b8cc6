"""The host's end of peer play (peerplay.py says how it works): the master with a transport
to each remote seat.

For each seat played on another device it makes a code (offer), connects the guest's answer,
hands every choice that arrives to the master (master.Master.submit: the same checks as a
choice made here) and, after every change, sends each guest what its seat may see
(peers.seat_update). Spectators join the same way, each on a code of its own: they are
sent the view for no seat (what every seat sees) and the log, and any choice one sends is
refused before it reaches the master. Imported only once a game has a remote seat
(peerplay.Peers.attach).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

import js
from pyodide.ffi import create_once_callable, create_proxy

import browser
import features
import peers
import presenter
from browser import el, notice, present, show
from master import Master
from peerflow import FROM_GUEST
from peerlink import Link
from peerpage import epoch_ms, page_link, qr_markup, record, stun_server
from peers import PeerError, Signal
from pygame_core.markup import Markup, join, tag
from shell import Guard

PING_SECONDS = 3.0
SILENT_SECONDS = 12.0  # no reply for this long: the guest is away
BYE_MS = 500  # from saying goodbye to closing the link


def code_from(text: str, key: str) -> str:
    """A code from what a player pasted: the code itself or a link holding `#key=code`."""
    text = text.strip()
    marker = f"#{key}="
    return text.split(marker, 1)[1] if marker in text else text


class SeatLink:
    """One remote seat at the host (or, `watch`, one spectator, numbered by `seat`): its
    current offer and link, and what its guest was sent."""

    def __init__(self, seat: int, watch: bool = False) -> None:
        self.seat, self.watch = seat, watch
        self.number = -1  # which offer of this seat is current
        self.link: Link | None = None
        self.code = ""
        self.qr: Markup | None = None
        self.status = "making"  # making | waiting | connecting | connected | failed
        self.sent_at = -1
        self.sent_seats: list[str] = []
        self.log_turns = 0  # turns of the log the guest has
        self.heard = 0.0  # when the guest last answered a ping (time.monotonic)
        self.problem = ""  # why no code could be made (status "failed")


class HostTable:
    """The remote seats of the game on screen, each a transport between a guest and the master."""

    def __init__(self, master: Master, settings: dict[str, Any], guard: Guard,
                 table_changed: Callable[[], None], here: Callable[[], int | None]) -> None:
        self.master, self.settings, self.guard = master, settings, guard
        self.table_changed = table_changed  # redraw the table here (who is connected changed)
        self.here = here  # the seat of the one person at this device, if one
        self.session = master.session
        self.table = f"{int(js.Math.random() * 36 ** 8):08x}"[:8]
        self.seats = {s: SeatLink(s) for s, kind in enumerate(self.session.seats) if kind == "remote"}
        self.watchers: dict[int, SeatLink] = {}
        self.closed = False
        self.ping_timer = js.setInterval(create_proxy(guard(self.ping)), int(PING_SECONDS * 1000))
        self.ping_id = 0
        panel = el("peers-panel")
        panel.onclick = create_proxy(guard(self.on_click))
        panel.onchange = create_proxy(guard(self.on_change))
        show("peers-panel")
        master.subscribe(self.sync)
        for slot in self.seats.values():
            asyncio.ensure_future(self.new_offer(slot))
        self.render_panel()

    @property
    def match(self) -> Any:
        return self.master.match

    def away(self) -> list[int]:
        return [seat for seat, slot in self.seats.items() if slot.status != "connected"]

    def slots(self) -> list[SeatLink]:
        """Every link: the remote seats', then the spectators'."""
        return [*self.seats.values(), *self.watchers.values()]

    def name(self, slot: SeatLink) -> str:
        return f"Spectator {slot.seat + 1}" if slot.watch else self.match.names[slot.seat]

    def add_watcher(self) -> None:
        """A new spectator's row, with a code of its own (the lowest free number)."""
        free = [n for n in range(peers.MAX_WATCHERS) if n not in self.watchers]
        if not free:
            notice(f"A table has room for {peers.MAX_WATCHERS} spectators.", 6)
            return
        slot = self.watchers[free[0]] = SeatLink(free[0], watch=True)
        asyncio.ensure_future(self.new_offer(slot))

    def remove_watcher(self, number: int) -> None:
        slot = self.watchers.pop(number, None)
        if slot is None:
            return
        slot.number += 1  # an offer still being made is dropped when it is ready
        link = slot.link
        if link is not None:  # closed a moment later, once the spectator has read why
            link.send(peers.encode({"t": "bye", "reason": "the host stopped you watching"}))
            js.setTimeout(create_once_callable(lambda *_: link.close("removed")), BYE_MS)
        notice(f"{self.name(slot)} no longer watches.", 4)
        self.render_panel()

    # offers and answers ------------------------------------------------------------------------
    async def new_offer(self, slot: SeatLink) -> None:
        """A fresh offer for a seat (the first, or after its guest dropped) or a spectator,
        shown as a code."""
        seat = slot.seat
        if slot.link is not None:
            slot.link.close("replaced")
        slot.number += 1
        number = slot.number
        slot.status, slot.code, slot.qr, slot.link, slot.problem = "making", "", None, None, ""
        self.render_panel()
        try:
            link = Link(self.guard(lambda: self.on_open(slot, link)),
                        self.guard(lambda text: self.on_guest(slot, link, text)),
                        self.guard(lambda why: self.on_close(slot, link, why)), FROM_GUEST,
                        stun_server(self.settings))
        except Exception as exc:  # noqa: BLE001 - the browser refused to build a connection
            self.no_code(slot, number, exc)
            return
        slot.link = link
        try:
            sdp = await link.offer()
        except Exception as exc:  # noqa: BLE001 - the browser refused to make an offer
            self.no_code(slot, number, exc)
            link.close("failed")
            return
        if self.closed or slot.number != number:
            link.close("replaced")
            return
        slot.code = peers.pack_signal(Signal("offer", self.table, seat, number, sdp, slot.watch))
        slot.status = "waiting"
        record("hexPeerCodes", "offer", len(slot.code))
        self.render_panel()
        slot.qr = await qr_markup(page_link(f"join={slot.code}"), f"Code for {self.name(slot)}")
        if slot.number == number and slot.status == "waiting":
            self.render_panel()

    def no_code(self, slot: SeatLink, number: int, exc: BaseException) -> None:
        """Say on the seat's row that no code could be made, with a way on (never a row
        left "preparing" for ever)."""
        if self.closed or slot.number != number:
            return
        js.console.warn(f"no code for {self.name(slot)}: {exc}")
        slot.status, slot.link = "failed", None
        slot.problem = features.missing("webrtc") or ("This browser could not prepare a connection"
                        + (" with the STUN server set in Settings: check it there" if stun_server(self.settings)
                           else "") + ", then try again.")
        self.render_panel()

    def answer_signal(self, text: str) -> Signal:
        """The guest's answer for a seat's current offer, or PeerError with what to do instead."""
        signal = peers.unpack_signal(code_from(str(text), "answer"), "answer", bool(stun_server(self.settings)))
        slot = (self.watchers if signal.watch else self.seats).get(signal.seat)
        if signal.table != self.table:
            raise PeerError("this answer is for another game or an earlier page of this one; "
                            "the player should scan the seat's code on this screen again")
        if slot is None:
            raise PeerError("that spectator was removed" if signal.watch
                            else "that seat is not played on its own device")
        if signal.link != slot.number or slot.status != "waiting" or slot.link is None:
            raise PeerError(f"this answer is for an old code of {self.name(slot)}"
                            + ("" if slot.watch else "'s seat") + "; scan the current code again")
        return signal

    async def take_answer(self, text: str) -> None:
        """A guest's answer code (pasted, scanned, or from an answer link): connect its seat."""
        try:
            signal = self.answer_signal(text)
        except PeerError as exc:
            notice(f"That answer code cannot be used: {exc}", 10)
            return
        record("hexPeerCodes", "answer", len(code_from(str(text), "answer")))
        slot = (self.watchers if signal.watch else self.seats)[signal.seat]
        slot.status = "connecting"
        self.render_panel()
        try:
            assert slot.link is not None
            await slot.link.accept(signal.sdp)
        except Exception as exc:  # noqa: BLE001 - the browser refused the description
            notice(f"Could not connect {self.name(slot)}: {exc}", 10)
            asyncio.ensure_future(self.new_offer(slot))

    # the connection ---------------------------------------------------------------------------
    def on_open(self, slot: SeatLink, link: Link) -> None:
        if slot.link is not link or self.closed:
            return
        slot.status, slot.sent_at, slot.log_turns, slot.heard = "connected", -1, 0, time.monotonic()
        link.send(peers.encode(peers.welcome(self.match, None if slot.watch else slot.seat, self.table)))
        if slot.watch:
            notice(f"{self.name(slot)} is watching on their own device.")
        else:
            self.master.seat_back(slot.seat)
            notice(f"{self.name(slot)} joined on their own device.")
            self.table_changed()  # every guest hears who is at the table
        self.sync()

    def on_close(self, slot: SeatLink, link: Link, why: str) -> None:
        if self.closed or slot.link is not link:
            return
        if slot.watch:  # a spectator who leaves: its row goes (the host may add another)
            if self.watchers.get(slot.seat) is slot:
                self.watchers.pop(slot.seat)
                notice(f"{self.name(slot)} stopped watching ({why}).", 6)
                self.render_panel()
            return
        seat = slot.seat
        was_connected = slot.status == "connected"
        asyncio.ensure_future(self.new_offer(slot))
        if link.flooded:
            notice(f"{self.match.names[seat]}'s device sent far more messages than a game needs, so it "
                   "was disconnected. Their seat waits, with a new code.", 12)
        elif was_connected:
            notice(f"{self.match.names[seat]} is away ({why}). Their seat waits: they can scan its "
                   "new code to come back.", 8)
        if was_connected:
            self.master.seat_away(seat)
            self.table_changed()
            self.sync()
        else:
            self.master.early.drop(seat)

    def on_guest(self, slot: SeatLink, link: Link, text: str) -> None:
        if slot.link is not link or self.closed:
            return
        seat = slot.seat
        slot.heard = time.monotonic()
        received = epoch_ms()
        try:  # a spectator's choice is refused here: it never reaches the master
            data = (peers.parse_watcher_message if slot.watch else peers.parse_guest_message)(text)
        except PeerError as exc:
            self.refuse(link, str(text)[:peers.MAX_ACTION] if isinstance(text, str) else "", str(exc))
            return
        if data["t"] == "pong":
            return
        before = self.master.at
        outcome = self.master.submit(seat, data["at"], data["action"], data.get("ask"))
        if outcome.reason:
            self.refuse(link, str(text)[:peers.MAX_ACTION], outcome.reason)
        elif outcome.held:
            record("hexPeerHeld", seat, before, received)
        elif outcome.played:
            record("hexPeerDrawn", seat, before, received, epoch_ms())

    def refuse(self, link: Link, action: str, reason: str) -> None:
        link.send(peers.encode({"t": "refused", "at": self.master.at, "action": action, "reason": reason}))

    def ping(self) -> None:
        now = time.monotonic()
        self.ping_id += 1
        for slot in self.slots():
            if slot.status == "connected" and slot.link is not None:
                if now - slot.heard > SILENT_SECONDS:
                    slot.link.close("no reply for a while")
                else:
                    slot.link.send(peers.encode({"t": "ping", "id": self.ping_id}))

    def seat_states(self) -> list[str]:
        return presenter.seat_states(self.session, self.away())

    def sync(self) -> None:
        """After a change: tell each guest what changed for its seat, then settle the answers
        held for the seat the rules have reached."""
        if self.closed:
            return
        now, states, at = self.master.now(), self.seat_states(), self.master.at
        for slot in self.slots():
            if slot.status != "connected" or slot.link is None:
                continue
            if slot.sent_at == at and slot.sent_seats == states:
                continue
            update = peers.seat_update(self.match, None if slot.watch else slot.seat, states, slot.log_turns, now)
            update["sent"] = int(epoch_ms())
            text = peers.encode(update)
            record("hexPeerSizes", len(text))
            if slot.link.send(text):
                slot.sent_at, slot.sent_seats = at, states
                log = update["log"]
                slot.log_turns = log["start"] + len(log["turns"]) - 1 if log["turns"] else 0
        self.render_panel()
        for seat, action, reason in self.master.settle():
            guest = self.seats.get(seat)
            if seat == self.here():
                notice(f"Your answer was not played: {reason}.", 8)
            elif guest is not None and guest.link is not None:
                self.refuse(guest.link, action, reason)

    # the panel --------------------------------------------------------------------------------
    def seat_row(self, seat: int, slot: SeatLink) -> Markup:
        name = self.match.names[seat]
        cover = tag("label", tag("input", type="checkbox", data_cover=seat, checked=seat in self.session.cover),
                    f" A computer plays for {name} while away", class_="peer-cover")
        return tag("li", self.link_state(slot), cover, class_="peer-seat", data_seat=seat, data_status=slot.status)

    def watcher_row(self, slot: SeatLink) -> Markup:
        remove = tag("button", "Remove", type="button", data_remove=slot.seat,
                     aria_label=f"Remove {self.name(slot)}")
        return tag("li", self.link_state(slot, remove), class_="peer-seat peer-watcher",
                   data_watcher=slot.seat, data_status=slot.status)

    def link_state(self, slot: SeatLink, action: Markup | None = None) -> Markup:
        """A row's name, state and, until it is connected, its code (or why there is none)."""
        name, seat = self.name(slot), slot.seat
        body: Markup | None
        if slot.status == "connected":
            state, body = tag("span", "connected", class_="pill peer-on"), None
        elif slot.status == "failed":
            state = tag("span", "no code", class_="pill peer-off")
            retry = not slot.watch and tag("button", "Try again", type="button", data_retry=seat)
            body = tag("p", slot.problem, " ", retry, class_="peer-problem", role="alert")
        else:
            state = tag("span", {"making": "preparing a code…", "waiting": "waiting to join",
                                 "connecting": "connecting…"}.get(slot.status, ""), class_="pill peer-off")
            link = page_link(f"join={slot.code}")
            body = None if not slot.code else join(
                slot.qr and tag("div", slot.qr, class_="peer-qr"),
                tag("p", tag("a", f"Link for {name}", href=link, target="_blank", rel="noopener",
                             **{"data_watch_join" if slot.watch else "data_join": seat}),
                    " ", tag("button", "Copy link", type="button", data_copy=link)))
        return join(tag("p", tag("strong", name), " ", state, action and " ", action), body)

    def render_panel(self) -> None:
        if self.closed:
            return
        rows = [self.seat_row(seat, slot) for seat, slot in self.seats.items()]
        watching = [self.watcher_row(slot) for slot in self.watchers.values()]
        no_camera = features.missing("camera")
        scan = (tag("small", no_camera, class_="feature-note", data_feature="camera") if no_camera
                else tag("button", "Scan an answer", type="button", data_scan=""))
        form = tag("p", tag("label", "Answer code or link ",
                            tag("input", type="text", id="peer-answer", autocomplete="off",
                                spellcheck="false", inputmode="url")),
                   " ", tag("button", "Connect", type="button", data_connect="", class_="primary"),
                   " ", scan, class_="peer-answer")
        waiting = any(s.status != "connected" for s in self.slots())
        browser.set_html(el("peers-panel"), join(
            tag("h3", "Players on their own devices", id="peers-title"),
            waiting and tag("p", "Each player scans their seat's code with their phone's camera (or opens "
                                 "its link), then shows this device the answer code their phone gives.",
                            class_="meta"),
            tag("ul", rows, class_="peer-seats"),
            tag("h4", "Spectators"), watching and tag("ul", watching, class_="peer-seats"),
            tag("p", tag("button", "Add a spectator", type="button", data_watch_add=""),
                " They watch from their own device and cannot play.", class_="meta"),
            waiting and form))

    def on_click(self, event: Any) -> None:
        target = event.target
        copy = target.closest("[data-copy]")
        if present(copy):
            js.navigator.clipboard.writeText(copy.getAttribute("data-copy"))
            notice("Link copied: send it to that player.")
        elif present(target.closest("[data-connect]")):
            box = el("peer-answer")
            text = str(box.value)
            box.value = ""
            asyncio.ensure_future(self.take_answer(text))
        elif present(target.closest("[data-scan]")):
            asyncio.ensure_future(self.scan())
        elif present(retry := target.closest("[data-retry]")):
            seat = int(retry.getAttribute("data-retry"))
            if seat in self.seats and self.seats[seat].status == "failed":
                asyncio.ensure_future(self.new_offer(self.seats[seat]))
        elif present(target.closest("[data-watch-add]")):
            self.add_watcher()
        elif present(remove := target.closest("[data-remove]")):
            self.remove_watcher(int(remove.getAttribute("data-remove")))

    def on_change(self, event: Any) -> None:
        box = event.target.closest("[data-cover]")
        if not present(box):
            return
        seat = int(box.getAttribute("data-cover"))
        self.master.set_cover(seat, bool(box.checked), self.seats[seat].status == "connected")
        self.table_changed()  # a computer may have to move now

    async def scan(self) -> None:
        """Read an answer's QR code with the camera (scan.py)."""
        from scan import scan_qr
        code = await scan_qr()
        if code:
            await self.take_answer(code)

    def close(self) -> None:
        self.closed = True
        js.clearInterval(self.ping_timer)
        for slot in self.slots():
            if slot.link is not None:
                slot.link.send(peers.encode({"t": "bye", "reason": "the host left this game"}))
                slot.link.close("the host left")
        show("peers-panel", False)
