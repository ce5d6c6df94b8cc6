"""A computer's move is drawn in one task and the next computer starts thinking in another
(issue 44: drawing a move and the next computer's first slice of thinking made one task of up
to 100 ms at 4x CPU slowdown).

Computers play every seat of a Hack & Slash table for a few seconds. The page's own measures
say when each move was drawn ("drawing") and when each search began ("computer thinking");
the end of the task that drew a move is when its microtasks run. No search may begin after a
drawing and before the end of that drawing's task.
"""

from __future__ import annotations

from conftest import POLL_MS, wait_ready
from playwright.sync_api import Page

WATCH = """
window.__drawn = [];  // [drawing's end, its task's end]
const measure = performance.measure.bind(performance);
performance.measure = (name, ...rest) => {
    const entry = measure(name, ...rest);
    if (name === 'drawing') {
        const row = [performance.now(), Infinity];
        window.__drawn.push(row);
        queueMicrotask(() => { row[1] = performance.now(); });
    }
    return entry;
};
try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0.2, reduced_motion: true})) } catch (e) {}
"""


def test_a_computer_starts_thinking_after_the_task_that_drew_the_last_move(page: Page, site) -> None:
    page.add_init_script(WATCH)
    page.goto(site.url + "?game=hack-and-slash&seats=3&bots=3&level=easy&seed=tasks")
    wait_ready(page)
    page.wait_for_function("() => window.__drawn.length >= 6", timeout=60_000, polling=POLL_MS)
    found = page.evaluate("""() => {
        const starts = performance.getEntriesByName('computer thinking').map((e) => e.startTime);
        const inside = starts.filter((start) => window.__drawn.some(([drawn, taskEnd]) => start >= drawn && start < taskEnd));
        return {searches: starts.length, inside};
    }""")
    assert found["searches"] >= 5
    assert found["inside"] == []
