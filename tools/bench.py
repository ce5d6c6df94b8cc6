"""Speed and size of the site, measured in one run against a bare PyScript page.

    python tools/bench.py [--runs 9] [--skip-pyodide] [--skip-bots] [--against OTHER_SITE_DIR]
    python tools/bench.py --play-only [--seconds 60] [--site OTHER_SITE_DIR]
    python tools/bench.py --cold-only [--runs 15] [--against OTHER_SITE_DIR] [--pages game]
                          [--link cpu=4,mbit=20,rtt=40 ...] [--link save-data]

--link (repeatable; --cold-only) emulates a phone's CPU and link through the DevTools protocol
for every load: `cpu=N` slows the CPU N times (Emulation.setCPUThrottlingRate), `mbit` and `rtt`
(ms) limit the link (Network.emulateNetworkConditions), `save-data` sets the browser's
data-saving flag (navigator.connection.saveData). Each link is a run of its own.

--cold-only loads each page once per round in a fresh browser context (a first visit) and
prints the medians and quartiles of each round's ratio to the bare page; it is the quick way
to judge a change to the first visit, whose loads vary by about 15% on this kind of machine.
It also splits each load where the page's Python begins (the 'hex:main' mark, set first
thing by web/ui/main.py and by the bare page's script): the ratio up to there is the cost of
everything before our Python (the page's HTML, CSS and scripts, and their share of the
machine while Pyodide loads); the time after it is our Python's own start.
With --against DIR (another build of the site, say one of the commit before a change), the
menu and game page of that build are loaded in every round too, and each round's ratio of
ours to them is reported: the fairest comparison of two builds this machine allows. Without
--cold-only, that build's pages have their cold, warm and returning visits in every round too,
reported beside ours.

Prints, with runs of the three pages alternated so machine noise hits them alike:
- median time from navigation to a usable page, for the bare page (PyScript + Pyodide printing
  "ready"), the menu and a game page, and their ratio to the bare page:
  cold (a fresh browser context: a first visit, from the start-up snapshot shipped with the
  site, web/start.mjs), warm (reloaded in that context, HTTP cache warm) and returning (a later
  visit, once the service worker has copied the site; for the bare page, one more warm load);
- the longest main-thread task before the page was usable (Long Tasks API), for each;
- when the menu's HTML was first painted;
- bytes transferred on a cold load (page requests, and the service worker's precache and the
  snapshot separately), against the bare page;
- click-to-redraw latency (median, p95) on a game board;
- the longest main-thread task while computers play every seat of each game, from the moment
  the page's first frame is drawn (Long Tasks API: tasks over 50 ms), and that first frame's
  own task, reported apart: it is start-up work, and computers wait for it;
- random playouts per second for every game on CPython, and inside Pyodide on Node when
  tools/pyodide_tests.mjs is present.
Targets (issues 2, 19 and 50): returning ratio <= 0.40 (menu) and <= 0.45 (game) of the bare
page's warm time, longest task of a returning start < 1 s, menu painted within 0.5 s,
click-to-redraw p95 < 16 ms; a game page's first visit (--cold-only --link ...) at most 0.5 of
the bare page's at cpu=4,mbit=20,rtt=40, 0.3 at cpu=4,mbit=100,rtt=20, 0.4 at mbit=100,rtt=20,
and no worse than 1.05 at mbit=1.6,rtt=150 or with save-data. Nothing here fails a build: it
reports.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "e2e"))

from serve import make_server  # noqa: E402

SITE = os.path.join(ROOT, "site")
GAME_QUERY = "?game=hack-and-slash&seats=3&bots=2&level=normal&seed=bench"

BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./bare.json">
import js
js.performance.mark("hex:main")
from pyscript import document
document.body.classList.add("ready")
document.body.append("ready")
</script></body></html>
"""

