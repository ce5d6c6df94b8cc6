"""What both ends of peer play use in the page: the STUN setting, links to this page, QR
codes, and the figures kept for the tests and tools/bench.py.

Imported at start-up (peerplay.py shows the STUN setting), so it imports the protocol
(peers.py) only when a stored STUN server must be checked.
"""

from __future__ import annotations

from typing import Any

import js

from browser import present
from pygame_core.markup import Markup

STUN_SETTING = "stun"  # the player's own STUN server ("stun:host:port"), empty for none


def stun_server(settings: dict[str, Any]) -> str:
    """The player's STUN server from the (untrusted) stored settings, "" for none."""
    stored = settings.get(STUN_SETTING, "")
    if not stored:
        return ""  # the usual case, told without importing the protocol
    import peers
    try:
        return peers.check_stun(stored)
    except peers.PeerError:
        return ""


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


async def qr_markup(text: str, label: str) -> Markup | None:
    """The QR code of `text` as SVG, or None where it cannot be made (the link still works)."""
    try:
        import qr
        return await qr.svg(text, label)
    except Exception as exc:  # noqa: BLE001 - the link and the code are the fallback
        js.console.warn(f"no QR code: {exc}")
        return None
