"""web/patch.mjs touches no more than a redraw changed (issue 44, drawing at 4x CPU).

- An element whose markup did not change keeps its attributes untouched, even when the page
  added its own since the last drawing (roving focus's `tabindex`, `data-rove-stop`): those
  are removed one by one, the markup's own are not written again (rewriting an unchanged
  `class` made the browser work out that element's style again, at every redraw).
- A toggle (`aria-pressed`) drawn again with another value in its `data-ui` (what pressing it
  next sets: "odds=1", then "odds=") is changed in place and keeps the focus; replacing the
  focused element made the browser lay out at once, and the page measure every choice on the
  board to put the focus back. Other choices with a new value are new elements, as before.
- Glides are looked for (`getAnimations`, which makes the browser work out styles first)
  only while the page says one may still run; a glide still running then stops.

Each result still reads exactly as its markup drawn afresh (e2e/test_patch.py checks that
for generated pairs; the checks here compare too).
"""

from __future__ import annotations

import random

from conftest import BLANK_PATH
from playwright.sync_api import Page
from test_patch import html, tree

# A box on a blank page, and `watched(markup)`: the box patched to `markup`, with every change
# the patch made to it.
WATCHED_BOX = """
    await import('/patch.mjs');
    const box = document.createElement('div');
    document.body.append(box);
    const fresh = document.createElement('div');
    const watched = (markup) => {
        const seen = [];
        const observer = new MutationObserver((records) => seen.push(...records));
        observer.observe(box, {subtree: true, childList: true, attributes: true, characterData: true});
        hexPatch.html(box, markup, false);
        seen.push(...observer.takeRecords());
        observer.disconnect();
        return seen;
    };"""

PAGE_ADDED = """async (cases) => {""" + WATCHED_BOX + """
    const wrong = [];
    for (const [markup, picks] of cases) {
        box.innerHTML = markup;
        const elements = [...box.querySelectorAll('*')];
        for (const [i, name] of picks) if (elements.length) elements[i % elements.length].setAttribute(name, 'page');
        const seen = watched(markup);
        fresh.innerHTML = markup;
        const other = seen.filter((r) => r.type !== 'attributes'
            || !['tabindex', 'data-rove-stop'].includes(r.attributeName) || r.target.hasAttribute(r.attributeName));
        if (box.innerHTML !== fresh.innerHTML || other.length) {
            wrong.push([markup, box.innerHTML, other.map((r) => r.type + ' ' + (r.attributeName || ''))]);
        }
    }
    return wrong.slice(0, 3);
}"""


def test_an_unchanged_element_keeps_its_attributes_and_only_the_pages_own_go(page: Page, site) -> None:
    rng = random.Random(4401)
    cases = []
    for _ in range(200):
        markup = html(tree(rng))
        picks = [(rng.randrange(1000), rng.choice(("tabindex", "data-rove-stop"))) for _ in range(rng.randrange(4))]
        cases.append((markup, picks))
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    assert page.evaluate(PAGE_ADDED, cases) == []


TOGGLE = """async () => {
    await import('/patch.mjs');
    const box = document.createElement('div');
    document.body.append(box);
    const draw = (on) => `<p>Choose</p><div class="row"><button type="button" data-ui="odds=${on ? '' : '1'};near="`
        + ` aria-pressed="${on}">What are my chances?</button><button type="button" data-ui="rot=${on ? 1 : 2}">Turn</button>`
        + `<button type="button" data-action="go">Go</button></div>`;
    box.innerHTML = draw(false);
    const [toggle, turn] = box.querySelectorAll('[data-ui]');
    toggle.focus();
    hexPatch.html(box, draw(true), false);
    const fresh = document.createElement('div');
    fresh.innerHTML = draw(true);
    const [toggleNow, turnNow] = box.querySelectorAll('[data-ui]');
    return {same: toggleNow === toggle, focused: document.activeElement === toggle,
            value: toggleNow.getAttribute('data-ui'), reads: box.innerHTML === fresh.innerHTML,
            otherReplaced: turnNow !== turn};
}"""


def test_a_toggle_drawn_again_with_a_new_value_keeps_its_element_and_the_focus(page: Page, site) -> None:
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    assert page.evaluate(TOGGLE) == {"same": True, "focused": True, "value": "odds=;near=", "reads": True,
                                     "otherReplaced": True}


