"""The host's table and a guest's table of peer play (peerplay.py says how it works).

peerplay.Peers imports this module only once a game has a seat on another device or the
page opens on a join code: it and the protocol (peers.py, peerlink.py) are a third of the
page's Python, and a first visit would compile them for nothing.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import js
from pyodide.ffi import create_proxy

import browser
import gamefiles
import peers
from browser import el, notice, present, set_text, show
from peerlink import Link
from peerplay import stun_server
from peers import PeerError, Signal, Together
import presenter
from presenter import Session, view_module
from pygame_core.markup import Markup, join, tag

PING_SECONDS = 3.0
SILENT_SECONDS = 12.0  # no reply for this long: the guest is away
RACE_STEP_MS, RACE_LIMIT_MS = 50, 2000  # as app.py: reaction times are sent rounded and capped
FORCED_PAUSE_SECONDS = 0.6


def epoch_ms() -> float:
    """Milliseconds on the machine's clock, comparable between two pages (tools measure the
    time from a guest's tap to the host's redraw with it)."""
    return float(js.performance.timeOrigin) + float(js.performance.now())


def record(name: str, *values: Any) -> None:
    """Keep a figure on `window[name]` for the e2e tests and tools/bench.py to read."""
    store = getattr(js.window, name, None)
    if not present(store):
        setattr(js.window, name, js.Array.new())
        store = getattr(js.window, name)
    store.push(js.Array.of(*values))


def page_link(fragment: str) -> str:
    return f"{js.location.origin}{js.location.pathname}#{fragment}"


def code_from(text: str, key: str) -> str:
    """A code from what a player pasted: the code itself or a link holding `#key=code`."""
    text = text.strip()
    marker = f"#{key}="
    return text.split(marker, 1)[1] if marker in text else text


async def qr_markup(text: str, label: str) -> Markup | None:
    """The QR code of `text` as SVG, or None where it cannot be made (the link still works)."""
    try:
        import qr
        return await qr.svg(text, label)
    except Exception as exc:  # noqa: BLE001 - the link and the code are the fallback
        js.console.warn(f"no QR code: {exc}")
        return None


# -- the host ----------------------------------------------------------------------------------

class SeatLink:
    """One remote seat at the host: its current offer and link, and what its guest was sent."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.number = -1  # which offer of this seat is current
        self.link: Link | None = None
        self.code = ""
        self.qr: Markup | None = None
        self.status = "making"  # making | waiting | connected
        self.sent_at = -1
        self.sent_seats: list[str] = []
        self.log_turns = 0  # turns of the log the guest has
        self.heard = 0.0  # when the guest last answered a ping (time.monotonic)


