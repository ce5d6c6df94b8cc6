"""A peer flooding the other side over a real data channel (issue 46, class 1), inside the
private network namespace of e2e/test_peers.py: no task on the flooded page's main thread
takes 250 ms or more while the flood arrives (PerformanceObserver's long tasks), and the
flooding peer is cut off with a message that says so. A timer probe's longest gap between
its 5 ms ticks is printed too, not asserted: on a loaded 2-core machine it also counts time
spent waiting for a core (a gap of 76 ms was seen with no flood at all).

Figures are printed with -s; the machine is shared, so they are noisy."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_peers import WHY_NOT, device, host_game, join, lan, lan_browser  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=f"no private network here: {WHY_NOT}")

STALL_BUDGET_MS = 250
CUT_TEXT = "far more messages than a game needs"
PROBE = """([cutText, where]) => {
  const p = window.__probe = {gaps: [], last: performance.now(), long: [], cut: null};
  clearInterval(window.__probeTimer);
  window.__probeTimer = setInterval(() => {
    const t = performance.now(); if (t - p.last > 20) p.gaps.push([Math.round(t - p.last), t]); p.last = t; }, 5);
  const box = document.getElementById(where);
  const seen = () => { if (p.cut === null && box.textContent.includes(cutText)) p.cut = performance.now(); };
  new MutationObserver(seen).observe(box, {subtree: true, childList: true, characterData: true});
  if (window.PerformanceObserver) {
    try { new PerformanceObserver(list => { for (const e of list.getEntries()) p.long.push([Math.round(e.duration), e.startTime]); })
      .observe({entryTypes: ['longtask']}); } catch (e) {}
  }
}"""
# Sends `count` copies of each of `messages` on this page's open data channel, as fast as it can.
FLOOD = """([messages, count]) => {
  const ch = window.__channels.filter(c => c.readyState === 'open').pop();
  let sent = 0;
  try { for (let i = 0; i < count; i++) for (const m of messages) { ch.send(m); sent++; } }
  catch (e) {}  // the buffer filled or the channel closed under the flood: enough sent
  return sent;
}"""


def stall(page: Page) -> tuple[float, float, float]:
    """While the flood came (until the page said it cut the peer off): the longest task on
    the main thread (PerformanceObserver's long tasks, over 50 ms) and the longest gap between
    the probe's ticks; and the longest gap after (the page making a new code). The gap also
    counts time the thread spent on many short tasks, or waiting for a core on a loaded
    machine: it is printed, the long task is asserted."""
    probe = page.evaluate("() => window.__probe")
    assert probe["cut"] is not None, "the page never said it cut the peer off"
    longest = max((d for d, start in probe["long"] if start <= probe["cut"]), default=0)
    during = [gap for gap, end in probe["gaps"] if end - gap <= probe["cut"]]
    after = [gap for gap, end in probe["gaps"] if end - gap > probe["cut"]]
    return longest, max(during, default=0), max(after, default=0)


def test_a_flooding_peer_never_stalls_the_other_page_and_is_cut_off(device: Any, lan: Any) -> None:  # noqa: F811
    host, guest = device(), device()
    host_game(host, lan.url, "hex-please", ["human", "remote"], seed="peers-flood")
    join(host, guest, 1, lan.url)
    seat = host.locator(".peer-seat[data-seat='1']")

    # Guest to host: replies to pings, deeply nested 2 KB texts, then 200 KB of junk at a time.
    host.evaluate(PROBE, [CUT_TEXT, "notice"])
    host.wait_for_timeout(2000)
    idle = max((gap for gap, _ in host.evaluate("window.__probe.gaps")), default=0)
    print(f"\nhost's longest gap with no flood, for comparison: {idle} ms")
    sent = guest.evaluate(FLOOD, [['{"t":"pong","id":1}', "[" * 1000 + "]" * 1000, "x" * 200_000], 3000])
    expect(host.locator("#notice")).to_contain_text(CUT_TEXT, timeout=30_000)
    expect(seat).to_have_attribute("data-status", "waiting", timeout=30_000)
    longest, during, after = stall(host)
    print(f"\nguest->host flood: {sent} messages sent; while it came the host's longest task {longest} ms, "
          f"longest timer gap {during:.0f} ms; after the cut {after:.0f} ms")
    assert longest < STALL_BUDGET_MS
    expect(host.locator("#board [data-action], #board [data-ui]").first).to_be_visible()

    # Host to guest: thousands of copies of a real state message, on a new connection.
    join(host, guest, 1, lan.url)
    state = guest.evaluate("() => window.__received.filter(m => m.startsWith('{\"t\":\"state\"')).pop()")
    assert state
    guest.evaluate(PROBE, [CUT_TEXT, "peers-panel"])
    sent = host.evaluate(FLOOD, [[state], 3000])
    expect(guest.locator("#peer-message")).to_contain_text(CUT_TEXT,
                                                          timeout=30_000)
    longest, during, after = stall(guest)
    print(f"host->guest flood: {sent} state messages of {len(state):,} characters; while it came the "
          f"guest's longest task {longest} ms, longest timer gap {during:.0f} ms; after the cut {after:.0f} ms")
    assert longest < STALL_BUDGET_MS
    expect(guest.locator("#board")).not_to_be_empty()
