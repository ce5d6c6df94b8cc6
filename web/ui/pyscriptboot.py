"""PyScript's own Python package, compiled when the site is built.

Before it runs the page's code, PyScript runs a script of its own that writes its Python
package (`pyscript/*.py`, about 30 KB) into the home folder and imports it. In a start from the
snapshot that was most of the time between Pyodide being up and our Python beginning: the
script and the package's modules compiled from source, at every start (the snapshot cannot
hold the package imported: it reads the page's `document` when imported).

So tools/make_snapshot.mjs hands `prepare` the package's sources, from the very module that
PyScript builds that script from, and the snapshot keeps them compiled. web/start.mjs runs
`run` instead of PyScript's script only when the script is, to the byte, the one the build saw
(its SHA-256 is written into start.mjs); anything else runs PyScript's script as it is. `run`
does what the script does: the same files written, then `import pyscript`, here from the code
compiled at build time, the files' text being the same.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from types import CodeType, ModuleType
from typing import Sequence

# name -> (the file's path as PyScript writes it, its code, whether it is a package)
_COMPILED: dict[str, tuple[str, CodeType, bool]] = {}
_TEXTS: dict[str, str] = {}  # path -> the file's text
_HOME = ""  # the folder the paths are in, as when they were compiled


def prepare(sources: dict[str, str]) -> None:
    """At build time: compile each file ("pyscript/context.py" -> its text) as the import
    system would compile it from where PyScript writes it (the current folder)."""
    global _HOME
    _HOME = os.getcwd()
    for relative, text in sorted(sources.items()):
        path = os.path.join(_HOME, relative)
        parts = relative[: -len(".py")].split("/")
        package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if package else parts)
        _TEXTS[path] = text
        if relative.endswith(".py"):
            _COMPILED[name] = (path, compile(text, path, "exec", dont_inherit=True), package)


class _Compiled(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the prepared modules and runs their prepared code."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in _COMPILED:
            return None
        file, _, package = _COMPILED[name]
        spec = importlib.util.spec_from_loader(name, self, origin=file, is_package=package)
        if spec is not None:
            spec.has_location = True
            if package:
                spec.submodule_search_locations = [os.path.dirname(file)]
        return spec

    def exec_module(self, module: ModuleType) -> None:
        exec(_COMPILED[module.__name__][1], module.__dict__)


def run() -> bool:
    """At start-up, in place of PyScript's script: False (nothing done) when nothing was
    prepared here, or the home folder is not the one the build compiled for."""
    if not _COMPILED or os.getcwd() != _HOME:
        return False
    for path, text in _TEXTS.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    # First, so that no other finder is asked (and none needs its caches refreshed for the
    # new files: refreshing them all re-read the standard library's zip, 0.9 s at 4x).
    if not any(isinstance(finder, _Compiled) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Compiled())
    for name in sorted({name.partition(".")[0] for name in _COMPILED}):  # "import pyscript"
        importlib.import_module(name)
    return True
