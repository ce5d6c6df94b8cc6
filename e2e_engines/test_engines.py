"""What every engine must do, one list for Firefox and WebKit (Chromium has the full suite in e2e/).

Tests run in this order in each engine, sharing its browser: the first visit leaves the snapshot
and the offline cache, and the offline test, which stops the server, comes last.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from conftest import BOOT_S, Engine, Server
from replay import final_chips

# Computers in every seat at the fastest speed, easy level (its moves depend on the seed alone).
ENDS = {"hack-and-slash": 3, "horrible-hex": 2, "hex-hex": 3, "hex-please": 2}
SEED = "engines"
TURN_OR_OVER = ("const t = document.getElementById('turn').textContent;"
                " return /your turn|Game over/.test(t) && !document.getElementById('board').classList.contains('thinking')"
                " && document.getElementById('handoff').hidden;")
READY = "return document.body.classList.contains('ready')"
STATE = ("return {url: location.href, title: document.title, text: document.body?.innerText.slice(0, 200),"
         " controlled: !!navigator.serviceWorker?.controller,"
         " stage: document.getElementById('boot-stage')?.textContent,"
         " error: document.getElementById('boot-error')?.hidden === false ? document.getElementById('boot-error-detail')?.textContent : null,"
         " strip: [...document.querySelectorAll('.py-error')].map(e => e.textContent.slice(0, 300))}")
# Where a player clicks `selector` (the first match): the centre of its box, scrolled into view.
CENTRE = """const e = document.querySelector(arguments[0]);
if (!e) return null;
e.scrollIntoView({block: 'center', inline: 'center'});
const r = e.getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2];"""
FRAME_AT = "const r = document.querySelectorAll('iframe')[arguments[0]].getBoundingClientRect(); return [r.left, r.top];"


def wait(tab: Any, script: str, seconds: float = 60.0, frame: int | None = None) -> Any:
    """Until the function body `script` answers something true; its answer."""
    deadline = time.monotonic() + seconds
    while not (answer := tab.js(script, frame=frame)):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {seconds:.0f} s: {script}\npage: {tab.js(STATE, frame=frame)}")
        time.sleep(0.1)
    return answer


def ready(tab: Any, frame: int | None = None) -> None:
    wait(tab, READY, BOOT_S, frame)
    strips = tab.js(STATE, frame=frame)["strip"]
    assert not strips, f"an error strip on the page: {strips}"


def click(tab: Any, selector: str, frame: int | None = None) -> None:
    """A pointer click at the centre of the first element `selector` finds (SVG cells too)."""
    at = tab.js(CENTRE, selector, frame=frame)
    assert at, f"nothing to click: {selector}"
    if frame is not None and not hasattr(tab, "frames"):  # WebKit: viewport points of the page
        left, top = tab.js(FRAME_AT, frame)
        at = [at[0] + left, at[1] + top]
    tab.click_at(*at, frame=frame)


def first_choice(tab: Any, frame: int | None = None) -> str:
    """The selector of the first move offered, or else of the first selection leading to one."""
    found = tab.js("return document.querySelector('#board [data-action]') ? 'action' : 'ui'", frame=frame)
    return "#board [data-action]" if found == "action" else "#board [data-ui]"


def log_length(tab: Any, frame: int | None = None) -> int:
    return tab.js("return document.querySelectorAll('#log li').length", frame=frame)


MARK_BOARD = "for (const c of document.getElementById('board').children) c.dataset.engineOld = '1';"
MOVED_OR_REDRAWN = ("const first = document.getElementById('board').firstElementChild;"
                    " return document.querySelectorAll('#log li').length > arguments[0] ? 'moved'"
                    " : (!first || !first.dataset.engineOld) && 'redrawn';")


def play_one_move(tab: Any, frame: int | None = None) -> None:
    """Click first choices until the game log grows (a move may take a selection first); each
    click is followed by a redrawn board, which shows it was taken."""
    before = log_length(tab, frame)
    for _ in range(4):
        tab.js(MARK_BOARD, frame=frame)
        click(tab, first_choice(tab, frame), frame)
        deadline = time.monotonic() + 30
        while not (answer := tab.js(MOVED_OR_REDRAWN, before, frame=frame)):
            assert time.monotonic() < deadline, "a click on an offered choice was not taken"
            time.sleep(0.1)
        if answer == "moved":
            return
        wait(tab, TURN_OR_OVER, frame=frame)
    raise AssertionError("four clicks on offered choices made no move")


def started_from(tab: Any) -> str:
    return wait(tab, "return performance.getEntriesByName('hex:start').map(e => e.detail.from)[0]", 30)


def test_a_first_visit_and_a_second_start_from_the_shipped_snapshot(engine: Engine, tab):
    """The site ships a start-up snapshot made when it was built (web/start.mjs checks it)."""
    tab.goto(engine.site.url)
    ready(tab)
    assert started_from(tab) == "snapshot"
    # The computers play at the fastest speed in the later tests.
    tab.js("localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0}))")
    tab.goto(engine.site.url)
    ready(tab)
    assert started_from(tab) == "snapshot"


@pytest.mark.parametrize("game_id", list(ENDS))
def test_computers_play_each_game_to_its_end_as_on_cpython(engine: Engine, tab, game_id):
    players = ENDS[game_id]
    tab.goto(f"{engine.site.url}?game={game_id}&seats={players}&bots={players}&level=easy&seed={SEED}")
    ready(tab)
    wait(tab, "return !document.getElementById('summary').hidden", 240)
    chips = tab.js("return [...document.querySelectorAll('#scores .score-chip')]"
                   ".map(c => c.textContent + (c.classList.contains('winner') ? ' *' : ''))")
    assert chips == final_chips(game_id, players, SEED, "easy")
    assert tab.js("return document.getElementById('turn').textContent").startswith("Game over")


def test_a_reload_mid_game_resumes_the_same_position(engine: Engine, tab):
    tab.goto(f"{engine.site.url}?game=hack-and-slash&seats=2&bots=1&level=easy&seed={SEED}-reload")
    ready(tab)
    wait(tab, TURN_OR_OVER)
    play_one_move(tab)
    wait(tab, TURN_OR_OVER)
    before = tab.js("return [document.getElementById('log').innerText, document.getElementById('board').innerHTML]")
    tab.reload()
    ready(tab)
    wait(tab, TURN_OR_OVER)
    after = tab.js("return [document.getElementById('log').innerText, document.getElementById('board').innerHTML]")
    assert after == before


def test_a_page_left_as_soon_as_it_is_ready_logs_no_error(engine: Engine, tab):
    """Python's standard library comes after a start from the snapshot (web/start.mjs); a player
    who leaves at once cancels that download, which Firefox logged as an error of the service
    worker when the worker was answering it."""
    tab.goto(engine.site.url)
    ready(tab)
    wait(tab, "return navigator.serviceWorker.getRegistration()"
              ".then(r => !!r?.active && !!navigator.serviceWorker.controller)")
    wait(tab, "return caches.match('./pyodide/python_stdlib.zip').then(r => !!r)")
    for _ in range(3):
        tab.goto(f"{engine.site.url}?game=hack-and-slash")
        ready(tab)
        tab.goto("about:blank")
    time.sleep(1)  # the browser's reports of the pages left
    errors = tab.console_errors()
    assert not errors, errors


HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>My blog</title></head>
<body><h1>A game on my page</h1>
<iframe src="{site}embed.html?game=hex-please&seats=2&bots=1&level=easy&seed=engines-embed"
  style="width: 720px; height: 640px; border: 0" title="A game"></iframe></body></html>
"""


