"""A new build reaches players: the service worker caches it and the page offers to reload."""

from __future__ import annotations

import shutil

from conftest import BOOT_TIMEOUT_MS, SERVICE_WORKER_ACTIVE, SITE, Server, wait_ready
from playwright.sync_api import Page, expect


def test_a_new_version_is_offered_with_an_update_prompt(page: Page, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server = Server(str(copy))
    try:
        page.goto(server.url)
        wait_ready(page)
        page.wait_for_function(SERVICE_WORKER_ACTIVE, timeout=BOOT_TIMEOUT_MS)
        page.reload()                      # now the service worker controls the page
        wait_ready(page)
        expect(page.locator("#offline-status")).to_be_visible()
        expect(page.locator("#update-button")).to_be_hidden()
        # A new build: one file changes, so the worker's version changes with it.
        sw = (copy / "sw.js").read_text()
        old_version = sw.split('const VERSION = "', 1)[1].split('"', 1)[0]
        (copy / "sw.js").write_text(sw.replace(old_version, old_version + "-next"))
        (copy / "styles" / "app.css").write_text((copy / "styles" / "app.css").read_text() + "\n/* next */\n")
        page.reload()
        wait_ready(page)
        expect(page.locator("#update-button")).to_be_visible(timeout=60_000)
        page.click("#update-button")
        page.wait_for_function(
            f"async () => (await caches.keys()).includes('hex-table-{old_version}-next')"
            f" && !(await caches.keys()).includes('hex-table-{old_version}')", timeout=60_000)
        wait_ready(page)
    finally:
        server.stop()
