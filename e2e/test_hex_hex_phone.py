"""HEX-HEX XL on a phone (390x844, touch): the prompt stays readable while the hand glides to
its new place under it, and a card that cannot be played now opens to read all the same.

One page against computers at the page's own speed (so the pieces glide as a player sees
them): the first decision is watched frame by frame, then the person takes first choices
until a card of the hand cannot be played, and opens it.
"""

from __future__ import annotations

from conftest import POLL_MS, wait_ready
from helpers import TURN_OR_OVER, take_first_choice
from playwright.sync_api import Page
from test_phone_targets import PHONE

YOUR_TURN = ("() => /your turn/i.test(document.getElementById('turn').textContent)"
             " && !document.getElementById('board').classList.contains('thinking')")
# Every frame, each line of the prompt's text is looked at where it is drawn: what is on top
# there must be the prompt (a card of the hand gliding over it hid it).
WATCH = """() => { window.e2eCovered = []; window.e2eLooks = 0;
  const look = () => {
    for (const p of document.querySelectorAll('#board .hx-prompt p')) {
      for (const r of p.getClientRects()) {
        if (r.bottom <= 0 || r.top >= innerHeight) continue;
        for (const f of [0.2, 0.5, 0.8]) {
          const top = document.elementFromPoint(r.left + r.width * f, (r.top + r.bottom) / 2);
          window.e2eLooks++;
          if (top && !top.closest('.hx-prompt')) window.e2eCovered.push(`${p.textContent.slice(0, 30)}: ${top.className}`);
        }
      }
    }
    if (!window.e2eStop) requestAnimationFrame(look);
  };
  requestAnimationFrame(look); }"""
UNPLAYABLE = """() => { const board = document.getElementById('board');
  const ways = new Set([...board.querySelectorAll('.hx-hand [data-ui]:not([data-read])')].map(b => b.dataset.ui));
  const card = [...board.querySelectorAll('.hx-hand [data-ui][data-read]')].find(b => !ways.has(b.dataset.ui));
  return card ? card.dataset.ui : null; }"""


def test_the_prompt_stays_readable_and_a_card_that_cannot_be_played_opens_to_read(browser, browser_context_args, site):
    context = browser.new_context(**{**browser_context_args, **PHONE})
    try:
        at_the_table(context.new_page(), site)
    finally:
        context.close()


def at_the_table(page: Page, site) -> None:
    page.add_init_script("try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 1})) } catch (e) {}")
    page.goto(f"{site.url}?game=hex-hex&seats=4&bots=3&level=normal&seed=gallery")
    wait_ready(page)
    page.evaluate(WATCH)
    page.wait_for_function(YOUR_TURN, timeout=90_000, polling=POLL_MS)
    page.wait_for_timeout(800)   # the glides last well under a second
    page.evaluate("window.e2eStop = true")
    assert page.evaluate("window.e2eLooks") > 0, "the prompt was never seen"
    assert page.evaluate("window.e2eCovered") == [], "the prompt's text was covered"

    for _ in range(40):
        page.wait_for_function(TURN_OR_OVER, timeout=90_000, polling=POLL_MS)
        opener = page.evaluate(UNPLAYABLE)
        if opener:
            break
        take_first_choice(page)
        page.wait_for_timeout(300)
    assert opener, "no card of the hand was ever unplayable"
    card = page.locator(f"#board .hx-hand [data-ui='{opener}'][data-read]").first
    name = card.locator(".hx-card-name").inner_text().split(" ", 1)[1]
    card.tap()
    choices = page.locator("#board .hx-choices")
    choices.wait_for(timeout=10_000)
    assert f"{name} cannot be played now" in choices.inner_text()
    text = page.locator("#board .hx-detail-text")
    assert text.is_visible() and len(text.inner_text()) > 20, "its whole text, to read"
    assert choices.locator("[data-action]").count() == 0, "no move behind a card read"
    close = choices.locator("button", has_text="Close")
    box = close.bounding_box()
    assert box and box["height"] >= 44, box
    close.tap()
    choices.wait_for(state="detached", timeout=10_000)
