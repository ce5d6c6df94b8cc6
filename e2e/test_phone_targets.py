"""Every target a finger can hit, on a phone: at 390x844 with touch (3x pixels), in every game
at its smallest and largest table against computers, a few of the person's decisions are
played with taps on seeded random choices (a piece or tile picked, a move shown waiting for its
confirm, a card opened...), and at each the test measures every visible, enabled control on
the page and every choice on the board, and every piece of text on the board. It fails,
listing them, on any control under 44x44 CSS px, board text under 11 px or a fact of a line of
facts (a count and its noun, `pygame_core.markup.facts`) broken over two lines where one holds it.

A board bigger than the phone pans in its own frame (.board-pan): its cells are measured at the
size they are drawn, wherever the frame is scrolled.
"""

from __future__ import annotations

import json
import random
from typing import Any, Iterator

import pytest
from conftest import POLL_MS, wait_ready
from helpers import BROKEN_FACTS, TURN_OR_OVER
from playwright.sync_api import Page

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 3}
TARGET_PX, TEXT_PX = 44, 11
# game -> its smallest and largest table (seats, all but the first played by computers)
TABLES = [("hack-and-slash", 2), ("hack-and-slash", 6), ("horrible-hex", 1), ("horrible-hex", 3),
          ("hex-hex", 3), ("hex-hex", 6), ("hex-please", 2), ("hex-please", 12)]
DECISIONS = 9

MEASURE = """([minTarget, minText]) => {
  const small = [], tiny = [];
  const shown = (el) => {
    if (el.closest('[hidden], [inert], details:not([open]) > :not(summary)')) return false;
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const name = (el) => {
    let bits = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '');
    for (const a of ['data-action', 'data-ui', 'aria-label', 'class'])
      if (el.getAttribute(a)) { bits += `[${a}="${el.getAttribute(a).slice(0, 50)}"]`; break; }
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    return bits + (text ? ` "${text}"` : '');
  };
  const controls = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [data-action], [data-ui],'
    + ' [role=button], [tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll(controls)) {
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || !shown(el)) continue;
    if (el.parentElement && el.parentElement.closest('[data-action], [data-ui]')) continue;  // one target
    if (el === document.getElementById('board')) continue;  // the board's own stop, for its arrow keys
    const r = el.getBoundingClientRect();
    if (r.width < minTarget - 0.5 || r.height < minTarget - 0.5)
      small.push(`${name(el)}: ${Math.round(r.width)}x${Math.round(r.height)} px`);
  }
  const walker = document.createTreeWalker(document.getElementById('board'), NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || seen.has(el) || el.closest('title, style') || !shown(el)) continue;
    seen.add(el);
    let px = parseFloat(getComputedStyle(el).fontSize);
    const m = el instanceof SVGElement && el.getScreenCTM ? el.getScreenCTM() : null;
    if (m) px *= Math.hypot(m.a, m.b);
    if (px < minText - 0.05) tiny.push(`${name(el)}: ${px.toFixed(1)} px`);
  }
  return [...small, ...tiny];
}"""

CHOICES = ("#board [data-action]:not([disabled]), #board [data-ui]:not([disabled]):not([data-read])")  # ways to a move
# No piece on its way: the glides last well under a second (a glow, a pulse or a response
# window's countdown runs for seconds and moves nothing to measure).
STEADY = ("() => !document.getElementById('board').classList.contains('thinking')"
          " && !document.getElementById('board').getAnimations({subtree: true})"
          ".some(a => a.effect.getComputedTiming().endTime < 1000 && a.playState === 'running')")


@pytest.fixture
def phone(browser: Any, browser_context_args: dict) -> Iterator[Page]:
    """A phone: 390x844, touch, 3x pixels (starting from the site's shipped snapshot)."""
    context = browser.new_context(**{**browser_context_args, **PHONE})
    yield context.new_page()
    context.close()


def open_table(page: Page, site: Any, game: str, seats: int) -> None:
    stored = json.dumps({"speed": 0})
    page.add_init_script(f"try {{ localStorage.setItem('hex-table:settings', {json.dumps(stored)}) }} catch (e) {{}}")
    page.goto(f"{site.url}?game={game}&seats={seats}&bots={seats - 1}&level=easy&seed=phone-{seats}")
    wait_ready(page)


def tap_a_choice(page: Page, rng: random.Random) -> str:
    """Confirm the move waiting for it, or tap a random choice on the board; what was tapped."""
    if page.locator("#confirm-bar").is_visible():
        page.locator("#confirm-yes").tap()
        return "Confirm"
    choices = [c for c in page.locator(CHOICES).all() if c.is_visible()]
    assert choices, f"nothing to choose at: {page.inner_text('#turn')}"
    choice = rng.choice(choices)
    what = choice.get_attribute("data-action") or choice.get_attribute("data-ui") or "?"
    choice.tap()
    return what


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_every_control_and_board_cell_is_touch_sized_and_board_text_readable(
        phone: Page, site: Any, game: str, seats: int) -> None:
    open_table(phone, site, game, seats)
    rng, found, path = random.Random(f"{game}-{seats}"), {}, []
    for _ in range(DECISIONS):
        phone.wait_for_function(TURN_OR_OVER, timeout=90_000, polling=POLL_MS)
        phone.wait_for_function(STEADY, timeout=10_000, polling=POLL_MS)
        if "Game over" in phone.inner_text("#turn"):
            break
        where = f"after {' > '.join(path[-3:]) or 'the start'}"
        for problem in phone.evaluate(MEASURE, [TARGET_PX, TEXT_PX]):
            found.setdefault(problem, where)
        for fact in phone.evaluate(BROKEN_FACTS, "#board"):
            found.setdefault(f'the fact "{fact}" over two lines', where)
        path.append(tap_a_choice(phone, rng))
        phone.wait_for_timeout(120)
    assert len(path) >= 3, f"only {len(path)} decisions were played"
    assert not found, "under 44 px (controls), 11 px (board text) or facts broken at 390x844:\n" + "\n".join(
        f"{problem} ({where})" for problem, where in found.items())
