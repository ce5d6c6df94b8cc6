"""What this browser can do, asked in one place before the page offers anything that needs it.

Engines differ: Debian's WebKitGTK has no WebRTC, only some browsers have a barcode detector,
a frame on another site may be refused storage, a laptop may have no camera. Each choice that
needs one of these is hidden or disabled where it is missing, with the one-line reason below
shown beside it, so nothing the page offers ends in an exception or a hang.

Asked when needed, never at import: the page may start from a memory snapshot made in
another visit (web/start.mjs), where an answer kept at import would be that visit's.
The start-up's own JavaScript (web/start.mjs, web/archives.mjs) checks what it needs itself
(Cache Storage, compression streams, requestIdleCallback) and does without it.
"""

from __future__ import annotations

from typing import Any, Callable

import js

from browser import local_storage, present

REASONS = {
    "webrtc": "This browser cannot connect to other devices (it has no WebRTC).",
    "camera": "This browser gives the page no camera: paste the answer code instead.",
    "barcode": "This browser has no barcode detector of its own.",
    "offline": "This browser cannot keep the site for offline play (no service worker or Cache Storage).",
    "storage": "This browser is not keeping saves for this page (private mode or a blocked frame).",
    "wakelock": "This browser cannot keep the screen on.",
}


def _has(owner: Any, *names: str) -> bool:
    """Whether `owner.a.b…` is there (not undefined or null) and reading it raises nothing."""
    try:
        for name in names:
            owner = getattr(owner, name, None)
            if not present(owner):
                return False
        return True
    except Exception:  # noqa: BLE001 - a getter that throws: the browser refuses it
        return False


CHECKS: dict[str, Callable[[], bool]] = {
    "webrtc": lambda: _has(js.window, "RTCPeerConnection"),
    "camera": lambda: _has(js.navigator, "mediaDevices", "getUserMedia"),
    "barcode": lambda: _has(js.window, "BarcodeDetector"),
    "offline": lambda: (_has(js.navigator, "serviceWorker") and _has(js.window, "caches")
                        and js.window.isSecureContext is not False),
    "storage": lambda: local_storage() is not None,
    "wakelock": lambda: _has(js.navigator, "wakeLock", "request"),
}


def missing(feature: str) -> str:
    """"" when this browser has `feature` (a key of REASONS), else the reason to show."""
    return "" if CHECKS[feature]() else REASONS[feature]


def has(feature: str) -> bool:
    return not missing(feature)
