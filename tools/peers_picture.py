"""Make docs/peers.png, the README's picture of players on their own devices: the host's
screen with a seat's QR code beside a guest's phone after joining. Runs the built site and
Chromium in a private network namespace (e2e/netns.py, needs root), as the e2e tests do.

    .venv/bin/python tools/peers_picture.py
"""

from __future__ import annotations

import base64
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "e2e"), os.path.join(ROOT, "tools")]

from check_chromium import find_chromium  # noqa: E402
from conftest import CHROMIUM_FLAGS, SITE, fast_settings  # noqa: E402
from netns import NetNS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_peers import RECORD, host_game, join  # noqa: E402


def main() -> None:
    ns = NetNS()
    try:
        url = ns.serve(SITE)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=ns.wrap_browser(find_chromium()), args=CHROMIUM_FLAGS)
            host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                        is_mobile=True, has_touch=True).new_page()
            for page in (host, phone):
                page.add_init_script(RECORD)
                fast_settings(page)
            host_game(host, url, "hex-please", ["human", "remote", "remote"], seed="picture")
            host.locator("#peers-panel svg[data-qr]").first.wait_for(timeout=30_000)
            join(host, phone, 1, url)
            host.locator(".peer-seat[data-seat='2'] svg[data-qr]").wait_for(timeout=30_000)
            host.locator("#peers-panel").scroll_into_view_if_needed()
            shots = [base64.b64encode(page.screenshot()).decode() for page in (host, phone)]
            sheet = browser.new_context(viewport={"width": 1720, "height": 930}).new_page()
            sheet.set_content(
                "<body style='margin:0;background:#e9edf1;display:flex;gap:24px;padding:20px;"
                "align-items:flex-start;font:16px system-ui'>"
                f"<figure style='margin:0'><img src='data:image/png;base64,{shots[0]}' width=1280>"
                "<figcaption>1. The host's device: a code per seat played on its own device</figcaption></figure>"
                f"<figure style='margin:0'><img src='data:image/png;base64,{shots[1]}' width=390>"
                "<figcaption>2-3. A guest's phone, joined: its own tiles only</figcaption></figure></body>")
            sheet.screenshot(path=os.path.join(ROOT, "docs", "peers.png"))
            browser.close()
    finally:
        ns.close()
    print("wrote docs/peers.png")


if __name__ == "__main__":
    main()
