"""A browser that lacks an API the page can use: each one deleted before the page starts
(as Debian's WebKitGTK lacks WebRTC, Firefox a barcode detector, a frame on another site
storage), the page still becomes ready, whatever needs the API is hidden or disabled with its
reason (web/ui/features.py), and nothing ends in an exception or PyScript's error strip."""

from __future__ import annotations

from typing import Any, Callable

import pytest
from conftest import POLL_MS, fast_settings, wait_ready
from playwright.sync_api import Page, expect
from test_peers import host_game


def gone(*paths: str) -> str:
    """An init script deleting each `Owner.name` from the object and its prototype chain."""
    lines = []
    for path in paths:
        owner, _, name = path.rpartition(".")
        lines.append(f"for (let o = {owner}; o; o = Object.getPrototypeOf(o)) delete o[{name!r}];")
    return "\n".join(lines)


def own_device_disabled(page: Page, url: str) -> None:
    page.click(".new-game[data-game='hex-please']")
    remote = page.locator(".seat-row[data-seat='1'] input[value='remote']")
    expect(remote).to_be_disabled()
    expect(page.locator(".seats [data-feature='webrtc']")).to_contain_text("WebRTC")
    page.keyboard.press("Escape")
    page.goto(url + "#join=any-code")  # a guest's seat link: told why, no hang
    expect(page.locator("#peer-message")).to_contain_text("cannot connect to other devices")


def scan_offered(page: Page, url: str) -> None:
    host_game(page, url, "hex-please", ["human", "remote"], seed="features-scan")
    expect(page.locator("#peers-panel [data-scan]")).to_be_visible(timeout=30_000)


def scan_not_offered(page: Page, url: str) -> None:
    host_game(page, url, "hex-please", ["human", "remote"], seed="features-no-camera")
    expect(page.locator("#peers-panel [data-feature='camera']")).to_contain_text("no camera", timeout=30_000)
    expect(page.locator("#peers-panel [data-scan]")).to_have_count(0)


def online_only(page: Page, url: str) -> None:
    pill = page.locator("#offline-status[data-feature='offline']")
    expect(pill).to_have_text("Online only")
    expect(pill).to_have_attribute("title", "This browser cannot keep the site for offline play "
                                   "(no service worker or Cache Storage).")


def a_game_opens(page: Page, url: str) -> None:
    page.click(".new-game[data-game='hack-and-slash']")  # its files are unpacked without them
    expect(page.locator("#setup")).to_be_visible()


def idle_work_runs(page: Page, url: str) -> None:
    page.wait_for_function("() => performance.getEntriesByName('hex:idle').length > 0",
                           timeout=45_000, polling=POLL_MS)


def snapshot_read_on_the_page(page: Page, url: str) -> None:
    """No worker could read the shipped snapshot: the page read it itself, and started from it."""
    assert page.evaluate("performance.getEntriesByName('hex:snapshot-read').length") == 1
    assert page.evaluate("performance.getEntriesByName('hex:start')[0].detail.from") == "snapshot"


def saves_not_kept(page: Page, url: str) -> None:
    expect(page.locator("#notice")).to_contain_text("not keeping saves")


REFUSE_STORAGE = ("Object.defineProperty(window, 'localStorage', "
                  "{get() { throw new DOMException('refused', 'SecurityError'); }, configurable: true});")

CASES: dict[str, tuple[str, Callable[[Page, str], None]]] = {
    "webrtc": (gone("window.RTCPeerConnection", "window.webkitRTCPeerConnection"), own_device_disabled),
    "barcode-detector": (gone("window.BarcodeDetector"), scan_offered),
    "camera": (gone("navigator.mediaDevices.getUserMedia"), scan_not_offered),
    "cache-storage": (gone("window.caches"), online_only),
    "compression-streams": (gone("window.CompressionStream", "window.DecompressionStream"), a_game_opens),
    "request-idle-callback": (gone("window.requestIdleCallback", "window.cancelIdleCallback"), idle_work_runs),
    "storage": (REFUSE_STORAGE, saves_not_kept),
    # An engine without module workers reads {type: "module"} as a classic script, which
    # cannot parse `export`: the worker fails, and the page reads the snapshot itself.
    "module-workers": ("window.Worker = class extends Worker { constructor(url) { super(url); } };",
                       snapshot_read_on_the_page),
}


@pytest.mark.parametrize("api", list(CASES))
def test_a_missing_api_is_told_never_an_exception(page: Page, site: Any, api: str) -> None:
    script, check = CASES[api]
    fast_settings(page)
    page.add_init_script(script)
    page.goto(site.url)
    wait_ready(page)
    check(page, site.url)
    expect(page.locator(".py-error")).to_have_count(0)
    assert not page.page_errors(), page.page_errors()
