"""Players on their own devices in Firefox: a host and a guest connected over a real WebRTC
data channel, and a guest's move reaching the host.

Both devices are tabs of one Firefox, the guest's in a user context of its own (its storage,
service worker and cache apart, as a second browser's). Firefox and the site's server run in
a private network namespace (e2e/netns.py), as Chromium's peer tests do (e2e/test_peers.py,
which play whole games): every packet stays inside it, and the test checks that the pair of
candidates the channel uses is the two devices' own addresses (`.local` names, as a player's
Firefox writes them). This client's socket to Firefox's BiDi server is made inside the
namespace too (bidi.in_netns).
"""

from __future__ import annotations

import os
import re
import sys
import time
from typing import Any, Iterator

import pytest
from bidi import Firefox
from conftest import ROOT, SITE
from test_engines import click, log_length, play_one_move, ready, wait

sys.path.insert(0, os.path.join(ROOT, "e2e"))
from netns import NetNS  # noqa: E402

GAME = "horrible-hex"
# The pair of candidates each of a page's connections uses: "host x.local > host y.local".
PAIRS = """const out = [];
for (const pc of window.hexPeerConnections || []) {
  const stats = [...(await pc.getStats()).values()];
  const byId = Object.fromEntries(stats.map(s => [s.id, s]));
  for (const s of stats) if (s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated)
    out.push([byId[s.localCandidateId], byId[s.remoteCandidateId]].map(c => `${c.candidateType} ${c.address}`).join(' > '));
}
return out;"""
# Every RTCPeerConnection the page makes, kept for PAIRS (put in before the page's own scripts run).
KEEP_CONNECTIONS = """() => {
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    const pc = new Original(...args);
    (window.hexPeerConnections ||= []).push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Original.prototype;
}"""
IS_TURN = ("return /your turn/.test(document.getElementById('turn').textContent)"
           " && !document.getElementById('board').classList.contains('thinking')")


@pytest.fixture(scope="module")
def lan() -> Iterator[tuple[str, Firefox]]:
    """The namespace's site server and a Firefox inside it."""
    ns = NetNS()
    try:
        url = ns.serve(SITE)
        browser = Firefox(netns=ns.pid)
        try:
            browser.preload(KEEP_CONNECTIONS)
            yield url, browser
        finally:
            browser.close()
    finally:
        ns.close()


@pytest.fixture
def devices(lan: tuple[str, Firefox]) -> Iterator[tuple[Any, Any]]:
    """The host's tab and a guest's tab on a device of its own; both must log no error."""
    browser = lan[1]
    host, guest = browser.tab(), browser.tab(own_storage=True)
    yield host, guest
    for name, tab in (("host", host), ("guest", guest)):
        errors = tab.console_errors()
        assert not errors, f"errors in the {name}'s console: {errors}"


def host_a_game(host: Any, url: str) -> None:
    """From the menu's new-game dialog: seat 1 the host's player, seat 2 on its own device."""
    host.goto(url)
    ready(host)
    click(host, f".new-game[data-game='{GAME}']")
    wait(host, "return document.getElementById('setup').open")
    host.js("const s = document.getElementById('setup-players'); s.value = '2';"
            " s.dispatchEvent(new Event('change', {bubbles: true}))")
    click(host, ".seat-row[data-seat='1'] input[value='remote']")
    assert host.js("return document.querySelector(\".seat-row[data-seat='1'] input[value='remote']\").checked")
    click(host, "#setup-start")
    wait(host, "return !document.getElementById('game').hidden")


def test_a_guest_joins_from_its_own_device_and_its_move_reaches_the_host(lan, devices):
    host, guest = devices
    host_a_game(host, lan[0])
    link = wait(host, "return document.querySelector(\"#peers-panel [data-join='1']\")?.href", 30)
    guest.goto(link)
    ready(guest)
    answer = wait(guest, "return document.querySelector('#peers-panel [data-answer]')?.href", 30)
    host.js("document.getElementById('peer-answer').value = arguments[0]", answer)
    click(host, "#peers-panel [data-connect]")
    wait(host, "return document.querySelector(\".peer-seat[data-seat='1']\")?.dataset.status === 'connected'", 30)
    for tab in (host, guest):
        pairs = tab.js(PAIRS)
        # Each device used its own address, behind its `.local` name, as two devices on one
        # Wi-Fi network do (no STUN or TURN server); the other's may show as the address its
        # checks came from (peer-reflexive) when they arrived first.
        assert pairs and all(re.fullmatch(r"host \S+\.local > (host \S+\.local|prflx .+)", p) for p in pairs), pairs
    # The host's player moves until it is the guest's turn; then the guest's move shows on the host.
    deadline = time.monotonic() + 120
    while not guest.js(IS_TURN):
        assert time.monotonic() < deadline, "the guest was never asked to move"
        if host.js(IS_TURN):
            play_one_move(host)
        time.sleep(0.1)
    moves = log_length(host)
    play_one_move(guest)
    wait(host, f"return document.querySelectorAll('#log li').length > {moves}", 30)
