"""Reading a QR code with the camera ("Scan an answer" at the host's device).

The browser's own barcode detector where it has one (Chrome on Android); everywhere else
that has a camera, a small QR reader in JavaScript (@paulmillr/qr, pinned in package.json,
served from our own qr-reader/ folder), imported the first time a scan starts: web/start.mjs
gives Python the module `hex_qr_reader` that imports it. Imported by peerhost.py when the
player first taps "Scan an answer".
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

import js

import browser
import features
from browser import notice

SECONDS = 60  # then the camera is switched off: paste the code instead
TRIES_A_SECOND = 10
MAX_SIDE = 800  # frames are read at most this wide or high: enough for a code on a phone's screen


async def detector_reader() -> Callable[[Any], Awaitable[str]]:
    """The browser's barcode detector, as a reader of a video's current frame."""
    detector = js.BarcodeDetector.new(browser.js_object(formats=js.Array.of("qr_code")))

    async def read(video: Any) -> str:
        found = await detector.detect(video)
        return str(found[0].rawValue) if found.length else ""
    return read


async def script_reader() -> Callable[[Any], Awaitable[str]]:
    """The QR reader in JavaScript, reading a video's current frame through a canvas."""
    import hex_qr_reader  # web/start.mjs registers it
    module = await hex_qr_reader.load()
    canvas = js.document.createElement("canvas")
    context = canvas.getContext("2d", browser.js_object(willReadFrequently=True))

    async def read(video: Any) -> str:
        width, height = int(video.videoWidth), int(video.videoHeight)
        if not width or not height:
            return ""  # no frame yet
        scale = min(1.0, MAX_SIDE / max(width, height))
        canvas.width, canvas.height = int(width * scale), int(height * scale)
        context.drawImage(video, 0, 0, canvas.width, canvas.height)
        try:
            return str(module.decodeQR(context.getImageData(0, 0, canvas.width, canvas.height)))
        except Exception:  # noqa: BLE001 - no code in this frame (the reader says so by throwing)
            return ""
    return read


async def scan_qr() -> str:
    """Open the camera and return the first QR code's text it sees (or "" after a minute)."""
    video = js.document.createElement("video")
    video.setAttribute("playsinline", "")
    video.muted = True
    video.className = "peer-camera"
    js.document.body.appendChild(video)
    stream = None
    try:
        stream = await js.navigator.mediaDevices.getUserMedia(browser.js_object(
            video=browser.js_object(facingMode="environment")))
        video.srcObject = stream
        await video.play()
        read = await (detector_reader() if features.has("barcode") else script_reader())
        for _ in range(SECONDS * TRIES_A_SECOND):
            text = await read(video)
            if text:
                return text
            await asyncio.sleep(1 / TRIES_A_SECOND)
        notice("No code was seen; paste the answer code instead.", 8)
        return ""
    except Exception as exc:  # noqa: BLE001 - no camera, refused, the reader not loaded: paste instead
        notice(f"The camera could not be used ({exc}); paste the answer code instead.", 8)
        return ""
    finally:
        if stream is not None:
            for track in stream.getTracks():
                track.stop()
        video.remove()
