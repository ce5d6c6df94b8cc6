"""Peer play where the browser cannot take part: the host is told on the seat's row, with a
way on, never left at "preparing a code" (e2e/test_peers.py plays across devices in a
private network; this needs none)."""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest
from conftest import SITE, wait_ready
from playwright.sync_api import Page, expect
from test_peers import host_game

sys.path.insert(0, os.path.join(os.path.dirname(SITE), "web", "ui"))


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


def join_code() -> str:
    """A real seat's code (the offer the CPython tests use), as a host's page would make it."""
    import peers
    from tests.test_peers import OFFER
    return peers.pack_signal(peers.Signal("offer", "t1", 1, 0, OFFER))


@pytest.mark.parametrize("broken, said", [
    ("window.RTCPeerConnection = function () { throw new TypeError('bad ICE server URL'); };",
     "could not prepare a connection"),
    ("delete window.RTCPeerConnection; window.RTCPeerConnection = undefined;",
     "This browser cannot connect to other devices (it has no WebRTC)"),
], ids=["refused", "deleted"])
def test_a_guest_whose_browser_cannot_build_a_connection_is_told_so(page: Page, site: Any, broken: str,
                                                                    said: str) -> None:
    """The guest's side of the same: a join link opened where the browser refuses to build
    a connection (a STUN value it rejects, or no WebRTC) says so in words, with what to do;
    no hang at "Preparing your answer", no error banner, no uncaught exception."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(broken)
    page.goto(f"{site.url}#join={join_code()}")
    wait_ready(page)
    message = page.locator("#peer-message")
    expect(message).to_contain_text(said, timeout=30_000)
    expect(message).not_to_contain_text("Preparing")
    expect(page.locator("#banner")).to_be_hidden()
    expect(page.locator("#peers-panel [data-answer]")).to_have_count(0)
    assert not errors
