"""A game's own Python arrives when the game is first needed, not with the page.

The four games' packages are most of our Python's bytes, and a menu needs none of them, so
tools/build_site.py packs each into an archive of its own (its `__init__.py` stays with the
shared modules), which web/archives.mjs downloads when `fetch` asks, or beside Pyodide when
the address names the game. Until then the import system still knows the game's modules:
finding one (`importlib.util.find_spec`, which tells the menu what this build has) works
as it does anywhere, while importing one raises `NotFetched`. So code that is about to
start a game awaits `fetch(game_id)` first.

Outside the page (tests, the build's snapshot) every file is on disk and nothing waits; a
start from a snapshot has every game's modules imported already.
"""

from __future__ import annotations

import importlib.machinery
import json
import sys
from typing import Any, cast

from pygame_core import game_package

# package -> its modules, for the packages whose files are not here yet
_waiting: dict[str, frozenset[str]] = {}


class NotFetched(ImportError):
    """A module of a game whose files have not been fetched yet (see `fetch`)."""


class _Waiting:
    """Creating the module fails, naming what to do; nothing is left in sys.modules."""

    @staticmethod
    def create_module(spec: importlib.machinery.ModuleSpec) -> None:
        raise NotFetched(f"{spec.name} is not here yet: await gamefiles.fetch() for its game first",
                         name=spec.name)

    @staticmethod
    def exec_module(module: Any) -> None:  # never reached: create_module raised
        raise NotFetched(module.__name__)


class _Finder:
    """Last on sys.meta_path: answers only for the modules of packages still waiting."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        package = name.rpartition(".")[0]
        if name in _waiting.get(package, ()):
            return importlib.machinery.ModuleSpec(name, cast(Any, _Waiting))
        return None


def _archives() -> Any:
    try:
        import hex_archives  # registered by web/archives.mjs
    except ImportError:
        return None
    return hex_archives


def install() -> None:
    """At start-up: learn which games' files the page has not put in place yet."""
    archives = _archives()
    if archives is None:
        return
    for entry in json.loads(str(archives.later)):
        modules = frozenset(entry["modules"])
        if not modules <= sys.modules.keys():  # a snapshot start imported them all
            _waiting[entry["package"]] = modules
    if _waiting and not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())


def ready(game_id: str) -> bool:
    """Whether the game's modules can be imported now."""
    return game_package(game_id) not in _waiting


async def fetch(game_id: str) -> None:
    """Put the game's files in place (at once, if they are); OSError if they cannot come."""
    package = game_package(game_id)
    if package not in _waiting:
        return
    try:
        await _archives().fetch(package)
    except Exception as exc:  # noqa: BLE001 - a JavaScript error: the network, most likely
        raise OSError(f"the files of this game could not be downloaded ({exc})") from None
    _waiting.pop(package, None)
    # The folder's finder listed it before these files were written.
    for folder in getattr(sys.modules.get(package), "__path__", ()):
        invalidate = getattr(sys.path_importer_cache.get(folder), "invalidate_caches", None)
        if invalidate is not None:
            invalidate()
