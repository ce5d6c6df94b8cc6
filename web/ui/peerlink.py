"""One WebRTC data channel between two browsers, connected by codes the players carry.

No signalling server: the host makes an offer, the guest answers it, and each description
goes to the other side in a code (peers.py packs it). They are exchanged once, so the
candidates must be inside them: we wait for gathering to finish ("non-trickle") before
reading the description. No STUN or TURN server unless the player set one, so by default
the candidates are the device's own addresses (behind mDNS names in Chromium) and two
devices on one Wi-Fi network connect with no internet at all.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from peerflow import CUT, DROPPED, QUEUED, Flow, Limits

GATHER_SECONDS = 3.0  # host candidates come at once; a STUN server may take longer
GATHER_SECONDS_STUN = 6.0
CHANNEL = "hex-table"
FLOODED = "the other device sent far more messages than a game needs"


def configuration(stun: str = "") -> Any:
    servers = [{"urls": [stun]}] if stun else []
    return to_js({"iceServers": servers}, dict_converter=js.Object.fromEntries)


class Link:
    """An RTCPeerConnection with one ordered data channel, and what to do when it opens,
    receives text or closes. `close` may be called any number of times.

    What arrives passes the other side's `limits` (peerflow.py) before anything reads it,
    and is handed to `on_message` in slices of the page's time; a peer that keeps flooding
    is cut off (`flooded`, and FLOODED is the reason given to `on_close`)."""

    def __init__(self, on_open: Callable[[], None], on_message: Callable[[str], None],
                 on_close: Callable[[str], None], limits: Limits, stun: str = "") -> None:
        self.on_open, self.on_message, self.on_close = on_open, on_message, on_close
        self.stun = stun
        self.flow = Flow(limits, float(js.performance.now()))
        self.draining = False
        self.flooded = False
        self.told = -1000.0  # when a message too long was last passed on to be refused
        self.pc = js.RTCPeerConnection.new(configuration(stun))
        self.channel: Any = None
        self.closed = False
        self.opened = False
        self._proxies: list[Any] = []
        self._listen(self.pc, "connectionstatechange", self._state_changed)
        self._listen(self.pc, "datachannel", lambda e: self._use_channel(e.channel))

    def _listen(self, target: Any, event: str, handler: Callable[[Any], Any]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def _use_channel(self, channel: Any) -> None:
        if self.channel is not None or self.closed:
            return  # one channel per link: any other is ignored
        self.channel = channel
        self._listen(channel, "open", lambda e: self._opened())
        self._hear = create_proxy(lambda e: self._message(e.data))
        self._proxies.append(self._hear)
        channel.addEventListener("message", self._hear)
        self._listen(channel, "close", lambda e: self.close("the connection closed"))
        if str(channel.readyState) == "open":
            self._opened()

    def _opened(self) -> None:
        if not self.opened and not self.closed:
            self.opened = True
            self.on_open()

    def _message(self, data: Any) -> None:
        if self.closed:
            return
        text = data if isinstance(data, str) else ""  # binary is not ours: refused as empty
        now = float(js.performance.now())
        verdict = self.flow.offer(text, now)
        if verdict == CUT:
            self.flooded = True
            self.close(FLOODED)
        elif verdict == DROPPED and len(text) > self.flow.limits.max_chars and now - self.told >= 1000:
            self.told = now  # refused for its length, unread: the page says so, once a second at most
            self.on_message(text)
        elif verdict == QUEUED and not self.draining:
            self.draining = True
            js.setTimeout(create_once_callable(lambda *_: self._drain()), 0)

    def _drain(self) -> None:
        """One slice of the queued messages; the next slice after the browser's turn."""
        more = False
        try:
            if not self.closed:
                more = self.flow.drain(self.on_message, lambda: float(js.performance.now()))
        finally:
            self.draining = more and not self.closed
            if self.draining:
                js.setTimeout(create_once_callable(lambda *_: self._drain()), 0)

    def message_waiting(self, prefix: str) -> bool:
        """Whether a queued message starts with `prefix` (a later state makes drawing this one
        useless)."""
        return any(text.startswith(prefix) for text in self.flow.queue)

    def _state_changed(self, event: Any) -> None:
        state = str(self.pc.connectionState)
        if state in ("failed", "closed"):
            self.close(f"the connection {state}")

    async def _gathered(self) -> str:
        """The local description once its candidates are all in (or after a few seconds)."""
        limit = GATHER_SECONDS_STUN if self.stun else GATHER_SECONDS
        waited = 0.0
        while str(self.pc.iceGatheringState) != "complete" and waited < limit:
            await asyncio.sleep(0.05)
            waited += 0.05
        return str(self.pc.localDescription.sdp)

    async def offer(self) -> str:
        self._use_channel(self.pc.createDataChannel(CHANNEL, to_js({"ordered": True},
                                                                   dict_converter=js.Object.fromEntries)))
        await self.pc.setLocalDescription(await self.pc.createOffer())
        return await self._gathered()

    async def answer(self, offer_sdp: str) -> str:
        await self.pc.setRemoteDescription(_description("offer", offer_sdp))
        await self.pc.setLocalDescription(await self.pc.createAnswer())
        return await self._gathered()

    async def accept(self, answer_sdp: str) -> None:
        await self.pc.setRemoteDescription(_description("answer", answer_sdp))

    def send(self, text: str) -> bool:
        if self.closed or self.channel is None or str(self.channel.readyState) != "open":
            return False
        try:
            self.channel.send(text)
            return True
        except Exception:  # noqa: BLE001 - a channel closing under us: reported by its close event
            return False

    def close(self, why: str = "closed") -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if self.channel is not None:
                self.channel.removeEventListener("message", self._hear)  # the rest of a flood: unheard
                self.channel.close()
            self.pc.close()
        except Exception:  # noqa: BLE001 - closing what is already gone
            pass
        was_open = self.opened
        self.on_close(why if was_open else f"could not connect: {why}")
        js.setTimeout(create_once_callable(lambda *_: self._release()), 0)

    def _release(self) -> None:
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()


def _description(kind: str, sdp: str) -> Any:
    return to_js({"type": kind, "sdp": sdp}, dict_converter=js.Object.fromEntries)
