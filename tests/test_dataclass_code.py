"""Dataclasses defined from code compiled at build time (web/ui/dataclass_code.py, written by
tools/wheel_bytecode.py), checked with this CPython: the page's Pyodide works the same way."""

from __future__ import annotations

import importlib.util
import marshal
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import CodeType

import pytest

ROOT = Path(__file__).resolve().parent.parent
UI, TOOLS = ROOT / "web" / "ui", ROOT / "tools"

GAME = '''
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Move:
    """A move."""
    to: int
    why: str = "because"


@dataclass(order=True)
class Score:
    """A score."""
    points: int
    names: list[str] = field(default_factory=list)
'''

# Build: import the entry point's modules while recording (as tools/wheel_bytecode.mjs does).
RECORD = """
import sys
site, home, tools, ui, out = sys.argv[1:6]
sys.path[:0] = [tools, ui, site, home]
import wheel_bytecode
with wheel_bytecode.recording_dataclasses() as codes:
    wheel_bytecode.startup(home + "/main.py", [site, home], out, (), codes)
"""

# Page: the same classes, with the files in place, counting what ran from them.
USE = """
import sys, types
site, ui = sys.argv[1:3]
sys.path[:0] = [ui, site]
import builtins, dataclass_code
ran = []
def exec_(code, globals, locals):
    ran.append(type(code).__name__)
    builtins.exec(code, globals, locals)
dataclass_code.builtins = types.SimpleNamespace(exec=exec_)
dataclass_code.install()
from pkg.game import Move, Score
m = Move(3)
assert (m, repr(m), Move.__match_args__, hash(m) == hash(Move(3, "because"))) == (Move(3), "Move(to=3, why='because')", ("to", "why"), True)
assert not hasattr(m, "__dict__") and Score(1) < Score(2, ["x"]) and Score(1).names == []
try:
    m.to = 4
except AttributeError:
    pass
else:
    raise AssertionError("frozen")
print(" ".join(ran))
"""


def functions(code: CodeType) -> Iterator[str]:
    """The names of the functions a code object defines, at any depth."""
    for const in code.co_consts:
        if isinstance(const, CodeType):
            yield const.co_name
            yield from functions(const)


def build(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    site, home = tmp_path / "site", tmp_path / "home"
    (site / "pkg").mkdir(parents=True)
    home.mkdir()
    (site / "pkg" / "__init__.py").write_text("")
    (site / "pkg" / "game.py").write_text(GAME)
    (home / "main.py").write_text("import pkg.game\n")
    out = tmp_path / "startup.zip"
    subprocess.run([sys.executable, "-c", RECORD, str(site), str(home), str(TOOLS), str(UI), str(out)],
                   check=True, capture_output=True, text=True)
    with zipfile.ZipFile(out) as zipped:
        return site, {name: zipped.read(name) for name in zipped.namelist()}


def use(site: Path) -> list[str]:
    result = subprocess.run([sys.executable, "-c", USE, str(site), str(UI)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_the_build_leaves_each_folder_the_code_of_its_dataclasses_methods(tmp_path):
    site, files = build(tmp_path)
    assert sorted(files) == ["pkg/__init__.pyc", "pkg/dataclass_code.marshal", "pkg/game.pyc"]
    data = files["pkg/dataclass_code.marshal"]
    assert data.startswith(importlib.util.MAGIC_NUMBER)
    codes = marshal.loads(data[len(importlib.util.MAGIC_NUMBER):])
    # One source per class here (Python 3.13 on), or one per method (before).
    assert len(codes) >= 2 and "__init__" in {name for code in codes.values() for name in functions(code)}
    assert build(tmp_path / "again")[1]["pkg/dataclass_code.marshal"] == files["pkg/dataclass_code.marshal"]


def test_the_page_defines_the_classes_from_that_code_without_compiling(tmp_path):
    site, files = build(tmp_path)
    (site / "pkg" / "dataclass_code.marshal").write_bytes(files["pkg/dataclass_code.marshal"])
    ran = use(site)
    assert len(ran) >= 2 and set(ran) == {"code"}


def test_without_the_file_the_classes_are_compiled_as_usual(tmp_path):
    site, _ = build(tmp_path)
    ran = use(site)
    assert len(ran) >= 2 and set(ran) == {"str"}


@pytest.mark.parametrize("damage", ["truncated", "not a dict", "wrong values", "other classes", "another Python"])
def test_a_damaged_file_means_compiling_and_the_same_classes(tmp_path, damage):
    site, files = build(tmp_path)
    good = files["pkg/dataclass_code.marshal"]
    magic = importlib.util.MAGIC_NUMBER
    codes = marshal.loads(good[len(magic):])
    bad = {
        "truncated": good[: len(good) // 2],
        "not a dict": magic + marshal.dumps(list(codes.values())),
        "wrong values": magic + marshal.dumps({key: key for key in codes}),
        "other classes": magic + marshal.dumps({key[::-1]: code for key, code in codes.items()}),
        "another Python": (b"\0\0" + magic[2:]) + good[len(magic):],
    }[damage]
    (site / "pkg" / "dataclass_code.marshal").write_bytes(bad)
    assert set(use(site)) == {"str"}


def test_every_truncation_of_a_file_reads_as_nothing_or_as_code(tmp_path):
    sys.path.insert(0, str(UI))
    try:
        import dataclass_code
    finally:
        sys.path.remove(str(UI))
    _, files = build(tmp_path)
    good = files["pkg/dataclass_code.marshal"]
    path = tmp_path / "file"
    for end in range(len(good)):
        path.write_bytes(good[:end])
        assert dataclass_code.read(str(path)) == {}
    path.write_bytes(good)
    assert dataclass_code.read(str(path)) == marshal.loads(good[len(importlib.util.MAGIC_NUMBER):])
    assert dataclass_code.read(os.path.join(tmp_path, "missing")) == {}
