"""Start-up from the memory snapshot shipped with the site (web/start.mjs,
tools/make_snapshot.mjs): a first visit restores it; a snapshot that differs from the one the
build names in any way, or that fails once restored, means a normal start, at once; a slow
link or data saving starts normally without downloading it."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
import re
import struct

import pytest
from conftest import BOOT_TIMEOUT_MS, POLL_MS, SERVICE_WORKER_ACTIVE, SITE, SOAK, fast_settings, wait_ready
from helpers import take_first_choice, wait_turn
from playwright.sync_api import BrowserContext, Page, Route, expect

GAME = "?game=hack-and-slash&seats=3&bots=2&level=easy"
HOW_IT_STARTED = "() => performance.getEntriesByName('hex:start').map(e => e.detail.from)"
WHY = "() => performance.getEntriesByName('hex:start')[0].detail.detail"
SNAPSHOT_FILE = ".snapshot.gz"
# The addresses each tab asked for, its workers' requests included (the snapshot is read in a
# worker of the page's): by id of the page, filled in by `visit`.
REQUESTED: dict[int, list[str]] = {}


def fetched(page: Page, end: str) -> int:
    """How many requests of `page` and its workers (not the service worker's) ended with `end`."""
    return sum(url.endswith(end) for url in REQUESTED[id(page)])
# What the build wrote into start.mjs: the shipped snapshot's address, size and digest.
SHIPPED_LINE = re.compile(r"const SHIPPED = (\{.*?\});")


def shipped() -> dict:
    with open(os.path.join(SITE, "start.mjs")) as f:
        found = SHIPPED_LINE.search(f.read())
    assert found, "the build wrote no snapshot into start.mjs"
    return json.loads(found.group(1))


def visit(context: BrowserContext, url: str) -> tuple[Page, str]:
    """Open `url` in a new tab of `context`; returns the page and how Pyodide started."""
    page = context.new_page()
    requested = REQUESTED.setdefault(id(page), [])
    page.on("request", lambda request: requested.append(request.url))
    page.goto(url)
    wait_ready(page)
    started = page.evaluate(HOW_IT_STARTED)
    assert len(started) == 1, started
    return page, started[0]


def play_a_move(page: Page) -> None:
    assert wait_turn(page)
    before = page.locator("#log li").count()
    take_first_choice(page)
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}",
                           timeout=60_000, polling=POLL_MS)


def seeds(page: Page) -> set[str]:
    saves = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('hex-table:save:'))"
                          ".map(k => localStorage.getItem(k))")
    return {json.loads(text)["seed"] for text in saves}


@pytest.mark.first_visit
def test_a_first_visit_starts_from_the_shipped_snapshot_and_deals_a_new_game_each_time(context: BrowserContext, site):
    fast_settings(context)
    page, started = visit(context, site.url)
    assert started == "snapshot"
    expect(page.locator(".new-game").first).to_be_enabled()
    # The runtime came gzipped, once; the snapshot once.
    assert fetched(page, "/pyodide.asm.wasm.gz") == 1 and fetched(page, "/pyodide.asm.wasm") == 0
    assert fetched(page, SNAPSHOT_FILE) == 1
    # The standard library once, and only once the page was ready (web/start.mjs, stdlibLater).
    page.wait_for_function("() => performance.getEntriesByName('hex:stdlib').length", polling=POLL_MS)
    assert fetched(page, "/python_stdlib.zip") == 1
    assert page.evaluate("performance.getEntriesByName('hex:stdlib')[0].detail") == "after the start"
    asked, up = page.evaluate("""() => [
        performance.getEntriesByType('resource').find(e => e.name.endsWith('/python_stdlib.zip')).startTime,
        performance.getEntriesByName('hex:start')[0].startTime]""")
    assert asked > up, (asked, up)
    page.close()
    # Two visits, one snapshot: each deals its own game (random sources reseeded).
    dealt = []
    for _ in range(2):
        page, started = visit(context, site.url + GAME)
        assert started == "snapshot"
        play_a_move(page)
        dealt.append(seeds(page))
        page.close()
    assert len(dealt[1]) == 2 and dealt[0] < dealt[1], dealt


# A standard module no page imports, so not in the snapshot.
LACKED_MODULE = """
import json, sys
lacked = "colorsys" not in sys.modules
import colorsys
json.dumps([lacked, colorsys.rgb_to_hsv(1.0, 0.0, 0.0)])
"""


