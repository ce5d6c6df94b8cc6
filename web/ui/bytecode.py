"""Our modules' bytecode, fetched once and unpacked where imports look for it.

Compiling a module is most of the cost of importing it in the page, and it runs on the main
thread: the first computer turn imported its bot in tasks of 50-150 ms. tools/build_site.py
ships, for each game, a zip of `.pyc` files compiled by this very Pyodide
(tools/wheel_bytecode.py): the game's modules and the shared ones that do not ship as
bytecode already; it writes their addresses below. A game's zip is fetched only when its bot
is first needed (not at start-up, where its bytes would slow every first visit), and only
modules not imported yet are unpacked. Any failure just means those imports compile from
source, as before.
"""

from __future__ import annotations

import asyncio
import importlib.util
import io
import os
import sys
import time
import zipfile

import js

import pygame_core

# (cache tag, {game package: URL}): written by tools/build_site.py; empty in the source tree
BUNDLES: tuple[str, dict[str, str]] = ("", {})
SLICE_SECONDS = 0.008
_started: set[str] = set()


async def install(game_id: str) -> int:
    """Fetch and unpack the game's bundle (the first call for that game only); returns how
    many files were written."""
    tag, urls = BUNDLES
    package = pygame_core.game_package(game_id)
    url = urls.get(package)
    if package in _started or not url or sys.implementation.cache_tag != tag:
        return 0
    _started.add(package)
    if started_from_snapshot():
        return 0  # every module was imported when the snapshot was made
    try:
        response = await js.fetch(url)
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        data = bytes((await response.arrayBuffer()).to_py())
        return await _unpack(data)
    except Exception as exc:  # noqa: BLE001 - only a slower import follows
        js.console.warn(f"bytecode not installed ({exc}); modules compile from source")
        return 0


def started_from_snapshot() -> bool:
    """What web/start.mjs marked in the performance timeline: "snapshot" or "boot"."""
    try:
        marks = js.performance.getEntriesByName("hex:start")
        return bool(marks.length) and str(getattr(marks[0].detail, "from")) == "snapshot"
    except Exception:  # noqa: BLE001 - no mark, no snapshot
        return False


async def _unpack(data: bytes) -> int:
    site = os.path.dirname(os.path.dirname(pygame_core.__file__))
    written = 0
    slice_start = time.perf_counter()
    # Names read as UTF-8 (ours are ASCII): zipfile's default, cp437, is a codec the page
    # would compile from source first (12 ms at 1x, in the first computer's turn).
    with zipfile.ZipFile(io.BytesIO(data), metadata_encoding="utf-8") as bundle:
        for name in bundle.namelist():
            module = name[:-len(".pyc")].replace("/", ".").removesuffix(".__init__")
            source = os.path.join(site, name[:-1])
            if module in sys.modules or not os.path.exists(source):
                continue
            pyc = bundle.read(name)
            if pyc[:4] != importlib.util.MAGIC_NUMBER:
                raise ValueError("compiled by another Python")
            target = importlib.util.cache_from_source(source)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(pyc)
            written += 1
            if time.perf_counter() - slice_start > SLICE_SECONDS:
                await asyncio.sleep(0)
                slice_start = time.perf_counter()
    # No importlib.invalidate_caches(): a module's loader looks for its .pyc by name, and
    # invalidating every finder's cache would cost a task of ~100 ms.
    return written
