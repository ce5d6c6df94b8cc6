"""A new build reaches returning players: the service worker caches it, the page offers to
reload, and the reload starts the new build normally (the stored start-up snapshot is the old
build's) and stores a snapshot of its own."""

from __future__ import annotations

import shutil

import pytest
from conftest import (BOOT_TIMEOUT_MS, POLL_MS, SERVICE_WORKER_ACTIVE, SITE, SNAPSHOT_PATH, Server, wait_ready,
                      wait_until)
from playwright.sync_api import BrowserContext, expect
from test_snapshot import HOW_IT_STARTED, SAVED, SNAPSHOT_KEYS, visit


@pytest.mark.first_visit  # the snapshot planted below is for another copy of the site
def test_a_new_build_is_offered_with_an_update_prompt_and_does_not_restore_the_old_snapshot(
        context: BrowserContext, tmp_path, start_snapshot):
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server = Server(str(copy))
    server.stash[SNAPSHOT_PATH] = start_snapshot.body  # for plant(), as the test server has it
    try:
        start_snapshot.plant(context, server.url)
        page, started = visit(context, server.url)
        assert started == "snapshot"
        page.wait_for_function(SERVICE_WORKER_ACTIVE, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
        page.reload()  # now the service worker controls the page
        wait_ready(page)
        expect(page.locator("#offline-status")).to_be_visible()
        expect(page.locator("#update-button")).to_be_hidden()
        old_keys = page.evaluate(SNAPSHOT_KEYS)
        # A new build: a changed file, and so a new build version in every file that has it.
        sw = (copy / "sw.js").read_text()
        old = sw.split('const VERSION = "', 1)[1].split('"', 1)[0]
        new = old[::-1]
        for name in ("sw.js", "start.mjs"):
            (copy / name).write_text((copy / name).read_text().replace(old, new))
        (copy / "styles" / "app.css").write_text((copy / "styles" / "app.css").read_text() + "\n/* next */\n")
        page.reload()
        wait_ready(page)
        expect(page.locator("#update-button")).to_be_visible(timeout=60_000)
        with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
            page.click("#update-button")  # the page reloads into the new build
        wait_ready(page)
        assert page.evaluate(HOW_IT_STARTED) == ["boot"]
        wait_until(page, f"async () => (await caches.keys()).includes('hex-table-{new}')"
                         f" && !(await caches.keys()).includes('hex-table-{old}')", timeout_ms=60_000)
        page.wait_for_function(SAVED, timeout=BOOT_TIMEOUT_MS, polling=250)
        new_keys = page.evaluate(SNAPSHOT_KEYS)
        assert len(old_keys) == len(new_keys) == 1 and old in old_keys[0] and new in new_keys[0]
        page.close()
        page, started = visit(context, server.url)
        assert started == "snapshot"
        page.close()
    finally:
        server.stop()
