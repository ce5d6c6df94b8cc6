"""Debian's WebKitGTK driven by its WebKitWebDriver with Python `selenium`, under Xvfb.

WebKitGTK's WebDriver is the classic protocol only (no BiDi): the console is not reported, so
each page gets a small capture of its errors (CAPTURE) when it has loaded, and what a page
caught is read before the tab leaves it. Its MiniBrowser has no headless mode: the suite runs
under `xvfb-run`. Same page interface as bidi.Tab.

The browser is `webkit_browser.py`, not WebKitWebDriver's MiniBrowser: it keeps the session's
website data in a profile folder on disk, as a player's browser does, where MiniBrowser keeps
it in memory like a private window (and loses the offline copy's entries: docs/testing.md).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

DRIVER = os.environ.get("WEBKIT_DRIVER") or shutil.which("WebKitWebDriver") or ""
BROWSER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "webkit_browser.py")
SYSTEM_PYTHON = "/usr/bin/python3"  # the one with Debian's GObject bindings (webkit_browser.py)
# console.error calls, uncaught errors and unhandled rejections, kept in the page.
CAPTURE = """
if (!window.hexCaught) {
  window.hexCaught = [];
  const original = console.error;
  console.error = function (...args) { window.hexCaught.push('console: ' + args.map(String).join(' ')); return original.apply(this, args); };
  addEventListener('error', e => window.hexCaught.push('error: ' + e.message));
  addEventListener('unhandledrejection', e => window.hexCaught.push('rejection: ' + e.reason));
}
"""


class WebKit:
    """One WebKitWebDriver session: one window, the suite's tab."""

    def __init__(self, width: int = 1280, height: int = 900) -> None:
        if not DRIVER:
            raise AssertionError("WebKitWebDriver not found: apt-get install webkit2gtk-driver xvfb")
        if not os.environ.get("DISPLAY"):
            raise AssertionError("WebKitGTK needs a display: run the suite under xvfb-run")
        found = subprocess.run([SYSTEM_PYTHON, "-c", "import gi; gi.require_version('WebKit2', '4.1')"],
                               capture_output=True, text=True, check=False)
        if found.returncode:
            raise AssertionError(f"WebKitGTK's Python bindings not found: apt-get install python3-gi"
                                 f" gir1.2-webkit2-4.1\n{found.stderr}")
        self.profile = tempfile.mkdtemp(prefix="hex-table-webkit-")
        options = Options()
        # WEBKIT_BROWSER=minibrowser: the driver's own, in-memory browser (to see its fault again).
        if os.environ.get("WEBKIT_BROWSER") != "minibrowser":
            options.binary_location = BROWSER
            options.add_argument(f"--profile={self.profile}")
            options.set_capability("browserName", "hex-table-webkit")  # webkit_browser.NAME
        self.driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=DRIVER))
        self.version = self.driver.capabilities.get("browserVersion", "?")
        self.width, self.height = width, height

    def tab(self, width: int = 1280, height: int = 900, own_storage: bool = False) -> "Tab":
        assert not own_storage, "WebKitGTK's WebDriver has one storage per session"
        # The window's chrome takes some height: grow the window until the page has the size asked.
        self.driver.set_window_size(width, height)
        inner = self.driver.execute_script("return [innerWidth, innerHeight]")
        self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        return Tab(self.driver)

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)  # the folder only; nothing is checked here


class Tab:
    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.caught: list[str] = []

    def _leave(self) -> None:
        try:
            self.caught += self.driver.execute_script("return window.hexCaught || []")
        except Exception as error:  # noqa: BLE001 - a page that cannot answer is itself an error
            self.caught.append(f"page did not answer: {str(error).splitlines()[0]}")

    def goto(self, url: str) -> None:
        self._leave()
        self.driver.get(url)
        self.driver.execute_script(CAPTURE)

    def reload(self) -> None:
        self._leave()
        self.driver.refresh()
        self.driver.execute_script(CAPTURE)

    def js(self, script: str, *args: Any, frame: int | None = None) -> Any:
        """The JSON value of the function body `script` (it may await), called with `args`."""
        if frame is not None:
            self.driver.switch_to.frame(frame)
            self.driver.execute_script(CAPTURE)
        try:
            text = self.driver.execute_script(
                "return (async function() {" + script + "}).apply(null, arguments)"
                ".then(v => JSON.stringify(v) ?? 'null')", *args)
        finally:
            if frame is not None:
                self.driver.switch_to.default_content()
        return json.loads(text)

    def click_at(self, x: float, y: float, frame: int | None = None) -> None:
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x), int(y)).click()
        actions.perform()

    def console_errors(self) -> list[str]:
        self._leave()
        caught, self.caught = self.caught, []
        self.driver.execute_script("window.hexCaught = []")
        return caught

    def close(self) -> None:
        pass
