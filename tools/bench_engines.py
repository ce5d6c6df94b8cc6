"""Start-up in each engine, measured alike: Chromium (Playwright), Firefox ESR (WebDriver BiDi)
and WebKitGTK (WebKitWebDriver, which needs a display: `make bench` runs under xvfb-run).

For each engine, in a new browser with an empty profile: the menu's first visit, then (once the
service worker holds the site) a returning player's visit, which loads it from there; both start
from the snapshot shipped with the site. The time is from navigation
to the page being usable (`body.ready`), read in the page, polled every 50 ms.

    python tools/bench_engines.py [--runs N]     (also the last part of tools/bench.py)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any, Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "e2e_engines"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

READY = "return document.body.classList.contains('ready') ? performance.now() : null"
CACHED = "return navigator.serviceWorker.getRegistration().then(r => !!r?.active)"
FROM = "return (performance.getEntriesByName('hex:start')[0] || {detail: {}}).detail.from || null"


class ChromiumTab:
    """Playwright's page with the engine suites' `js(body)` interface."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def js(self, script: str) -> Any:
        return self.page.evaluate("async () => { " + script + " }")


def poll(tab: Any, script: str, seconds: float = 180.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (answer := tab.js(script)):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {seconds:.0f} s: {script}")
        time.sleep(0.05)
    return answer


def visits(tab: Any, url: str) -> tuple[float, float, str]:
    """First visit and second visit, in ms to usable; and how the second one started."""
    tab.goto(url)
    first = poll(tab, READY)
    poll(tab, CACHED)
    tab.goto(url)
    second = poll(tab, READY)
    return first, second, poll(tab, FROM, 10)


def chromium(url: str) -> tuple[float, float, str]:
    from check_chromium import find_chromium
    from playwright.sync_api import sync_playwright
    from gallery import FLAGS
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(shell_first=False), args=FLAGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            return visits(ChromiumTab(page), url)
        finally:
            browser.close()


def other(kind: str) -> Callable[[str], tuple[float, float, str]]:
    def run(url: str) -> tuple[float, float, str]:
        if kind == "firefox":
            from bidi import Firefox
            browser: Any = Firefox()
        else:
            from webkit import WebKit
            browser = WebKit()
        try:
            return visits(browser.tab(), url)
        finally:
            browser.close()
    return run


ENGINES = {"chromium": chromium, "firefox": other("firefox"), "webkit": other("webkit")}


def report(site_url: str, runs: int = 1) -> None:
    """Print each engine's start-up; an engine that cannot run here says why."""
    print(f"\nStart-up in each engine, to a usable menu (median of {runs}; a new profile each run):")
    print(f"  {'engine':10} {'first visit s':>14} {'second visit s':>16}")
    for name, run in ENGINES.items():
        try:
            results = [run(site_url) for _ in range(runs)]
        except Exception as error:  # noqa: BLE001 - one missing engine leaves the others' figures
            print(f"  {name:10} not measured: {str(error).splitlines()[0][:120]}")
            continue
        starts = {r[2] for r in results}
        print(f"  {name:10} {statistics.median(r[0] for r in results) / 1000:14.2f} "
              f"{statistics.median(r[1] for r in results) / 1000:16.2f}"
              + ("" if starts == {"snapshot"} else f"  (second visits started from: {sorted(starts)})"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    from bench import SITE, start_server
    os.environ["SERVE_QUIET"] = "1"
    server, url = start_server(SITE)
    try:
        report(url, args.runs)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
