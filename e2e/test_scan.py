"""Scan an answer with a camera: the host's device films a guest's answer code and the seat
connects. Chromium's fake camera plays a video this test makes of the real answer code a
guest page gave (drawn by the page's own encoder, web/ui/qr.py); the browser's barcode
detector is taken away, so the QR reader shipped in qr-reader/ reads it (web/ui/scan.py).
Host and guest are two contexts of one browser inside a private network (e2e/netns.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import POLL_MS, SITE, fast_settings, launch_args
from playwright.sync_api import expect
from test_features import gone
from test_peers import WHY_NOT, host_game, lan, open_seat_link  # noqa: F401 - lan is a fixture

sys.path.insert(0, os.path.join(os.path.dirname(SITE), "web", "ui"))
from check_chromium import find_chromium  # noqa: E402
import qr  # noqa: E402

pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=f"no private network here: {WHY_NOT}")

WIDTH, HEIGHT, FRAMES = 640, 480, 5
CONNECT_MS = 60_000
# A stand-in for the Screen Wake Lock API that logs what the page asks of it.
WAKE_LOCK_STUB = """(() => {
  window.__wake = [];
  const sentinel = () => {
    const lock = new EventTarget();
    lock.released = false;
    lock.release = async () => { lock.released = true; window.__wake.push('release'); };
    window.__lock = lock;
    return lock;
  };
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: {
    request: async (type) => { window.__wake.push(type); return sentinel(); } } });
})()"""
# What the browser does when the page is hidden and shown again: it lets go of the lock.
HIDDEN_AND_SHOWN = """() => {
  window.__lock.released = true;
  window.__wake.push('let go');
  document.dispatchEvent(new Event('visibilitychange'));
}"""
READER_LOADED = ("() => performance.getEntriesByType('resource')"
                 ".some(r => r.name.endsWith('/qr-reader/decode.js'))")


def write_video(path: Path, text: str | None) -> None:
    """A short .y4m video (Chromium's fake camera loops it) of `text`'s QR code, black on
    white, as large as fits; blank for None."""
    luma = bytearray(b"\xff" * (WIDTH * HEIGHT))
    if text is not None:
        rows = qr.make_matrix(text)
        scale = min(WIDTH, HEIGHT) // (len(rows) + 2 * qr.QUIET)
        left, top = (WIDTH - len(rows) * scale) // 2, (HEIGHT - len(rows) * scale) // 2
        for y, row in enumerate(rows):
            for x, dark in enumerate(row):
                if dark:
                    for dy in range(scale):
                        at = (top + y * scale + dy) * WIDTH + left + x * scale
                        luma[at:at + scale] = b"\0" * scale
    chroma = b"\x80" * (WIDTH * HEIGHT // 2)  # the two quarter-size colour planes, grey
    frame = b"FRAME\n" + bytes(luma) + chroma
    path.write_bytes(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * FRAMES)


def test_an_answer_scanned_with_the_camera_connects_its_seat_whose_screen_is_kept_on(
        lan: Any, playwright: Any, tmp_path: Path) -> None:
    video = tmp_path / "answer.y4m"
    write_video(video, None)
    args = launch_args()
    camera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
              f"--use-file-for-fake-video-capture={video}"]
    browser = playwright.chromium.launch(executable_path=lan.wrap_browser(find_chromium()),
                                         **{**args, "args": [*args["args"], *camera]})
    try:
        host_context, guest_context = browser.new_context(), browser.new_context()
        host, guest = host_context.new_page(), guest_context.new_page()
        fast_settings(host)
        guest.add_init_script(WAKE_LOCK_STUB)
        host.add_init_script(gone("window.BarcodeDetector"))  # the shipped reader, not the browser's
        host_game(host, lan.url, "hex-please", ["human", "remote"], seed="scan-an-answer")
        answer = open_seat_link(host, guest, 1, lan.url)
        write_video(video, answer.get_attribute("href"))
        assert host.evaluate(READER_LOADED) is False  # fetched only when a scan starts
        host.locator("#peers-panel [data-scan]").click()
        # Reading the code from the camera's frames and connecting take 5-10 s alone and up to
        # 20 s beside other browsers; CI, with two engine suites running beside, once took over 30.
        expect(host.locator(".peer-seat[data-seat='1']")).to_have_attribute("data-status", "connected",
                                                                            timeout=CONNECT_MS)
        expect(guest.locator("#board [data-action], #board [data-ui]").first).to_be_attached(timeout=30_000)
        assert host.evaluate(READER_LOADED) is True
        assert not host.page_errors(), host.page_errors()
        # The guest's screen is kept on while the game is on, asked again after the page
        # was hidden, and let go when the connection is lost.
        assert guest.evaluate("() => window.__wake") == ["screen"]
        guest.evaluate(HIDDEN_AND_SHOWN)
        guest.wait_for_function("() => window.__wake.length === 3", polling=POLL_MS)
        host.close()
        expect(guest.locator("#turn")).to_have_text("Disconnected from the host.", timeout=30_000)
        assert guest.evaluate("() => window.__wake") == ["screen", "let go", "screen", "release"]
    finally:
        browser.close()
