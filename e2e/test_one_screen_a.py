"""One screen for HEX-HEX XL and HEX PLEASE!: whenever the person must decide, the prompt
(#turn), the board it refers to and every control that can answer it are inside the
viewport, at 1280x800, 1920x1080 and a 390x844 portrait phone, without scrolling the page
(a board bigger than a phone pans in a frame of its own, which must be on screen).

Each size plays against computer players (instant moves) and checks every kind of decision
the first time it comes up, with the page scrolled as the page itself left it (the prompt may
be the board's own, which says more, when the page scrolled its title bar away; the reflex
race covers the screen, so only its button counts): HEX-HEX's cast, "you are The Intended",
the targets of a picked card, a response window, the reflex race and the table's later
prompts, over a whole game; HEX PLEASE!'s tile to pick (a Bridge whenever one is in hand),
the cell to lay it on, the Bridge turned, and a later turn's pick beside the Pass button; a
turn where passing is the only move, if one comes before those have been checked (with this
seed none does).
"""

from __future__ import annotations

import os

import pytest
from conftest import fast_settings, wait_ready
from helpers import click_and_wait_redraw, wait_turn
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import Page

SIZES = [(1280, 800), (1920, 1080), (390, 844)]

# The boxes that must be on screen: the prompt, the board, every visible control on the board.
OFF_SCREEN = """([board, prompt]) => {
  const w = window.innerWidth, h = window.innerHeight, out = [];
  const inside = (r) => r.left >= -1 && r.top >= -1 && r.right <= w + 1 && r.bottom <= h + 1;
  const check = (el, what) => {
    // A board bigger than a phone pans in its frame: what is in the frame is reached by
    // panning it, so the frame is what must be on screen.
    const r = (el.closest('.board-pan') || el).getBoundingClientRect();
    if (!r.width && !r.height) return;                       // not drawn (hidden, folded away)
    if (!inside(r))
      out.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`
               + ` (viewport ${w}x${h}, scrolled ${Math.round(window.scrollY)})`);
  };
  const race = document.querySelector('#board [data-race]');
  if (race) { check(race, 'the race button'); return out; }   // it covers the whole screen
  // The prompt: the status line under the title, or the board's own (which says more), when
  // the page has scrolled its title bar away.
  const own = document.querySelector(prompt);
  if (!own || !inside(own.getBoundingClientRect())) check(document.getElementById('turn'), '#turn');
  check(document.querySelector(board), board);
  for (const el of document.querySelectorAll('#board [data-action], #board [data-ui]'))
    if (!el.closest('details:not([open])'))
      check(el, `${el.tagName.toLowerCase()}[${el.dataset.action ? 'data-action=' + el.dataset.action : 'data-ui=' + el.dataset.ui}]`);
  return out;
}"""


def settle(page: Page) -> None:
    page.wait_for_timeout(350)  # piece animations and the page's own scrolling


def off_screen(page: Page, board: str, prompt: str) -> list[str]:
    settle(page)
    found = page.evaluate(OFF_SCREEN, [board, prompt])
    if found and os.environ.get("ONE_SCREEN_SHOTS"):   # a folder to see what went wrong in
        size = page.viewport_size or {}
        page.screenshot(path=os.path.join(os.environ["ONE_SCREEN_SHOTS"],
                                          f"{board.split('.')[-1]}-{size.get('width')}-{len(found)}.png"))
    return found


