"""web/ui/browser.py imported outside a page, with stand-ins for `js` and `pyodide.ffi` that
pass values through (for tests of its pure parts)."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest

UI = Path(__file__).resolve().parent.parent / "web" / "ui"


def import_browser(monkeypatch: pytest.MonkeyPatch, name: str, **js_names: Any) -> Any:
    """A fresh copy of browser.py as module `name`; `js_names` are put on the stand-in `js`."""
    js = types.ModuleType("js")
    js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    for key, value in js_names.items():
        setattr(js, key, value)
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **_: value  # type: ignore[attr-defined]
    ffi.jsnull = object()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    spec = importlib.util.spec_from_file_location(name, UI / "browser.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
