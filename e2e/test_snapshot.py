"""Start-up from a memory snapshot (web/start.mjs): the first visit boots Pyodide and, once the
player is idle, a worker stores a snapshot; later visits restore it. Whatever is wrong with a
stored snapshot, the page boots normally and stores a new one."""

from __future__ import annotations

import json
import random

import pytest
from conftest import BOOT_TIMEOUT_MS, POLL_MS, SERVICE_WORKER_ACTIVE, SOAK, fast_settings, on_blank_page, wait_ready
from helpers import take_first_choice, wait_turn
from playwright.sync_api import BrowserContext, Page, expect

GAME = "?game=hack-and-slash&seats=3&bots=2&level=easy"
HOW_IT_STARTED = "() => performance.getEntriesByName('hex:start').map(e => e.detail.from)"
SAVED = "() => performance.getEntriesByName('hex:snapshot-saved').length > 0"
SNAPSHOT_KEYS = "async () => (await (await caches.open('hex-snapshot')).keys()).map(r => r.url)"
HINT = "() => localStorage.getItem('hex-table:snapshot')"
WASM_READS = "() => performance.getEntriesByType('resource').filter(r => r.name.endsWith('/pyodide.asm.wasm')).length"


def visit(context: BrowserContext, url: str) -> tuple[Page, str]:
    """Open `url` in a new tab of `context`; returns the page and how Pyodide started."""
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    started = page.evaluate(HOW_IT_STARTED)
    assert len(started) == 1, started
    return page, started[0]


