"""Failures the player can recover from: each shows a message and leaves a way on."""

from __future__ import annotations

import json
import random

import pytest
from conftest import POLL_MS, SOAK, fast_settings, keeper, wait_ready
from helpers import wait_turn
from playwright.sync_api import Page, expect

HS = "?game=hack-and-slash&seats=3&bots=2&level=easy&seed={seed}"


def inject(page: Page, *faults: str) -> None:
    page.add_init_script(f"localStorage.setItem('hex-table:faults', '{json.dumps(list(faults))}')")


# Well under web/boot.mjs's 60-second watchdog: the failure itself shows the panel.
AT_ONCE_MS = 30_000


@pytest.mark.first_visit
@pytest.mark.parametrize("when", ["at-once", "late"])
def test_runtime_that_cannot_load_shows_the_error_panel_with_a_way_on(page: Page, site, when):
    """Pyodide only logs a failed download of its WebAssembly; whether the browser also
    reports it as an unhandled rejection depends on how early it fails: "late" fails it
    once Pyodide has started waiting for it, where that report never comes."""
    held = []
    # Its gzipped copy, then the plain file the page falls back to; "late" holds the first.
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort() if when == "at-once" or held else held.append(route))
    page.goto(site.url)
    if when == "late":
        page.wait_for_function("() => performance.getEntriesByName('hex:boot-listening').length", polling=POLL_MS)
        page.wait_for_timeout(500)
        held[0].abort()
        expect(page.locator("#boot-error-detail")).to_contain_text("pyodide.asm.wasm", timeout=AT_ONCE_MS)
    expect(page.locator("#boot-error")).to_be_visible(timeout=AT_ONCE_MS)
    expect(page.locator("#boot-retry")).to_be_visible()
    expect(page.locator(".game-card")).to_have_count(4)  # the menu is still readable


@pytest.mark.own_context  # a route the shared context's service worker would answer unseen
def test_runtime_that_cannot_load_on_a_returning_visit_shows_the_error_panel(page: Page, site):
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort())
    requested: list[str] = []  # the page's and its workers' (the snapshot's is read in one)
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site.url)
    expect(page.locator("#boot-error")).to_be_visible(timeout=AT_ONCE_MS)
    expect(page.locator("#boot-error-detail")).to_contain_text("pyodide.asm.wasm")
    # A start from the snapshot it was (the snapshot was asked for; the runtime did not come).
    assert any(url.endswith(".snapshot.gz") for url in requested), requested


@pytest.mark.first_visit
def test_runtime_that_fails_before_the_page_is_parsed_still_shows_the_error_panel_at_once(page: Page, site):
    held = []
    page.route("**/boot.mjs", lambda route: held.append(route))  # the panel's script arrives after the failure
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort())
    with page.expect_event("requestfailed", lambda request: request.url.endswith(".wasm")):
        page.goto(site.url, wait_until="commit")
    page.wait_for_timeout(200)  # Pyodide's own rejection follows the failed download
    held[0].continue_()
    expect(page.locator("#boot-error")).to_be_visible(timeout=AT_ONCE_MS)
    expect(page.locator("#boot-error-detail")).not_to_be_empty()


STARTED_OR_FAILED = ("() => document.body.classList.contains('ready')"
                     " || !document.getElementById('boot-error').hidden")


# The soak run (make soak) takes every file away in turn; the default run one file of each
# kind (its extension), picked afresh each run and named in a failure.
def one_of_each_kind(urls: list[str], rng: random.Random) -> list[str]:
    kinds: dict[str, list[str]] = {}
    for url in urls:
        kinds.setdefault(url.rsplit(".", 1)[-1], []).append(url)
    return sorted(rng.choice(group) for group in kinds.values())


# Back to a first visit between probes: whatever the last one stored goes (it is closed before
# it is idle enough to store a snapshot, and this context runs no service worker, but a page
# may write settings or a save).
FORGET_ALL = """async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const key of await caches.keys()) await caches.delete(key);
    for (const db of await indexedDB.databases()) indexedDB.deleteDatabase(db.name);
}"""


