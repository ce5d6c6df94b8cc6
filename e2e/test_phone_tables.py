"""Each game's table on a phone (390x844, touch): what is left of its faults once the targets
are touch sized. One short page per check, against computers, at the speed a test plays.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
from conftest import POLL_MS, wait_ready
from helpers import BROKEN_FACTS, TURN_OR_OVER, open_setup
from playwright.sync_api import Page
from test_phone_targets import PHONE


@pytest.fixture
def phone(browser: Any, browser_context_args: dict) -> Iterator[Page]:
    context = browser.new_context(**{**browser_context_args, **PHONE})
    yield context.new_page()
    context.close()


def open_table(page: Page, site: Any, query: str, **settings: Any) -> None:
    stored = json.dumps({"speed": 0, **settings})
    page.add_init_script(f"try {{ localStorage.setItem('hex-table:settings', {json.dumps(stored)}) }} catch (e) {{}}")
    page.goto(site.url + query)
    wait_ready(page)
    page.wait_for_function(TURN_OR_OVER, timeout=90_000, polling=POLL_MS)


# The tallest stretch of the table with nothing drawn in it, between two of its sections.
EMPTY_BAND = """([above, below]) => {
  const top = document.querySelector(below).getBoundingClientRect().top;
  let bottom = document.querySelector(above).getBoundingClientRect().bottom;
  for (const el of document.querySelectorAll('#board .hs-dice *')) {
    const r = el.getBoundingClientRect();
    if (r.height && r.top < top) bottom = Math.max(bottom, r.bottom);
  }
  return top - bottom;
}"""


def test_hack_and_slash_leaves_no_empty_band_before_the_first_roll(phone: Page, site: Any) -> None:
    open_table(phone, site, "?game=hack-and-slash&seats=3&bots=2&level=easy&seed=phone-tables")
    assert phone.locator("#board .hs-card[data-action]").count(), "the first player picks a quest"
    assert not phone.locator("#board .hs-guild .hs-last").count(), "nobody has rolled yet"
    band = phone.evaluate(EMPTY_BAND, ["#board .hs-quests", "#board .hs-guilds"])
    assert band < 24, f"{band:.0f} px of nothing between the quests and the players' panels"


BOXES = """() => Object.fromEntries(Object.entries({bar: '#confirm-bar', hand: '#board [data-rove="hand"]',
  shown: '#board .pending', confirm: '#confirm-yes'}).map(([k, s]) => {
    const b = document.querySelector(s).getBoundingClientRect(); return [k, [b.top, b.bottom]]; }))"""


def test_the_confirm_bar_leaves_the_hand_and_the_move_shown_in_view(phone: Page, site: Any) -> None:
    """The bar came up over the bottom of the hand (HEX PLEASE!'s tiles and its turn buttons)."""
    open_table(phone, site, "?game=hex-please&seats=2&bots=1&level=easy&seed=confirm&names=Ann,Bot")
    phone.locator("#board .hp-hand-tile:not(.hp-unplayable)").first.tap()
    phone.locator("#board .hp-target").first.tap()
    phone.wait_for_selector("#confirm-bar:not([hidden])")
    phone.wait_for_timeout(200)
    boxes = phone.evaluate(BOXES)
    bar_top = boxes["bar"][0]
    assert boxes["hand"][1] <= bar_top + 0.5, f"the confirm bar covers the hand: {boxes}"
    assert 0 <= boxes["shown"][0] and boxes["shown"][1] <= bar_top, f"the move shown is out of sight: {boxes}"
    assert boxes["confirm"][0] >= 844 / 2, f"Confirm is out of the thumb's reach: {boxes}"


BOARD_WIDTH = "document.querySelector('#board .board-pan > .touch-board').getBoundingClientRect().width"
FRAME_WIDTH = "document.querySelector('#board .board-pan').clientWidth"


def test_a_board_that_pans_zooms_with_buttons_keys_and_a_pinch(phone: Page, site: Any) -> None:
    open_table(phone, site, "?game=hex-please&seats=12&bots=11&level=easy&seed=zoom")
    buttons = phone.locator("#board .pan-zoom [data-zoom]")
    assert buttons.count() == 2
    for button in buttons.all():
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, f"zoom button under 44 px: {box}"
    assert {b.get_attribute("aria-label") for b in buttons.all()} == {"Zoom the board out", "Zoom the board in"}
    touch = phone.evaluate(BOARD_WIDTH)
    assert touch > phone.evaluate(FRAME_WIDTH), "the board pans at touch size"
    # by keyboard: Tab reaches the buttons, Enter presses them
    for _ in range(40):
        phone.keyboard.press("Tab")
        if phone.evaluate("document.activeElement.dataset.zoom === '-1'"):
            break
    assert phone.evaluate("document.activeElement.dataset.zoom === '-1'"), "Tab never reaches the zoom buttons"
    phone.keyboard.press("Enter")
    phone.keyboard.press("Enter")
    assert abs(phone.evaluate(BOARD_WIDTH) - phone.evaluate(FRAME_WIDTH)) <= 1, "zoomed out, the whole board fits"
    phone.locator("#board [data-zoom='1']").tap()
    phone.locator("#board [data-zoom='1']").tap()
    phone.locator("#board [data-zoom='1']").tap()
    assert phone.evaluate(BOARD_WIDTH) > touch * 1.4, "zoomed in past touch size"
    # the level lasts when the board is drawn again (a computer's move, the player's own)
    phone.locator("#board .hp-hand-tile:not(.hp-unplayable)").first.tap()
    assert phone.evaluate(BOARD_WIDTH) > touch * 1.4, "the zoom was lost at a redraw"
    # a pinch on the board zooms the page (the browser's own zoom is not locked, and nothing on
    # the board takes the gesture). Headless Chromium zooms on no synthesized touch pinch, even
    # over plain text: the gesture is sent as its default source (the one it carries out).
    assert "user-scalable" not in (phone.get_attribute("meta[name=viewport]", "content") or "")
    cdp = phone.context.new_cdp_session(phone)
    box = phone.locator("#board .board-pan").bounding_box()
    assert box
    cdp.send("Input.synthesizePinchGesture", {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2,
                                               "scaleFactor": 2.0, "gestureSourceType": "default"})
    phone.wait_for_timeout(300)
    assert phone.evaluate("visualViewport.scale") > 1.2, "a pinch did not zoom"


# The board's cells (every hex drawn) that a zoom button covers, within what the frame shows.
COVERED = """() => {
  const out = [];
  for (const pan of document.querySelectorAll('#board .board-pan')) {
    const frame = pan.getBoundingClientRect();
    for (const button of document.querySelectorAll('#board .pan-zoom [data-zoom]')) {
      const b = button.getBoundingClientRect();
      for (const cell of pan.querySelectorAll('.touch-board polygon')) {
        const c = cell.getBoundingClientRect();
        const left = Math.max(c.left, b.left, frame.left), right = Math.min(c.right, b.right, frame.right);
        const top = Math.max(c.top, b.top, frame.top), bottom = Math.min(c.bottom, b.bottom, frame.bottom);
        if (right - left > 0.5 && bottom - top > 0.5) out.push(`${cell.getAttribute('class')} under ${button.dataset.zoom}`);
      }
    }
  }
  return out;
}"""
TOP_RIGHT = "for (const pan of document.querySelectorAll('#board .board-pan')) { pan.scrollLeft = pan.scrollWidth; pan.scrollTop = 0; }"


@pytest.mark.parametrize("query", ["?game=hex-please&seats=12&bots=11&level=easy&seed=zoom",
                                   "?game=hex-please&seats=3&bots=2&level=easy&seed=zoom",
                                   "?game=horrible-hex&seats=3&bots=2&level=easy&seed=zoom"])
def test_the_zoom_buttons_cover_no_cell_at_any_zoom(phone: Page, site: Any, query: str) -> None:
    """They sat over the frame's top right corner, and the corner cells slid under them."""
    open_table(phone, site, query)
    out, close = phone.locator("#board [data-zoom='-1']"), phone.locator("#board [data-zoom='1']")
    for button, levels in ((out, 2), (close, 4)):  # the smallest level, then up to the largest
        for level in range(levels + 1):
            phone.evaluate(TOP_RIGHT)
            phone.wait_for_timeout(50)
            covered = phone.evaluate(COVERED)
            assert not covered, f"{query}, {'out' if button is out else 'in'} {level}: {covered[:5]}"
            if level < levels:
                button.dispatch_event("click")
    assert close.is_disabled(), "zoomed in to the largest level"


# Whether the chip of the seat to move is wholly in the phone's one scrolling row of scores,
# and is one of the last two (`late`) or the first two chips.
CHIP_SHOWN = """(late) => {
  const row = document.getElementById('scores'), chip = row.querySelector('.score-chip.current');
  const chips = [...row.querySelectorAll('.score-chip')], at = chips.indexOf(chip);
  if (!chip || (late ? at < chips.length - 2 : at > 1)) return false;
  const r = row.getBoundingClientRect(), c = chip.getBoundingClientRect();
  return row.scrollWidth > row.clientWidth && c.left >= r.left - 1 && c.right <= r.right + 1;
}"""


def test_the_seat_to_move_is_scrolled_into_the_phones_row_of_scores(phone: Page, site: Any) -> None:
    """Six chips do not fit a phone's width: the seat to move was off the row's end, unseen."""
    open_table(phone, site, "?game=hack-and-slash&seats=6&bots=5&level=easy&seed=chips")
    phone.wait_for_function(CHIP_SHOWN, arg=False, timeout=10_000, polling="raf")
    phone.locator("#board .hs-card[data-action]").first.tap()
    if phone.locator("#confirm-yes").is_visible():
        phone.locator("#confirm-yes").tap()
    phone.wait_for_function(CHIP_SHOWN, arg=True, timeout=60_000, polling="raf")  # a computer at the end
    phone.wait_for_function(CHIP_SHOWN, arg=False, timeout=60_000, polling="raf")  # and round again


# The goal section's box, its one player's (a solo game's row) and the counts': [left, top, right, bottom].
SOLO_BOXES = """() => ['.hh-players', '.hh-player', '.hh-counts'].map(s => {
  const b = document.querySelector('#board ' + s).getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })"""


def test_a_solo_horrible_hex_goal_row_has_the_phones_whole_width(phone: Page, site: Any) -> None:
    """The row of four goals shared a line with the tile counts, each card in half the width."""
    open_table(phone, site, "?game=horrible-hex&seats=1&bots=0&seed=solo1")
    section, row, counts = phone.evaluate(SOLO_BOXES)
    assert row[2] - row[0] >= 0.95 * (section[2] - section[0]), f"the goal row is {row[2] - row[0]:.0f} px wide"
    assert counts[1] >= row[3], "the counts are under the goal row, not beside it"


# How many lines the words of the confirm setting (a setting chosen from a list) take.
SETTING_LINES = """() => {
  const words = document.getElementById('setting-confirm').parentElement.firstChild, range = document.createRange();
  range.selectNodeContents(words);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
}"""


def test_the_menu_on_a_phone_keeps_its_facts_whole_and_a_settings_words_on_a_line(phone: Page, site: Any) -> None:
    """A game's "2–6 players · dice · 20 minutes" wrapped as "20" / "minutes", and the confirm
    setting put its words, its list and what it means side by side: one word a line."""
    phone.goto(site.url)
    wait_ready(phone)
    assert phone.locator("#menu .fact").count() >= 12, "each game's players, kind and time are facts"
    assert phone.evaluate(BROKEN_FACTS, "#menu") == []
    lines = phone.evaluate(SETTING_LINES)
    assert lines == 1, f"the confirm setting's words take {lines} lines"


# The segments of the new-game dialog's choices (seat kinds, rounds, boards...) whose words are
# wider than the segment, or which are smaller than a finger (44 px): what each says.
CLIPPED_SEGMENTS = """() => [...document.querySelectorAll('#setup .seg label')].filter(l => l.offsetParent
  && (l.scrollWidth > l.clientWidth + 1 || l.offsetWidth < 44 || l.offsetHeight < 44)).map(l => l.textContent.trim())"""


@pytest.mark.parametrize("game_id", ["hack-and-slash", "hex-please"])
def test_a_new_games_choices_fit_their_segments_on_a_phone(phone: Page, site: Any, game_id: str) -> None:
    """A seat's kinds in five equal segments cut a chosen "Human" and "Normal" at both ends."""
    open_setup(phone, site.url, game_id, 3)
    phone.locator(".seat-row:not([hidden])").nth(1).locator("label:has-text('Normal')").tap()
    assert phone.evaluate(CLIPPED_SEGMENTS) == []
