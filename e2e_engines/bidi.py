"""Debian's Firefox ESR driven over WebDriver BiDi, the W3C protocol Firefox speaks itself.

No geckodriver (Debian does not package it) and no Node: Firefox is started with
`--remote-debugging-port`, and this small client sends BiDi commands as JSON over the
WebSocket it names, with `websocket-client` (already needed by the pinned `selenium` that
drives WebKit). Only what the engine suites use is here: tabs in separate user contexts,
navigation, script evaluation, pointer actions and the console log.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from typing import Any, Callable, TypeVar

import websocket

FIREFOX = os.environ.get("FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox") or ""
# The profile's settings: no first-run pages, updates, telemetry or remote settings; and every
# request that is not for loopback goes to a proxy on the discard port, which refuses it, so
# a test's traffic never leaves the machine.
PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.newtabpage.enabled": False,
    "browser.aboutwelcome.enabled": False,
    "browser.tabs.warnOnClose": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "extensions.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "browser.region.network.url": "",
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.no_proxies_on": "",
    "network.proxy.allow_hijacking_localhost": False,
    "remote.active-protocols": 1,  # BiDi only
    "dom.disable_open_during_load": False,
    # Peer play (e2e_engines/test_firefox_peers.py, in a network namespace of its own): every
    # address, each behind a `.local` name as a player's Firefox writes it.
    "media.peerconnection.ice.default_address_only": False,
    "media.peerconnection.ice.obfuscate_host_addresses": True,
}
CLONE_NEWNET = 0x40000000
T = TypeVar("T")
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")


class BidiError(AssertionError):
    pass


def in_netns(pid: int | None, make: Callable[[], T]) -> T:
    """`make()`, called in a thread that has joined the network namespace of process `pid`
    (a namespace is a thread's own: the sockets it makes stay in it, whoever uses them)."""
    if not pid:
        return make()
    out: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            with open(f"/proc/{pid}/ns/net") as ns:
                if libc.setns(ns.fileno(), CLONE_NEWNET) != 0:
                    raise OSError(ctypes.get_errno(), f"setns into the network namespace of {pid}")
            out.append(make())
        except BaseException as error:  # noqa: BLE001 - raised again in the caller's thread
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return out[0]


class Firefox:
    """One Firefox process, headless, with a profile of its own; `tab()` opens a page."""

    def __init__(self, timeout: float = 60.0, netns: int | None = None) -> None:
        """`netns`: the pid of a process holding a network namespace (e2e/netns.py): Firefox
        runs inside it, and so does this client's socket to it."""
        if not FIREFOX:
            raise BidiError("firefox-esr not found: apt-get install firefox-esr (or set $FIREFOX)")
        self.profile = tempfile.mkdtemp(prefix="hex-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            for name, value in PREFS.items():
                f.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        enter = ["nsenter", "-t", str(netns), "-n", "--"] if netns else []
        self.proc = subprocess.Popen(
            [*enter, FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", self.profile],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        url = self._listening(timeout)
        self.ws = in_netns(netns, lambda: websocket.create_connection(url + "/session", timeout=timeout,
                                                                      suppress_origin=True))
        self.next_id = 0
        self.events: list[dict] = []
        self.lock = threading.Lock()
        self.version = self.send("session.new", {"capabilities": {}})["capabilities"]["browserVersion"]
        self.send("session.subscribe", {"events": ["log.entryAdded"]})

    def _listening(self, timeout: float) -> str:
        assert self.proc.stderr is not None
        deadline = time.monotonic() + timeout
        lines = []
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                break
            lines.append(line)
            if found := LISTENING.search(line):
                # Firefox keeps writing to stderr: drain it so it never blocks.
                threading.Thread(target=self.proc.stderr.read, daemon=True).start()
                return found.group(1)
        raise BidiError("Firefox did not start its BiDi server:\n" + "".join(lines[-20:]))

    def send(self, method: str, params: dict, timeout: float = 120.0) -> dict:
        with self.lock:
            self.next_id += 1
            ident = self.next_id
            self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
            self.ws.settimeout(timeout)
            while True:
                message = json.loads(self.ws.recv())
                if message.get("type") == "event":
                    self.events.append(message)
                elif message.get("id") == ident:
                    if message.get("type") == "error":
                        raise BidiError(f"{method}: {message.get('error')}: {message.get('message')}")
                    return message["result"]

    def tab(self, width: int = 1280, height: int = 900, own_storage: bool = False) -> "Tab":
        """A new tab; with `own_storage`, in a user context of its own (storage, service workers
        and cache apart from every other tab's, as a second browser would have)."""
        params: dict[str, Any] = {"type": "tab"}
        if own_storage:
            params["userContext"] = self.send("browser.createUserContext", {})["userContext"]
        context = self.send("browsingContext.create", params)["context"]
        self.send("browsingContext.setViewport", {"context": context, "viewport": {"width": width, "height": height}})
        return Tab(self, context)

    def preload(self, function: str) -> None:
        """Run the JavaScript `function` (its source) in every page and frame this browser
        loads from now on, before the page's own scripts."""
        self.send("script.addPreloadScript", {"functionDeclaration": function})

    def close(self) -> None:
        try:
            self.send("browser.close", {}, timeout=10)
        except Exception:  # noqa: BLE001 - the process is ended below either way
            pass
        try:
            self.ws.close()
        finally:
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    """A top-level browsing context: the page interface the engine checks use (see driver.py)."""

    def __init__(self, browser: Firefox, context: str) -> None:
        self.browser, self.context = browser, context
        self.read = 0  # how many of the browser's events console_errors has looked at

    def goto(self, url: str) -> None:
        self.browser.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.browser.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def js(self, script: str, *args: Any, frame: int | None = None) -> Any:
        """The JSON value of the function body `script` (it may await), called with `args`; in
        the page's `frame`-th frame when given."""
        target = self.context if frame is None else self.frames()[frame]
        declaration = ("async function(args) { return JSON.stringify(await (async function() {"
                       + script + "}).apply(null, JSON.parse(args))) ?? 'null'; }")
        params = {"functionDeclaration": declaration, "arguments": [{"type": "string", "value": json.dumps(args)}],
                  "target": {"context": target}, "awaitPromise": True, "resultOwnership": "none"}
        result = self.browser.send("script.callFunction", params)
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise BidiError(f"script failed: {details.get('text')}\n{script[:300]}")
        return json.loads(result["result"]["value"])

    def frames(self) -> list[str]:
        """The browsing contexts of the page's frames, in document order."""
        tree = self.browser.send("browsingContext.getTree", {"root": self.context})["contexts"][0]
        return [child["context"] for child in tree.get("children") or []]

    def click_at(self, x: float, y: float, frame: int | None = None) -> None:
        """A mouse click at the viewport point (x, y), as a player's would arrive."""
        actions = [{"type": "pointerMove", "x": int(x), "y": int(y), "origin": "viewport"},
                   {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        context = self.context if frame is None else self.frames()[frame]
        self.browser.send("input.performActions", {"context": context, "actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}]})

    def console_errors(self) -> list[str]:
        """Errors logged by this tab's pages and frames (console errors, uncaught exceptions)
        since the last call."""
        events, self.read = self.browser.events[self.read:], len(self.browser.events)
        mine = (self.context, *self._known_frames())
        return [f"{e['params'].get('type')}: {e['params'].get('text')}" for e in events
                if e.get("method") == "log.entryAdded" and e["params"].get("level") == "error"
                and e["params"].get("source", {}).get("context") in mine]

    def _known_frames(self) -> list[str]:
        try:
            return self.frames()
        except BidiError:
            return []

    def close(self) -> None:
        self.browser.send("browsingContext.close", {"context": self.context})
