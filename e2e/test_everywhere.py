"""Everywhere a player is: installable, phone and desktop sizes, keyboard only, accessible."""

from __future__ import annotations

import os

import pytest
from conftest import POLL_MS, ROOT, SERVICE_WORKER_ACTIVE, fast_settings, wait_ready
from helpers import take_first_choice, wait_turn
from playwright.sync_api import Page, expect

AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
HS_URL = "?game=hack-and-slash&seats=3&bots=2&level=easy&seed=everywhere"
SIZES = {"phone": (360, 640), "desktop": (1920, 1080)}
GAME_URLS = {
    "hack-and-slash": HS_URL,
    "horrible-hex": "?game=horrible-hex&seats=2&bots=1&level=easy&seed=everywhere",
    "hex-hex": "?game=hex-hex&seats=4&bots=3&level=easy&seed=everywhere",
    "hex-please": "?game=hex-please&seats=2&bots=1&level=easy&seed=everywhere",
}


# A crowded board, for the size checks only.
MORE_URLS = {"hex-please-12": "?game=hex-please&seats=12&bots=11&level=easy&seed=everywhere"}


def open_page(page: Page, site, where: str) -> None:
    fast_settings(page)
    page.goto(site.url + ("" if where == "menu" else {**GAME_URLS, **MORE_URLS}[where]))
    wait_ready(page)
    if where != "menu":
        page.wait_for_function("() => /your turn/.test(document.getElementById('turn').textContent)",
                               timeout=60_000, polling=POLL_MS)


def test_the_site_passes_chromiums_installability_checks(page: Page, site):
    page.goto(site.url)
    wait_ready(page)
    page.wait_for_function(SERVICE_WORKER_ACTIVE, polling=POLL_MS)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito-like, which Chromium reports as its own error;
    # anything else (manifest, icons, service worker, start URL) would be ours.
    errors = [e for e in errors if e["errorId"] != "in-incognito"]
    assert errors == [], errors
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("where", ["menu", *GAME_URLS])
def test_pages_fit_without_horizontal_scrolling(page: Page, site, size, where, tmp_path):
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, site, where)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "horizontal scroll"
    os.makedirs(os.path.join(ROOT, "e2e", "artifacts"), exist_ok=True)
    page.screenshot(path=os.path.join(ROOT, "e2e", "artifacts", f"{where}-{size}.png"), full_page=True)
    # Controls are inside the viewport's width and big enough to touch. Shapes inside a
    # board's SVG are checked below, where the board pans in its frame.
    small = page.evaluate("""() => [...document.querySelectorAll('button:not([hidden]), select, [data-action]')]
        .filter(e => e.offsetParent !== null && !e.closest('svg'))
        .map(e => [e.id || e.dataset.action || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
        .filter(([_, r]) => r.width < 44 || r.height < 44 || r.right > window.innerWidth + 1)
        .map(([n, r]) => `${n}: ${Math.round(r.width)}x${Math.round(r.height)} right ${Math.round(r.right)}`)""")
    assert small == [], small


SVG_TARGETS = """() => [...document.querySelectorAll('#board svg [data-action], #board svg [data-ui][tabindex]')]
    .map(e => [e.getAttribute('aria-label') || e.dataset.action || e.dataset.ui, e.getBoundingClientRect()])
    .filter(([_, r]) => r.width > 0)"""