class HostTable:
    def __init__(self, app: Any, session: Session) -> None:
        self.app, self.session = app, session
        self.table = f"{int(js.Math.random() * 36 ** 8):08x}"[:8]
        self.seats = {s: SeatLink(s) for s, kind in enumerate(session.seats) if kind == "remote"}
        self.closed = False
        self.early = peers.EarlyAnswers()
        self._now: tuple[Any, Together | None] = (None, None)
        self.here_opened: tuple[str, float] | None = None  # the moment the person here was asked, when
        self.here_asked = False  # drawn with an early prompt for the person here
        self.ping_timer = js.setInterval(create_proxy(app.guard(self.ping)), int(PING_SECONDS * 1000))
        self.ping_id = 0
        panel = el("peers-panel")
        panel.onclick = create_proxy(app.guard(self.on_click))
        panel.onchange = create_proxy(app.guard(self.on_change))
        show("peers-panel")
        for seat in self.seats:
            asyncio.ensure_future(self.new_offer(seat))
        self.render_panel()

    @property
    def match(self) -> Any:
        return self.session.match

    def now(self) -> Together | None:
        """The moment the table answers at once, if it is in one (worked out once a position)."""
        key = (len(self.match.log), id(self.match.state))
        if self._now[0] != key:
            self._now = (key, peers.together(self.match))
        return self._now[1]

    def here(self) -> int | None:
        """The seat of the one person at this device, if one (several share it hot-seat)."""
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else None

    def stun(self) -> str:
        return stun_server(self.app.settings)

    # offers and answers ------------------------------------------------------------------------
    async def new_offer(self, seat: int) -> None:
        """A fresh offer for `seat` (the first, or after its guest dropped), shown as a code."""
        slot = self.seats[seat]
        if slot.link is not None:
            slot.link.close("replaced")
        slot.number += 1
        number = slot.number
        slot.status, slot.code, slot.qr, slot.link = "making", "", None, None
        self.render_panel()
        link = Link(lambda: self.on_open(seat, link), lambda text: self.on_guest(seat, link, text),
                    lambda why: self.on_close(seat, link, why), self.stun())
        slot.link = link
        sdp = await link.offer()
        if self.closed or slot.number != number:
            link.close("replaced")
            return
        slot.code = peers.pack_signal(Signal("offer", self.table, seat, number, sdp))
        slot.status = "waiting"
        record("hexPeerCodes", "offer", len(slot.code))
        self.render_panel()
        slot.qr = await qr_markup(page_link(f"join={slot.code}"), f"Code for {self.match.names[seat]}")
        if slot.number == number and slot.status == "waiting":
            self.render_panel()

    async def take_answer(self, text: str) -> None:
        """A guest's answer code (pasted, scanned, or from an answer link): connect its seat."""
        try:
            signal = peers.unpack_signal(code_from(str(text), "answer"), "answer")
            slot = self.seats.get(signal.seat)
            if signal.table != self.table:
                raise PeerError("this answer is for another game or an earlier page of this one; "
                                "the player should scan the seat's code on this screen again")
            if slot is None:
                raise PeerError("that seat is not played on its own device")
            if signal.link != slot.number or slot.status != "waiting" or slot.link is None:
                raise PeerError(f"this answer is for an old code of {self.match.names[signal.seat]}'s seat; "
                                "scan the seat's current code again")
        except PeerError as exc:
            notice(f"That answer code cannot be used: {exc}", 10)
            return
        record("hexPeerCodes", "answer", len(code_from(str(text), "answer")))
        slot.status = "connecting"
        self.render_panel()
        try:
            await slot.link.accept(signal.sdp)
        except Exception as exc:  # noqa: BLE001 - the browser refused the description
            notice(f"Could not connect {self.match.names[signal.seat]}: {exc}", 10)
            asyncio.ensure_future(self.new_offer(signal.seat))

    # the connection ---------------------------------------------------------------------------
    def on_open(self, seat: int, link: Link) -> None:
        slot = self.seats[seat]
        if slot.link is not link or self.closed:
            return
        slot.status, slot.sent_at, slot.log_turns, slot.heard = "connected", -1, 0, time.monotonic()
        self.session.stand_in.discard(seat)
        link.send(peers.encode(peers.welcome(self.match, seat, self.table)))
        notice(f"{self.match.names[seat]} joined on their own device.")
        self.render_panel()
        self.app.render()  # every guest hears who is at the table; sync() sends the state

    def on_close(self, seat: int, link: Link, why: str) -> None:
        slot = self.seats.get(seat)
        if self.closed or slot is None or slot.link is not link:
            return
        was_connected = slot.status == "connected"
        self.early.drop(seat)  # asked again when they are back
        if was_connected:
            notice(f"{self.match.names[seat]} is away ({why}). Their seat waits: they can scan its "
                   "new code to come back.", 8)
        asyncio.ensure_future(self.new_offer(seat))
        if was_connected:
            self.stand_in_if_chosen(seat)
            self.app.render()

    def stand_in_if_chosen(self, seat: int) -> None:
        if seat in self.session.cover and self.seats[seat].status != "connected":
            self.session.stand_in.add(seat)
            self.app.schedule_bots()

    def on_guest(self, seat: int, link: Link, text: str) -> None:
        slot = self.seats.get(seat)
        if slot is None or slot.link is not link or self.closed:
            return
        slot.heard = time.monotonic()
        received = epoch_ms()
        try:
            data = peers.parse_guest_message(text)
            if data["t"] == "pong":
                return
            action = self.early.take(self.match, seat, data, self.now())
        except PeerError as exc:
            at = len(self.match.log)
            link.send(peers.encode({"t": "refused", "at": at, "action": _short(text), "reason": str(exc)}))
            return
        if action is None:  # held until the rules reach the seat
            record("hexPeerHeld", seat, len(self.match.log), received)
            return
        before = len(self.match.log)
        self.app.play(lambda: self.match.play(action, seat))
        if len(self.match.log) > before:
            record("hexPeerDrawn", seat, before, received, epoch_ms())

    def ping(self) -> None:
        now = time.monotonic()
        self.ping_id += 1
        for slot in self.seats.values():
            if slot.status == "connected" and slot.link is not None:
                if now - slot.heard > SILENT_SECONDS:
                    slot.link.close("no reply for a while")
                else:
                    slot.link.send(peers.encode({"t": "ping", "id": self.ping_id}))

    def seat_states(self) -> list[str]:
        session = self.session
        out = []
        for seat, kind in enumerate(session.seats):
            if seat in self.seats:
                out.append("guest" if self.seats[seat].status == "connected" else "away")
            else:
                out.append("here" if kind == "human" else "computer")
        return out

    def sync(self) -> None:
        if self.closed:
            return
        now = self.now()
        states = self.seat_states()
        at = len(self.match.log)
        for slot in self.seats.values():
            if slot.status != "connected" or slot.link is None:
                continue
            if slot.sent_at == at and slot.sent_seats == states:
                continue
            update = peers.seat_update(self.match, slot.seat, states, slot.log_turns, now)
            update["sent"] = int(epoch_ms())
            text = peers.encode(update)
            record("hexPeerSizes", len(text))
            if slot.link.send(text):
                slot.sent_at, slot.sent_seats = at, states
                log = update["log"]
                slot.log_turns = log["start"] + len(log["turns"]) - 1 if log["turns"] else 0
        self.render_panel()
        self.settle(now)
        if self.here_asked:
            self.ask_here(now)
        elif (here := self.here()) is not None and self.early.holds(here, now):
            set_text("turn", "Your answer is in: it is played when the rules come to you.")

    # answers before their turn -------------------------------------------------------------------
    def settle(self, now: Together | None) -> None:
        """Play the held answer of the seat the rules have reached; tell those whose answers
        the moment overtook (someone before them answered) to answer anew."""
        play, refused = self.early.due(self.match, now)
        at = len(self.match.log)
        for seat, text, reason in refused:
            slot = self.seats.get(seat)
            if seat == self.here():
                notice(f"Your answer was not played: {reason}.", 8)
            elif slot is not None and slot.link is not None:
                slot.link.send(peers.encode({"t": "refused", "at": at, "action": text, "reason": reason}))
        if play is None:
            return
        seat, action = play

        def go() -> None:
            if not self.closed and len(self.match.log) == at and self.match.state.current_player == seat:
                self.app.play(lambda: self.match.play(action, seat))
        js.setTimeout(browser.create_once(self.app.guard(go)), 0)

    def early_view(self, seat: int | None) -> dict[str, Any] | None:
        now, state = self.now(), self.match.state
        self.here_asked = False
        if seat is None or seat != self.here() or now is None or seat not in now.legal:
            self.here_opened = None
            return None
        if self.here_opened is None or self.here_opened[0] != now.ask:
            self.here_opened = (now.ask, float(js.performance.now()))  # one countdown for the moment
        if seat == state.current_player:
            return None  # the rules ask this seat now: its own view
        view: dict[str, Any] = state.view(seat)
        held = self.early.holds(seat, now)
        view["legal"] = [] if held else list(now.legal[seat])
        self.here_asked = not held
        return view

    def ask_here(self, now: Together | None) -> None:
        """The person here is asked early: say so, and pass for them if passing is all they may do."""
        seat = self.here()
        if seat is None or now is None:
            return
        set_text("turn", f"{self.match.names[seat]}, your turn (everyone is asked at once).")
        hook = getattr(self.session.view, "forced", None)
        legal = list(now.legal.get(seat, ()))
        move = hook(self.match.state.view(seat), legal) if hook is not None else None
        if move in legal and not self.app.settings.get("ask_to_pass"):
            ask = now.ask

            def go() -> None:
                later = self.now()
                if later is not None and later.ask == ask and not self.early.holds(seat, later):
                    self.answer_here(move)
            js.setTimeout(browser.create_once(self.app.guard(go)), int(FORCED_PAUSE_SECONDS * 1000))

    def answer_here(self, text: str) -> bool:
        seat, now = self.here(), self.now()
        if seat is None or now is None or seat not in now.legal or seat == self.match.state.current_player:
            return False
        try:
            self.early.take(self.match, seat, {"t": "act", "at": len(self.match.log), "action": text,
                                               "ask": now.ask}, now)
        except PeerError as exc:
            notice(f"Not allowed: {exc}")
            return True
        self.session.ui = {}
        self.app.render()
        return True

    def time_left(self, seconds: float) -> float:
        if self.here_opened is None:
            return seconds
        return round(max(0.0, seconds - (float(js.performance.now()) - self.here_opened[1]) / 1000), 1)

    # the panel --------------------------------------------------------------------------------
    def render_panel(self) -> None:
        if self.closed:
            return
        names = self.match.names
        rows = []
        for seat, slot in self.seats.items():
            name = names[seat]
            if slot.status == "connected":
                state = tag("span", "connected", class_="pill peer-on")
                body = None
            else:
                state = tag("span", {"making": "preparing a code…", "waiting": "waiting to join",
                                     "connecting": "connecting…"}.get(slot.status, ""),
                            class_="pill peer-off")
                body = slot.code and join(
                    slot.qr and tag("div", slot.qr, class_="peer-qr"),
                    tag("p", tag("a", f"Link for {name}", href=page_link(f"join={slot.code}"),
                                 target="_blank", rel="noopener", data_join=seat), " ",
                        tag("button", "Copy link", type="button", data_copy=page_link(f"join={slot.code}"))),
                )
            cover = tag("label", tag("input", type="checkbox", data_cover=seat, checked=seat in self.session.cover),
                        f" A computer plays for {name} while away", class_="peer-cover")
            rows.append(tag("li", tag("p", tag("strong", name), " ", state), body, cover,
                            class_="peer-seat", data_seat=seat, data_status=slot.status))
        scan = hasattr(js.window, "BarcodeDetector") and tag(
            "button", "Scan an answer", type="button", data_scan="")
        form = tag("p", tag("label", "Answer code or link ",
                            tag("input", type="text", id="peer-answer", autocomplete="off",
                                spellcheck="false", inputmode="url")),
                   " ", tag("button", "Connect", type="button", data_connect="", class_="primary"),
                   " ", scan, class_="peer-answer")
        waiting = any(s.status != "connected" for s in self.seats.values())
        browser.set_html(el("peers-panel"), join(
            tag("h3", "Players on their own devices", id="peers-title"),
            waiting and tag("p", "Each player scans their seat's code with their phone's camera (or opens "
                                 "its link), then shows this device the answer code their phone gives.",
                            class_="meta"),
            tag("ul", rows, class_="peer-seats"), waiting and form))

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

    def on_change(self, event: Any) -> None:
        box = event.target.closest("[data-cover]")
        if not present(box):
            return
        seat = int(box.getAttribute("data-cover"))
        if box.checked:
            self.session.cover.add(seat)
            self.stand_in_if_chosen(seat)
        else:
            self.session.cover.discard(seat)
            self.session.stand_in.discard(seat)

    async def scan(self) -> None:
        """Read an answer's QR code with the camera, where the browser has a barcode detector."""
        code = await scan_qr()
        if code:
            await self.take_answer(code)

    def close(self) -> None:
        self.closed = True
        js.clearInterval(self.ping_timer)
        for slot in self.seats.values():
            if slot.link is not None:
                slot.link.send(peers.encode({"t": "bye", "reason": "the host left this game"}))
                slot.link.close("the host left")
        show("peers-panel", False)


