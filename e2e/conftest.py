"""End-to-end fixtures: the built site served on loopback, Debian's (or any) Chromium.

`make test` builds site/ first. The browser is the one tools/check_chromium.py finds
($CHROMIUM, /usr/bin/chromium, or Playwright's own that `make test` downloads); without
one the tests stop with instructions.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Iterator

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from check_chromium import find_chromium  # noqa: E402
from serve import make_server  # noqa: E402

SITE = os.path.join(ROOT, "site")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOOT_TIMEOUT_MS = 90_000  # cold start is ~5 s on 2 cores, far more when the machine is busy


class Server:
    """The site on a free loopback port, in a thread; stoppable to test offline play."""

    def __init__(self, directory: str = SITE) -> None:
        # A build of the site (or a copy) is served as Netlify serves it; any other folder
        # stands for another site, such as the page that embeds our games, which our CSP
        # would not govern.
        is_site = os.path.isfile(os.path.join(directory, "sw.js"))
        self.httpd = make_server(directory, 0, netlify_headers=is_site)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session", autouse=True)
def _quiet_server_log() -> None:
    os.environ["SERVE_QUIET"] = "1"


@pytest.fixture(scope="session")
def site() -> Iterator[Server]:
    if not os.path.isfile(os.path.join(SITE, "index.html")):
        pytest.exit("site/ is not built: run `make site` (or `make test`)", returncode=2)
    server = Server()
    yield server
    server.stop()


@pytest.fixture
def fresh_site() -> Iterator[Server]:
    """A server of its own, for tests that stop it."""
    server = Server()
    yield server
    try:
        server.stop()
    except OSError:
        pass


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    chromium = find_chromium()
    if chromium is None:
        pytest.exit("Chromium not found: run `.venv/bin/python tools/check_chromium.py`, which gets one "
                    "or says how", returncode=2)
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "accept_downloads": True}


def wait_ready(page) -> None:
    page.wait_for_selector("body.ready", state="attached", timeout=BOOT_TIMEOUT_MS)


def fast_settings(page) -> None:
    """Computer moves without the pause that lets people see them (set before the page loads)."""
    page.add_init_script("try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0})) } catch (e) {}")


CRASHED = "Target crashed"


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """Run a test once more when Chromium's page process crashed under it (seen a few times on
    busy 2-core machines, cause unknown); any other failure is reported as it happened."""
    from _pytest.runner import runtestprotocol
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    if any(r.failed and CRASHED in str(r.longrepr) for r in reports):
        print(f"\n{item.nodeid}: {CRASHED}; running it once more", file=sys.stderr)
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True
