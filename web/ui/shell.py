"""The page around the games: settings, the offline cache (service worker), errors shown as a
banner with a way on, and the faults the e2e tests inject. Knows no game and no table.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Iterator

import js
from pyodide.ffi import create_once_callable

import browser
import features
from browser import el, notice, on, present, show
from storage import SaveStore, stored_names

FAULTS_KEY = "hex-table:faults"
"""A JSON list in LocalStorage naming faults to inject ("bot", "render"): the e2e tests use
it to check that each failure leaves the player a way on ("sw": the offline cache cannot
be installed). Nothing sets it in normal use."""

WayOn = tuple[str, Callable[[], Any]]  # a banner button: its text and what it does
Guard = Callable[[Callable[..., Any]], Callable[..., Any]]  # Shell.guard's type, for others
# Whether a game's files must come first; if so it fetches them, then runs the callable.
Fetching = Callable[[str | None, Callable[[], Any]], bool]


MAX_FAULTS_CHARS = 200  # a few short names


def injected_faults() -> list[str]:
    """The faults asked for, [] for none (whatever is stored: storage.stored_names)."""
    try:
        stored = js.localStorage.getItem(FAULTS_KEY)
    except Exception:  # noqa: BLE001 - no storage: no faults
        return []
    return stored_names(str(stored) if present(stored) else None, MAX_FAULTS_CHARS)


class FaultyBot:
    """Stands in for a computer player whose code is broken (fault injection)."""

    def think(self, state: Any, seat: int) -> Iterator[Any]:
        raise RuntimeError("injected fault: the computer player crashed")
        yield None


class Shell:
    """Settings, errors and the offline cache. `way_on` says what an error banner offers
    (None: nothing, say on the menu), asked when the error happens."""

    def __init__(self, store: SaveStore, settings: dict[str, Any],
                 way_on: Callable[[], WayOn | None]) -> None:
        self.store = store
        self.settings = settings  # the page's one settings dict, shared, never replaced
        self.way_on = way_on

    # -- settings --------------------------------------------------------------------------
    def wire_settings(self, applied: Callable[[], None] = lambda: None) -> None:
        """The settings' controls; `applied` runs after a change (the table on screen takes it)."""
        speed, motion, contrast = el("setting-speed"), el("setting-motion"), el("setting-contrast")
        ask, confirm, auto = el("setting-ask-to-pass"), el("setting-confirm"), el("setting-auto-pass")
        auto.checked = self.settings.get("auto_pass") is not False
        ask.checked = bool(self.settings.get("ask_to_pass", False))
        confirm.value = str(self.settings.get("confirm", "touch"))
        speed.value = f"{float(self.settings.get('speed', 1)):g}"
        motion.checked = bool(self.settings.get("reduced_motion", browser.prefers_reduced_motion()))
        contrast.checked = bool(self.settings.get("high_contrast", False))

        def changed(event: Any = None) -> None:
            self.settings.update(speed=float(speed.value), reduced_motion=bool(motion.checked),
                                 high_contrast=bool(contrast.checked), ask_to_pass=bool(ask.checked),
                                 confirm=str(confirm.value), auto_pass=bool(auto.checked))
            self.store.save_settings(self.settings)
            self.apply_settings()
            applied()
        for control in (speed, motion, contrast, ask, confirm, auto):
            control.disabled = False
            on(control, "change", self.guard(changed))
        self.apply_settings()

    def wire_shell(self, toggle_rules: Callable[[], None]) -> None:
        """The game screen's own controls: a tool chosen from the phone's "More" list closes
        the list; the rules' close button closes the rules."""
        on(el("more-tools"), "click",
           lambda e: self.close_tools() if present(e.target.closest("button")) else None)
        on(el("rules-panel"), "click", self.guard(
            lambda e: toggle_rules() if present(e.target.closest(".rules-close")) else None))

    @staticmethod
    def close_tools() -> None:
        tools = el("more-tools")
        if hasattr(tools, "hidePopover") and tools.matches(":popover-open"):
            tools.hidePopover()

    def motion_allowed(self) -> bool:
        """Animations run unless the player (or the system) asked for reduced motion."""
        return not bool(self.settings.get("reduced_motion", browser.prefers_reduced_motion()))

    def apply_settings(self) -> None:
        """The settings as classes on the page: app.css turns animations and transitions off
        under .reduced-motion and draws every board in stronger colours under .high-contrast."""
        body = js.document.body.classList
        body.toggle("reduced-motion", not self.motion_allowed())
        body.toggle("high-contrast", bool(self.settings.get("high_contrast", False)))
        js.document.querySelector("meta[name='theme-color']").setAttribute(
            "content", "#000000" if self.settings.get("high_contrast") else "#25303b")

    # -- errors ---------------------------------------------------------------------------
    def guard(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap an event handler: a Python exception becomes a banner, not a dead page."""
        def wrapped(*args: Any) -> Any:
            try:
                return handler(*args)
            except Exception as exc:  # noqa: BLE001 - the page must stay usable
                self.report(exc)
        return wrapped

    def guard_async(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any) -> None:
            async def run() -> None:
                try:
                    await handler(*args)
                except Exception as exc:  # noqa: BLE001
                    self.report(exc)
            asyncio.ensure_future(run())
        return wrapped

    def report(self, exc: BaseException, text: str = "") -> None:
        browser.banner(text or f"{type(exc).__name__}: {exc}", browser.error_details(exc), self.way_on())

    # -- service worker --------------------------------------------------------------------
    def register_service_worker(self) -> None:
        navigator = js.navigator
        if no_offline := features.missing("offline"):
            pill = el("offline-status")
            pill.textContent, pill.title = "Online only", no_offline
            pill.setAttribute("data-feature", "offline")
            show("offline-status")
            return
        if present(navigator.serviceWorker.controller):
            show("offline-status")  # this page came through the worker: it works offline

        def on_update_click(event: Any) -> None:
            def send(reg: Any) -> None:
                if present(reg) and present(reg.waiting):
                    reg.waiting.postMessage("skip-waiting")
            navigator.serviceWorker.getRegistration().then(create_once_callable(send))
        on(el("update-button"), "click", on_update_click)
        on(navigator.serviceWorker, "controllerchange",
           lambda e: js.location.reload() if not el("update-button").hidden else None)

        def on_failed(error: Any) -> None:
            if present(navigator.serviceWorker.controller):
                return  # offline, the worker's script cannot be checked for updates; it still runs
            notice("Offline play is not available: the offline cache could not be set up "
                   f"({error}). The games still work while you are online.", 10)
        script = "./no-such-sw.js" if "sw" in injected_faults() else "./sw.js"

        def register(event: Any = None) -> None:
            navigator.serviceWorker.register(script).then(
                create_once_callable(self.on_registered), create_once_callable(on_failed))
        # Once the page is idle, no one touching it and no computer choosing (web/start.mjs),
        # so the worker's 14 MB copy of the site does not compete with a game's moves; it
        # copies at once (web/sw.js).
        if js.performance.getEntriesByName("hex:idle").length:
            register()
        else:
            on(js.window, "hex:idle", register)

    @staticmethod
    def on_registered(registration: Any) -> None:
        """Say the page works offline once a worker is active, and offer an update when a
        newer worker has installed behind the one in control."""
        navigator = js.navigator
        if present(registration.active):
            show("offline-status")
            registration.active.postMessage("fill")  # the copy made whole (web/sw.js)

        def watch(worker: Any) -> None:
            def on_state(e: Any = None) -> None:
                if str(worker.state) == "installed":
                    if present(navigator.serviceWorker.controller):
                        show("update-button")
                    show("offline-status")
                if str(worker.state) == "activated":
                    show("offline-status")
            on(worker, "statechange", on_state)
            on_state()
        # A newer worker found before the page registered (at idle) is already on its way.
        for worker in (registration.installing, registration.waiting):
            if present(worker):
                watch(worker)
        on(registration, "updatefound",
           lambda e: watch(registration.installing) if present(registration.installing) else None)