USED_CODES = "hex-table:joined"  # in sessionStorage: the codes this tab joined with (they work once)
MAX_USED = 20


def used_codes() -> list[str]:
    try:
        text = js.sessionStorage.getItem(USED_CODES)
        kept = json.loads(str(text)) if present(text) else []
        return [str(k) for k in kept][:MAX_USED] if isinstance(kept, list) else []
    except Exception:  # noqa: BLE001 - no storage, or damaged: nothing remembered
        return []


def remember_used(key: str) -> None:
    try:
        js.sessionStorage.setItem(USED_CODES, json.dumps([key, *used_codes()][:MAX_USED]))
    except Exception:  # noqa: BLE001 - without storage a reload just makes an answer the host refuses
        pass


def _short(text: Any) -> str:
    return str(text)[:peers.MAX_ACTION] if isinstance(text, str) else ""


async def scan_qr() -> str:
    """Open the camera and return the first QR code's text it sees (or "" after 60 s)."""
    video = js.document.createElement("video")
    video.setAttribute("playsinline", "")
    video.className = "peer-camera"
    js.document.body.appendChild(video)
    stream = None
    try:
        stream = await js.navigator.mediaDevices.getUserMedia(browser.js_object(
            video=browser.js_object(facingMode="environment")))
        video.srcObject = stream
        await video.play()
        detector = js.BarcodeDetector.new(browser.js_object(formats=js.Array.of("qr_code")))
        for _ in range(600):
            found = await detector.detect(video)
            if found.length:
                return str(found[0].rawValue)
            await asyncio.sleep(0.1)
        return ""
    except Exception as exc:  # noqa: BLE001 - no camera, refused: paste the code instead
        notice(f"The camera could not be used ({exc}); paste the answer code instead.", 8)
        return ""
    finally:
        if stream is not None:
            for track in stream.getTracks():
                track.stop()
        video.remove()


