"""End-to-end fixtures: the built site served on loopback, Debian's (or any) Chromium.

`make test` builds site/ first. The browser is the one tools/check_chromium.py finds
($CHROMIUM, Debian's headless shell or its full Chromium, or Playwright's own that
`make test` downloads); without one the tests stop with instructions.

Every page starts from the start-up snapshot shipped with the site (web/start.mjs), first
visits included. A worker's tests share one browser context, tidied between them
(SharedContext); tests that need a context of their own are marked `own_context`, and tests
of a first visit (a context no page of the site has used) `first_visit`.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from check_chromium import find_chromium  # noqa: E402
from serve import Handler, PlainHandler  # noqa: E402

SITE = os.path.join(ROOT, "site")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# The tests' browser also puts all pages of one site in a context into one process, where
# V8 reuses the WebAssembly a page of that process still holds (SharedContext.keeper).
TEST_FLAGS = [*CHROMIUM_FLAGS, "--process-per-site"]
# Not preloaded for each context's window: the address bar's popup, which headless tests
# never open (over a third of what a new context cost the browser).
UNUSED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
# `make soak` runs the tests that sample a long list (files, kinds of damage) over all of it.
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
BOOT_TIMEOUT_MS = 90_000  # cold start is ~5 s on 2 cores, far more when the machine is busy
# How often a test's wait_for_function checks its predicate: Playwright's default, every
# animation frame, keeps a waiting page drawing 60 frames a second (the game-playing tests
# took 4% more CPU and time with it, alternated). tests/test_e2e_waits.py sees that every
# call passes it.
POLL_MS = 20


# A path the test server adds to the site: a blank page on its origin (the peer tests'
# server, in its network namespace, serves it as a file: `lan` in e2e/test_peers.py).
BLANK_PATH = "/e2e/blank.html"
BLANK_PAGE = b"<!doctype html><title>blank</title>"


class SiteHandler(Handler):
    """The site as Netlify serves it, plus the blank page."""

    def do_GET(self) -> None:
        if self.path == BLANK_PATH:
            self._reply(BLANK_PAGE, "text/html")
        else:
            super().do_GET()

    def _reply(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server:
    """The site on a free loopback port, in a thread; stoppable to test offline play."""

    def __init__(self, directory: str = SITE) -> None:
        # A build of the site (or a copy) is served as Netlify serves it; any other folder
        # stands for another site, such as the page that embeds our games, which our CSP
        # would not govern.
        is_site = os.path.isfile(os.path.join(directory, "sw.js"))
        handler = SiteHandler if is_site else PlainHandler
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=directory))
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


SERVICE_WORKER_ACTIVE = "() => navigator.serviceWorker.ready.then(r => !!r.active)"  # the site is cached


def on_blank_page(context, site_url: str, script: str, arg=None) -> None:
    """Run `script` in a blank page of the site's origin (its storage), in a tab of its own."""
    page = context.new_page()
    page.goto(site_url + BLANK_PATH.lstrip("/"))
    page.evaluate(script, arg)
    page.close()


# Back to a returning player who has no saves and no settings; the offline cache and the
# service worker stay.
FORGET = """() => {
    localStorage.clear();
    sessionStorage.clear();
}"""


# Pyodide's WebAssembly, compiled and held by a keeper page; not stored in the HTTP cache, so
# that a first visit in that context still downloads it.
KEEP_COMPILED = """async () => {
    window.kept = await WebAssembly.compileStreaming(fetch('/pyodide/pyodide.asm.wasm', {cache: 'no-store'}));
}"""


def keeper(context, site_url: str):
    """A blank page of the site that stays open holding Pyodide's compiled module: the
    context's later pages share its process (TEST_FLAGS), where V8 hands them that module
    rather than compiling it again, with the functions earlier pages had optimised (a fifth
    less of the browser's CPU in a shared context; a third in a test that loads ten pages;
    none in the other tests' own contexts, of one to five pages, where it cost 13% more)."""
    page = context.new_page()
    page.goto(site_url + BLANK_PATH.lstrip("/"))
    page.evaluate(KEEP_COMPILED)
    return page


class SharedContext:
    """One returning player's browser that a worker's tests take turns with: a page load
    there costs about 1.4 CPU-s less than in a context of its own planted anew (its service
    worker is warm), which a 2-core run of 150 tests feels. Its `keeper` stays open."""

    def __init__(self, browser, args: dict, site: Server) -> None:
        self.browser, self.args, self.site = browser, args, site
        self.context = None
        self.keeper = None
        self.crash = False

    def take(self):
        if self.context is None:
            self.context = self.browser.new_context(**self.args)
            self.context.on("page", lambda page: page.on("crash", self.crashed))
            self.context.add_init_script = self.no_init_script  # type: ignore[method-assign]
            self.keeper = keeper(self.context, self.site.url)
        return self.context

    @staticmethod
    def no_init_script(*_args, **_kwargs) -> None:
        """A context's init script cannot be taken back: it would run in every later test's pages."""
        raise AssertionError("an init script added to the shared context stays for every later test: "
                             "add it to the page, or mark the test own_context")

    def crashed(self, _page) -> None:
        self.crash = True

    def give_back(self) -> None:
        """Close the test's pages and undo what a test may change; a context where a page
        crashed, or that cannot be tidied, is closed, and the next test (or the crashed
        test's second run) gets a new one."""
        context, self.context = self.context, None
        try:
            for page in context.pages:
                if page is not self.keeper:
                    page.close()  # and the events of a crash are in by then
            if not self.crash:
                context.unroute_all(behavior="ignoreErrors")
                context.set_offline(False)
                context.clear_cookies()
                context.clear_permissions()
                self.keeper.evaluate(FORGET)
                self.context = context
                return
        except Exception:  # noqa: BLE001 - a stuck context is replaced, not reused
            pass
        self.crash = False
        context.close()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()