@pytest.mark.own_context  # a route on the standard library
def test_an_import_the_snapshot_lacks_works_before_the_standard_library_has_arrived(context: BrowserContext, site):
    """A start from the snapshot fetches python_stdlib.zip once the page is ready (web/start.mjs,
    stdlibLater): with that download held back, an import that needs the archive fetches it
    at once, and works; the held download, let go, changes nothing."""
    held: list[Route] = []

    def stdlib(route: Route) -> None:
        if held:
            route.continue_()  # the import's own request
        else:
            held.append(route)
    context.route("**/python_stdlib.zip", stdlib)
    fast_settings(context)
    page, started = visit(context, site.url + GAME)
    assert started == "snapshot"
    for _ in range(100):  # asked for once the page is ready, which it is now
        if held:
            break
        page.wait_for_timeout(POLL_MS)
    assert len(held) == 1
    assert page.evaluate("performance.getEntriesByName('hex:stdlib').length") == 0
    imported = page.evaluate("""async (code) => {
        const python = await (await import('./start.mjs')).loadPyodide();
        return python.runPython(code);
    }""", LACKED_MODULE)
    assert json.loads(imported) == [True, [0.0, 1.0, 1.0]]
    assert page.evaluate("performance.getEntriesByName('hex:stdlib')[0].detail") == "at once"
    held[0].continue_()
    play_a_move(page)
    page.close()


def damaged(kind: str, rng: random.Random, body: bytes) -> bytes:
    """A damaged copy of the shipped snapshot (`body`), of a kind, drawn from `rng`."""
    if kind == "truncated":
        return body[:rng.randrange(len(body))]
    if kind == "flipped":
        out = bytearray(body)
        for _ in range(rng.randint(1, 100)):
            out[rng.randrange(len(out))] ^= rng.randint(1, 255)
        return bytes(out)
    if kind == "longer":
        return body + rng.randbytes(rng.randint(1, 70_000))
    if kind == "empty":
        return b""
    if kind == "garbage":  # gzip's magic, then anything
        return b"\x1f\x8b" + rng.randbytes(rng.randint(0, 200_000))
    packed = gzip.decompress(body)  # its header: magic, raw length, page size, pages, prefix (u32)
    if kind == "header-4gb":  # a header claiming 4 GB of memory in one-byte pages
        return gzip.compress(struct.pack("<5I", 0x32535848, 2**32 - 1, 1, 2**32 - 1, 16) + packed[20:], 1)
    if kind == "other-build":  # intact, but for another Pyodide build: its build id, bytes 16-47 of the prefix
        out = bytearray(packed)
        for i in range(20 + 16, 20 + 48):
            out[i] ^= 0x5A
        return gzip.compress(bytes(out), 1)
    raise ValueError(kind)


# Caught by the size and digest the build wrote into start.mjs, before anything is ungzipped
# in full or restored.
BY_DIGEST = ("truncated", "flipped", "longer", "empty", "garbage")
# As if the build had named this very file (start.mjs rewritten to its size and digest): what
# the header check, and Pyodide's restore itself, must refuse.
NAMED = ("header-4gb", "other-build")


def serve_instead(context: BrowserContext, info: dict, body: bytes, named: bool) -> None:
    context.unroute_all(behavior="ignoreErrors")
    context.route("**/*" + SNAPSHOT_FILE, lambda route: route.fulfill(body=body, content_type="application/gzip"))
    if named:
        claim = {**info, "bytes": len(body), "sha256": hashlib.sha256(body).hexdigest()}
        if len(gzip.decompress(body)) != info["packed"]:
            claim["packed"] = len(gzip.decompress(body))

        claim_in_start_mjs(context, claim)


def claim_in_start_mjs(context: BrowserContext, claim: dict) -> None:
    """Serve start.mjs as if the build had written `claim` as the shipped snapshot."""
    def start_mjs(route: Route) -> None:
        text = route.fetch().text()
        route.fulfill(body=SHIPPED_LINE.sub(lambda _: f"const SHIPPED = {json.dumps(claim)};", text, 1),
                      content_type="text/javascript")
    context.route("**/start.mjs", start_mjs)


def test_a_damaged_snapshot_falls_back_to_a_normal_start_at_once(new_context, site):
    """Generated damage of each kind (a seed per run, named in a failure), in a context whose
    service worker is kept out so every load asks for the snapshot: the page refuses it before
    Pyodide restores anything, starts normally, and plays. How soon is `make bench`'s to
    measure, not a test's. The default run tries two kinds caught by the digest and the named
    kinds; `make soak` all."""
    context = new_context(service_workers="block")
    fast_settings(context)
    info = shipped()
    with open(os.path.join(SITE, info["url"]), "rb") as f:
        body = f.read()
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    kinds = (*BY_DIGEST, *NAMED) if SOAK else (*rng.sample(BY_DIGEST, 2), *NAMED)
    for kind in kinds:
        where = f"{kind}, seed {seed}"
        serve_instead(context, info, damaged(kind, rng, body), kind in NAMED)
        page, started = visit(context, site.url + GAME)
        assert started == "boot", where
        assert page.evaluate(WHY), f"{where}: the damaged snapshot was not even tried"
        expect(page.locator("#boot-error")).to_be_hidden()
        if kind != "other-build":  # refused before the restore; that one by the restore itself
            refused, started_at = page.evaluate("""() => [
                performance.getEntriesByName('hex:snapshot-refused')[0]?.startTime,
                performance.getEntriesByName('hex:start')[0].startTime]""")
            assert refused is not None and refused < started_at, (where, refused, started_at)
        play_a_move(page)
        page.close()
    context.close()