# -- a guest -------------------------------------------------------------------------------------

class GuestTable:
    """A guest's page: one seat of a game run on the host's device."""

    def __init__(self, app: Any, code: str) -> None:
        self.app = app
        self.closed = False
        self.link: Link | None = None
        self.signal: Signal | None = None
        self.seat = -1
        self.names: list[str] = []
        self.game_id = ""
        self.view: Any = None
        self.update: dict[str, Any] | None = None
        self.turns: list[tuple[int | None, list[str]]] = []
        self.ui: dict[str, str] = {}
        self.waiting_for: int | None = None  # `at` of a choice sent and not yet answered
        self.asked: tuple[str, float] | None = None  # the moment asked at once, and when it first showed
        self.answered = ""  # the moment this seat's answer was sent in (held at the host until its turn)
        self.race_shown: float | None = None
        self.race_action = ""
        self.timer: Any = None
        self.answer_code = ""
        self.qr: Markup | None = None
        self.message = ""
        self.queued: list[str] | None = None  # the host's messages while the game's files come
        body = js.document.body.classList
        body.add("guest")
        show("menu", False)
        show("game")
        set_text("game-title", "Joining a game")
        set_text("turn", "")
        el("scores").replaceChildren()
        el("log").replaceChildren()
        browser.set_html(el("board"), Markup())
        self.listeners = [create_proxy(app.guard(self.on_click)), create_proxy(app.guard(self.on_key))]
        el("board").addEventListener("click", self.listeners[0])
        js.document.addEventListener("keydown", self.listeners[1])
        show("peers-panel")
        try:
            self.signal = peers.unpack_signal(code, "offer")
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

    def signal_key(self) -> str:
        signal = self.signal
        return "" if signal is None else f"{signal.table}:{signal.seat}:{signal.link}"

    def say(self, text: str) -> None:
        self.message = text
        self.render_panel()

    async def connect(self) -> None:
        signal = self.signal
        assert signal is not None
        self.say("Preparing your answer…")
        link = Link(self.on_open, self.on_message, self.on_close, stun_server(self.app.settings))
        self.link = link
        try:
            sdp = await link.answer(signal.sdp)
        except Exception as exc:  # noqa: BLE001 - the browser refused the offer
            self.say(f"This code could not be used to connect ({exc}). Scan the seat's code again.")
            return
        if link.opened or link.closed:
            return
        self.answer_code = peers.pack_signal(Signal("answer", signal.table, signal.seat, signal.link, sdp))
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
        browser.set_html(el("peers-panel"), join(
            tag("h3", "Your seat" if connected else "Joining", id="peers-title"),
            self.message and tag("p", self.message, id="peer-message"), answer))
        if not connected and present(el("peers-panel").querySelector("[data-copy]")):
            el("peers-panel").onclick = create_proxy(self.app.guard(self.copy))

    def copy(self, event: Any) -> None:
        button = event.target.closest("[data-copy]")
        if present(button):
            js.navigator.clipboard.writeText(button.getAttribute("data-copy"))
            notice("Copied: send it to the host.")

    def on_open(self) -> None:
        remember_used(self.signal_key())  # a reload on this link must not offer a dead answer
        self.say("Connected. Waiting for the host…")

    def on_close(self, why: str) -> None:
        if self.closed:
            return
        self.waiting_for = None
        el("board").classList.add("peer-lost")
        self.say(f"Lost the connection to the host ({why}). Your seat is kept: scan its code on the "
                 "host's screen again (or open its new link) to come back.")
        set_text("turn", "Disconnected from the host.")

    def on_message(self, text: str) -> None:
        if self.queued is not None:
            self.queued.append(text)  # read in order once the game's files are here
            return
        try:
            data = peers.parse_host_message(text)
            record("hexPeerReceived", len(text) if isinstance(text, str) else 0)
            kind = data["t"]
            if kind == "ping":
                self.send({"t": "pong", "id": data["id"]})
            elif kind == "seat":
                if data["game"] in self.app.games and not gamefiles.ready(data["game"]):
                    self.queued = [text]
                    asyncio.ensure_future(self.fetch_then_read(data["game"]))
                    return
                self.welcome(data)
            elif kind == "state":
                self.take_state(data)
            elif kind == "refused":
                self.waiting_for, self.answered = None, ""
                notice(f"Not allowed: {data['reason']}", 6)
                self.render()
            elif kind == "bye":
                self.say(f"The host ended the connection: {data['reason']}.")
        except Exception as exc:  # noqa: BLE001 - a bad message never ends the game here
            notice(f"The host's device sent something this page cannot use ({exc}); it was ignored "
                   "and the game goes on.", 8)
            el("board").setAttribute("data-peer-error", str(exc)[:200])

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

    def send(self, message: dict[str, Any]) -> bool:
        return self.link is not None and self.link.send(peers.encode(message))

    def welcome(self, data: dict[str, Any]) -> None:
        game_id = data["game"]
        if self.view is not None and (game_id, data["seat"]) != (self.game_id, self.seat):
            raise PeerError("the host tried to move this page to another game or seat")
        view = view_module(game_id)  # raises for a game this site does not have
        browser.use_stylesheet(f"./styles/{game_id}.css", waiting=el("game"))
        self.game_id, self.view, self.seat, self.names = game_id, view, data["seat"], data["names"]
        self.turns, self.update = [], None
        browser.set_html(el("rules-panel"), Markup())  # this game's rules, when first opened
        show("rules-panel", False)
        el("board").classList.remove("peer-lost")
        from pygame_core import get_game
        set_text("game-title", get_game(game_id).name)
        self.say(f"You play {self.names[self.seat]} in this game, run on the host's device.")

    def take_state(self, data: dict[str, Any]) -> None:
        if self.view is None:
            raise PeerError("a state arrived before the seat was given")
        if len(data["seats"]) != len(self.names):
            raise PeerError("the state is for another table")
        log = data["log"]
        if log["start"] > len(self.turns):
            raise PeerError("the log skips turns")
        turns = self.turns[:log["start"]] + log["turns"]
        # Drawing first: a view this page cannot draw leaves the last good board (and log).
        board = self.view.render(data["view"], {}, self.names)
        self.update, self.turns, self.ui = data, turns, {}
        self.waiting_for = None
        ask = data.get("ask")
        if ask is None:
            self.asked, self.answered = None, ""
        elif self.asked is None or self.asked[0] != ask:
            self.asked, self.answered = (ask, float(js.performance.now())), ""
            record("hexPeerPrompt", ask, "open", epoch_ms())
        self.render(None if self.held() else board)
        record("hexPeerShown", data["at"], epoch_ms())

    def held(self) -> bool:
        """This seat answered the moment now asked: its answer waits at the host for its turn."""
        return bool(self.answered) and self.update is not None and self.update.get("ask") == self.answered

    def shown_view(self) -> dict[str, Any]:
        """The view as drawn: with no choices once an answer is in (it cannot be changed)."""
        assert self.update is not None
        view = self.update["view"]
        return dict(view, legal=[]) if self.held() else view

    # drawing ------------------------------------------------------------------------------------
    def render(self, board: Markup | None = None) -> None:
        update = self.update
        if update is None or self.closed:
            return
        names = self.names
        if board is None:
            board = self.view.render(self.shown_view(), self.ui, names)
        browser.set_html(el("board"), board)
        el("board").removeAttribute("data-peer-error")
        el("board").classList.toggle("thinking", self.waiting_for is not None)
        if self.held():
            set_text("turn", "Your answer is in: it is played when the rules come to you.")
        elif update.get("ask") is not None and update["current"] != self.seat and update["view"].get("legal"):
            set_text("turn", f"{names[self.seat]}, your turn (everyone is asked at once).")
        else:
            set_text("turn", peers.guest_status(names, self.seat, update))
        scores = el("scores")
        scores.replaceChildren()
        for i, name in enumerate(names):
            where = update["seats"][i] if i < len(update["seats"]) else ""
            label = f"{name}: {update['scores'][i]:g}" + (" (away)" if where == "away" else "")
            chip = browser.make("span", label, "score-chip")
            if i == update["current"]:
                chip.classList.add("current")
            if i in update["winners"]:
                chip.classList.add("winner")
            if i == self.seat:
                chip.classList.add("me")
            scores.appendChild(chip)
        browser.set_html(el("log"), join(
            tag("li", turn_seat is not None and len(lines) > 1 and tag(
                "span", names[turn_seat] if turn_seat < len(names) else "", class_="log-who"),
                tag("ol", [tag("li", line) for line in lines]), class_="log-turn")
            for turn_seat, lines in self.turns))
        self.arm()

    def arm(self) -> None:
        """The clocks the view asks for, on this device: a race, a response countdown, and a
        pass the table makes for a seat with no other choice."""
        update = self.update
        assert update is not None
        board = el("board")
        if present(self.timer):
            js.clearTimeout(self.timer)
            self.timer = None
        self.race_shown, self.race_action = browser.race_clock(board, self.race_shown, self.race_action)
        at = update["at"]
        legal = self.shown_view().get("legal") or []
        prompt = board.querySelector("[data-countdown]")
        if present(prompt):
            seconds = float(prompt.getAttribute("data-countdown") or 0)
            if self.asked is not None:  # one countdown for the moment, from when it first showed here
                seconds = round(max(0.0, seconds - (float(js.performance.now()) - self.asked[1]) / 1000), 1)
            action = str(prompt.getAttribute("data-countdown-action") or "")
            box = prompt.querySelector("[data-countdown-text]")
            if present(box):
                box.textContent = f"Passing automatically in {seconds:g} s"
            if action in legal:
                self.timer = js.setTimeout(browser.create_once(
                    lambda: self.choose(action, at)), int(seconds * 1000))
            return
        hook = getattr(self.view, "forced", None)
        move = hook(self.shown_view(), list(legal)) if hook is not None and legal else None
        if move is not None and move in legal and not self.app.settings.get("ask_to_pass"):
            self.timer = js.setTimeout(browser.create_once(lambda: self.choose(move, at)),
                                       int(FORCED_PAUSE_SECONDS * 1000))

    # input ----------------------------------------------------------------------------------------
    def choose(self, text: str, at: int | None = None) -> None:
        update = self.update
        if update is None or self.closed or (at is not None and at != update["at"]):
            return
        if self.waiting_for == update["at"]:
            return  # one choice per position; the host's answer comes first
        if text not in (self.shown_view().get("legal") or []):
            notice("Wait for your turn.")
            return
        record("hexPeerTaps", update["at"], epoch_ms(), self.seat)
        message = {"t": "act", "at": update["at"], "action": text}
        ask = update.get("ask")
        if ask is not None:
            message["ask"] = ask
        if self.send(message):
            self.waiting_for = update["at"]
            if ask is not None:
                self.answered = ask
                record("hexPeerPrompt", ask, "answered", epoch_ms())
                if update["current"] != self.seat:
                    self.render()  # the prompt goes; the answer waits at the host for this seat's turn
            el("board").classList.add("thinking")
        else:
            notice("Not connected to the host: your choice was not sent.")

    def react(self) -> None:
        if self.race_shown is None:
            return
        took = float(js.performance.now()) - self.race_shown
        ms = min(RACE_LIMIT_MS, int(round(took / RACE_STEP_MS)) * RACE_STEP_MS)
        self.race_shown = None
        self.choose(self.race_action.replace("{ms}", str(ms)))

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action],[data-ui]")
        if present(target) and self.update is not None:
            self.activate(target)

    def activate(self, target: Any) -> None:
        if target.hasAttribute("data-ui"):
            presenter.choose_ui(self.ui, str(target.getAttribute("data-ui")))
            self.render()
        elif target.hasAttribute("data-race") and self.race_shown is not None:
            self.react()
        elif target.hasAttribute("data-action"):
            self.choose(str(target.getAttribute("data-action")))

    def on_key(self, event: Any) -> None:
        if self.update is None:
            return
        key = str(event.key)
        if self.race_shown is not None and key not in ("Tab", "Shift", "Alt", "Control", "Meta", "CapsLock"):
            event.preventDefault()
            self.react()
            return
        target = event.target
        if key in ("Enter", " ") and present(target.closest("#board [data-action],#board [data-ui]")):
            if str(target.tagName).lower() != "button":
                event.preventDefault()
                self.activate(target.closest("[data-action],[data-ui]"))
            return
        handle = getattr(self.view, "handle_key", None)
        if handle is not None and present(target.closest("#board")):
            new_ui = handle(key, self.update["view"], dict(self.ui))
            if new_ui is not None:
                self.ui = new_ui
                event.preventDefault()
                self.render()

    def close(self) -> None:
        self.closed = True
        if self.link is not None:
            self.link.close("left")
        el("board").removeEventListener("click", self.listeners[0])
        js.document.removeEventListener("keydown", self.listeners[1])
        js.document.body.classList.remove("guest")
        show("peers-panel", False)
        browser.set_html(el("rules-panel"), Markup())
        show("rules-panel", False)