GLIDES = """async () => {
    await import('/patch.mjs');
    const box = document.createElement('div');
    document.body.append(box);
    const markup = '<div data-piece="a">A</div><div data-piece="b">B</div>';
    box.innerHTML = markup;
    let asked = 0;
    const ask = Element.prototype.getAnimations;
    Element.prototype.getAnimations = function (...args) { asked += 1; return ask.apply(this, args); };
    const glide = () => box.querySelector('[data-piece="a"]').animate(
        [{transform: 'translate(30px, 0)'}, {transform: 'none'}], {duration: 10000});
    const running = (a) => a.playState === 'running';
    const first = glide();
    hexPatch.html(box, markup, false);  // the page knows no glide can run: not asked
    const quiet = {asked, running: running(first)};
    first.cancel();
    const second = glide();
    hexPatch.html(box, markup, true);  // one may run: asked, and it stops
    const gliding = {asked, running: running(second)};
    const third = glide();
    hexPatch.html(box, markup);  // a caller that does not say: asked, as before
    Element.prototype.getAnimations = ask;
    return {quiet, gliding, unsaid: {asked, running: running(third)}};
}"""


def test_glides_are_looked_for_only_while_one_may_run_and_a_running_one_stops(page: Page, site) -> None:
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    assert page.evaluate(GLIDES) == {"quiet": {"asked": 0, "running": True},
                                     "gliding": {"asked": 1, "running": False},
                                     "unsaid": {"asked": 2, "running": False}}


UNCHANGED = """async (markups) => {
    await import('/patch.mjs');
    const box = document.createElement('div');
    document.body.append(box);
    const fresh = document.createElement('div');
    let reads = 0;
    const read = Element.prototype.getAttributeNS;
    Element.prototype.getAttributeNS = function (...args) { reads += 1; return read.apply(this, args); };
    const wrong = [];
    for (const markup of markups) {
        box.innerHTML = markup;
        hexPatch.html(box, markup, false);
    }
    const unchanged = reads;
    // the same attributes in another order are not "unchanged": the new order is drawn
    box.innerHTML = '<div><span class="a" title="b">x</span></div>';
    hexPatch.html(box, '<div><span title="b" class="a">x</span></div>', false);
    fresh.innerHTML = '<div><span title="b" class="a">x</span></div>';
    Element.prototype.getAttributeNS = read;
    return {unchanged, reordered: box.innerHTML === fresh.innerHTML};
}"""


def test_a_box_drawn_as_it_was_is_not_walked_in_script_and_a_new_attribute_order_is_drawn(page: Page, site) -> None:
    rng = random.Random(4402)
    markups = [html(tree(rng)) for _ in range(100)]
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    assert page.evaluate(UNCHANGED, markups) == {"unchanged": 0, "reordered": True}


APPENDED = """async (cases) => {""" + WATCHED_BOX + """
    const wrong = [];
    for (const [markup, picks] of cases) {
        // the new markup: the same, with attributes added after an element's others
        fresh.innerHTML = markup;
        const elements = [...fresh.querySelectorAll('*')];
        const added = [];
        for (const [i, name] of picks) {
            if (!elements.length) break;
            const node = elements[i % elements.length];
            if (node.hasAttribute(name)) continue;
            node.setAttribute(name, 'new');
            added.push(name);
        }
        const next = fresh.innerHTML;
        box.innerHTML = markup;
        const seen = watched(next);
        const changed = seen.map((r) => r.type + ' ' + (r.attributeName || '')).sort();
        const expected = added.map((name) => 'attributes ' + name).sort();
        if (box.innerHTML !== next || JSON.stringify(changed) !== JSON.stringify(expected)) {
            wrong.push([markup, next, box.innerHTML, changed]);
        }
    }
    return wrong.slice(0, 3);
}"""


def test_attributes_the_markup_adds_after_the_others_are_set_alone(page: Page, site) -> None:
    """An element that gains attributes after its others (a board that becomes a group of
    choices, with its tab stop) gets just those: its other attributes are not removed and
    written again to keep the markup's order, which they already have."""
    rng = random.Random(4403)
    cases = []
    for _ in range(200):
        picks = [(rng.randrange(1000), rng.choice(("data-rove", "data-rove-stop", "tabindex", "aria-label")))
                 for _ in range(rng.randrange(1, 4))]
        cases.append((html(tree(rng)), picks))
    page.goto(site.url + BLANK_PATH.lstrip("/"))
    assert page.evaluate(APPENDED, cases) == []