# Marks the moment a page is usable, relative to navigation start, for all three kinds.
PROBE = """
window.__usable = null;
const wantBoard = location.search.includes('game=');
const check = () => {
  if (window.__usable !== null) return;
  const ready = document.body && document.body.classList.contains('ready');
  if (!ready) return;
  // A game's board is usable once it has a choice and is shown (its stylesheet has loaded).
  if (wantBoard && (!document.querySelector('#board [data-action]')
                    || document.querySelector('#game.styles-pending'))) return;
  window.__usable = performance.now();
};
new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
window.__tasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]); })
  .observe({type: 'longtask', buffered: true});
"""
# The service worker has copied the site (the shipped start-up snapshot with it) once it is active.
SITE_CACHED = "() => navigator.serviceWorker.ready.then(r => !!r.active)"


def start_server(directory: str):
    import threading
    # The site as deployed (netlify.toml's CSP); the bare reference page is no page of ours,
    # and bare PyScript needs eval, which that CSP refuses.
    server = make_server(directory, 0, netlify_headers=os.path.isfile(os.path.join(directory, "sw.js")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def bare_site() -> str:
    """A folder with the bare page next to the very same runtime files as the site."""
    folder = tempfile.mkdtemp(prefix="bare-")
    for sub in ("pyodide", "pyscript"):
        os.symlink(os.path.join(SITE, sub), os.path.join(folder, sub))
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(BARE_HTML)
    with open(os.path.join(SITE, "pyscript.json")) as f:
        plugins = json.load(f).get("plugins", [])
    with open(os.path.join(folder, "bare.json"), "w") as f:
        json.dump({"interpreter": "./pyodide/pyodide.mjs", "plugins": plugins}, f)
    with open(os.path.join(folder, "mpy-config.json"), "w") as f:
        json.dump({"plugins": plugins}, f)
    return folder


def parse_link(text: str) -> dict:
    """`cpu=4,mbit=20,rtt=40` or `save-data` (or both, comma-separated) as a dict."""
    link: dict = {"name": text}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        if key == "save-data":
            link["save_data"] = True
        elif key in ("cpu", "mbit", "rtt"):
            link[key] = float(value)
        else:
            raise SystemExit(f"--link: unknown part {part!r} (cpu=N, mbit=N, rtt=MS, save-data)")
    return link


SAVE_DATA = ("Object.defineProperty(Navigator.prototype, 'connection', "
             "{get: () => ({saveData: true, effectiveType: '4g', downlink: 10, rtt: 50})})")


def emulate(page, cdp, link: dict | None) -> None:
    if not link:
        return
    if link.get("cpu", 1) != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": link["cpu"]})
    if "mbit" in link or "rtt" in link:
        rate = link.get("mbit", 0) * 1e6 / 8 or -1
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": link.get("rtt", 0),
                                                      "downloadThroughput": rate, "uploadThroughput": rate})
    if link.get("save_data"):
        page.add_init_script(SAVE_DATA)