@pytest.mark.parametrize("where", ["horrible-hex", "hex-please", "hex-please-12", "hex-hex"])
def test_board_cells_are_touch_sized_on_a_phone(page: Page, site, where):
    """At 360x640 every shape one can tap on a board is at least 44 px across (HEX PLEASE!'s
    fitted board: 20 px); a board that would need to shrink further pans inside its own frame,
    and the page does not scroll sideways."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_page(page, site, where)
    if not page.evaluate(SVG_TARGETS):  # HEX PLEASE!: the cells become choices once a tile is picked
        page.locator("#board [data-ui]").first.click()
    targets = page.evaluate(SVG_TARGETS)
    assert targets, "no choice on the board to measure"
    # HEX PLEASE!'s board fits a phone's width so that every cell can be reached and the hand
    # stays in view while placing; its cells are smaller than a fingertip (pinch-zoom helps).
    smallest = 19.5 if where.startswith("hex-please") else 43.5
    small = [f"{name}: {r['width']:.0f}x{r['height']:.0f}" for name, r in targets
             if min(r["width"], r["height"]) < smallest]
    assert small == [], small
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "horizontal scroll"


FOCUSABLE = "#board [data-action][tabindex], #board [data-ui][tabindex], #board button"
CENTRE = """() => { const r = document.activeElement.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2]; }"""


@pytest.mark.parametrize("game_id", ["horrible-hex", "hex-please"])
def test_arrow_keys_move_across_the_board_as_it_is_drawn(page: Page, site, game_id):
    """From the leftmost choice, ArrowRight goes to one drawn to its right, and from the
    topmost, ArrowDown to one drawn below it (not the next one in the page's order)."""
    open_page(page, site, game_id)
    if not page.evaluate(SVG_TARGETS):
        page.locator("#board [data-ui]").first.click()
    for key, axis, pick in (("ArrowRight", 0, "left"), ("ArrowDown", 1, "top")):
        page.evaluate("""([sel, pick]) => {
            const items = [...document.querySelectorAll(sel)].filter(e => e.getBoundingClientRect().width > 0);
            items.sort((a, b) => a.getBoundingClientRect()[pick] - b.getBoundingClientRect()[pick]);
            items[0].focus();
        }""", [FOCUSABLE, pick])
        before = page.evaluate(CENTRE)
        page.keyboard.press(key)
        after = page.evaluate(CENTRE)
        assert after[axis] > before[axis] + 1, (key, before, after)


@pytest.mark.parametrize("game_id", ["horrible-hex", "hex-please"])
def test_focus_stays_on_the_board_after_choosing_with_enter(page: Page, site, game_id):
    """Picking something (a tile, a card) redraws the board; the keyboard focus stays there,
    on the same choice or the one drawn nearest to it, not back at the top of the page."""
    open_page(page, site, game_id)
    page.locator("#board [data-ui]").first.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("() => !!document.activeElement.closest('#board')"), page.evaluate(
        "() => document.activeElement.outerHTML.slice(0, 120)")


def test_focus_stays_on_the_board_after_a_move_with_enter(page: Page, site):
    """A move redraws the board, and so do the computers' moves after it; a keyboard player
    keeps the focus in the board through all of them (on the nearest choice, or the board)."""
    fast_settings(page)
    page.goto(site.url + HS_URL.replace("everywhere", "focus-move"))
    wait_ready(page)
    assert wait_turn(page)
    before = page.locator("#log li").count()
    page.locator("#board [data-action]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}", polling=POLL_MS)
    assert wait_turn(page)  # the computers have played too
    assert page.evaluate("() => !!document.activeElement.closest('#board')"), page.evaluate(
        "() => document.activeElement.outerHTML.slice(0, 120)")
    page.keyboard.press("ArrowRight")  # the arrows go on from there
    assert page.evaluate("() => !!document.activeElement.closest('#board [data-action],#board [data-ui]')")


def test_a_whole_game_with_the_keyboard_only(page: Page, site):
    fast_settings(page)
    page.goto(site.url + HS_URL.replace("everywhere", "keys"))
    wait_ready(page)
    for _ in range(300):
        if not wait_turn(page):
            break
        before = page.locator("#log li").count()
        # From the top of the game screen, Tab into the board; arrows move between choices.
        page.evaluate("document.getElementById('turn').setAttribute('tabindex', '-1'); document.getElementById('turn').focus()")
        page.keyboard.press("Tab")
        for _ in range(40):
            if page.evaluate("!!document.activeElement.closest('#board [data-action]')"):
                break
            page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('#board [data-action]')"), "no choice reachable by Tab"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none", "the focused choice shows no focus ring"
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}", polling=POLL_MS)
    expect(page.locator("#turn")).to_contain_text("Game over")


