"""The page's own modules (web/ui) touch no JavaScript when imported.

The build imports them on Node to make the start-up snapshot (tools/make_snapshot.mjs), so
that no visit compiles them, and a snapshot holds Python's memory, not the page's
objects: a module that kept one at import (say `document = js.document`) would fail on Node,
or restore holding an object of a Node process long gone. Imported here with a `js` and a
`pyodide.ffi` that fail on any use.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "web" / "ui"
ENTRY_POINT = "main"  # run by PyScript, never imported: it starts the app

IMPORT_ALL = """
import sys, types

class Untouchable(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise AssertionError(f"JavaScript used at import: {self.__name__}.{name}")

def refuse(*args, **kwargs):
    raise AssertionError("pyodide.ffi called at import")

sys.modules["js"] = Untouchable("js")
sys.modules["pyodide"] = types.ModuleType("pyodide")
ffi = sys.modules["pyodide.ffi"] = types.ModuleType("pyodide.ffi")
for name in ("create_proxy", "create_once_callable", "to_js"):
    setattr(ffi, name, refuse)
ffi.jsnull = object()
ffi.JsProxy = type("JsProxy", (), {})
sys.path.insert(0, sys.argv[1])
for name in sys.argv[2:]:
    __import__(name)
"""


def test_every_page_module_imports_without_touching_javascript():
    names = sorted(p.stem for p in UI.glob("*.py") if p.stem != ENTRY_POINT)
    assert "app" in names and "browser" in names
    result = subprocess.run([sys.executable, "-c", IMPORT_ALL, str(UI), *names],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
