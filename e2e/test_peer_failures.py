"""Peer play where the browser cannot take part: the host is told on the seat's row, with a
way on, never left at "preparing a code" (e2e/test_peers.py plays across devices in a
private network; this needs none)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from test_peers import host_game


def test_a_connection_the_browser_cannot_build_is_told_on_the_seat_with_a_way_on(page: Page, site: Any) -> None:
    """A browser that refuses to build a connection (a STUN value it rejects, no WebRTC at
    all) leaves the seat's row saying so with Try again, instead of "preparing a code" for ever."""
    page.add_init_script("window.RTCPeerConnection = function () { throw new Error('no WebRTC here'); };")
    host_game(page, site.url, "hex-please", ["human", "remote"], seed="peers-no-rtc")
    seat = page.locator(".peer-seat[data-seat='1']")
    expect(seat).to_have_attribute("data-status", "failed", timeout=30_000)
    expect(seat).not_to_contain_text("preparing a code")
    retry = seat.locator("[data-retry]")
    expect(retry).to_be_visible()
    retry.click()  # still refused: told again, the page still answers
    expect(seat).to_have_attribute("data-status", "failed", timeout=30_000)
    expect(page.locator("#board [data-action], #board [data-ui]").first).to_be_visible()
