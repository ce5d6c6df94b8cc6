"""A guest's screen kept on while its game is played (the Screen Wake Lock API, where the
browser has it: features.py).

A phone whose screen goes dark soon stops its page, and with it the connection to the host:
the seat goes "away" and its player must scan a new code. The browser lets go of the lock by
itself whenever the page is hidden; it is asked for again when the page shows, for as long
as the game wants it. Where the browser refuses (battery saver, a policy), the game goes on.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js
from pyodide.ffi import create_proxy

import features
from browser import present


class ScreenOn:
    """`keep(True)` while a game is on; `keep(False)` when it ends, drops or is left."""

    def __init__(self) -> None:
        self.wanted = False
        self.lock: Any = None  # the browser's WakeLockSentinel while held
        self._listener: Any = None

    def keep(self, on: bool) -> None:
        if on == self.wanted:
            return
        self.wanted = on
        if not on:
            if self._listener is not None:
                js.document.removeEventListener("visibilitychange", self._listener)
                self._listener.destroy()
                self._listener = None
            self._release()
        elif features.has("wakelock"):
            self._listener = create_proxy(lambda event: self._shown())
            js.document.addEventListener("visibilitychange", self._listener)
            asyncio.ensure_future(self._acquire())

    def held(self) -> bool:
        return present(self.lock) and not self.lock.released

    def _shown(self) -> None:
        if self.wanted and str(js.document.visibilityState) == "visible" and not self.held():
            asyncio.ensure_future(self._acquire())

    async def _acquire(self) -> None:
        try:
            lock = await js.navigator.wakeLock.request("screen")
        except Exception as exc:  # noqa: BLE001 - refused: the screen may sleep, the game goes on
            js.console.info(f"screen not kept on: {exc}")
            return
        if not self.wanted or self.held():
            lock.release()  # the game ended meanwhile, or another request got there first
            return
        self.lock = lock

    def _release(self) -> None:
        lock, self.lock = self.lock, None
        if present(lock) and not lock.released:
            lock.release()