def test_the_embed_page_plays_on_another_origin(engine: Engine, tab, tmp_path):
    (tmp_path / "index.html").write_text(HOST_PAGE.format(site=engine.site.url))
    host = Server(str(tmp_path))
    try:
        tab.goto(host.url.replace("127.0.0.1", "localhost"))  # another origin than the game's
        ready(tab, frame=0)
        assert tab.js("return getComputedStyle(document.querySelector('.top')).display", frame=0) == "none"
        wait(tab, TURN_OR_OVER, frame=0)
        play_one_move(tab, frame=0)
        caught = tab.js("return window.hexCaught || []", frame=0)  # WebKit's capture in the frame
        assert not caught, caught
    finally:
        tab.goto("about:blank")
        host.stop()


# What the offline copy holds: each cache's name and entries (with Vary ignored, and matched).
COPY = """const out = {};
for (const name of await caches.keys()) {
  const c = await caches.open(name);
  out[name] = [(await c.keys()).length, (await c.keys(undefined, {ignoreVary: true})).length, !!(await c.match('./index.html', {ignoreVary: true}))];
}
const r = await navigator.serviceWorker.getRegistration();
out.worker = r && [r.installing?.state, r.waiting?.state, r.active?.state, r.active?.scriptURL];
// What the worker itself sees after a fill (web/sw.js answers on the port): its copy's size, or
// the fill's error; a full copy here beside an empty one above would be the engine's bug.
out.fill = r?.active && await new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  r.active.postMessage("fill", [channel.port2]);
  setTimeout(() => resolve("no answer in 15 s"), 15000);
});
return out;"""


ELSEWHERE = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Elsewhere</title></head><body>Another site</body></html>"


def test_with_the_server_stopped_the_site_reloads_and_plays(engine: Engine, tab, tmp_path):
    """Last: it stops the engine's server. The service worker serves every file, after the
    player has been to other sites meanwhile: a WebKit that kept its data in memory (a private
    window; WebKitWebDriver's own MiniBrowser) loses the copy's entries once the site's pages
    are gone (docs/testing.md, "WebKit and the offline copy"), a player's browser keeps them."""
    tab.goto(engine.site.url)
    ready(tab)
    # Polled (an await of `ready` would outlast WebKit's script timeout): the worker active,
    # the page in its hands, and the worker's copy holding the page.
    wait(tab, "return navigator.serviceWorker.getRegistration()"
              ".then(r => !!r?.active && !!navigator.serviceWorker.controller)")
    try:
        wait(tab, "return caches.match('./index.html').then(r => !!r)")
    except AssertionError as error:
        raise AssertionError(f"the worker's copy has no index.html: {tab.js(COPY)}") from error
    engine.site.stop()
    (tmp_path / "index.html").write_text(ELSEWHERE)
    elsewhere = Server(str(tmp_path))
    try:
        for visit in range(3):  # two emptied an in-memory WebKit cache in every probe (docs/testing.md)
            tab.goto(f"{elsewhere.url.replace('127.0.0.1', 'localhost')}?visit={visit}")
    finally:
        elsewhere.stop()
    tab.goto(f"{engine.site.url}?game=horrible-hex&seats=2&bots=1&level=easy&seed={SEED}-offline")
    ready(tab)
    wait(tab, TURN_OR_OVER)
    play_one_move(tab)
    tab.reload()
    ready(tab)
    assert tab.js("return !document.getElementById('offline-status').hidden")