@pytest.mark.parametrize("where", ["menu", *GAME_URLS, "embed", "python-authors"])
def test_no_serious_accessibility_violations(page: Page, site, where):
    if where == "embed":
        fast_settings(page)
        page.goto(site.url + "embed.html" + GAME_URLS["hack-and-slash"])
        wait_ready(page)
    elif where == "python-authors":
        page.goto(site.url + "python-authors.html")
        wait_ready(page)
    else:
        open_page(page, site, where)
    # Injected through the debugging protocol, which the page's CSP does not govern.
    with open(AXE, encoding="utf-8") as f:
        page.evaluate(f.read() + "\n;0")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    serious = [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
               for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], "\n".join(serious)


KEY_CHOICE = """() => {
    const board = document.getElementById('board');
    const active = document.activeElement;
    const wanted = board.querySelector('[data-action]') ? '[data-action]' : '[data-ui]:not([data-read])';
    return !!(active && board.contains(active) && active.closest(wanted));
}"""


# What a failure to reach a choice is about: where the focus is and the board's tab stops.
TAB_STOPS = """() => {
    const brief = (n) => n ? n.outerHTML.slice(0, 120) : String(n);
    const stops = [...document.querySelectorAll('#board [tabindex="0"], #board button:not([tabindex="-1"])')];
    return `focus on ${brief(document.activeElement)}; the board's tab stops: ${stops.map(brief).join(' | ')}`;
}"""


BOARD_AND_LOG = ("() => document.getElementById('board').innerHTML"
                 " + document.querySelectorAll('#log li').length")


FOCUS_SHOWS = """() => {
    // A visible focus ring: the element (or a shape inside it) is drawn differently when focused.
    const el = document.activeElement;
    const look = () => [el, ...el.querySelectorAll('*')].map(n => {
        const c = getComputedStyle(n);
        return [c.outlineStyle, c.outlineWidth, c.backgroundColor, c.stroke, c.strokeWidth, c.fill].join();
    }).join('|');
    const focused = look();
    el.blur();
    const plain = look();
    el.focus({focusVisible: true});
    return focused !== plain;
}"""


@pytest.mark.parametrize("game_id", ["horrible-hex", "hex-hex", "hex-please"])
def test_a_whole_game_of_each_title_with_the_keyboard_only(page: Page, site, game_id):
    """Tab to the first choice (an action if the board offers one), Enter to take it."""
    open_page(page, site, game_id)
    for _ in range(600):
        if not wait_turn(page):
            return
        before = page.evaluate(BOARD_AND_LOG)
        page.evaluate("document.getElementById('turn').setAttribute('tabindex', '-1');"
                      "document.getElementById('turn').focus()")
        for _ in range(120):
            page.keyboard.press("Tab")
            if page.evaluate(KEY_CHOICE):
                break
        if not page.evaluate(KEY_CHOICE) and page.evaluate(BOARD_AND_LOG) != before:
            continue  # the table moved on meanwhile: it passes at once for a person who may only pass
        assert page.evaluate(KEY_CHOICE), ("a choice on the board cannot be reached with Tab: "
                                           + page.evaluate(TAB_STOPS))
        assert page.evaluate(FOCUS_SHOWS), "the focused choice looks the same as when not focused"
        page.keyboard.press("Enter")
        page.wait_for_function(f"before => ({BOARD_AND_LOG})() !== before", arg=before, timeout=30_000, polling=POLL_MS)
    raise AssertionError("the game did not end")


