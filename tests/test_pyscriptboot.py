"""web/ui/pyscriptboot.py: PyScript's package compiled when the site is built, then written and
imported at start-up as PyScript's own script would, without compiling anything."""

from __future__ import annotations

import builtins
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

_PATH = Path(__file__).resolve().parent.parent / "web" / "ui" / "pyscriptboot.py"

SOURCES = {
    "hexbootpkg/__init__.py": "from hexbootpkg.parts import VALUE\nIMPORTED = True\n",
    "hexbootpkg/parts.py": "VALUE = 6 * 7\n",
    "hexbootpkg/later.py": "LATER = 'not imported at start'\n",
}


@pytest.fixture
def boot(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[ModuleType]:
    """A fresh copy of the module, in an empty home folder, leaving sys as it found it."""
    spec = importlib.util.spec_from_file_location("pyscriptboot_under_test", _PATH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    yield module
    for name in [name for name in sys.modules if name.partition(".")[0] == "hexbootpkg"]:
        del sys.modules[name]


def no_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("compiled at start-up")
    monkeypatch.setattr(builtins, "compile", refused)


def test_the_prepared_package_is_written_and_imported_without_compiling(boot: ModuleType, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    boot.prepare(SOURCES)
    no_compiling(monkeypatch)
    assert boot.run() is True
    for relative, text in SOURCES.items():
        assert (tmp_path / relative).read_text(encoding="utf-8") == text
    package = sys.modules["hexbootpkg"]
    assert package.IMPORTED and package.VALUE == 42
    assert package.__file__ == str(tmp_path / "hexbootpkg" / "__init__.py")
    assert sys.modules["hexbootpkg.parts"].__file__ == str(tmp_path / "hexbootpkg" / "parts.py")
    # A module of the package that PyScript's script does not import comes prepared too.
    assert importlib.import_module("hexbootpkg.later").LATER == "not imported at start"


def test_nothing_prepared_or_another_home_folder_leaves_the_work_to_pyscripts_script(
        boot: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert boot.run() is False
    boot.prepare(SOURCES)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert boot.run() is False
    assert "hexbootpkg" not in sys.modules and not os.listdir(elsewhere)