@pytest.mark.first_visit
def test_every_file_the_start_needs_shows_the_error_panel_when_it_cannot_be_loaded(site, new_context):
    """A request of a first visit to a game's address fails (as a dropped connection or a
    network change would fail it): the page starts without that file or says it could not,
    never loads forever. The visits take turns in one context with a keeper page (its
    storage emptied between them), not a new context each that compiles Pyodide again."""
    context = new_context(service_workers="block")
    blank = keeper(context, site.url)
    address = site.url + HS.format(seed="no-file")
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(address)
    wait_ready(page)
    page.close()
    files = sorted({url for url in requested if url != address})
    assert len(files) >= 15
    if not SOAK:
        files = one_of_each_kind(files, random.Random())
    stuck = []
    for url in files:
        blank.evaluate(FORGET_ALL)
        probe = context.new_page()
        probe.route(url, lambda route: route.abort("internetdisconnected"))
        probe.goto(address)
        try:
            probe.wait_for_function(STARTED_OR_FAILED, timeout=AT_ONCE_MS, polling=100)
        except Exception:  # noqa: BLE001 - reported below with the others
            stuck.append(url.removeprefix(site.url))
        probe.close()
    tried = [url.removeprefix(site.url) for url in files]
    assert not stuck, f"the page neither started nor said why without: {stuck} (tried {tried})"


@pytest.mark.own_context  # a service worker not yet installed
def test_service_worker_that_cannot_install_is_reported_and_play_goes_on(page: Page, site):
    fast_settings(page)
    inject(page, "sw")
    page.goto(site.url + HS.format(seed="sw-fail"))
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("Offline play is not available")
    assert wait_turn(page)
    page.locator("#board [data-action]").first.click()
    expect(page.locator("#log li").nth(3)).to_be_visible()


def test_a_computer_player_that_crashes_shows_a_banner_and_the_game_is_kept(page: Page, site):
    fast_settings(page)
    inject(page, "bot")
    page.goto(site.url + HS.format(seed="bot-fault"))
    wait_ready(page)
    page.locator("#board [data-action]").first.click()
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner-text")).to_contain_text("computer player")
    expect(page.locator("#banner-detail")).to_contain_text("injected fault")
    # The way on: with the fault gone, continuing from the autosave lets the computer play.
    page.evaluate("localStorage.removeItem('hex-table:faults')")
    page.click("#banner-action")
    assert wait_turn(page)
    assert "Player 2 sends" in page.inner_text("#log") or "Player 2 has" in page.inner_text("#log")


def test_an_exception_in_a_handler_keeps_the_position_before_it(page: Page, site):
    fast_settings(page)
    inject(page, "render")
    page.goto(site.url + HS.format(seed="render-fault"))
    wait_ready(page)
    log_before = page.inner_text("#log")
    page.locator("#board [data-action]").first.click()
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner-text")).to_contain_text("taken back")
    assert page.inner_text("#log") == log_before
    expect(page.locator("#board [data-action]").first).to_be_visible()


def test_a_second_tab_notices_a_newer_save_instead_of_overwriting_it(page: Page, site):
    fast_settings(page)
    page.goto(site.url + HS.format(seed="two-tabs").replace("bots=2", "bots=0"))
    wait_ready(page)
    url = page.url
    other = page.context.new_page()
    other.goto(url)
    wait_ready(other)
    assert wait_turn(other)
    other.locator("#board [data-action]").first.click()   # tab two moves on
    other.wait_for_timeout(500)
    saved = other.evaluate("Object.entries(localStorage).find(([k]) => k.includes(':save:'))[1]")
    page.locator("#board [data-action]").first.click()    # tab one is behind
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner-text")).to_contain_text("another tab")
    assert page.evaluate("Object.entries(localStorage).find(([k]) => k.includes(':save:'))[1]") == saved
    page.click("#banner-action")                          # reload the newer game
    expect(page.locator("#log")).to_contain_text(other.locator("#log li").last.inner_text())


def test_storage_full_keeps_the_last_good_save_and_the_game_goes_on(page: Page, site):
    fast_settings(page)
    page.goto(site.url + HS.format(seed="quota"))
    wait_ready(page)
    assert wait_turn(page)
    good = page.evaluate("Object.entries(localStorage).find(([k]) => k.includes(':save:'))[1]")
    page.evaluate("""() => { const chunk = 'x'.repeat(256 * 1024); let i = 0;
        try { for (;;) localStorage.setItem('filler-' + i++, chunk); } catch (e) {}
        for (const size of [16384, 1024, 64, 1]) { const small = 'x'.repeat(size);
          try { for (;;) localStorage.setItem('f' + i++, small); } catch (e) {} } }""")
    page.locator("#board [data-action]").first.click()
    expect(page.locator("#notice")).to_contain_text("Could not save")
    assert page.evaluate("Object.entries(localStorage).find(([k]) => k.includes(':save:'))[1]") == good
    assert wait_turn(page)  # play continues