def start(page: Page, site, size: tuple[int, int], query: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    fast_settings(page)
    page.goto(site.url + query)
    wait_ready(page)


ONLY_PASS = """() => { const acts = [...document.querySelectorAll('#board [data-action]')]
    .map(e => e.dataset.action); return acts.length > 0 && acts.every(a => a === 'pass'); }"""


def hex_hex_kind(page: Page) -> str:
    board = page.locator("#board")
    if board.locator("[data-race]").count():
        return "race"
    if board.locator(".hx-choices").count():
        return "targets"
    if board.locator(".hx-response").count():
        return "response window"
    if board.locator("[data-action^='cast ']").count():
        return "cast"
    if board.locator(".hx-prompt", has_text="You are The Intended").count():
        return "intended"
    prompt = board.locator(".hx-prompt")
    if not prompt.count():
        return ""  # the turn moved on since it was waited for (the table passed for Ada)
    return "other: " + prompt.first.inner_text(timeout=5_000)[:40]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hex_hex_decisions_fit_one_screen(page: Page, site, size: tuple[int, int]) -> None:
    start(page, site, size, "?game=hex-hex&seats=4&bots=3&level=easy&seed=look1&names=Ada,Bo,Cy,Di")
    seen: dict[str, list[str]] = {}
    for _ in range(120):
        if not wait_turn(page):
            break
        if page.evaluate(ONLY_PASS):  # against computers the table passes for Ada by itself
            page.wait_for_timeout(100)
            continue
        kind = hex_hex_kind(page)
        if not kind:
            page.wait_for_timeout(100)
            continue
        if kind not in seen:
            seen[kind] = off_screen(page, "#board .hx-table", "#board .hx-prompt")
        board = page.locator("#board")
        race = board.locator("[data-race]")
        if race.count():
            click_and_wait_redraw(page, race)
            continue
        cards = board.locator(".hx-hand [data-ui]:not([data-read])")
        if "targets" not in seen and cards.count() and not board.locator(".hx-choices").count():
            click_and_wait_redraw(page, cards.first)
            continue
        answers = board.locator(".hx-response [data-action^='null '], .hx-response [data-action^='detonate ']")
        actions = board.locator("[data-action]:not([data-action='hexhex']):not([data-action='pass'])")
        others = board.locator("[data-ui]:not([data-ui='card=']):not([data-read])")
        target = answers.first if answers.count() else actions.first if actions.count() else \
            others.first if others.count() else board.locator("[data-action='pass']").first
        if not target.count():
            page.wait_for_timeout(100)  # the table was passing for Ada: look again
            continue
        try:
            target.click(timeout=5_000)
        except PlaywrightTimeoutError:
            pass  # gone before the click: the table passed for Ada; look again
    for kind in ("cast", "intended", "targets"):
        assert kind in seen, f"no {kind} decision came up: {sorted(seen)}"
    bad = {kind: boxes for kind, boxes in seen.items() if boxes}
    assert not bad, bad


# The first turn offers no pass; from the second on, the Pass button stands beside the hand.
HEX_PLEASE_KINDS = ("pick", "place", "turned", "pick, or pass")


def hex_please_kind(page: Page) -> str:
    board = page.locator("#board")
    if board.locator(".hp-target, .hp-turnable").count():
        return "place"
    if board.locator(".hp-hand-tile:not(.hp-unplayable)").count():
        return "pick, or pass" if board.locator(".hp-pass").count() else "pick"
    return "pass or end"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hex_please_decisions_fit_one_screen(page: Page, site, size: tuple[int, int]) -> None:
    start(page, site, size, "?game=hex-please&seats=3&bots=2&level=easy&seed=one-screen")
    seen: dict[str, list[str]] = {}
    for _ in range(150):
        if set(HEX_PLEASE_KINDS) <= seen.keys() or not wait_turn(page):
            break  # all checked: the rest of the game would check nothing new
        kind = hex_please_kind(page)
        if kind not in seen:
            seen[kind] = off_screen(page, "#board .hp-board", "#board .hp-status")
        board = page.locator("#board")
        if kind.startswith("pick"):  # a Bridge when there is one: it brings the buttons that turn it
            playable = board.locator(".hp-hand-tile:not(.hp-unplayable)")
            bridges = playable.and_(page.locator("[aria-label*='Bridge']"))
            click_and_wait_redraw(page, bridges.first if bridges.count() else playable.first)
        elif board.locator(".hp-target").count():
            if "turned" not in seen and board.locator(".hp-rotate").count():
                click_and_wait_redraw(page, board.locator(".hp-rotate").last)
                seen["turned"] = off_screen(page, "#board .hp-board", "#board .hp-status")
            else:
                click_and_wait_redraw(page, board.locator(".hp-target").first)
        elif board.locator(".hp-turnable").count():
            click_and_wait_redraw(page, board.locator(".hp-turnable").first)
        else:
            click_and_wait_redraw(page, board.locator("[data-action]").first)
    for kind in HEX_PLEASE_KINDS:
        assert kind in seen, f"no {kind} decision came up: {sorted(seen)}"
    bad = {kind: boxes for kind, boxes in seen.items() if boxes}
    assert not bad, bad
