"""The engine suites: the same checks in Firefox (bidi.py) and WebKit (webkit.py).

Each engine gets one browser and a server of its own for the whole run: its first test is a
first visit, which leaves the start-up snapshot and the offline cache that later tests use, as a
returning player's browser would. `make test` runs this folder under xvfb-run (WebKitGTK needs
a display); ENGINES=firefox (or webkit) runs one engine.
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
import time
from typing import Any, Iterator

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))

from serve import Handler, PlainHandler  # noqa: E402

SITE = os.path.join(ROOT, "site")
ENGINES = [e for e in os.environ.get("ENGINES", "firefox,webkit").split(",") if e]
# Firefox's peer check runs in Firefox only (WebKitGTK as Debian builds it has no WebRTC).
collect_ignore = [] if "firefox" in ENGINES else ["test_firefox_peers.py"]
BOOT_S = 120.0  # WebKit boots Pyodide in about twice Chromium's time; more on a busy machine


class Server:
    """A folder on a free loopback port, in a thread; the site as Netlify serves it when it is
    the built site, any other folder (an embedding page) as a plain server."""

    def __init__(self, directory: str = SITE) -> None:
        handler = Handler if os.path.isfile(os.path.join(directory, "sw.js")) else PlainHandler
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=directory))
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.httpd.shutdown()
            self.httpd.server_close()


class Engine:
    """An engine's browser, its tab, and the server its tests share."""

    def __init__(self, name: str) -> None:
        self.name = name
        if name == "firefox":
            from bidi import Firefox
            self.browser: Any = Firefox()
        else:
            from webkit import WebKit
            self.browser = WebKit()
        self.tab = self.browser.tab()
        self.site = Server()

    def close(self) -> None:
        self.site.stop()
        self.browser.close()


@pytest.fixture(scope="session", autouse=True)
def _quiet_server_log() -> None:
    os.environ["SERVE_QUIET"] = "1"


@pytest.fixture(scope="module", params=ENGINES)
def engine(request) -> Iterator[Engine]:
    if not os.path.isfile(os.path.join(SITE, "index.html")):
        pytest.exit("site/ is not built: run `make site` (or `make test`)", returncode=2)
    started = time.monotonic()
    made = Engine(request.param)
    print(f"\n{request.param} {made.browser.version}: started in {time.monotonic() - started:.1f} s", file=sys.stderr)
    yield made
    made.close()


@pytest.fixture
def tab(engine: Engine) -> Iterator[Any]:
    """The engine's tab; a test passes only if its pages logged no error."""
    engine.tab.console_errors()  # what earlier tests left is theirs
    yield engine.tab
    errors = engine.tab.console_errors()
    assert not errors, f"errors in {engine.name}'s console: {errors}"
