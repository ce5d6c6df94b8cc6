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