def load(context, url: str, link: dict | None = None) -> dict:
    """Navigate, wait until usable; time, first paint and bytes of this load."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    emulate(page, cdp, link)
    sizes: dict[str, int] = {}
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.add_init_script(PROBE)
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => window.__usable !== null", timeout=180_000, polling=50)
    usable = page.evaluate("window.__usable")
    paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    time.sleep(0.3)  # let late responses report their sizes, and long tasks be reported
    longest = page.evaluate("Math.max(0, ...window.__tasks.filter(([start]) => start < window.__usable)"
                            ".map(([start, duration]) => duration))")
    started, python_up = page.evaluate("(({detail, startTime}) => [detail.from || null, startTime ?? null])"
                                       "(performance.getEntriesByName('hex:start')[0] || {detail: {}})")
    entry = page.evaluate("(performance.getEntriesByName('hex:main')[0] || {}).startTime ?? null")
    return {"page": page, "ms": usable, "paint": paint, "bytes": sum(sizes.values()), "task": longest,
            "from": started, "ours": None if python_up is None else usable - python_up, "entry": entry}


def sw_precache_bytes(context) -> int:
    total = 0
    for worker in context.service_workers:
        try:
            total += worker.evaluate("""async () => { let n = 0;
                for (const key of await caches.keys()) { if (!key.startsWith('hex-table-')) continue;
                  const c = await caches.open(key);
                  for (const r of await c.keys()) { const b = await (await c.match(r)).arrayBuffer(); n += b.byteLength; } }
                return n; }""")
        except Exception:
            pass
    return total


def click_latency(page, clicks: int = 40) -> dict[str, list[float]]:
    """Click a Hack & Slash board's "What are my chances?" toggle `clicks` times: per click,
    "redraw", from the click to the first change in the board (any change: a child, an
    attribute or a text; the observer's callback runs once the click's handler is done, so
    this is the handler's whole redraw), and "frame", from the click to the end of the next
    frame drawn after it (the task after its animation frame: style, layout and paint
    included). Until 2026-12-06 only a child added or removed counted, so a redraw that only
    changed attributes or text was seen at the next click's instead."""
    page.wait_for_function("() => /your turn/.test(document.getElementById('turn').textContent)",
                           timeout=120_000)
    page.evaluate("""() => {
        window.__lat = []; window.__frame = [];
        const board = document.getElementById('board');
        board.addEventListener('click', e => {
            const at = e.timeStamp;
            window.__clickAt = at;
            requestAnimationFrame(() => setTimeout(() => window.__frame.push(performance.now() - at), 0));
        }, true);
        new MutationObserver(() => { if (window.__clickAt) {
            window.__lat.push(performance.now() - window.__clickAt); window.__clickAt = null; } })
          .observe(board, {subtree: true, childList: true, attributes: true, characterData: true});
    }""")
    for i in range(clicks):
        page.click("#board [data-ui^='odds']")
        page.wait_for_function(f"() => window.__frame.length > {i}")
    return {"redraw": page.evaluate("window.__lat"), "frame": page.evaluate("window.__frame")}


# Every seat a hard computer player, so the page does nothing but computer turns.
BOT_GAMES = {"hack-and-slash": 3, "horrible-hex": 2, "hex-please": 2, "hex-hex": 4}
# `__drawn`: when the first frame after start-up has been drawn, which is when the page lets
# computer players start (browser.after_first_frame in web/ui).
LONG_TASKS = """window.__longtasks = []; window.__ready = Infinity; window.__drawn = Infinity;
window.addEventListener('hex:ready', () => { window.__ready = performance.now();
  requestAnimationFrame(() => setTimeout(() => { window.__drawn = performance.now(); }, 0)); });
new PerformanceObserver(list => { for (const e of list.getEntries())
  window.__longtasks.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});
window.__frames = []; window.__copied = Infinity;
if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'))
  new PerformanceObserver(list => { for (const e of list.getEntries())
    window.__frames.push([e.startTime, e.duration]); }).observe({type: 'long-animation-frame', buffered: true});
navigator.serviceWorker?.ready.then(() => { window.__copied = performance.now(); });
"""


def throttle(context, page, rate: float) -> None:
    """Chromium's CPU throttling: `rate` 4 is about a mid-range phone."""
    if rate > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def bot_long_tasks(browser, site_url: str, seconds: float = 60.0, rate: float = 1) -> dict[str, tuple]:
    """Per game, while computers play every seat at level hard: the longest main-thread task
    (Long Tasks API, over 50 ms) once the page's first frame is drawn, how many such tasks,
    how many moves were made (a whole game, or as far as `seconds` allows), the longest task
    between the page being ready and that first frame (drawing it: start-up, not play), and
    the median and longest time a computer took to choose (its searches, yields included),
    the median and longest drawing of a move, and the longest slice of a computer's thinking
    (the page's "drawing" and "long computer slice" measures, web/ui/browser.py `measured`);
    then the longest task once the service worker had copied the site (on a first visit that
    copy runs beside the game, on this machine's two cores), and the longest frame (Long
    Animation Frames: its tasks and its style, layout and paint, which the Long Tasks API
    leaves out when no script of the page asked for them)."""
    results = {}
    for game_id, seats in BOT_GAMES.items():
        context = browser.new_context()
        # Computers five times as quick as by default, for more moves in the time; pieces
        # glide, as they do unless a player asks for reduced motion.
        context.add_init_script("localStorage.setItem('hex-table:settings', '{\"speed\": 0.2}')")
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        throttle(context, page, rate)
        page.goto(f"{site_url}?game={game_id}&seats={seats}&bots={seats}&level=hard&seed=bench")
        page.wait_for_function("() => window.__drawn < Infinity", timeout=180_000)
        deadline = time.time() + seconds
        while time.time() < deadline and "Game over" not in page.inner_text("#turn"):
            page.wait_for_timeout(500)
        page.wait_for_timeout(300)  # the last frames' entries are reported after they end
        played = page.evaluate("window.__longtasks.filter(([start]) => start >= window.__drawn)")
        copied = page.evaluate("window.__copied")
        tasks = [duration for _, duration in played]
        after_copy = max((duration for start, duration in played if start >= copied), default=0.0)
        first_frame = page.evaluate("Math.max(0, ...window.__longtasks.filter(([start]) =>"
                                    " start >= window.__ready && start < window.__drawn).map(([_, d]) => d))")
        moves = page.evaluate("document.querySelectorAll('#log li').length")
        thinking = page.evaluate("performance.getEntriesByName('computer thinking').map(e => e.duration)")
        drawing = page.evaluate("performance.getEntriesByName('drawing').map(e => e.duration)")
        slices = page.evaluate("performance.getEntriesByName('long computer slice').map(e => e.duration)")
        frame = page.evaluate("Math.max(0, ...window.__frames.filter(([start]) => start >= window.__drawn)"
                              ".map(([_, d]) => d))")
        results[game_id] = (max(tasks, default=0.0), len(tasks), moves, first_frame,
                            median(thinking), max(thinking, default=float("nan")),
                            median(drawing), max(drawing, default=0.0), max(slices, default=0.0),
                            after_copy, frame)
        context.close()
    return results


def tap_latency(browser, site_url: str, rate: float) -> dict[str, list[float]]:
    """Click-to-redraw on a game board in a fresh context, the CPU slowed `rate` times from the
    moment the page is usable (start-up is measured elsewhere)."""
    context = new_context(browser, "game")
    page = context.new_page()
    page.goto(site_url + GAME_QUERY)
    page.wait_for_function("() => document.body.classList.contains('ready')", timeout=180_000)
    throttle(context, page, rate)
    latencies = click_latency(page)
    context.close()
    return latencies


def tap_pairs(browser, urls: dict[str, str], runs: int, rate: float = 4) -> None:
    """Click-to-redraw at `rate` CPU slowdown for two builds, alternated round by round in one
    browser (this machine's speed drifts within minutes): each round, each build's 40 taps;
    then each build's crossings between Python and the page per tap (tap_crossings)."""
    pooled: dict[str, list[float]] = {name: [] for name in urls}
    for run in range(runs):
        for name, url in alternated(urls, run):
            redraw = tap_latency(browser, url, rate)["redraw"]
            pooled[name] += redraw
            print(f"round {run + 1}/{runs} {name:12} click-to-redraw at {rate:g}x: median {median(redraw):5.1f} ms,"
                  f" p95 {p95(redraw):5.1f} ms", flush=True)
    for name, values in pooled.items():
        print(f"all rounds {name:12} median {median(values):5.1f} ms, p95 {p95(values):5.1f} ms"
              f" over {len(values)} clicks")
    for name, url in urls.items():
        counts = tap_crossings(browser, url)
        print(f"{name:12} per click, between Python and the page: "
              + ", ".join(f"{n:.0f} {what}" for what, n in counts.items()))


# Pyodide's own functions (pyodide.asm.mjs) that run each time a JavaScript object is wrapped
# for Python, and each time Python reads one of its attributes: the steps a tap takes between
# Python and the page, counted exactly (the times around them drift with this machine).
CROSSINGS = {"JsProxy_compute_typeflags": "objects wrapped", "JsProxy_GetAttr_js": "attributes read",
             "JsvFunction_CallBound": "calls"}


def tap_crossings(browser, site_url: str, clicks: int = 20) -> dict[str, float]:
    """Per click on the bench's toggle, how often Python and the page crossed (CROSSINGS),
    from the browser's exact call counts."""
    context = new_context(browser, "game")
    page = context.new_page()
    page.goto(site_url + GAME_QUERY)
    page.wait_for_function("() => /your turn/.test(document.getElementById('turn').textContent)",
                           timeout=120_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Profiler.enable")
    cdp.send("Profiler.startPreciseCoverage", {"callCount": True, "detailed": False})
    cdp.send("Profiler.takePreciseCoverage")  # counting starts now
    for _ in range(clicks):
        page.click("#board [data-ui^='odds']")
        page.wait_for_timeout(100)
    counts = dict.fromkeys(CROSSINGS.values(), 0.0)
    for script in cdp.send("Profiler.takePreciseCoverage")["result"]:
        for function in script["functions"]:
            if function["functionName"] in CROSSINGS:
                counts[CROSSINGS[function["functionName"]]] += function["ranges"][0]["count"] / clicks
    context.close()
    return counts


def print_play(long_tasks: dict[float, dict[str, tuple]], taps: dict[float, dict[str, list[float]]]) -> None:
    """While computers play every seat at level hard, per CPU speed: the longest main-thread
    task (Long Tasks API: over 50 ms) and how many there were, the longest once the site was
    copied for offline play, and the longest frame; then click-to-redraw."""
    rates = sorted(long_tasks)
    print("computers at level hard in every seat: longest main-thread task while they play, "
          "at " + " and ".join(f"{r:g}x CPU slowdown" for r in rates) +
          " (targets: none over 50 ms at 1x, none over 100 ms at 4x)")
    for game_id in long_tasks[rates[0]]:
        cells = []
        for rate in rates:
            (longest, count, moves, first_frame, think_median, _think_max,
             draw_median, draw_max, slice_max, after_copy, frame) = long_tasks[rate][game_id]
            cells.append(f"{rate:g}x: " + (f"{longest:4.0f} ms ({count:2} over 50 ms)" if count else
                                           "none over 50 ms     ") +
                         (f", {after_copy:4.0f} ms once the site was copied" if after_copy else
                          ", none once the site was copied") + f", longest frame {frame:4.0f} ms"
                         f" in {moves:3} log lines, "
                         f"first frame {first_frame:3.0f} ms, choosing median {think_median:4.0f} ms, "
                         f"drawing median {draw_median:3.0f} ms (longest {draw_max:3.0f}), "
                         f"longest computer slice {slice_max:3.0f} ms")
        print(f"  {game_id:16} " + "; ".join(cells))
    for rate, measures in sorted(taps.items()):
        values, frames = measures["redraw"], measures["frame"]
        print(f"click-to-redraw at {rate:g}x: median {median(values):.1f} ms, p95 {p95(values):.1f} ms over "
              f"{len(values)} clicks (targets: p95 < 16 ms at 1x, < 50 ms at 4x); to the next frame drawn: "
              f"median {median(frames):.1f} ms, p95 {p95(frames):.1f} ms")


def playouts_per_second(seconds: float = 3.0) -> dict[str, float]:
    from pygame_core import GAMES, get_game
    from pygame_core.engine import play_random_game
    rates = {}
    for game_id in GAMES:
        game = get_game(game_id)
        rng, n, start = random.Random(1), 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            play_random_game(game, game.default_players, rng)
            n += 1
        rates[game_id] = n / (time.perf_counter() - start)
    return rates


def alternated(kinds: dict[str, str], run: int) -> list[tuple[str, str]]:
    """The pages in the order of round `run`: each round reverses the last one's, so that no
    page always comes first or always follows another page's returning visit."""
    order = list(kinds.items())
    return order if run % 2 == 0 else order[::-1]


def new_context(browser, kind: str):
    """A fresh browser (a first visit); on the game page, computers move at once."""
    context = browser.new_context()
    if kind.endswith("game"):
        context.add_init_script("localStorage.setItem('hex-table:settings', '{\"speed\": 0}')")
    return context


VISITS = ("cold", "warm", "returning")


def visit_rounds(browser, kinds: dict[str, str],
                 runs: int) -> tuple[dict[str, dict[str, list]], list[float], int]:
    """Each round: every page's cold, warm and returning visit, in one browser context each.
    Returns the loads by visit and page, the click latencies, the service worker's precache
    bytes (the last two from the first round)."""
    loads: dict[str, dict[str, list]] = {v: {k: [] for k in kinds} for v in VISITS}
    latencies: dict[str, list[float]] = {"redraw": [], "frame": []}
    precache = 0
    for run in range(runs):
        for kind, url in alternated(kinds, run):
            context = new_context(browser, kind)
            for visit in VISITS:
                result = load(context, url)
                loads[visit][kind].append(result)
                page = result["page"]
                if visit == "warm" and kind != "bare":
                    # This visit's idle time lets the service worker copy the site for the next.
                    page.wait_for_function(SITE_CACHED, timeout=300_000, polling=250)
                    if kind == "menu" and run == 0:
                        precache = sw_precache_bytes(context)
                if visit == "returning" and kind == "game" and run == 0:
                    latencies = click_latency(page)
                page.close()
            context.close()
        print(f"run {run + 1}/{runs}: " + ", ".join(
            f"{k} " + "/".join(f"{loads[v][k][-1]['ms'] / 1000:.2f}s" for v in VISITS) for k in kinds)
            + " (cold/warm/returning)", flush=True)
    return loads, latencies, precache


def cold_pairs(browser, kinds: dict[str, str], runs: int, link: dict | None = None) -> None:
    """First visits only: each round loads every page once, in an order reversed each round,
    under `link` (parse_link) if given."""
    times: dict[str, list[float]] = {k: [] for k in kinds}
    entries: dict[str, list[float | None]] = {k: [] for k in kinds}  # the "hex:main" mark: where our Python begins
    ours: dict[str, list[float]] = {k: [] for k in kinds if k != "bare"}
    froms: dict[str, list[str | None]] = {k: [] for k in kinds}
    ratios: dict[str, list[float]] = {k: [] for k in kinds if k != "bare"}
    entry_ratios: dict[str, list[float]] = {k: [] for k in kinds if k != "bare"}
    for run in range(runs):
        for kind, url in alternated(kinds, run):
            context = new_context(browser, kind)
            result = load(context, url, link)
            result["page"].close()
            context.close()
            times[kind].append(result["ms"])
            entries[kind].append(result["entry"])
            if result["ours"] is not None:
                ours[kind].append(result["ours"])
            froms[kind].append(result["from"])
        for kind in ratios:
            ratios[kind].append(times[kind][-1] / times["bare"][-1])
            if entries[kind][-1] and entries["bare"][-1]:
                entry_ratios[kind].append(entries[kind][-1] / entries["bare"][-1])
        print(f"round {run + 1}/{runs}: " + ", ".join(f"{k} {t[-1] / 1000:.2f}s" for k, t in times.items()),
              flush=True)
    print(f"\nFirst visits{' under ' + link['name'] if link else ''}, {runs} alternated rounds: median time to usable, and the median and quartiles"
          " of each round's ratio to the bare page (targets: this file's docstring):")
    print(f"  bare   {median(times['bare']) / 1000:.2f}s")
    for kind, values in ratios.items():
        q1, _, q3 = statistics.quantiles(values, n=4)
        starts = [r for r in froms[kind] if r]
        print(f"  {kind:10} {median(times[kind]) / 1000:.2f}s  ratio {median(values):.2f} (IQR {q1:.2f}-{q3:.2f})"
              f"  from Python up (the 'hex:start' mark) to usable: {median(ours[kind]):.0f} ms;"
              f" {starts.count('snapshot')} of {len(starts)} from the snapshot")
        if len(entry_ratios[kind]) >= 2:
            q1, _, q3 = statistics.quantiles(entry_ratios[kind], n=4)
            after = median([t - e for t, e in zip(times[kind], entries[kind]) if e])
            bare_after = median([t - e for t, e in zip(times["bare"], entries["bare"]) if e])
            print(f"  {'':10} until the page's Python begins (the 'hex:main' mark): ratio {median(entry_ratios[kind]):.3f}"
                  f" (IQR {q1:.2f}-{q3:.2f}); from there to usable {after:.0f} ms (bare page {bare_after:.0f} ms)")
    for kind in ("menu", "game"):
        if "other " + kind in times:
            against = [m / o for m, o in zip(times[kind], times["other " + kind])]
            q1, _, q3 = statistics.quantiles(against, n=4)
            print(f"  {kind} against the other build's {kind}, per round: {median(against):.3f} (IQR {q1:.2f}-{q3:.2f})")


def shipped_snapshot(site: str) -> dict | None:
    """What the build wrote into start.mjs about the shipped snapshot (sizes, digest)."""
    with open(os.path.join(site, "start.mjs")) as f:
        found = re.search(r"const SHIPPED = (\{.*?\});", f.read())
    return json.loads(found.group(1)) if found else None


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--skip-pyodide", action="store_true")
    parser.add_argument("--skip-bots", action="store_true", help="no computer-player games")
    parser.add_argument("--skip-engines", action="store_true", help="no start-up in Firefox and WebKit")
    parser.add_argument("--cold-only", action="store_true", help="first visits only, ratios per round")
    parser.add_argument("--play-only", action="store_true",
                        help="only computers playing and click-to-redraw, at 1x and 4x CPU slowdown")
    parser.add_argument("--taps-only", action="store_true",
                        help="only click-to-redraw at 4x CPU slowdown, --runs rounds, alternated with --against")
    parser.add_argument("--against", metavar="DIR", help="another build's site/, loaded in every round too")
    parser.add_argument("--site", metavar="DIR", default=SITE,
                        help="--play-only, --taps-only: the build to measure (another commit's site/, for a before and after)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="--play-only: how long computers play each game, at each CPU speed")
    parser.add_argument("--link", action="append", type=parse_link, default=[],
                        help="--cold-only under an emulated CPU and link: cpu=4,mbit=20,rtt=40 or save-data")
    parser.add_argument("--pages", choices=("both", "menu", "game"), default="both",
                        help="--cold-only: the menu, a game page or both (with the bare page)")
    args = parser.parse_args()
    from check_chromium import find_chromium
    from conftest import CHROMIUM_FLAGS
    chromium = find_chromium(shell_first=False)  # what players run: the full browser where there is one
    if chromium is None:
        sys.exit("Chromium not found: run `.venv/bin/python tools/check_chromium.py`, which gets one or says how")
    from playwright.sync_api import sync_playwright

    bare_dir = bare_site()
    site_server, site_url = start_server(os.path.abspath(args.site) if args.play_only or args.taps_only else SITE)
    bare_server, bare_url = start_server(bare_dir)
    os.environ["SERVE_QUIET"] = "1"
    kinds = {"bare": bare_url, "menu": site_url, "game": site_url + GAME_QUERY}
    other_server = None
    if args.against:
        other_server, other_url = start_server(os.path.abspath(args.against))
        kinds.update({"other menu": other_url, "other game": other_url + GAME_QUERY})
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        if args.taps_only:
            tap_pairs(browser, {"this build": site_url, **({"other build": other_url} if args.against else {})},
                      args.runs)
        elif args.play_only:
            play = {rate: bot_long_tasks(browser, site_url, args.seconds, rate) for rate in (1, 4)}
            taps = {float(rate): tap_latency(browser, site_url, rate) for rate in (1, 4)}
        elif args.cold_only:
            if args.pages != "both":
                kinds = {k: u for k, u in kinds.items() if k == "bare" or k.endswith(args.pages)}
            for link in args.link or [None]:
                cold_pairs(browser, kinds, args.runs, link)
        else:
            loads, latencies, precache = visit_rounds(browser, kinds, args.runs)
            play = {} if args.skip_bots else {rate: bot_long_tasks(browser, site_url, rate=rate)
                                              for rate in (1, 4)}
            taps: dict[float, dict[str, list[float]]] = {4: tap_latency(browser, site_url, 4)}
        browser.close()
    site_server.shutdown()
    bare_server.shutdown()
    if other_server is not None:
        other_server.shutdown()
    shutil.rmtree(bare_dir, ignore_errors=True)
    if args.cold_only or args.taps_only:
        return
    if args.play_only:
        print_play(play, taps)
        return

    def med(visit: str, kind: str, key: str = "ms") -> float:
        return median([r[key] for r in loads[visit][kind] if r[key] is not None])

    print(f"\nMedians of {args.runs} alternated runs: time to a usable page after navigation, its ratio to"
          " the bare page's (returning: to the bare page's warm time), and the longest main-thread task before it:")
    print(f"{'page':10} " + " ".join(f"{v + ' s':>13} {'ratio':>6} {'task ms':>8}" for v in VISITS))
    for kind in kinds:
        cells = []
        for visit in VISITS:
            reference = med("warm" if visit == "returning" else visit, "bare")
            cells.append(f"{med(visit, kind) / 1000:13.2f} {med(visit, kind) / reference:6.2f} "
                         f"{med(visit, kind, 'task'):8.0f}")
        print(f"{kind:10} " + " ".join(cells))
    for kind in (k for k in kinds if k != "bare"):
        starts = [r["from"] for r in loads["returning"][kind]]
        print(f"{kind} returning visits started from a snapshot: {starts.count('snapshot')} of {len(starts)}")
    print("targets: returning menu <= 0.40, game <= 0.45; returning longest task < 1000 ms"
          " (first visits under emulated links: --cold-only --link)")
    extra = med("cold", "menu", "bytes") - med("cold", "bare", "bytes")
    print(f"menu first paint: {med('cold', 'menu', 'paint'):.0f} ms after navigation "
          f"(bare page: {med('cold', 'bare', 'paint'):.0f} ms; target 500)")
    print(f"menu cold bytes over bare: {extra / 1024:,.0f} KB (target <= 300 KB); "
          f"service worker precache once the player is idle: {precache / 1024:,.0f} KB")
    shipped = shipped_snapshot(SITE)
    if shipped:
        print(f"start-up snapshot shipped with the site: {shipped['raw'] / 2**20:.1f} MB of memory, "
              f"{shipped['packed'] / 2**20:.1f} MB without its zero pages, {shipped['bytes'] / 2**20:.1f} MB gzipped")
    if play:
        print_play(play, {1.0: latencies, **taps})

    rates = playouts_per_second()
    print("\nRandom playouts per second (CPython " + sys.version.split()[0] + "):")
    for game_id, rate in rates.items():
        print(f"  {game_id:16} {rate:8.1f}")
    script = os.path.join(ROOT, "tools", "pyodide_tests.mjs")
    if not args.skip_pyodide and os.path.isfile(script):
        run = subprocess.run(["node", script, "--bench", "3", "--games", "1", "--no-crash-probes"],
                             cwd=ROOT, capture_output=True, text=True, check=False)
        print("\nInside Pyodide on Node (tools/pyodide_tests.mjs), and CPython's speed over it:")
        for line in run.stdout.splitlines():
            if line.startswith("bench pyodide"):
                game_id = line.split()[2]
                rate = float(line.split(": ", 1)[1].split()[0])
                ratio = rates.get(game_id, float("nan")) / rate if rate else float("nan")
                print(f"  {game_id:16} {rate:8.1f}   CPython is {ratio:.1f}x faster")
        if run.returncode:
            print("  (the Pyodide run failed: " + (run.stdout + run.stderr).strip().splitlines()[-1] + ")")
    if not args.skip_engines:
        import bench_engines
        engines_server, engines_url = start_server(SITE)
        bench_engines.report(engines_url)
        engines_server.shutdown()

    from replay_lengths import table
    print("\nReplay links of games the computers played (tools/replay_lengths.py; docs/replays.md keeps one):")
    print(table(games=1))


if __name__ == "__main__":
    main()
