"""Dataclasses defined without compiling their methods in the page.

`@dataclass` writes the source of a class's `__init__`, `__eq__`, `__repr__` and the rest and
compiles it when the class is defined. In Pyodide that costs 1-2 ms a class, and a game's
first board defines 20 (Hack & Slash) to 93 (HEX-HEX XL): for Hack & Slash, a third of our
Python's time on a first visit. The source
depends only on the class's fields and options, so tools/wheel_bytecode.py compiles it when
the site is built, with the interpreter the site ships, and leaves beside each folder's
modules a `dataclass_code.marshal`: the code of each source, found by the source's SHA-256,
after the interpreter's bytecode magic number (as a .pyc starts: marshal's format for code
changes between versions). With `install()`, the dataclasses module looks there before
compiling. A source not listed (a class the build did not see), a file from another Python
and a file missing or unreadable all mean compiling as usual, never a different class.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import importlib.util
import marshal
import os
import sys
from types import CodeType
from typing import Any

FILE_NAME = "dataclass_code.marshal"

MAGIC = importlib.util.MAGIC_NUMBER

# folder -> its file's {digest of a source: code}, read once
_by_folder: dict[str, dict[bytes, CodeType]] = {}


def digest(source: str) -> bytes:
    return hashlib.sha256(source.encode()).digest()


def read(path: str) -> dict[bytes, CodeType]:
    """A file written by `codes_file` for this Python, or {} if it is missing or not one."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        if not data.startswith(MAGIC):
            return {}
        codes = marshal.loads(data[len(MAGIC):])
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {k: v for k, v in codes.items() if isinstance(k, bytes) and isinstance(v, CodeType)}


def codes_file(codes: dict[str, CodeType]) -> bytes:
    """The bytes of a `dataclass_code.marshal` for {source: code} (sorted: one build, one file)."""
    return MAGIC + marshal.dumps(dict(sorted((digest(source), code) for source, code in codes.items())))


def compiled(source: str) -> CodeType:
    """What `exec(source)` in the dataclasses module compiles (no __future__ flags of ours)."""
    return compile(source, "<string>", "exec", dont_inherit=True)


def folder_of(globals: dict[str, Any]) -> str | None:
    """The folder of the module a class is being defined in."""
    module = sys.modules.get(str(globals.get("__name__")))
    path = getattr(module, "__file__", None)
    return os.path.dirname(path) if isinstance(path, str) else None


def _exec(source: str, globals: dict[str, Any], locals: dict[str, Any]) -> None:
    folder = folder_of(globals)
    code: CodeType | str = source
    if folder is not None:
        if folder not in _by_folder:
            _by_folder[folder] = read(os.path.join(folder, FILE_NAME))
        code = _by_folder[folder].get(digest(source), source)
    builtins.exec(code, globals, locals)


def install() -> None:
    """From now on, dataclasses take their methods' code from the files when they can."""
    # A module's own global `exec` comes before the builtin one in its name lookups.
    setattr(dataclasses, "exec", _exec)
