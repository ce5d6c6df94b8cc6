"""The keyboard: one tab stop per group of choices (a board's cells, a hand), the arrow keys
within it, Enter to choose, Escape to take a selection back (web/ui/roving.py)."""

from __future__ import annotations

import pytest
from conftest import POLL_MS, fast_settings, wait_ready
from helpers import wait_turn
from playwright.sync_api import Page, expect
from test_everywhere import FOCUS_SHOWS

URLS = {
    "hack-and-slash": "?game=hack-and-slash&seats=3&bots=2&level=easy&seed=keys",
    "horrible-hex": "?game=horrible-hex&seats=2&bots=1&level=easy&seed=keys",
    "hex-hex": "?game=hex-hex&seats=4&bots=3&level=easy&seed=keys",
    "hex-please": "?game=hex-please&seats=2&bots=1&level=easy&seed=keys",
}
CHOICE = "[data-action],[data-ui],[data-hex],[data-card]"
BOARD_AND_LOG = ("() => document.getElementById('board').innerHTML"
                 " + document.querySelectorAll('#log li').length")
IN_GROUP = "name => !!document.activeElement.closest(`#board [data-rove='${name}']`)"
TAB_WAY = """name => {
    // Tab or Shift+Tab: whichever way the group is from the focus, as a player sees the page.
    const group = document.querySelector(`#board [data-rove='${name}']`);
    const here = document.activeElement;
    if (!group || here === document.body) return 'Tab';
    return here.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_PRECEDING ? 'Shift+Tab' : 'Tab';
}"""
STOPS = f"""() => [...document.querySelectorAll('#board [data-rove]')].map(g => {{
    const own = [...g.querySelectorAll('{CHOICE}')].filter(n => n.closest('[data-rove]') === g
        && (n.hasAttribute('tabindex') || n.tagName === 'BUTTON') && !n.disabled);
    return [g.dataset.rove, own.length, own.filter(n => n.tabIndex >= 0).length];
}}).filter(([_, n]) => n > 0)"""


class Keys:
    """A keyboard that counts what it presses."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1

    def reach(self, group: str) -> None:
        """Tab (or Shift+Tab) into a group of choices on the board."""
        for _ in range(30):
            if self.page.evaluate(IN_GROUP, group):
                return
            self.press(self.page.evaluate(TAB_WAY, group))
        raise AssertionError(f"Tab does not reach the {group}")


def open_game(page: Page, site, game_id: str) -> None:
    fast_settings(page)
    page.goto(site.url + URLS[game_id])
    wait_ready(page)
    assert wait_turn(page)


HEX_PLEASE_WANTS = """() => {
    const board = document.getElementById('board');
    if (board.querySelector("[data-rove='board'] [data-action], [data-rove='board'] [data-ui]")) return 'board';
    if (board.querySelector('.hp-hand-tile:not(.hp-unplayable)')) return 'hand';
    return 'turn';
}"""
FOCUSED_FITS = ("() => { const a = document.activeElement;"
                " return !a.matches('.hp-unplayable') && !a.matches('.hp-rotate'); }")


def test_a_whole_hex_please_game_by_keyboard_counting_key_presses(page: Page, site):
    """Against a computer, every turn with the keyboard alone: Tab to the hand, arrows to a
    tile that fits, Enter; Shift+Tab to the board, Enter on a cell (a Bridge's turn cell
    turns it first); Pass when nothing fits. The count is printed (issue 44: 146 keys for
    7 turns, mostly Tab, when every cell was a tab stop)."""
    open_game(page, site, "hex-please")
    keys, turns, decisions = Keys(page), 0, 0
    for _ in range(400):
        if not wait_turn(page):
            break
        before = page.evaluate(BOARD_AND_LOG)
        wants = page.evaluate(HEX_PLEASE_WANTS)
        keys.reach(wants)
        for _ in range(12):  # in the hand: to a tile that fits; in the turn's buttons: Pass or End
            if wants == "board" or page.evaluate(FOCUSED_FITS):
                break
            keys.press("ArrowRight")
        assert page.evaluate(FOCUS_SHOWS), "the focused choice looks the same as when not focused"
        turns += wants == "board"
        decisions += 1
        keys.press("Enter")
        page.wait_for_function(f"before => ({BOARD_AND_LOG})() !== before", arg=before, timeout=30_000,
                               polling=POLL_MS)
    else:
        raise AssertionError("the game did not end")
    expect(page.locator("#turn")).to_contain_text("Game over")
    print(f"\nHEX PLEASE! by keyboard: {keys.count} key presses for {decisions} decisions ({turns} on the board)")
    assert keys.count < 8 * max(turns, 1), (keys.count, turns)


@pytest.mark.parametrize("game_id", ["hack-and-slash", "horrible-hex", "hex-hex", "hex-please"])
def test_one_tab_stop_per_group_and_arrows_stay_in_it(page: Page, site, game_id):
    """Every group of choices the board draws has exactly one tab stop; from it the arrow
    keys go to other choices of the same group, and Tab then leaves the group."""
    open_game(page, site, game_id)
    if game_id == "hex-please":  # the cells become choices once a tile is picked
        page.locator("#board [data-rove='hand'] [data-ui]").first.click()
    stops = page.evaluate(STOPS)
    assert stops, "no group of choices on the board"
    assert all(one == 1 for _, _, one in stops), stops
    name, size, _ = max(stops, key=lambda s: s[1])
    assert size > 1, stops
    keys = Keys(page)
    page.evaluate("document.getElementById('turn').setAttribute('tabindex', '-1');"
                  "document.getElementById('turn').focus()")
    keys.reach(name)
    seen = {page.evaluate("() => document.activeElement.outerHTML")}
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home"):
        keys.press(key)
        assert page.evaluate(IN_GROUP, name), f"{key} left the {name}"
        seen.add(page.evaluate("() => document.activeElement.outerHTML"))
    assert len(seen) > 1, "the arrow keys did not move within the group"
    # Tab goes on out of the group, not to its next choice.
    keys.press("Tab")
    assert not page.evaluate(IN_GROUP, name), f"Tab stayed in the {name}"
    # and back into it lands on the choice left last (the group's one stop)
    keys.press("Shift+Tab")
    assert page.evaluate(IN_GROUP, name)
    assert page.evaluate("() => document.activeElement.tabIndex") == 0


def test_escape_takes_back_a_picked_tile(page: Page, site):
    open_game(page, site, "hex-please")
    keys = Keys(page)
    keys.reach("hand")
    keys.press("Enter")
    expect(page.locator("#board .hp-picked")).to_have_count(1)
    keys.press("Escape")
    expect(page.locator("#board .hp-picked")).to_have_count(0)
