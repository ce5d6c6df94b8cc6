"""A new build reaches returning players: the service worker caches it, the page offers to
reload, and the reload starts the new build from the new build's own snapshot, which the new
service worker's cache holds."""

from __future__ import annotations

import shutil

import pytest
from conftest import BOOT_TIMEOUT_MS, POLL_MS, SERVICE_WORKER_ACTIVE, SITE, Server, wait_ready, wait_until
from playwright.sync_api import BrowserContext, expect
from test_snapshot import HOW_IT_STARTED, visit

CACHED = "async (name) => (await (await caches.open(name)).keys()).map(r => r.url)"


@pytest.mark.first_visit  # a copy of the site, on a server of its own
def test_a_new_build_is_offered_with_an_update_prompt_and_starts_from_its_own_snapshot(
        context: BrowserContext, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server = Server(str(copy))
    try:
        page, started = visit(context, server.url)
        assert started == "snapshot"
        page.wait_for_function(SERVICE_WORKER_ACTIVE, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
        page.reload()  # now the service worker controls the page
        wait_ready(page)
        expect(page.locator("#offline-status")).to_be_visible()
        expect(page.locator("#update-button")).to_be_hidden()
        # A new build: a changed file and snapshot, and so a new build version in every file
        # that has it (the snapshot, named after its content, moves to a folder of its own).
        sw = (copy / "sw.js").read_text()
        old = sw.split('const VERSION = "', 1)[1].split('"', 1)[0]
        new = old[::-1]
        snapshots = list((copy / "snapshot").iterdir())
        assert len(snapshots) == 1
        moved = snapshots[0].with_name(snapshots[0].name[::-1])
        snapshots[0].rename(moved)
        for name in ("sw.js", "start.mjs"):
            text = (copy / name).read_text().replace(old, new).replace(f"snapshot/{snapshots[0].name}/", f"snapshot/{moved.name}/")
            (copy / name).write_text(text)
        (copy / "styles" / "app.css").write_text((copy / "styles" / "app.css").read_text() + "\n/* next */\n")
        page.reload()
        wait_ready(page)
        expect(page.locator("#update-button")).to_be_visible(timeout=60_000)
        requested: list[str] = []  # the page's and its workers' (the snapshot's is read in one)
        page.on("request", lambda request: requested.append(request.url))
        with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
            page.click("#update-button")  # the page reloads into the new build
        wait_ready(page)
        assert page.evaluate(HOW_IT_STARTED) == ["snapshot"]
        wait_until(page, f"async () => (await caches.keys()).includes('hex-table-{new}')"
                         f" && !(await caches.keys()).includes('hex-table-{old}')", timeout_ms=60_000)
        assert any(moved.name in url for url in page.evaluate(CACHED, f"hex-table-{new}"))
        assert any(f"/{moved.name}/" in url for url in requested), requested
        page.close()
    finally:
        server.stop()
