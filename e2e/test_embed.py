"""A site owner's page on another origin embeds games in iframes; both play, nothing else is fetched."""

from __future__ import annotations

from urllib.parse import urlparse

from conftest import BOOT_TIMEOUT_MS, Server
from playwright.sync_api import Page, expect

HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>My blog</title></head>
<body><h1>Games on my page</h1>
<iframe id="one" src="{site}embed.html?game={one}&seats=2&bots=1&level=easy&seed=embed-1"
  style="width: 720px; height: 640px; border: 0" title="Game one"></iframe>
<iframe id="two" src="{site}embed.html?game={two}&seats=3&bots=2&level=normal&seed=embed-2"
  style="width: 420px; height: 640px; border: 0" title="Game two"></iframe>
</body></html>
"""


def test_two_embedded_games_play_side_by_side_on_another_origin(page: Page, site, tmp_path):
    # HEX PLEASE! second: a game whose move starts with a selection, in the narrow frame.
    (tmp_path / "index.html").write_text(HOST_PAGE.format(site=site.url, one="hack-and-slash", two="hex-please"))
    host = Server(str(tmp_path))
    try:
        hosts = set()
        page.on("request", lambda r: hosts.add(urlparse(r.url).netloc))
        page.goto(host.url.replace("127.0.0.1", "localhost"))  # another origin than the games'
        for frame_id in ("one", "two"):
            frame = page.frame_locator(f"#{frame_id}")
            frame.locator("body.ready").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
            expect(frame.locator("#game")).to_be_visible()
            expect(frame.locator(".top")).to_be_hidden()
            expect(frame.locator("#board [data-action], #board [data-ui]").first).to_be_visible(timeout=60_000)
        # Play one move in each (a move may take a selection first, as in HEX PLEASE!).
        for frame_id in ("one", "two"):
            frame = page.frame_locator(f"#{frame_id}")
            before = frame.locator("#log li").count()
            for _ in range(3):
                if frame.locator("#log li").count() > before:
                    break
                actions = frame.locator("#board [data-action]")
                (actions if actions.count() else frame.locator("#board [data-ui]")).first.click()
                page.wait_for_timeout(300)
            expect(frame.locator("#log li")).not_to_have_count(before)
        assert hosts <= {f"localhost:{host.port}", f"127.0.0.1:{site.port}"}, hosts
        # Fits its container: no horizontal scrolling inside the narrow frame.
        narrow = page.frame_locator("#two").locator("html")
        assert narrow.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    finally:
        host.stop()
