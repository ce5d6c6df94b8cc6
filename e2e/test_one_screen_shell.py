"""One screen, page level: at desktop and phone sizes the game screen keeps the prompt, the
game's tools and every choice on the board inside the viewport without scrolling (the site's
bar, the scores, the recap, the suggestion and the log must not push the board below the
fold), and the end-of-game summary shows its buttons."""

from __future__ import annotations

import pytest
from conftest import fast_settings, wait_ready
from helpers import hack_and_slash_close, near_the_end, take_first_choice, wait_turn
from playwright.sync_api import Page, expect

SIZES = {"desktop": (1280, 800), "wide": (1920, 1080), "phone": (390, 844)}
GAMES = {
    "hack-and-slash": "?game=hack-and-slash&seats=3&bots=2&level=easy&seed=one-screen",
    "horrible-hex": "?game=horrible-hex&seats=2&bots=1&level=easy&seed=one-screen",
    "hex-hex": "?game=hex-hex&seats=4&bots=3&level=easy&seed=one-screen",
    "hex-please": "?game=hex-please&seats=2&bots=1&level=easy&seed=one-screen",
}

# What lies outside the viewport, as "name: box". A control inside a frame that pans
# sideways (a phone's hex board) counts as shown when it is within the frame's height and the
# frame is on screen: the player pans it.
OUTSIDE = """(selector) => {
    const W = innerWidth, H = innerHeight, out = [];
    const panFrame = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (/(auto|scroll)/.test(s.overflowX) && p.scrollWidth > p.clientWidth + 1) return p; }
        return null; };
    for (const e of document.querySelectorAll(selector)) {
        const r = e.getBoundingClientRect();
        if (!r.width && !r.height) continue;           // not drawn (a hidden part of the view)
        if (getComputedStyle(e).visibility === 'hidden') continue;
        const frame = panFrame(e), f = frame ? frame.getBoundingClientRect() : r;
        const left = frame ? f.left : r.left, right = frame ? f.right : r.right;
        if (r.top < -1 || r.bottom > H + 1 || left < -1 || right > W + 1)
            out.push(`${e.id || e.dataset.action || e.dataset.ui || e.textContent.trim().slice(0, 24)}: `
                     + `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
}"""

SHELL = "#turn, .game-tools > button:not([hidden]), .more-tools > button:not([hidden])"
BOARD = "#board [data-action], #board [data-ui]"


def start(page: Page, site, query: str, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    fast_settings(page)
    page.goto(site.url + query)
    wait_ready(page)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_prompt_the_tools_and_every_choice_fit_on_one_screen(page: Page, site, game_id, size):
    start(page, site, GAMES[game_id], size)
    for move in range(3):  # the first decision, and a couple more after the computers played
        assert wait_turn(page)
        page.wait_for_timeout(100)  # the side column and the scores have settled
        assert page.evaluate("scrollY") == 0, "the page scrolled by itself"
        assert page.evaluate(OUTSIDE, SHELL) == [], f"a tool or the prompt is off screen at {size}"
        assert page.locator(BOARD).count(), "no choice on the board"
        outside = page.evaluate(OUTSIDE, BOARD)
        assert outside == [], f"choices off screen at {size}, decision {move + 1}: {outside[:6]}"
        # A click event without Playwright's pointer: when something covers the target for a
        # moment, Playwright scrolls the page to try other spots, and the next check would
        # blame the page for that scroll.
        page.locator(BOARD).first.dispatch_event("click")


def test_the_end_summary_shows_its_buttons_at_every_size(page: Page, site, tmp_path):
    start(page, site, "", "desktop")
    save = tmp_path / "near-the-end.json"
    save.write_text(near_the_end("hack-and-slash", ["human", "easy"], "one-screen-end", hack_and_slash_close))
    page.set_input_files("#import-file", str(save))
    expect(page.locator("#game")).to_be_visible()
    for _ in range(600):
        if not wait_turn(page):
            break
        take_first_choice(page)
    expect(page.locator("#summary")).to_be_visible()
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("scrollTo(0, 0)")
        page.wait_for_timeout(100)
        buttons = "#summary button"
        expect(page.locator(buttons)).to_have_count(4)  # Rematch, New game, History, Menu
        assert page.evaluate(OUTSIDE, buttons) == [], f"the summary's buttons are off screen at {size}"
        assert page.evaluate(OUTSIDE, SHELL) == [], f"a tool or the prompt is off screen at {size}"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_suggestion_and_the_recap_leave_the_board_in_view(page: Page, site, size):
    start(page, site, GAMES["horrible-hex"], size)
    assert wait_turn(page)
    page.locator(BOARD).first.click()
    assert wait_turn(page)
    if size == "phone":
        page.click("#more-button")
        expect(page.locator("#menu-button")).to_be_visible()
        page.keyboard.press("Escape")
    page.click("#suggest-button")
    expect(page.locator("#hint")).to_be_visible(timeout=30_000)
    page.evaluate("scrollTo(0, 0)")
    assert page.evaluate(OUTSIDE, "#hint, " + SHELL) == []
    top = page.evaluate("document.getElementById('board').getBoundingClientRect().top")
    assert top < SIZES[size][1] / 3, f"the board starts {top:.0f} px down"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_rules_open_in_view_and_close(page: Page, site, size):
    start(page, site, GAMES["hex-please"], size)
    assert wait_turn(page)
    if size == "phone":
        page.click("#more-button")
    page.click("#rules-button")
    panel = page.locator("#rules-panel")
    expect(panel).to_be_visible()
    assert page.evaluate(OUTSIDE, "#rules-panel .rules-close") == []
    assert page.evaluate("!document.getElementById('more-tools').matches(':popover-open')"), "the list stayed open"
    page.click("#rules-panel .rules-close")
    expect(panel).to_be_hidden()