CONTRAST = """() => {
    // Every piece of text on the game screen (outside SVG) against the ground it is drawn on.
    const rgba = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
    const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    const over = (top, under) => top.map((v, i) => i < 3 ? v * top[3] + under[i] * (1 - top[3]) : 1);
    const ground = (e) => {
        const layers = [];
        for (let n = e; n; n = n.parentElement) {
            const c = rgba(getComputedStyle(n).backgroundColor);
            if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
        }
        return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const fade = (e) => { let o = 1; for (let n = e; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity); return o; };
    const low = [];
    const scope = document.querySelectorAll('#game .game-bar *, #scores *, #board *, #game .side *');
    for (const e of scope) {
        if (e.closest('svg')) continue;
        const text = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join('');
        if (!text) continue;
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
        const bg = ground(e), fg = rgba(getComputedStyle(e).color);
        const seen = over([fg[0], fg[1], fg[2], fg[3] * fade(e)], bg);
        const [a, b] = [lum(seen), lum(bg)].sort((x, y) => y - x);
        const ratio = (a + 0.05) / (b + 0.05);
        if (ratio < 7) low.push(`${text.slice(0, 30)} (${e.className || e.tagName}): ${ratio.toFixed(1)}`);
    }
    return low;
}"""


@pytest.mark.parametrize("where", list(GAME_URLS))
def test_high_contrast_text_on_the_game_screen_is_at_least_7_to_1(page: Page, site, where):
    page.add_init_script("try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0, high_contrast: true})) } catch (e) {}")
    page.goto(site.url + GAME_URLS[where])
    wait_ready(page)
    page.wait_for_function("() => /your turn/.test(document.getElementById('turn').textContent)",
                           timeout=60_000, polling=POLL_MS)
    assert page.evaluate("document.body.classList.contains('high-contrast')")
    low = page.evaluate(CONTRAST)
    assert low == [], low[:10]


def test_high_contrast_changes_the_boards_themselves(page: Page, site):
    """The switch is not only the page's frame: the tiles, cells and cards are drawn anew."""
    looks = {}
    for contrast in (False, True):
        page.add_init_script("try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0, high_contrast: %s})) } catch (e) {}"
                             % ("true" if contrast else "false"))
        for game_id, shape in (("horrible-hex", "#board .hh-body"), ("hex-please", "#board .hp-cell"),
                               ("hex-hex", "#board .hx-felt"), ("hack-and-slash", "#board .hs-card")):
            page.goto(site.url + GAME_URLS[game_id].replace("everywhere", f"hc-{contrast}"))
            wait_ready(page)
            page.wait_for_selector(shape)
            looks[game_id, contrast] = page.evaluate(
                "(sel) => { const c = getComputedStyle(document.querySelector(sel));"
                " return [c.fill, c.stroke, c.backgroundColor, c.borderColor].join(); }", shape)
    changed = [g for g in GAME_URLS if looks[g, False] != looks[g, True]]
    assert sorted(changed) == sorted(GAME_URLS), looks


# Animations that never end, each named with the element it runs on: each repaints its
# part of the page every frame for as long as the page is open.
ENDLESS = """() => document.getAnimations()
    .filter(a => a.effect.getComputedTiming().endTime === Infinity)
    .map(a => `${a.animationName || a.id || 'web animation'} on ${a.effect.target?.getAttribute('class')}`)"""


@pytest.mark.parametrize("where", ["menu", *GAME_URLS])
def test_a_page_waiting_for_the_player_comes_to_rest(page: Page, site, where):
    """Hints pulse a few times and then stay lit: nothing moves for ever while a player thinks."""
    open_page(page, site, where)
    page.wait_for_timeout(300)  # the board of the player's turn drawn, its hints started
    assert page.evaluate(ENDLESS) == []


def test_reduce_motion_stops_every_animation_and_transition(page: Page, site):
    page.add_init_script("try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0, reduced_motion: true})) } catch (e) {}")
    page.goto(site.url + HS_URL.replace("everywhere", "still"))
    wait_ready(page)
    for _ in range(4):
        if not wait_turn(page):
            break
        take_first_choice(page)
    wait_turn(page)
    moving = page.evaluate("""() => [...document.querySelectorAll('*')].flatMap(e => {
        const s = getComputedStyle(e), out = [];
        if (s.animationName !== 'none') out.push(`${e.className}: animation ${s.animationName}`);
        if (s.transitionDuration.split(',').some(d => parseFloat(d) > 0)) out.push(`${e.className}: transition`);
        return out; }).concat(document.getAnimations().map(a => `running ${a.animationName || a.id || 'web animation'}`))""")
    assert moving == [], moving[:10]