def first_visit(context: BrowserContext, url: str) -> None:
    """A normal boot that leaves a snapshot (and the offline cache) behind."""
    page, started = visit(context, url)
    assert started == "boot"
    page.wait_for_function(SAVED, timeout=BOOT_TIMEOUT_MS, polling=250)
    made = page.evaluate("performance.getEntriesByName('hex:snapshot-saved')[0].detail")
    # The page's own modules are in it, so a returning visit compiles nothing of ours.
    assert made["skipped"] == [] and {"app", "browser", "peerplay"} <= set(made["page"]), made
    assert page.evaluate(HINT) in page.evaluate(SNAPSHOT_KEYS)  # the next visit knows to look
    page.wait_for_function(SERVICE_WORKER_ACTIVE, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    page.close()


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
def test_a_returning_visit_starts_from_the_snapshot_and_deals_a_new_game(context: BrowserContext, site):
    fast_settings(context)
    first_visit(context, site.url)
    page, started = visit(context, site.url)
    assert started == "snapshot"
    expect(page.locator(".new-game").first).to_be_enabled()
    assert page.evaluate(WASM_READS) == 1  # compiled while the snapshot was read; not fetched again
    page.close()
    # Two restored visits, same snapshot: each deals its own game (random sources reseeded).
    dealt = []
    for _ in range(2):
        page, started = visit(context, site.url + GAME)
        assert started == "snapshot"
        play_a_move(page)
        dealt.append(seeds(page))
        page.close()
    assert len(dealt[1]) == 2 and dealt[0] < dealt[1], dealt


@pytest.mark.own_context
def test_without_its_hint_a_stored_snapshot_is_not_looked_for_and_is_made_again(context: BrowserContext, site):
    """The hint in localStorage spares a first visit the Cache Storage lookup; a snapshot
    whose hint is gone (storage cleared in part) just means one normal boot."""
    on_blank_page(context, site.url, "() => localStorage.removeItem('hex-table:snapshot')")
    page, started = visit(context, site.url)
    assert started == "boot"
    page.wait_for_function(SAVED, timeout=BOOT_TIMEOUT_MS, polling=250)
    assert page.evaluate(HINT) in page.evaluate(SNAPSHOT_KEYS)
    page.close()
    page, started = visit(context, site.url)
    assert started == "snapshot"
    page.close()


# Damage that the digest catches before anything is restored, and a snapshot intact but of
# another build, which only the restore itself can refuse.
CAUGHT_BY_DIGEST = ("flipped", "truncated", "garbage", "empty")
DAMAGE = (*CAUGHT_BY_DIGEST, "wrong-build")


# Stores, as this build's snapshot (with its hint), a damaged copy of the intact one the
# context was planted with (kept aside in the cache 'e2e-intact' on the first call).
STORE_DAMAGED = """async (how) => {
        const live = await caches.open('hex-snapshot'), kept = await caches.open('e2e-intact');
        if (!(await kept.keys()).length) {
          const [request] = await live.keys();
          await kept.put(request, await live.match(request));
        }
        const [request] = await kept.keys();
        const stored = await kept.match(request);
        let body = new Uint8Array(await stored.arrayBuffer());
        if (how === 'flipped') body[body.length >> 1] ^= 0xff;
        if (how === 'truncated') body = body.subarray(0, body.length >> 1);
        if (how === 'garbage') body = crypto.getRandomValues(new Uint8Array(65536));
        if (how === 'empty') body = new Uint8Array(0);
        let digest = stored.headers.get('x-snapshot-sha256');
        if (how === 'wrong-build') {
            // Intact and with a matching digest, but made by another Pyodide build: its build
            // id (bytes 16-47 of the snapshot, the first stored page) differs.
            const first = 16 + new Uint32Array(body.buffer, 0, 4)[3];
            for (let i = first + 16; i < first + 48; i++) body[i] ^= 0x5a;
            digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', body))]
              .map(b => b.toString(16).padStart(2, '0')).join('');
        }
        await live.put(request, new Response(body, {headers: {'x-snapshot-sha256': digest}}));
        localStorage.setItem('hex-table:snapshot', request.url);  // the hint names the snapshot
    }"""


@pytest.mark.own_context
def test_a_broken_snapshot_falls_back_to_a_normal_start_and_is_replaced(context: BrowserContext, site):
    """Kinds of damage in turn, in one context (the snapshot a first visit made is planted in
    it by e2e/conftest.py): the page boots normally, drops the damaged snapshot and plays;
    after the last, the snapshot made anew is the one the next visit starts from. Each boot
    costs seconds, so the default run tries one kind the digest catches, picked afresh and
    named in a failure, and the wrong build; `make soak` tries them all."""
    fast_settings(context)
    kinds = DAMAGE if SOAK else (random.choice(CAUGHT_BY_DIGEST), "wrong-build")
    for how in kinds:
        on_blank_page(context, site.url, STORE_DAMAGED, how)
        page, started = visit(context, site.url + GAME)
        assert started == "boot", how
        why = page.evaluate("performance.getEntriesByName('hex:start')[0].detail.detail")
        assert why, f"{how}: the damaged snapshot was not even tried"
        expect(page.locator("#boot-error")).to_be_hidden()
        assert page.evaluate(SNAPSHOT_KEYS) == [] and page.evaluate(HINT) is None, how  # dropped
        play_a_move(page)
        if how != kinds[-1]:
            page.close()
    page.wait_for_function(SAVED, timeout=BOOT_TIMEOUT_MS, polling=250)  # a new one
    page.close()
    page, started = visit(context, site.url)
    assert started == "snapshot"
    page.close()


@pytest.mark.own_context  # fast_settings adds an init script to the context
def test_offline_a_returning_visit_starts_from_the_snapshot(context: BrowserContext, site):
    fast_settings(context)
    page, started = visit(context, site.url)  # online: the service worker fills the offline cache
    assert started == "snapshot"
    page.wait_for_function(SERVICE_WORKER_ACTIVE, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    page.close()
    context.set_offline(True)
    page, started = visit(context, site.url + GAME)
    assert started == "snapshot"
    play_a_move(page)
    page.close()


@pytest.mark.first_visit
def test_refused_storage_starts_normally_and_stores_nothing(context: BrowserContext, site):
    context.add_init_script("Object.defineProperty(globalThis, 'caches', {value: undefined})")
    fast_settings(context)
    page, started = visit(context, site.url + GAME)
    assert started == "boot"
    play_a_move(page)
    page.close()