@pytest.fixture(scope="session")
def shared_context(browser, browser_context_args, site) -> Iterator[SharedContext]:
    shared = SharedContext(browser, browser_context_args, site)
    yield shared
    shared.close()


@pytest.fixture
def context(new_context, request):
    """The worker's shared browser context, or one of the test's own if it is marked
    `own_context` (it adds init scripts to the context, changes its service worker, or routes
    requests that the shared context's service worker would answer unseen) or `first_visit`."""
    if request.node.get_closest_marker("first_visit") or request.node.get_closest_marker("own_context"):
        yield new_context()
    else:
        shared = request.getfixturevalue("shared_context")
        yield shared.take()
        shared.give_back()


@pytest.fixture
def fresh_site() -> Iterator[Server]:
    """A server of its own, for tests that stop it."""
    server = Server()
    yield server
    try:
        server.stop()
    except OSError:
        pass


def playwright_disabled_features() -> list[str] | None:
    """The features Playwright disables when it launches Chromium, read from its bundled
    source (its version is pinned), or None where the list is not found there."""
    import playwright
    folder = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for name in ("coreBundle.js", "server/chromium/chromiumSwitches.js"):
        try:
            source = (folder / name).read_text()
        except OSError:
            continue
        start = source.find("disabledFeatures = [")
        if start >= 0:
            listed = source[start:source.find("]", start)].splitlines()[1:]
            return re.findall(r'"(\w+)"', "\n".join(line.split("//")[0] for line in listed))
    return None


@functools.cache
def launch_args() -> dict:
    """TEST_FLAGS, and UNUSED_FEATURES disabled beside Playwright's own: Chromium keeps only
    the last --disable-features it is given, so ours, the longer list, replaces Playwright's."""
    theirs = playwright_disabled_features()
    if not theirs:
        return {"args": TEST_FLAGS}
    return {"args": [*TEST_FLAGS, "--disable-features=" + ",".join([*theirs, *UNUSED_FEATURES])],
            "ignore_default_args": ["--disable-features=" + ",".join(theirs)]}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    chromium = find_chromium()
    if chromium is None:
        pytest.exit("Chromium not found: run `.venv/bin/python tools/check_chromium.py`, which gets one "
                    "or says how", returncode=2)
    return {**browser_type_launch_args, "executable_path": chromium, **launch_args()}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "accept_downloads": True}


# What a page that never became ready was doing, as JSON: the timeline's marks, the files
# that finished loading, and what the loading panel says.
PAGE_STATE = """() => JSON.stringify({
  url: location.href, readyState: document.readyState, body: document.body?.className,
  stage: document.getElementById('boot-stage')?.textContent,
  error: document.getElementById('boot-error')?.hidden === false
    ? document.getElementById('boot-error-detail')?.textContent : null,
  marks: performance.getEntriesByType('mark').map(m => `${m.name}@${Math.round(m.startTime)}`),
  loaded: performance.getEntriesByType('resource').map(r => `${r.name.replace(location.origin, '')}@${Math.round(r.responseEnd)}`),
  at: Math.round(performance.now()),
})"""


def page_state(page) -> str:
    """What the page was doing, its console and its errors; never waits long for a stuck page."""
    try:
        state = page.wait_for_function(PAGE_STATE, timeout=5_000, polling=POLL_MS).json_value()
    except Exception as error:  # noqa: BLE001 - a frozen or crashed page says so instead
        state = f"(page did not answer: {str(error).splitlines()[0]})"
    console = [f"{m.type}: {m.text[:300]}" for m in page.console_messages()][-20:]
    errors = [str(e)[:300] for e in page.page_errors()][-10:]
    return f"{state}\nconsole: {console}\nerrors: {errors}"


def wait_until(page, script: str, timeout_ms: int = 30_000) -> None:
    """Until the async function `script` answers true. Not wait_for_function: it takes the
    promise an async predicate returns for a true answer, and stops at once."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"not true within {timeout_ms} ms: {script}"
        page.wait_for_timeout(POLL_MS)


def wait_ready(page) -> None:
    try:
        page.wait_for_selector("body.ready", state="attached", timeout=BOOT_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the page never became ready:\n{page_state(page)}") from None


def fast_settings(page) -> None:
    """Computer moves without the pause that lets people see them (set before the page loads)."""
    page.add_init_script("try { localStorage.setItem('hex-table:settings', JSON.stringify({speed: 0})) } catch (e) {}")


CRASHED = ("Target crashed", "Page crashed")  # Playwright says either, by where it was waiting


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """Run a test once more when Chromium's page process crashed under it (seen a few times on
    busy 2-core machines, cause unknown); any other failure is reported as it happened."""
    from _pytest.runner import runtestprotocol
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    if any(r.failed and any(c in str(r.longrepr) for c in CRASHED) for r in reports):
        print(f"\n{item.nodeid}: Chromium's page crashed; running it once more", file=sys.stderr)
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True
