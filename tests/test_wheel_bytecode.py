"""The site's bytecode bundle (tools/wheel_bytecode.py), checked with this CPython.

The build runs it inside Pyodide, whose bytecode CPython cannot read; the format is the
same, so here it is made and read by the interpreter running the tests.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))

import wheel_bytecode  # noqa: E402


def make_wheel(path: str) -> None:
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr("pkg/__init__.py", "ANSWER = 1\n")
        wheel.writestr("pkg/sub/mod.py", "def where():\n    return where.__code__.co_filename\n")
        wheel.writestr("pkg-0.1.dist-info/RECORD", "")


def install(wheel: str, bundle: str, site: str) -> None:
    """What the page does: the wheel's files, then each .pyc where imports look for it."""
    with zipfile.ZipFile(wheel) as w:
        w.extractall(site)
    with zipfile.ZipFile(bundle) as b:
        for name in b.namelist():
            target = importlib.util.cache_from_source(os.path.join(site, name[:-1]))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(b.read(name))


def test_bundle_has_one_pyc_per_module_and_is_the_same_every_time(tmp_path):
    wheel = str(tmp_path / "pkg.whl")
    make_wheel(wheel)
    first, second = str(tmp_path / "a.zip"), str(tmp_path / "b.zip")
    assert wheel_bytecode.bundle(wheel, first, "/site") == 2
    wheel_bytecode.bundle(wheel, second, "/site")
    assert zipfile.ZipFile(first).namelist() == ["pkg/__init__.pyc", "pkg/sub/mod.pyc"]
    assert open(first, "rb").read() == open(second, "rb").read()


def test_imports_use_the_bytecode_without_checking_the_source(tmp_path):
    wheel, bundle, site = str(tmp_path / "pkg.whl"), str(tmp_path / "bc.zip"), str(tmp_path / "site")
    make_wheel(wheel)
    wheel_bytecode.bundle(wheel, bundle, site)
    install(wheel, bundle, site)
    with open(os.path.join(site, "pkg", "__init__.py"), "w") as f:
        f.write("ANSWER = 2\n")  # a changed source: only the bytecode can still say 1
    code = "import pkg, pkg.sub.mod; print(pkg.ANSWER); print(pkg.sub.mod.where())"
    out = subprocess.run([sys.executable, "-c", code], cwd=site, capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": site}).stdout.split()
    assert out == ["1", os.path.join(site, "pkg", "sub", "mod.py")]


STARTUP = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
sys.path.insert(0, sys.argv[4])
import wheel_bytecode
print(wheel_bytecode.startup(sys.argv[3], [sys.argv[1], sys.argv[2]], sys.argv[5]))
"""


def test_the_start_up_bytecode_is_what_the_entry_point_imports_and_imports_without_its_source(tmp_path):
    site, home = tmp_path / "site", tmp_path / "home"
    (site / "pkg").mkdir(parents=True)
    home.mkdir()
    (site / "pkg" / "__init__.py").write_text("")
    (site / "pkg" / "core.py").write_text("ANSWER = 42\n")
    (site / "pkg" / "later.py").write_text("raise SystemExit('imported at start-up')\n")
    (home / "app.py").write_text("from pkg import core\n")
    (home / "main.py").write_text("import app\napp.started = True\n")  # imported from, never run
    zipped = tmp_path / "startup.zip"
    tools = os.path.dirname(wheel_bytecode.__file__)
    count = subprocess.run([sys.executable, "-c", STARTUP, str(site), str(home), str(home / "main.py"), tools,
                            str(zipped)], capture_output=True, text=True, check=True).stdout.strip()
    names = zipfile.ZipFile(zipped).namelist()
    assert count == "3" and sorted(names) == ["app.pyc", "pkg/__init__.pyc", "pkg/core.pyc"]
    # In the page each takes its source's place: Python imports it without compiling.
    with zipfile.ZipFile(zipped) as bundle:
        for name in names:
            root = home if name == "app.pyc" else site
            os.remove(root / name[:-1])
            (root / name).write_bytes(bundle.read(name))
    code = "import app; print(app.core.ANSWER, app.core.__file__.endswith('core.pyc'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": f"{home}{os.pathsep}{site}"}).stdout.split()
    assert out == ["42", "True"]


DOCUMENTED = '''"""The module's docstring."""
import dataclasses


def only_a_docstring():
    """Nothing else here."""


def fails():
    """Its docstring goes; its line numbers stay."""
    raise ValueError("line 11")


@dataclasses.dataclass
class Point:
    """A class keeps its docstring (a dataclass would compute one from its signature)."""
    x: int
'''


def test_bytecode_leaves_out_module_and_function_docstrings_and_keeps_line_numbers(tmp_path):
    (tmp_path / "documented.pyc").write_bytes(wheel_bytecode.bytecode(DOCUMENTED.encode(), "documented.py"))
    code = ("import documented, traceback\n"
            "assert documented.__doc__ is None and documented.only_a_docstring() is None\n"
            "assert documented.fails.__doc__ is None and documented.Point.__doc__.startswith('A class')\n"
            "try: documented.fails()\n"
            "except ValueError as e: print(traceback.extract_tb(e.__traceback__)[-1].lineno)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["11"]