@pytest.mark.own_context  # a route on the snapshot
def test_a_snapshot_missing_from_the_host_is_refused_at_once_and_the_page_starts_normally(context: BrowserContext,
                                                                                          site):
    """A host that lost the snapshot's folder answers 404 before Pyodide has made its module:
    the start that was to restore it is left, and a normal one plays (each load a new tab)."""
    context.route("**/*" + SNAPSHOT_FILE, lambda route: route.fulfill(status=404, body="not here"))
    fast_settings(context)
    for _ in range(2):
        page, started = visit(context, site.url + GAME)
        assert started == "boot" and "404" in page.evaluate(WHY)
        play_a_move(page)
        expect(page.locator(".py-error")).to_have_count(0)
        page.close()


PYSCRIPT_RAN = "() => performance.getEntriesByName('hex:pyscript').map(e => e.detail)"


@pytest.mark.own_context  # a route on start.mjs
def test_pyscripts_own_script_runs_as_it_is_unless_it_is_the_one_the_build_prepared(context: BrowserContext, site):
    """The snapshot holds the work of PyScript's start-up script prepared (web/ui/pyscriptboot.py)
    for the script the build saw; a PyScript whose script differs (here: the build's digest of
    it changed) runs its own, and the page plays the same."""
    fast_settings(context)
    page, started = visit(context, site.url + GAME)
    assert (started, page.evaluate(PYSCRIPT_RAN)) == ("snapshot", ["prepared"])
    page.close()
    claim_in_start_mjs(context, {**shipped(), "pyscript": "0" * 64})
    page, started = visit(context, site.url + GAME)
    assert (started, page.evaluate(PYSCRIPT_RAN)) == ("snapshot", ["compiled"])
    play_a_move(page)
    expect(page.locator(".py-error")).to_have_count(0)
    page.close()


# Data saving, or a link slower than the snapshot is worth, as navigator.connection says.
LINKS = {"data saving": "{saveData: true, effectiveType: '4g', downlink: 10}",
         "1.6 Mbit/s": "{saveData: false, effectiveType: '4g', downlink: 1.6}"}


@pytest.mark.own_context  # an init script
@pytest.mark.parametrize("link", sorted(LINKS))
def test_a_slow_link_or_data_saving_starts_normally_and_never_downloads_the_snapshot(context: BrowserContext, site,
                                                                                      link):
    context.add_init_script(f"Object.defineProperty(Navigator.prototype, 'connection', {{get: () => ({LINKS[link]})}})")
    fast_settings(context)
    page, started = visit(context, site.url + GAME)
    assert started == "boot"
    play_a_move(page)
    assert fetched(page, SNAPSHOT_FILE) == 0
    page.close()


# Fails the page once it has started from the snapshot, before it is ready (once per tab).
FAIL_AFTER_RESTORE = """new PerformanceObserver((list) => {
    if (list.getEntries().some(e => e.name === 'hex:start' && e.detail.from === 'snapshot')
        && !sessionStorage.getItem('e2e-failed')) {
        sessionStorage.setItem('e2e-failed', '1');
        reportError(new Error('e2e: broken after the restore'));
    }
}).observe({type: 'mark'});"""


@pytest.mark.own_context  # an init script
def test_a_restored_page_that_fails_before_it_is_ready_starts_again_normally(context: BrowserContext, site):
    context.add_init_script(FAIL_AFTER_RESTORE)
    fast_settings(context)
    page = context.new_page()
    page.goto(site.url + GAME)
    page.wait_for_function("() => sessionStorage.getItem('e2e-failed')", timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    wait_ready(page)  # after the reload
    assert page.evaluate(HOW_IT_STARTED) == ["boot"]
    assert "failed" in page.evaluate(WHY)
    play_a_move(page)
    page.close()


@pytest.mark.own_context  # fast_settings adds an init script to the context
def test_offline_a_returning_visit_starts_from_the_cached_snapshot(context: BrowserContext, site):
    fast_settings(context)
    page, started = visit(context, site.url)  # online: the service worker fills the offline cache
    assert started == "snapshot"
    page.wait_for_function(SERVICE_WORKER_ACTIVE, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    cached = page.evaluate("async () => (await Promise.all((await caches.keys()).map(async k =>"
                           " (await (await caches.open(k)).keys()).map(r => r.url)))).flat()")
    assert any(url.endswith(SNAPSHOT_FILE) for url in cached)
    assert not any(url.endswith("/pyodide.asm.wasm") for url in cached)  # the gzipped copy is enough
    page.close()
    context.set_offline(True)
    page, started = visit(context, site.url + GAME)
    assert started == "snapshot"
    play_a_move(page)
    page.close()
