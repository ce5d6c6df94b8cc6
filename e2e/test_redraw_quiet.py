"""What is drawn around the board changes only where a redraw changed it (issue 44: at 4x CPU
every redraw also wrote the status line, the scores and the recap's `hidden` again, and each
write is work for the browser's style and layout).

A Hack & Slash table, a person and two computers (the page's click-to-redraw benchmark
table): a tap that changes only the board leaves the status line, the scores and the recap
untouched. A HEX PLEASE! table of two computers: the "current" mark moves between the score
chips at every move, and the chips keep their elements (patched, not drawn again).
"""

from __future__ import annotations

from conftest import POLL_MS, fast_settings, wait_ready
from playwright.sync_api import Page

YOUR_TURN = "() => /your turn/.test(document.getElementById('turn').textContent)"
# computers' moves a fifth of their usual pace apart (speed 0 ends the game in a few seconds)
SLOWER = "try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0.2})) } catch (e) {}"
WATCH = """() => {
    window.__around = [];
    for (const id of ['turn', 'scores', 'recap']) {
        new MutationObserver((records) => window.__around.push(...records.map((r) => id + ' ' + r.type)))
            .observe(document.getElementById(id), {subtree: true, childList: true, attributes: true, characterData: true});
    }
    window.__chips = [...document.querySelectorAll('#scores .score-chip')];
}"""


def test_a_tap_that_changes_only_the_board_leaves_the_status_scores_and_recap_alone(page: Page, site) -> None:
    fast_settings(page)
    page.goto(site.url + "?game=hack-and-slash&seats=3&bots=2&level=easy&seed=quiet")
    wait_ready(page)
    page.wait_for_function(YOUR_TURN, timeout=60_000, polling=POLL_MS)
    page.evaluate(WATCH)
    toggle = page.locator("#board [data-ui^='odds']")
    pressed = toggle.get_attribute("aria-pressed")
    toggle.click()
    page.wait_for_function("(was) => document.querySelector(\"#board [data-ui^='odds']\")"
                           ".getAttribute('aria-pressed') !== was", arg=pressed, polling=POLL_MS)
    assert page.evaluate("window.__around") == []


def test_a_tap_leaves_the_tab_stops_of_the_choices_it_did_not_change_alone(page: Page, site) -> None:
    """Roving focus's tab stops (web/roving.mjs) are given to a drawing before it is patched in:
    the choices a tap did not change keep their `tabindex`, instead of losing it to the patch
    and getting it back after (two writes each for the browser's style, at every tap)."""
    fast_settings(page)
    page.goto(site.url + "?game=hack-and-slash&seats=3&bots=2&level=easy&seed=quiet")
    wait_ready(page)
    page.wait_for_function(YOUR_TURN, timeout=60_000, polling=POLL_MS)
    page.evaluate("""() => {
        window.__stops = [];
        new MutationObserver((records) => window.__stops.push(...records.map((r) => r.attributeName)))
            .observe(document.getElementById('board'),
                     {subtree: true, attributes: true, attributeFilter: ['tabindex', 'data-rove-stop']});
    }""")
    toggle = page.locator("#board [data-ui^='odds']")
    for _ in range(2):
        pressed = toggle.get_attribute("aria-pressed")
        toggle.click()
        page.wait_for_function("(was) => document.querySelector(\"#board [data-ui^='odds']\")"
                               ".getAttribute('aria-pressed') !== was", arg=pressed, polling=POLL_MS)
    stops = page.evaluate("""() => [...document.querySelectorAll('#board [data-rove]')].map((group) =>
        [...group.querySelectorAll('[tabindex="0"]')].filter((n) => n.closest('[data-rove]') === group).length)""")
    assert stops and all(n == 1 for n in stops), stops  # still one tab stop in each group
    assert page.evaluate("window.__stops") == []



def test_score_chips_keep_their_elements_while_the_current_mark_moves(page: Page, site) -> None:
    page.add_init_script(SLOWER)
    page.goto(site.url + "?game=hex-please&seats=2&bots=2&level=easy&seed=quiet")
    wait_ready(page)
    page.wait_for_function("() => document.querySelectorAll('#scores .score-chip').length === 2", polling=POLL_MS)
    page.evaluate(WATCH)
    page.wait_for_function("() => window.__around.filter((r) => r.startsWith('scores')).length >= 4",
                           timeout=60_000, polling=POLL_MS)
    kept = page.evaluate("""() => ({
        kept: window.__chips.every((chip) => chip.isConnected),
        count: document.querySelectorAll('#scores .score-chip').length === window.__chips.length})""")
    assert kept == {"kept": True, "count": True}
