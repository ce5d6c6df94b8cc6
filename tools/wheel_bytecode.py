"""Bytecode of our wheel's modules, compiled by the site's own Python (run inside Pyodide).

Compiling a module is most of the cost of importing it in the page (a few hundred lines take
30-250 ms in Pyodide), and it runs on the main thread: when the first computer turn imports
a bot, that is one task of 50-150 ms. So the site carries `.pyc` files made by the very
interpreter that reads them, a zip per game (tools/build_site.py splits this module's one);
the page fetches a game's when it first needs that game's bot (not at start-up, which would
add its bytes to every first visit) and unpacks it into `__pycache__`. They are "unchecked hash" files (PEP 552): Python uses them without comparing
time stamps with the source, which an unpacked wheel does not keep.

    wheel_bytecode.bundle(wheel, dst, site_packages)

The page's start-up modules are different: they are imported on every first visit, before
the menu shows, so their compiling (75-110 ms in the page) is on the critical path. So are
a game's modules that its first board needs (its rules and view), when the address names
the game. Those the site ships as sourceless `.pyc` files in place of their source
(`startup`), which Python imports without compiling; their source would cost the first
download again.

The classes those modules define are compiled here too: `@dataclass` compiles the source of
each class's methods when the class is defined, 1-2 ms a class in the page. Imported inside
`recording_dataclasses()`, `startup` leaves beside each folder's modules the code of their
dataclasses' methods (web/ui/dataclass_code.py reads it).

tools/wheel_bytecode.mjs runs this in Pyodide on Node for tools/build_site.py; the page's
side is web/ui/bytecode.py.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import importlib
import importlib.util
import marshal
import os
import sys
import zipfile
from collections.abc import Iterator
from types import CodeType
from typing import Any

FIXED_DATE = (1980, 1, 1, 0, 0, 0)  # the same sources give the same zip, byte for byte


def bytecode(source: bytes, filename: str) -> bytes:
    """An unchecked-hash .pyc of `source` for this interpreter, without the docstrings of
    modules and functions: nobody reads them in the page, and they are a tenth of the
    compressed bytes. Classes keep theirs, since a dataclass without one computes one from
    its signature when it is defined."""
    code = compile(_without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    flags = 0b01  # hash-based; bit 2 (check the source) left unset
    return (importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))


def _without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        documented = isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
        if documented and ast.get_docstring(node, clean=False) is not None:
            first = node.body.pop(0)
            if not node.body:
                node.body.append(ast.copy_location(ast.Pass(), first))
    return tree


def bundle(wheel: str, dst: str, site_packages: str) -> int:
    """Write `dst`: for every module `a/b.py` of the wheel, an entry `a/b.pyc` compiled as if
    installed under `site_packages` (so tracebacks name the real file). Returns the count."""
    count = 0
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(src.namelist()):
            if name.endswith(".py"):
                data = bytecode(src.read(name), f"{site_packages}/{name}")
                out.writestr(zipfile.ZipInfo(name + "c", date_time=FIXED_DATE), data, zipfile.ZIP_DEFLATED)
                count += 1
    return count


def _root_of(path: str, roots: list[str]) -> str | None:
    return next((r for r in roots if path.startswith(r.rstrip("/") + "/")), None)


@contextlib.contextmanager
def recording_dataclasses() -> Iterator[dict[str, dict[str, CodeType]]]:
    """While open, the code of every dataclass's methods, as the page's dataclass_code.py
    would look it up: {folder of the class's module: {source: code}}. That module must be
    importable (the page's modules on sys.path)."""
    import dataclass_code

    found: dict[str, dict[str, CodeType]] = {}

    def recording_exec(source: str, globals: dict[str, Any], locals: dict[str, Any]) -> None:
        code = dataclass_code.compiled(source)
        folder = dataclass_code.folder_of(globals)
        if folder is not None:
            found.setdefault(folder, {})[source] = code
        exec(code, globals, locals)

    setattr(dataclasses, "exec", recording_exec)
    try:
        yield found
    finally:
        delattr(dataclasses, "exec")


def startup(entry_point: str, roots: list[str], dst: str, also: tuple[str, ...] = (),
            dataclass_codes: dict[str, dict[str, CodeType]] | None = None) -> int:
    """Import what the script `entry_point` (the page's main.py) imports, without running it,
    and the modules named in `also`, and write `dst`: a zip of every module under `roots`
    this imported, each as `path/under/its/root.pyc` (compiled with its real path, so
    tracebacks name it). With `dataclass_codes` (from `recording_dataclasses`), also each
    folder's `dataclass_code.marshal`. Returns the count of modules."""
    with open(entry_point, "rb") as f:
        tree = ast.parse(f.read())
    names = [alias.name for node in tree.body if isinstance(node, ast.Import) for alias in node.names]
    for name in [*names, *also]:
        importlib.import_module(name)
    found: dict[str, bytes] = {}
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        root = _root_of(path, roots)
        if root is not None and path.endswith(".py"):
            with open(path, "rb") as f:
                found[os.path.relpath(path, root) + "c"] = bytecode(f.read(), path)
    count = len(found)
    if dataclass_codes:
        import dataclass_code

        for folder, codes in dataclass_codes.items():
            root = _root_of(folder + "/", roots)
            if root is not None:
                name = os.path.normpath(os.path.join(os.path.relpath(folder, root), dataclass_code.FILE_NAME))
                found[name] = dataclass_code.codes_file(codes)
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(found):
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_DATE), found[name], zipfile.ZIP_DEFLATED)
    return count
